// The audit trail (issue 16): every staff action that affects a raffle, appended and never
// edited. Raffle-level entries are public (the verifier shows them, without who did it);
// purchase-level ones (a payment confirmed or rejected) are for staff only.
import { z } from 'zod';
import { isoDateTimeSchema } from './common';
import { formatDate, formatDateTime } from './helpers/format';

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
] as const;
export const auditActionSchema = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof auditActionSchema>;

export const auditScopeSchema = z.enum(['raffle', 'purchase']);
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
});

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
};

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
  saleClosed: (reason: 'sold-out' | 'end-date', soldCount: number, at: Date) =>
    `Venta cerrada ${reason === 'sold-out' ? 'por agotarse los números' : 'por la fecha de cierre'} el ${formatDateTime(at)}, con ${soldCount} números vendidos.`,
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
  } satisfies Record<AuditAction, string>,
} as const;
