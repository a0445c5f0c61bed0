// The hashes the server publishes before anyone can profit from knowing what they hide.
// Each is the lowercase hex SHA-256 of a canonical UTF-8 text, chosen so that anyone can
// recompute it by hand (`printf '…' | sha256sum`) or in any language:
//
//   key commitment (published when the numbers are generated)
//     voyaganar:key:v1\n  raffle=<raffle ref>\n  total=<N>\n  width=<width>\n  key=<key, lowercase hex>\n
//   instant prizes (published when they are placed, before the first sale)
//     voyaganar:instant-prizes:v1\n  raffle=<raffle ref>\n  salt=<salt, lowercase hex>\n
//     then one line per prize number, in order: <number zero-padded>\n
//   one instant prize (published with the list, revealed when the prize is won)
//     voyaganar:instant-prize:v1\n  raffle=<raffle ref>\n  salt=<its own salt, lowercase hex>\n
//     number=<number zero-padded>\n
//   sold list (published when the sale closes)
//     voyaganar:sold:v1\n  raffle=<raffle ref>\n
//     then one line per sold number, by number: <number zero-padded> <purchase reference>\n
//   purchase reference (stands for a purchase in public; the id itself opens the order)
//     the first 16 hex digits of SHA-256 of  voyaganar:purchase:v1\n  <purchase id>\n
//
// Every line ends with '\n' (no '\r'), numbers are decimal without sign or leading '+',
// and there are no spaces other than the single one separating a list line's two fields.
// The salt keeps a short prize list from being guessed by hashing every candidate. Each
// prize has a salt of its own, so revealing one won prize says nothing of the others
// (a pick-mode raffle keeps its unwon prize numbers secret: DESIGN, instant prizes).
import { sha256Hex, isHex } from './bytes';

const REF = /^[\x21-\x7e]{1,100}$/;

export interface KeyCommitmentInput {
  /** The raffle's public reference, printable ASCII without spaces. */
  raffleRef: string;
  totalNumbers: number;
  numberWidth: number;
  /** The permutation key, hex. */
  key: string;
}

export interface SoldEntry {
  /** Zero-padded to the raffle's width. */
  number: string;
  /** The purchase that holds the number (its id; nothing personal). */
  reference: string;
}

/** A purchase's public stand-in: its id cannot be read back from it, and the buyer can recompute it. */
export function purchaseReference(purchaseId: string): string {
  return sha256Hex(lines(['voyaganar:purchase:v1', checkedRef(purchaseId)])).slice(0, 16);
}

export function keyCommitmentText(input: KeyCommitmentInput): string {
  const { raffleRef, totalNumbers, numberWidth, key } = input;
  return lines([
    'voyaganar:key:v1',
    `raffle=${checkedRef(raffleRef)}`,
    `total=${checkedCount(totalNumbers, 1)}`,
    `width=${checkedCount(numberWidth, 1)}`,
    `key=${checkedHex(key)}`,
  ]);
}

/** SHA-256 of the permutation key bound to its raffle, N and width. */
export function keyCommitment(input: KeyCommitmentInput): string {
  return sha256Hex(keyCommitmentText(input));
}

export function instantPrizesText(
  raffleRef: string,
  salt: string,
  numbers: readonly string[],
): string {
  const sorted = [...numbers].sort(compareNumbers);
  return lines([
    'voyaganar:instant-prizes:v1',
    `raffle=${checkedRef(raffleRef)}`,
    `salt=${checkedHex(salt)}`,
    ...sorted.map(checkedNumber),
  ]);
}

/** SHA-256 of the salted list of instant-prize numbers. */
export function instantPrizesCommitment(
  raffleRef: string,
  salt: string,
  numbers: readonly string[],
): string {
  return sha256Hex(instantPrizesText(raffleRef, salt, numbers));
}

export function instantPrizeText(raffleRef: string, salt: string, number: string): string {
  return lines([
    'voyaganar:instant-prize:v1',
    `raffle=${checkedRef(raffleRef)}`,
    `salt=${checkedHex(salt)}`,
    `number=${checkedNumber(number)}`,
  ]);
}

/** SHA-256 of one instant prize's number under its own salt. */
export function instantPrizeCommitment(raffleRef: string, salt: string, number: string): string {
  return sha256Hex(instantPrizeText(raffleRef, salt, number));
}

export function soldListText(raffleRef: string, sold: readonly SoldEntry[]): string {
  const sorted = [...sold].sort((a, b) => compareNumbers(a.number, b.number));
  return lines([
    'voyaganar:sold:v1',
    `raffle=${checkedRef(raffleRef)}`,
    ...sorted.map((e) => `${checkedNumber(e.number)} ${checkedRef(e.reference)}`),
  ]);
}

/** SHA-256 of the sorted list of sold numbers with their purchase references. */
export function soldListHash(raffleRef: string, sold: readonly SoldEntry[]): string {
  return sha256Hex(soldListText(raffleRef, sold));
}

function lines(parts: readonly string[]): string {
  return parts.map((line) => `${line}\n`).join('');
}

/** Same-width numbers sort as text; a shorter one (never in practice) sorts first. */
function compareNumbers(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}

function checkedRef(ref: string): string {
  if (!REF.test(ref)) throw new TypeError(`not a canonical reference: ${JSON.stringify(ref)}`);
  return ref;
}

function checkedHex(hex: string): string {
  if (!isHex(hex)) throw new TypeError('expected non-empty hex');
  return hex.toLowerCase();
}

function checkedNumber(number: string): string {
  if (!/^\d{1,16}$/.test(number)) throw new TypeError(`not a raffle number: ${number}`);
  return number;
}

function checkedCount(value: number, min: number): string {
  if (!Number.isSafeInteger(value) || value < min)
    throw new RangeError(`expected an integer ≥ ${min}, got ${value}`);
  return String(value);
}
