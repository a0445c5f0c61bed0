// What a bank line says about orders, and what it may do to the one it names. Pure: the
// import looks the orders up and applies the decision.
//
// Codes are 'VAG-' and 6 characters of 23456789ABCDEFGHJKMNPQRSTUVWXYZ (order-code.ts).
// Buyers and banks write them in lower case, with spaces or without the hyphen, and banks
// cut long concepts. Only a whole code can confirm: a cut one ("…VAG-7KQ") could be the
// start of many codes, so it goes to staff with the orders it could be.
import type { LineReason, PurchaseStatus } from '@vag/contracts';

const CODE_CHAR = '[2-9A-HJKMNP-Z]';
/** 'VAG', then any of space - _ . : # / between it and the code. */
const PREFIX = 'V\\s?A\\s?G[\\s\\-_.:#/]*';
const FULL = new RegExp(`${PREFIX}(${CODE_CHAR}{6})`, 'g');
/** A code with one space inside ("VAG 7KQ 4MZ"), tried when no whole code is written. */
const SPACED = new RegExp(`${PREFIX}(${CODE_CHAR}{3})\\s(${CODE_CHAR}{3})(?![0-9A-Z])`, 'g');
/** The start of a code at the very end of the text: the bank cut the rest. */
const CUT = new RegExp(`${PREFIX}(${CODE_CHAR}{1,5})$`);
/** A code without 'VAG': 6 code characters standing alone, with a digit and a letter (not a word). */
const BARE = new RegExp(
  `(?<![0-9A-Z])(?=[A-Z]*[2-9])(?=[2-9]*[A-Z])(${CODE_CHAR}{6})(?![0-9A-Z])`,
  'g',
);

export interface CodesFound {
  /** Whole codes, as 'VAG-XXXXXX', in order of appearance, without repeats. */
  codes: string[];
  /** The start of a code ('VAG-7KQ') when a text ends in one (the bank cut the rest). */
  cut: string | null;
}

function normalize(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase();
}

/** The order codes a line's concept and reference hold. */
export function findCodes(...texts: string[]): CodesFound {
  const codes = new Set<string>();
  let cut: string | null = null;
  for (const raw of texts) {
    const text = normalize(raw).trim();
    for (const m of text.matchAll(FULL)) codes.add(`VAG-${m[1]}`);
    for (const m of text.matchAll(SPACED)) codes.add(`VAG-${m[1]}${m[2]}`);
    const tail = CUT.exec(text);
    if (tail && !cut) cut = `VAG-${tail[1]}`;
  }
  if (codes.size === 0)
    for (const raw of texts)
      for (const m of normalize(raw).matchAll(BARE)) codes.add(`VAG-${m[1]}`);
  return { codes: [...codes], cut };
}

/** True when the text seems to name an order, even partly (a row that must not be skipped). */
export function mentionsOrderCode(text: string): boolean {
  const found = findCodes(text);
  return found.codes.length > 0 || found.cut !== null;
}

/** What the matching needs of an order. */
export interface OrderToMatch {
  _id: string;
  orderCode?: string;
  status: PurchaseStatus;
  totalPrice: number;
  paymentMethod: string;
  /** The statement line that paid it, when one did; the reference staff typed, when they confirmed it. */
  bankTransfer?: {
    statementLineId?: string | null;
    referenceCode?: string | null;
    confirmedBy?: string | null;
  } | null;
  /** What earlier lines paid of it (db/short-payments.ts). */
  shortPayment?: { receivedCents: number; lines: Record<string, number> } | null;
}

/** The line's texts, to compare with a reference staff typed. */
export interface LineTexts {
  reference: string;
  description: string;
}

export type Decision<O extends OrderToMatch = OrderToMatch> =
  | { action: 'confirm'; order: O }
  /** This very line already confirmed the order (an import that stopped half-way, run again). */
  | { action: 'done'; order: O }
  /** Staff confirmed the order by hand with this line's reference: the same payment, seen again. */
  | { action: 'recognised'; order: O }
  | { action: 'review'; reason: LineReason; order: O | null };

/**
 * `orders`: the known orders among the codes the line names. A credit confirms only its one
 * order, unpaid, by transfer, for exactly what it still owes (cents, so 10.1 and 10.10 are
 * the same): its total less what earlier short lines brought (SPEC §4, "Short payments").
 * A credit for an order staff confirmed by hand, with this line's reference and amount, is
 * that payment seen in the bank, not a second one.
 */
export function decide<O extends OrderToMatch>(
  lineId: string,
  cents: number,
  orders: O[],
  texts: LineTexts = { reference: '', description: '' },
): Decision<O> {
  if (orders.length === 0) return { action: 'review', reason: 'no_code', order: null };
  if (orders.length > 1) return { action: 'review', reason: 'two_candidates', order: null };
  const order = orders[0]!;
  if (order.bankTransfer?.statementLineId === lineId) return { action: 'done', order };
  if (order.status === 'COMPLETED' || order.status === 'REFUND_REQUIRED')
    return confirmedByHand(order, { cents, ...texts })
      ? { action: 'recognised', order }
      : { action: 'review', reason: 'already_paid', order };
  if (order.paymentMethod !== 'bank_transfer')
    return { action: 'review', reason: 'other_method', order };
  const short = order.shortPayment;
  const before = short ? short.receivedCents - (short.lines[lineId] ?? 0) : 0;
  const owed = Math.round(order.totalPrice * 100) - before;
  if (cents < owed) return { action: 'review', reason: 'amount_less', order };
  if (cents > owed) return { action: 'review', reason: 'amount_more', order };
  return { action: 'confirm', order };
}

/** Letters and digits only, upper case: how a reference reads in a bank's text and in a form alike. */
function bare(text: string): string {
  return normalize(text).replace(/[^0-9A-Z]/g, '');
}

/**
 * Staff confirmed this order by hand (not a line) with a reference the line carries, and the
 * line brings the order's total: the bank's record of the payment they saw.
 */
export function confirmedByHand(order: OrderToMatch, line: { cents: number } & LineTexts): boolean {
  const typed = bare(order.bankTransfer?.referenceCode ?? '');
  if (order.status !== 'COMPLETED' || order.paymentMethod !== 'bank_transfer') return false;
  if (order.bankTransfer?.statementLineId || typed.length < 4) return false;
  if (line.cents !== Math.round(order.totalPrice * 100)) return false;
  return [line.reference, line.description].some((text) => bare(text).includes(typed));
}
