// The declared draw rule: which Lotería Nacional draw decides the raffle, and how its
// first prize becomes the winning number. Fixed on the raffle before the first sale and
// applied by the server, the browser verifier and `npm run verify-draw` alike.
import { z } from 'zod';
import '../zod-locale';
import { ecuadorDay, formatDate } from '../helpers/format';
import { padNumber } from '../helpers/numbers';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

export const DRAW_RULE_TEXTS = {
  drawDateInvalid: 'La fecha del sorteo debe tener el formato AAAA-MM-DD',
  drawNumberInvalid: 'El número de sorteo debe ser un entero positivo',
  firstPrizeInvalid: 'El primer premio debe tener solo cifras',
  bulletinUrlInvalid: 'El enlace del boletín no es válido',
} as const;

const drawDaySchema = z.string().regex(ISO_DAY, { error: DRAW_RULE_TEXTS.drawDateInvalid });
const drawNumberSchema = z
  .number({ error: DRAW_RULE_TEXTS.drawNumberInvalid })
  .int({ error: DRAW_RULE_TEXTS.drawNumberInvalid })
  .positive({ error: DRAW_RULE_TEXTS.drawNumberInvalid });

/** Which Lotería Nacional draw decides: a named one, or the first after the sale closes. */
export const lotteryDrawSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('fixed'), date: drawDaySchema, drawNumber: drawNumberSchema }),
  z.object({ kind: z.literal('first-after-close') }),
]);
export type LotteryDraw = z.infer<typeof lotteryDrawSchema>;

/**
 * The rule as stored and published. `method` names the one derivation we apply (see
 * applyDrawRule); a new derivation would be a new literal, never a silent change.
 */
export const drawRuleSchema = z.object({
  lottery: z.literal('loteria-nacional'),
  draw: lotteryDrawSchema,
  method: z.literal('last-digits-mod-n-next-sold-v1'),
});
export type DrawRule = z.infer<typeof drawRuleSchema>;

export const DEFAULT_DRAW_RULE: DrawRule = {
  lottery: 'loteria-nacional',
  draw: { kind: 'first-after-close' },
  method: 'last-digits-mod-n-next-sold-v1',
};

/** The official result an admin types from the Lotería Nacional bulletin. */
export const officialResultSchema = z.object({
  firstPrize: z
    .string()
    .trim()
    .regex(/^\d{1,16}$/, { error: DRAW_RULE_TEXTS.firstPrizeInvalid }),
  drawNumber: drawNumberSchema,
  drawDate: drawDaySchema,
  bulletinUrl: z.url({ error: DRAW_RULE_TEXTS.bulletinUrlInvalid }).optional(),
});
export type OfficialResult = z.infer<typeof officialResultSchema>;

export interface RaffleSize {
  totalNumbers: number;
  numberWidth: number;
}

/** The last `width` digits of the first prize, reduced modulo N. */
export function drawnNumber(firstPrize: string, raffle: RaffleSize): number {
  const digits = firstPrize.trim();
  if (!/^\d+$/.test(digits)) throw new TypeError(`first prize must be digits, got ${firstPrize}`);
  return Number(digits.slice(-raffle.numberWidth)) % raffle.totalNumbers;
}

/**
 * The drawn number when it was sold; otherwise the next sold number upward, wrapping
 * past N − 1 to 0. Null when nothing was sold. One pass, whatever order `sold` is in.
 */
export function winnerFrom(drawn: number, sold: Iterable<number>): number | null {
  let nextAbove: number | null = null;
  let lowest: number | null = null;
  for (const n of sold) {
    if (n === drawn) return n;
    if (n > drawn && (nextAbove === null || n < nextAbove)) nextAbove = n;
    if (lowest === null || n < lowest) lowest = n;
  }
  return nextAbove ?? lowest;
}

export interface DrawOutcome {
  drawn: number;
  /** Null when the raffle sold nothing. */
  winner: number | null;
}

export function applyDrawRule(
  firstPrize: string,
  raffle: RaffleSize,
  sold: Iterable<number>,
): DrawOutcome {
  const drawn = drawnNumber(firstPrize, raffle);
  return { drawn, winner: winnerFrom(drawn, sold) };
}

/**
 * Why an official result is not the draw the rule names (Spanish), or null when it is.
 * "First after the close" is checked by calendar day in Ecuador: the bulletin has no time.
 */
export function resultMismatch(
  rule: DrawRule,
  result: Pick<OfficialResult, 'drawNumber' | 'drawDate'>,
  closedAt: string | Date | null,
): string | null {
  if (rule.draw.kind === 'fixed') {
    if (result.drawNumber !== rule.draw.drawNumber || result.drawDate !== rule.draw.date)
      return `La regla exige el sorteo N.º ${rule.draw.drawNumber} del ${formatDate(rule.draw.date)}`;
    return null;
  }
  if (closedAt === null) return 'La venta aún no se ha cerrado';
  const closedDay = ecuadorDay(closedAt);
  if (closedDay === null || result.drawDate < closedDay)
    return `El sorteo debe ser posterior al cierre de la venta (${formatDate(closedAt)})`;
  return null;
}

/** The rule in words, for the raffle page, the terms and the verifier. */
export function describeDrawRule(rule: DrawRule, raffle: RaffleSize): string {
  const last = padNumber(raffle.totalNumbers - 1, raffle.numberWidth);
  const first = padNumber(0, raffle.numberWidth);
  const which =
    rule.draw.kind === 'fixed'
      ? `del sorteo N.º ${rule.draw.drawNumber} de la Lotería Nacional del ${formatDate(rule.draw.date)}`
      : 'del primer sorteo de la Lotería Nacional después del cierre de la venta';
  const digits =
    raffle.numberWidth === 1 ? 'su última cifra' : `sus últimas ${raffle.numberWidth} cifras`;
  return (
    `El número ganador sale del primer premio ${which}: se toman ${digits} ` +
    `y se calcula el residuo de dividirlas para ${raffle.totalNumbers}. ` +
    `Si ese número no se vendió, gana el siguiente número vendido hacia arriba ` +
    `(después del ${last} se sigue desde el ${first}).`
  );
}
