// The PDF ticket of a paid purchase (README, "Where a feature lives"): its Spanish texts, where the buyer
// downloads it, the raffle fields it prints and the /verificar link its QR code carries.
import { z } from 'zod';
import '../zod-locale';
import { formatSpokenDateTime, formatSpokenDay } from '../helpers/format';
import { describeDrawRule, type DrawRule, type RaffleSize } from './draw-rule';

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

/**
 * What a ticket prints about its raffle. The numbers worker reads these with the numbers
 * and carries them in `numbers.assigned`, so the e-mail's ticket costs no read of its own.
 */
export const ticketRaffleSchema = z.object({
  raffleName: z.string(),
  prize: z.string(),
  ruleText: z.string(),
  /** The raffle's slug, for the QR code's verifier link (tickets made before slugs have none). */
  raffleSlug: z.string().optional(),
  /** When the draw is, as the ticket prints it (events written before it have none). */
  drawText: z.string().optional(),
});
export type TicketRaffle = z.infer<typeof ticketRaffleSchema>;

/** The ticket's raffle fields from the raffle document's hero fields, size, end and declared rule. */
export function ticketRaffle(
  raffle: RaffleSize & { name?: string; prize?: string; slug?: string; endDate?: Date | string },
  rule: DrawRule,
): TicketRaffle {
  const endDate = raffle.endDate ? new Date(raffle.endDate).toISOString() : null;
  return {
    raffleName: raffle.name ?? '',
    prize: raffle.prize ?? '',
    ruleText: describeDrawRule(rule, raffle),
    ...(raffle.slug ? { raffleSlug: raffle.slug } : {}),
    drawText:
      rule.draw.kind === 'fixed'
        ? TICKET_TEXTS.drawFixed(rule.draw.drawNumber, rule.draw.date)
        : TICKET_TEXTS.drawAfterClose(endDate),
  };
}

/**
 * A cédula as the ticket prints it: its last four digits. The ticket travels (an e-mail
 * attachment, a WhatsApp link, a printout, a photo shared for luck): enough for the buyer
 * and the staff to recognise it, too little to impersonate the buyer with it.
 */
export function maskedDocument(document: string): string {
  const digits = document.replace(/\s+/g, '');
  if (digits.length <= 4) return '*'.repeat(digits.length);
  return `${'*'.repeat(digits.length - 4)}${digits.slice(-4)}`;
}
