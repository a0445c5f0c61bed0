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
} as const;
