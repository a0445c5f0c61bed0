// The PDF ticket of a paid purchase (README, "Where a feature lives"): its Spanish texts, where the buyer
// downloads it, the raffle fields it prints and the /verificar link its QR code carries.
import { z } from 'zod';
import '../zod-locale';
import { describeDrawRule, type DrawRule, type RaffleSize } from './draw-rule';

export const TICKET_TEXTS = {
  title: 'Boleto de participación',
  raffle: 'Rifa',
  prize: 'Premio',
  orderCode: 'Pedido',
  numbers: (count: number) => (count === 1 ? 'Tu número' : `Tus ${count} números`),
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
});
export type TicketRaffle = z.infer<typeof ticketRaffleSchema>;

/** The ticket's raffle fields from the raffle document's hero fields, size and declared rule. */
export function ticketRaffle(
  raffle: RaffleSize & { name?: string; prize?: string; slug?: string },
  rule: DrawRule,
): TicketRaffle {
  return {
    raffleName: raffle.name ?? '',
    prize: raffle.prize ?? '',
    ruleText: describeDrawRule(rule, raffle),
    ...(raffle.slug ? { raffleSlug: raffle.slug } : {}),
  };
}
