// The end of the current raffle's sale as the operator meets it: 'Cerrar venta', what
// the draw waits for, and the draw's preview (who wins) before it is published. Built on
// the single current raffle; the phases hold for any raffle record.
import { z } from 'zod';
import { isoDateTimeSchema } from './common';
import { CLOSING_REASONS } from './fairness/fairness-export';
import { officialResultSchema } from './fairness/draw-rule';
import { ecuadorDay, formatDate, formatDateTime } from './helpers/format';
import { formatCount } from './helpers/money';

/**
 * - not-ready: no numbers (or no published commitment) yet;
 * - paused: the store does not sell, and nobody asked to close the sale;
 * - open: the store sells;
 * - closing: no new orders; pending ones may still be paid until their hold ends;
 * - closed: the sold list is published, the result can be recorded;
 * - drawn: the result is recorded.
 */
export const SALE_PHASES = ['not-ready', 'paused', 'open', 'closing', 'closed', 'drawn'] as const;
export type SalePhase = (typeof SALE_PHASES)[number];

/** Who won, as staff see it (never public: the public record names a reference). */
export const drawWinnerSchema = z.object({
  number: z.string(),
  buyerName: z.string(),
  orderCode: z.string(),
  purchaseId: z.string(),
});
export type DrawWinner = z.infer<typeof drawWinnerSchema>;

/** GET /api/raffle/sale-status (admins). */
export const saleStatusSchema = z.object({
  phase: z.enum(SALE_PHASES),
  /** Whether the store takes orders: the storefront's '¡QUIERO PARTICIPAR!' or 'YA NO SE PUEDE PARTICIPAR'. */
  selling: z.boolean(),
  pendingOrders: z.number().int().nonnegative(),
  /** When the last pending order's hold ends (the latest the sold list can wait for). */
  pendingUntil: isoDateTimeSchema.nullable(),
  endDate: isoDateTimeSchema.nullable(),
  closedAt: isoDateTimeSchema.nullable(),
  closeReason: z.enum(CLOSING_REASONS).nullable(),
  winningNumber: z.string().nullable(),
  winner: drawWinnerSchema.nullable(),
});
export type SaleStatus = z.infer<typeof saleStatusSchema>;

/** PATCH /api/lottery/is-active's answer: the new state and what it did, in words. */
export const saleChangeResponseSchema = z.object({
  isActive: z.boolean(),
  msg: z.string(),
});

/** POST /api/raffle/draw/preview: what recording this result would publish. */
export const drawPreviewSchema = z.object({
  result: officialResultSchema,
  drawnNumber: z.string(),
  /** Null when nothing was sold: the draw then has no winner. */
  winningNumber: z.string().nullable(),
  winner: drawWinnerSchema.nullable(),
});
export type DrawPreview = z.infer<typeof drawPreviewSchema>;

const pending = (n: number) =>
  n === 1 ? '1 pedido pendiente' : `${formatCount(n)} pedidos pendientes`;

export const SALE_TEXTS = {
  closeSale: 'Cerrar venta',
  openSale: 'Abrir venta',
  reopenSale: 'Reabrir venta',
  /** What 'Cerrar venta' does, said before it is done. */
  closeConfirm: (pendingOrders: number, pendingUntil: string | null) =>
    'La tienda dejará de aceptar pedidos nuevos ahora mismo y mostrará «YA NO SE PUEDE PARTICIPAR». ' +
    (pendingOrders === 0
      ? 'No hay pedidos pendientes: la lista de números vendidos se publicará enseguida y podrás registrar el resultado del sorteo.'
      : `Hay ${pending(pendingOrders)}: se pueden seguir pagando (y confirmando) hasta que venza su reserva` +
        (pendingUntil ? ` (a más tardar el ${formatDateTime(pendingUntil)})` : '') +
        '; los que no se paguen vencerán solos. Cuando ya no quede ninguno se publicará la lista de números vendidos y podrás registrar el resultado.') +
    ' Podrás reabrir la venta mientras esa lista no se haya publicado.',
  openConfirm:
    'La tienda volverá a aceptar pedidos y mostrará «¡QUIERO PARTICIPAR!» hasta la fecha de cierre o hasta agotar los números.',
  closed: 'Venta cerrada: la tienda ya no acepta pedidos nuevos.',
  opened: 'Venta abierta: la tienda acepta pedidos.',
  // Refusals (409)
  alreadyClosed:
    'La venta ya se cerró y se publicó la lista de números vendidos: no se puede reabrir.',
  endDatePassed: 'La fecha de cierre ya pasó: cámbiala en Sección Hero antes de reabrir la venta.',
  soldOut: 'Los números están agotados: no se puede reabrir la venta.',
  ruleAfterClose: 'La regla del sorteo ya no se puede cambiar: la venta está cerrada.',
  drawDateInFuture: (today: string) =>
    `La fecha del sorteo no puede ser posterior a hoy (${formatDate(today)}): registra el resultado después del sorteo.`,
  noSale: 'Número no vendido: el sorteo no tiene ganador.',
} as const;

/** What the draw waits for, in one sentence for the Sorteo page. */
export function salePhaseText(status: SaleStatus): string {
  switch (status.phase) {
    case 'not-ready':
      return 'Primero genera los números de la rifa: el sorteo necesita su compromiso publicado.';
    case 'paused':
      return 'La venta no está abierta: la tienda muestra «YA NO SE PUEDE PARTICIPAR». Ábrela desde el Panel, o ciérrala con «Cerrar venta» para poder registrar el resultado.';
    case 'open':
      return `La venta sigue abierta: se cerrará al agotarse los números, en la fecha de cierre${status.endDate ? ` (${formatDateTime(status.endDate)})` : ''} o cuando pulses «Cerrar venta» en Rifas.`;
    case 'closing':
      return status.pendingOrders === 0
        ? 'La venta está cerrada: se está publicando la lista de números vendidos.'
        : `La venta está cerrada. El sorteo espera ${pending(status.pendingOrders)}, que pueden pagarse o vencer hasta el ${formatDateTime(status.pendingUntil)}; luego se publica la lista de números vendidos.`;
    case 'closed':
      return `Venta cerrada el ${formatDateTime(status.closedAt)} y lista de números vendidos publicada: ya puedes registrar el resultado.`;
    case 'drawn':
      return 'El resultado del sorteo está registrado y publicado.';
    default: {
      const never: never = status.phase;
      return never;
    }
  }
}

/** The Spanish refusal when the draw's date is after today in Ecuador; null when it is not. */
export function drawDateInFuture(drawDate: string, now: Date = new Date()): string | null {
  const today = ecuadorDay(now);
  return today !== null && drawDate > today ? SALE_TEXTS.drawDateInFuture(today) : null;
}
