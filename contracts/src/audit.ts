// The audit trail (DESIGN, "The next layer"): every staff action that affects a raffle, appended and never
// edited. Raffle-level entries are public (the verifier shows them, without who did it);
// purchase-level ones (a payment confirmed or rejected) are for staff only.
import { z } from 'zod';
import { isoDateTimeSchema } from './common';
import { formatDate, formatDateTime } from './helpers/format';
import { formatUsd } from './helpers/money';

export const AUDIT_ACTIONS = [
  'numbers.generated',
  'numbers.deleted',
  'prizes.assigned',
  'draw_rule.changed',
  'end_date.changed',
  'sale.closed',
  'draw.recorded',
  'payment.confirmed',
  'payment.rejected',
  'sale.stopped',
  'sale.opened',
  'purchases.deleted',
  'package.created',
  'package.updated',
  'package.deleted',
  'settings.updated',
  'media.uploaded',
  'media.deleted',
  'raffle.created',
  'raffle.updated',
  'raffle.published',
  'raffle.archived',
  'raffle.featured',
  'test_orders.cleared',
  'bank_line.assigned',
  'bank_line.set_aside',
  'bank_import_key.created',
  'personal_data.viewed',
  'personal_data.listed',
  'personal_data.exported',
  'receipt.viewed',
  'invoicing.updated',
  'invoicing.certificate_uploaded',
  'invoice.buyer_corrected',
  'invoice.reissued',
  'payment.short',
  'purchase.refunded',
] as const;
export const auditActionSchema = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof auditActionSchema>;

/** 'office': the back office's own set-up (packages, settings, banners), for staff only. */
export const auditScopeSchema = z.enum(['raffle', 'purchase', 'office']);
export type AuditScope = z.infer<typeof auditScopeSchema>;

/** Who acted for the closing job and other actions nobody on staff took. */
export const AUDIT_SYSTEM_ACTOR = 'sistema';

/** GET /api/audit (admin only): one entry as staff see it. */
export const auditEntrySchema = z.object({
  id: z.string(),
  at: isoDateTimeSchema,
  /** The staff member's e-mail, or 'sistema'. */
  actor: z.string(),
  actorId: z.string().nullable(),
  action: auditActionSchema,
  description: z.string(),
  scope: auditScopeSchema,
  raffleId: z.string(),
  /** The public reference of the raffle's commitment when it had one. */
  raffleRef: z.string().nullable(),
  purchaseId: z.string().nullable(),
  /** The raffle's name, when the entry is about a raffle that still has its record. */
  raffleName: z.string().optional(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** GET /api/audit's react-admin paging: `range=[0,24]` (the order is always newest first). */
/**
 * GET /api/audit: react-admin's `range=[start,end]` (inclusive); the list is always newest
 * first, so its `sort` and `filter` are not read.
 */
export const auditListQuerySchema = z.object({
  range: z
    .string()
    .regex(/^\[\s*\d{1,9}\s*,\s*\d{1,9}\s*\]$/, { error: 'Parámetros de consulta inválidos.' })
    .optional(),
  /** react-admin's filter as JSON: only `{"raffleId": "…"}` is read (the raffle's entries). */
  filter: z.string().max(300).optional(),
});

/** The audit list's filter, from its JSON; anything else in it is not read. */
export const auditListFilterSchema = z.object({ raffleId: z.string().min(1).max(100).optional() });

/** GET /api/raffle/audit: a raffle-level entry without personal data. */
export const publicAuditEntrySchema = z.object({
  at: isoDateTimeSchema,
  /** 'sistema', or 'equipo' for a staff member (never who). */
  actor: z.enum(['sistema', 'equipo']),
  action: auditActionSchema,
  description: z.string(),
});
export type PublicAuditEntry = z.infer<typeof publicAuditEntrySchema>;

/** Which actions are about the raffle as a whole, and so public. */
export const AUDIT_SCOPES: Record<AuditAction, AuditScope> = {
  'numbers.generated': 'raffle',
  'numbers.deleted': 'raffle',
  'prizes.assigned': 'raffle',
  'draw_rule.changed': 'raffle',
  'end_date.changed': 'raffle',
  'sale.closed': 'raffle',
  'draw.recorded': 'raffle',
  'payment.confirmed': 'purchase',
  'payment.rejected': 'purchase',
  'sale.stopped': 'raffle',
  'sale.opened': 'raffle',
  'purchases.deleted': 'raffle',
  'package.created': 'office',
  'package.updated': 'office',
  'package.deleted': 'office',
  'settings.updated': 'office',
  'media.uploaded': 'office',
  'media.deleted': 'office',
  'raffle.created': 'office',
  'raffle.updated': 'office',
  'raffle.published': 'raffle',
  'raffle.archived': 'raffle',
  'raffle.featured': 'office',
  'test_orders.cleared': 'raffle',
  'bank_line.assigned': 'purchase',
  'bank_line.set_aside': 'office',
  'bank_import_key.created': 'office',
  // Who looked at a buyer's personal data (LOPDP): for staff only, never in the public log.
  'personal_data.viewed': 'purchase',
  'personal_data.listed': 'office',
  'personal_data.exported': 'office',
  'receipt.viewed': 'purchase',
  'invoicing.updated': 'office',
  'invoicing.certificate_uploaded': 'office',
  'invoice.buyer_corrected': 'purchase',
  'invoice.reissued': 'purchase',
  'payment.short': 'purchase',
  'purchase.refunded': 'purchase',
};

const CLOSED_BECAUSE = {
  'sold-out': 'por agotarse los números',
  'end-date': 'por la fecha de cierre',
  staff: 'por decisión del equipo',
} as const;

/** A package as its audit entries name it: what a buyer pays for what. */
export interface AuditedPackage {
  name: string;
  quantity: number;
  price: number;
  isPopular?: boolean;
}

function packageSummary(p: AuditedPackage): string {
  return `«${p.name}», ${p.quantity} números por ${formatUsd(p.price)}${p.isPopular ? ' (más popular)' : ''}`;
}

/** The Spanish description of each action (raffle-level ones carry no personal data). */
export const AUDIT_TEXTS = {
  numbersGenerated: (total: number) => `Se generaron ${total} números y se publicó el compromiso.`,
  numbersDeleted: 'Se eliminaron los números generados y los premios instantáneos.',
  prizesAssigned: (count: number) =>
    count === 1 ? 'Se asignó 1 premio instantáneo.' : `Se asignaron ${count} premios instantáneos.`,
  drawRuleChanged: (summary: string) => `Se cambió la regla del sorteo: ${summary}.`,
  endDateChanged: (from: string | null, to: string) =>
    from
      ? `Se cambió la fecha de cierre del ${formatDateTime(from)} al ${formatDateTime(to)}.`
      : `Se fijó la fecha de cierre al ${formatDateTime(to)}.`,
  saleClosed: (reason: 'sold-out' | 'end-date' | 'staff', soldCount: number, at: Date) =>
    `Venta cerrada ${CLOSED_BECAUSE[reason]} el ${formatDateTime(at)}, con ${soldCount} números vendidos.`,
  drawRecorded: (
    firstPrize: string,
    drawNumber: number,
    drawDate: string,
    winning: string | null,
  ) =>
    `Resultado registrado: primer premio ${firstPrize} del sorteo N.º ${drawNumber} del ${formatDate(drawDate)}; ${winning === null ? 'sin números vendidos' : `gana el número ${winning}`}.`,
  paymentConfirmed: (orderCode: string) =>
    `Pago por transferencia confirmado del pedido ${orderCode}.`,
  paymentRejected: (orderCode: string, reason: string) =>
    `Comprobante rechazado del pedido ${orderCode}: ${reason}`,
  saleStopped: (pending: number) =>
    pending === 0
      ? 'El equipo cerró la venta: no se aceptan pedidos nuevos.'
      : `El equipo cerró la venta: no se aceptan pedidos nuevos; ${pending === 1 ? 'el pedido pendiente puede pagarse' : `los ${pending} pedidos pendientes pueden pagarse`} hasta que venza su reserva.`,
  saleOpened: 'El equipo abrió la venta.',
  purchasesDeleted: (count: number) =>
    `Se borraron todas las compras (${count}) y se liberaron todos los números.`,
  packageCreated: (p: AuditedPackage) => `Paquete creado: ${packageSummary(p)}.`,
  packageUpdated: (before: AuditedPackage | null, after: AuditedPackage) =>
    before
      ? `Paquete editado: ${packageSummary(before)} → ${packageSummary(after)}.`
      : `Paquete editado: ${packageSummary(after)}.`,
  packageDeleted: (p: AuditedPackage) => `Paquete eliminado: ${packageSummary(p)}.`,
  /** Names the fields only: a secret's value never enters the log. */
  settingsUpdated: (fields: readonly string[]) =>
    fields.length === 0
      ? 'Se guardaron los ajustes sin cambios.'
      : `Ajustes guardados; cambió: ${fields.join(', ')}.`,
  mediaUploaded: (slot: string) => `Se subió la imagen ${slot}.`,
  mediaDeleted: (slot: string) => `Se eliminó la imagen ${slot}.`,
  raffleCreated: (name: string, template: string | null) =>
    template ? `Rifa creada: «${name}», a partir de «${template}».` : `Rifa creada: «${name}».`,
  raffleUpdated: (name: string) => `Rifa editada: «${name}».`,
  rafflePublished: (total: number) =>
    `Rifa publicada con ${total} números: se generaron los números y se publicó el compromiso.`,
  raffleArchived: 'Rifa archivada: sus compras, números y registro público se conservan.',
  raffleFeatured: (name: string) => `«${name}» es ahora la rifa principal de la página de inicio.`,
  testOrdersCleared: (count: number) =>
    `Se borraron ${count} pedidos de prueba de la rifa en borrador.`,
  /** Access to personal data names the order, never the person (the entry outlives them). */
  personalDataViewed: (orderCode: string) =>
    `Se vieron los datos personales del comprador del pedido ${orderCode}.`,
  /** One page of the staff history: who (the entry's actor), which filter, how many and which orders. */
  personalDataListed: (page: { filters: readonly string[]; orderCodes: readonly string[] }) =>
    `Se vio la lista de compras con datos personales de ${page.orderCodes.length === 1 ? '1 compra' : `${page.orderCodes.length} compras`} (${page.filters.length === 0 ? 'sin filtros' : page.filters.join(', ')}): ${page.orderCodes.join(', ')}.`,
  personalDataExported: (format: 'pdf' | 'xlsx', purchases: number) =>
    `Se exportó el reporte en ${format === 'pdf' ? 'PDF' : 'Excel'} con datos personales de ${purchases === 1 ? '1 compra' : `${purchases} compras`}.`,
  receiptViewed: (orderCode: string) =>
    `Se abrió un comprobante de transferencia del pedido ${orderCode}.`,
  /** Names the fields only, like settingsUpdated. */
  invoicingUpdated: (fields: readonly string[]) =>
    fields.length === 0
      ? 'Se guardó la facturación electrónica sin cambios.'
      : `Facturación electrónica guardada; cambió: ${fields.join(', ')}.`,
  /** The certificate's public facts only; its password never enters the log. */
  invoiceCertificateUploaded: (subject: string, until: string) =>
    `Se subió el certificado de firma electrónica de ${subject}, válido hasta el ${until}.`,
  invoiceBuyerCorrected: (number: string, orderCode: string) =>
    `Se corrigieron los datos del comprador del comprobante ${number} (pedido ${orderCode}).`,
  invoiceReissued: (number: string, orderCode: string) =>
    `Se volvió a emitir el comprobante ${number} (pedido ${orderCode}).`,
} as const;

/** The raffle's public log as /verificar shows it, below the checks. */
export const PUBLIC_AUDIT_TEXTS = {
  title: 'Registro público de acciones',
  intro:
    'Cada acción del equipo o del sistema que afecta a esta rifa queda anotada aquí con su fecha y hora de Ecuador. Las anotaciones no se pueden editar ni borrar.',
  empty: 'Todavía no hay acciones registradas para esta rifa.',
  error: 'No pudimos cargar el registro de acciones. Intenta de nuevo en unos minutos.',
  listLabel: 'Acciones registradas, de la más reciente a la más antigua',
  actors: { equipo: 'Equipo', sistema: 'Sistema' } satisfies Record<
    PublicAuditEntry['actor'],
    string
  >,
  actions: {
    'numbers.generated': 'Números generados',
    'numbers.deleted': 'Números eliminados',
    'prizes.assigned': 'Premios instantáneos',
    'draw_rule.changed': 'Regla del sorteo',
    'end_date.changed': 'Fecha de cierre',
    'sale.closed': 'Cierre de la venta',
    'draw.recorded': 'Resultado del sorteo',
    'payment.confirmed': 'Pago confirmado',
    'payment.rejected': 'Comprobante rechazado',
    'sale.stopped': 'Venta cerrada por el equipo',
    'sale.opened': 'Venta abierta',
    'purchases.deleted': 'Compras borradas',
    'package.created': 'Paquete creado',
    'package.updated': 'Paquete editado',
    'package.deleted': 'Paquete eliminado',
    'settings.updated': 'Ajustes',
    'media.uploaded': 'Imagen subida',
    'media.deleted': 'Imagen eliminada',
    'raffle.created': 'Rifa creada',
    'raffle.updated': 'Rifa editada',
    'raffle.published': 'Rifa publicada',
    'raffle.archived': 'Rifa archivada',
    'raffle.featured': 'Rifa principal',
    'test_orders.cleared': 'Pedidos de prueba borrados',
    'bank_line.assigned': 'Línea bancaria asignada',
    'bank_line.set_aside': 'Línea bancaria apartada',
    'bank_import_key.created': 'Clave de importación',
    'personal_data.viewed': 'Datos personales vistos',
    'personal_data.listed': 'Lista de compras vista',
    'personal_data.exported': 'Reporte con datos personales exportado',
    'receipt.viewed': 'Comprobante abierto',
    'invoicing.updated': 'Facturación electrónica',
    'invoicing.certificate_uploaded': 'Certificado de firma electrónica',
    'invoice.buyer_corrected': 'Datos de factura corregidos',
    'invoice.reissued': 'Factura emitida otra vez',
    'payment.short': 'Pago incompleto',
    'purchase.refunded': 'Reembolso',
  } satisfies Record<AuditAction, string>,
} as const;
