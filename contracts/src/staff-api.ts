// Server answers of the staff and content calls that SPEC leaves to us (and the limits
// behind them), beside messages.ts's SERVER catalogue.

/** Largest raffle the numbers machinery is sized for (PUT /lottery totalNumbers). */
export const MAX_TOTAL_NUMBERS = 1_000_000;

export const STAFF_API_MESSAGES = {
  totalNumbersTooLarge: 'La rifa puede tener como máximo 1.000.000 números.',
  invalidListQuery: 'Parámetros de consulta inválidos.',
  userRegistered: 'Usuario registrado correctamente.',
  resellerNotFound: 'Revendedor no encontrado.',
  pastRaffleNotFound: 'Rifa pasada no encontrada.',
  deletePastRafflesPermission: 'No tiene permisos para eliminar rifas pasadas',
  settingsNotFound: 'Configuración no encontrada.',
  jsonContentTypeRequired: 'El cuerpo de la solicitud debe enviarse como JSON.',
  reportFailed: 'No se pudo generar el reporte.',
  mediaEmpty: 'Este espacio de medios está vacío.',
  // GET /admin/reports filters
  reportDateInvalid: 'La fecha del filtro no es válida (use AAAA-MM-DD).',
  reportMethodInvalid: 'Método de pago no válido.',
  reportPackageTypeInvalid: 'Tipo de paquete no válido (normal o custom).',
  reportStatusInvalid: 'Estado no válido (PAID o PENDING).',
  reportFormatInvalid: 'Formato no válido (pdf o xlsx).',
  reportPageInvalid: 'Página no válida (un número desde 1).',
} as const;

/** Report and export labels of a purchase's status (SPEC §2 reports; §4 names 'Completado'). */
export const REPORT_STATUS_LABELS: Record<
  'PENDING' | 'COMPLETED' | 'EXPIRED' | 'REFUND_REQUIRED',
  string
> = {
  PENDING: 'Pendiente',
  COMPLETED: 'Completado',
  EXPIRED: 'Expirado',
  REFUND_REQUIRED: 'Reembolso pendiente',
};

/** Column headers of reporte.pdf / reporte.xlsx, in order. */
export const REPORT_COLUMNS = [
  'Fecha',
  'Rifa',
  'Comprador',
  'Email',
  'Método',
  'Cantidad',
  'Total',
  'Estado',
  'Revendedor',
] as const;

export const REPORT_TEXTS = {
  title: 'Reporte de ventas',
  generatedAt: 'Generado el',
  filters: 'Filtros',
  noFilters: 'Sin filtros',
  raffle: 'Rifa',
  allRaffles: 'Todas las rifas',
  totalAmount: 'Total vendido',
  totalTickets: 'Números vendidos',
  pendingTotals: 'Pendientes de pago',
  expiredTotals: 'Vencidos',
  numbersAndAmount: (tickets: number, amount: string) => `${tickets} números, ${amount}`,
  empty: 'No hay compras que coincidan con los filtros',
  sheetName: 'Reporte',
  page: (n: number, of: number) => `Página ${n} de ${of}`,
} as const;
