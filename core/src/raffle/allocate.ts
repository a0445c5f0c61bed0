// Allocating q numbers = claiming the next q sale positions with one claim document,
// then mapping each position through the raffle's keyed permutation (DESIGN "Allocating
// numbers in O(1)"). Cost: q permutations plus a couple of single-document writes,
// whatever N is.
//
// Why claims never overlap nor get lost, without transactions: a claim only ever starts
// at 0 or where another claim ends, and at most one claim can start at each position
// (unique `_id`). So the claims form one contiguous chain [0, e1), [e1, e2), … and a new
// claim can only extend its end. The raffle's cursor `nextPosition` is a hint that is
// moved with `$max` after the claim: when a crash leaves it behind, the next allocation
// hits the existing claim, jumps to its end and pushes the cursor along. The write that
// moves the cursor past a new claim also counts its positions as sold (advanceCursor).
import type { Db } from 'mongodb';
import {
  findClaimAt,
  findClaimByPurchase,
  insertClaim,
  findClaimCovering,
  type NumberClaim,
} from '../db/number-claims';
import { advanceCursor, getRaffleNumbers, type RaffleNumbers } from '../db/raffle-numbers';
import { formatNumber, parseNumber, permutationFor } from './permutation';

/** The raffle has no positions left for this claim: capacity accounting is broken (I2). */
export class NumbersExhaustedError extends Error {}
export class NumbersNotGeneratedError extends Error {}

export interface Allocation {
  claim: NumberClaim;
  /** Zero-padded to the raffle's width, in sale-position order. */
  numbers: string[];
  raffle: RaffleNumbers;
}

/** Hard stop on chain walking; reaching it means something rewrote claims underneath us. */
const MAX_STEPS = 10_000;

/** Claims `quantity` positions for a purchase; a repeated call answers the purchase's existing claim. */
export async function allocateNumbers(
  db: Db,
  request: { raffleId: string; purchaseId: string; quantity: number },
): Promise<Allocation> {
  const { raffleId, purchaseId, quantity } = request;
  if (!Number.isSafeInteger(quantity) || quantity < 1)
    throw new RangeError(`cannot allocate ${quantity} numbers`);
  const raffle = await getRaffleNumbers(db, raffleId);
  if (!raffle.numbersGenerated || !raffle.secretKey)
    throw new NumbersNotGeneratedError(`raffle ${raffleId} has no numbers`);

  // No look for an earlier claim first: the store cannot search claims by purchase
  // without a scan, and the unique purchaseId refuses a second claim anyway, which
  // sends a repeat to the lookup below.
  let start = raffle.nextPosition;
  for (let step = 0; step < MAX_STEPS; step++) {
    if (start + quantity > raffle.totalNumbers) {
      // A repeat of a purchase that took the last positions arrives here too.
      const mine = await findClaimByPurchase(db, purchaseId);
      if (mine) return withNumbers(mine, raffle);
      throw new NumbersExhaustedError(
        `raffle ${raffleId}: ${quantity} numbers from position ${start} exceed its ${raffle.totalNumbers} (purchase ${purchaseId})`,
      );
    }
    const inserted = await insertClaim(db, { raffleId, start, count: quantity, purchaseId });
    if (inserted) {
      await advanceCursor(db, raffleId, start + quantity, quantity);
      return withNumbers(inserted, raffle);
    }
    // Refused: the position was taken (the usual case under concurrency), or this
    // purchase holds a claim already. Usually the winner has already moved the cursor
    // past its claim: jump there. If not (it is in flight, or crashed), walk over its
    // claim and push the cursor ourselves.
    const cursor = (await getRaffleNumbers(db, raffleId)).nextPosition;
    if (cursor > start) {
      start = cursor;
      continue;
    }
    const taken = await findClaimAt(db, raffleId, start);
    if (taken?.purchaseId === purchaseId) return withNumbers(taken, raffle);
    if (taken) {
      start = taken.start + taken.count;
      await advanceCursor(db, raffleId, start);
      continue;
    }
    // Nothing starts here, yet the claim was refused: this purchase has one elsewhere.
    const mine = await findClaimByPurchase(db, purchaseId);
    if (mine) return withNumbers(mine, raffle);
  }
  throw new Error(`allocation for purchase ${purchaseId} did not settle after ${MAX_STEPS} steps`);
}

/** The numbers a claim stands for. */
export function claimNumbers(
  claim: Pick<NumberClaim, 'start' | 'count'>,
  raffle: RaffleNumbers,
): string[] {
  if (!raffle.secretKey)
    throw new NumbersNotGeneratedError(`raffle ${raffle.raffleId} has no numbers`);
  const perm = permutationFor(raffle.secretKey, raffle.totalNumbers);
  const numbers: string[] = [];
  for (let p = claim.start; p < claim.start + claim.count; p++)
    numbers.push(formatNumber(perm.permute(p), raffle.numberWidth));
  return numbers;
}

function withNumbers(claim: NumberClaim, raffle: RaffleNumbers): Allocation {
  return { claim, numbers: claimNumbers(claim, raffle), raffle };
}

export interface Holder {
  number: string;
  position: number;
  purchaseId: string;
}

/** Who holds a raffle number ('0042' or '42'): perm⁻¹ gives its sale position, the claim covering it its purchase. */
export async function whoHolds(db: Db, raffleId: string, number: string): Promise<Holder | null> {
  const raffle = await getRaffleNumbers(db, raffleId);
  if (!raffle.numbersGenerated || !raffle.secretKey) return null;
  const value = parseNumber(number, raffle.totalNumbers);
  if (value === null) return null;
  const position = permutationFor(raffle.secretKey, raffle.totalNumbers).invert(value);
  const claim = await findClaimCovering(db, raffleId, position);
  return claim
    ? { number: formatNumber(value, raffle.numberWidth), position, purchaseId: claim.purchaseId }
    : null;
}
