// The PDF ticket of a paid purchase (README, "Where a feature lives"): its Spanish texts, where the buyer
// downloads it, the raffle fields it prints and the /verificar link its QR code carries.
import { z } from 'zod';
import '../zod-locale';
import { describeDrawRule, type DrawRule, type RaffleSize } from './draw-rule';

// The texts and links live apart from the schema, so the order page ships no zod.
import { TICKET_TEXTS } from './ticket-texts';
export { TICKET_TEXTS, ticketPath, verifyLink } from './ticket-texts';

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
