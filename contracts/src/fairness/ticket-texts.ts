// The PDF ticket's Spanish texts, its download path and the /verificar link its QR code
// carries, with no schema: the order page imports them without zod (ticket.ts holds the
// ticket's raffle schema).
import { formatSpokenDateTime, formatSpokenDay } from '../helpers/format';

export const TICKET_TEXTS = {
  title: 'Boleto de participación',
  raffle: 'Rifa',
  prize: 'Premio',
  orderCode: 'Pedido',
  buyer: 'A nombre de',
  document: 'Cédula',
  total: 'Total pagado',
  purchasedAt: 'Fecha de compra',
  drawDate: 'Fecha del sorteo',
  timeZone: '(hora de Ecuador)',
  numbers: (count: number) => (count === 1 ? 'Tu número' : `Tus ${count} números`),
  instantPrizeTitle: '¡Ganaste un premio instantáneo!',
  instantPrize: (number: string, amount: string) =>
    `Tu número ${number} ganó ${amount}. Te contactaremos para entregártelo.`,
  drawFixed: (drawNumber: number, day: string) =>
    `Sorteo N.º ${drawNumber} de la Lotería Nacional, ${formatSpokenDay(day)}`,
  drawAfterClose: (endDate: string | null) =>
    endDate
      ? `el primer sorteo de la Lotería Nacional tras el cierre de la venta (cierre: ${formatSpokenDateTime(endDate)}, hora de Ecuador)`
      : 'el primer sorteo de la Lotería Nacional tras el cierre de la venta',
  rule: 'Regla del sorteo',
  verify: 'Escanea el código o abre este enlace para verificar tus números y el sorteo:',
  /** A purchase whose link is too long for a QR code. */
  verifyWithoutQr: 'Tus números no caben en un código QR; verifícalos con este enlace:',
  notPaid: 'El boleto se emite cuando el pago está confirmado y los números asignados.',
  download: 'Descargar boleto (PDF)',
  fileName: (orderCode: string) => `boleto-${orderCode}.pdf`,
} as const;

/**
 * The verifier with the buyer's numbers prefilled: what the ticket's QR code opens. With
 * the raffle's slug it checks that raffle's record, whichever raffle is featured later.
 */
export function verifyLink(
  publicUrl: string,
  numbers: readonly string[],
  raffleSlug?: string,
): string {
  const raffle = raffleSlug ? `rifa=${encodeURIComponent(raffleSlug)}&` : '';
  return `${publicUrl.replace(/\/+$/, '')}/verificar?${raffle}n=${numbers.join(',')}`;
}

/** GET /api/orders/{id}/ticket?key=…, relative to the api base. */
export function ticketPath(orderId: string, key: string): string {
  return `/orders/${encodeURIComponent(orderId)}/ticket?key=${encodeURIComponent(key)}`;
}
