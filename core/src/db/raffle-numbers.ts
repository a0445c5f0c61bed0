// The numbers side of the current raffle document (`raffles`, `_id: 'current'`): the
// secret key of the permutation, the allocation cursor and the capacity counters.
// Hero fields of the same document belong to db/raffle.ts; this module only touches the
// fields below, each change one atomic single-document update.
import { randomBytes } from 'node:crypto';
import { DEFAULT_TOTAL_NUMBERS, type DrawRule, type TicketRaffle } from '@vag/contracts';
import type { Db } from 'mongodb';
import { newCommitment, type FairnessCommitmentDoc } from '../raffle/commitment';
import { defaultNumberWidth } from '../raffle/permutation';
import { TICKET_RAFFLE_PROJECTION, ticketRaffleFrom } from '../ticket/ticket';

// The raffle from before many raffles keeps this id (db/raffle.ts); re-exported for its callers here.
export { CURRENT_RAFFLE_ID } from './raffle';

interface RaffleNumbersDoc {
  _id: string;
  totalNumbers?: number;
  numberWidth?: number;
  numbersGenerated?: boolean;
  secretKey?: string;
  available?: number;
  reserved?: number;
  sold?: number;
  nextPosition?: number;
  soldOut?: boolean;
  /** Set while instant prizes exist, so that two concurrent assignments cannot both run. */
  prizesAssigned?: boolean;
  /** Owned by raffle-fairness.ts; set here with the key it commits to, and reset with it. */
  fairness?: FairnessCommitmentDoc;
  salesStopped?: boolean;
  closing?: unknown;
  draw?: unknown;
  name?: string;
  slug?: string;
  prize?: string;
  drawRule?: DrawRule;
}

export interface RaffleNumbers {
  raffleId: string;
  totalNumbers: number;
  numberWidth: number;
  numbersGenerated: boolean;
  /** Hex; server-side only, never sent to a client. */
  secretKey: string | null;
  available: number;
  reserved: number;
  sold: number;
  nextPosition: number;
  soldOut: boolean;
  prizesAssigned: boolean;
  /**
   * The instant-prize numbers of the published commitment (fixed before the first sale),
   * or null for a raffle from before commitments: then only the prizes collection knows.
   */
  prizeNumbers: readonly string[] | null;
  /**
   * What the raffle's tickets print, read along (same document, same read): the numbers
   * worker hands it to the e-mail's ticket in numbers.assigned.
   */
  ticket: TicketRaffle;
}

function raffles(db: Db) {
  return db.collection<RaffleNumbersDoc>('raffles');
}

const NUMBERS_PROJECTION = {
  totalNumbers: 1,
  numberWidth: 1,
  numbersGenerated: 1,
  secretKey: 1,
  available: 1,
  reserved: 1,
  sold: 1,
  nextPosition: 1,
  soldOut: 1,
  prizesAssigned: 1,
  'fairness.prizeNumbers': 1,
  name: TICKET_RAFFLE_PROJECTION.name,
  slug: TICKET_RAFFLE_PROJECTION.slug,
  prize: TICKET_RAFFLE_PROJECTION.prize,
  drawRule: TICKET_RAFFLE_PROJECTION.drawRule,
  endDate: TICKET_RAFFLE_PROJECTION.endDate,
} as const;

function toNumbers(raffleId: string, doc: RaffleNumbersDoc | null): RaffleNumbers {
  const totalNumbers = doc?.totalNumbers ?? DEFAULT_TOTAL_NUMBERS;
  return {
    raffleId,
    totalNumbers,
    numberWidth: doc?.numberWidth ?? defaultNumberWidth(totalNumbers),
    numbersGenerated: doc?.numbersGenerated === true,
    secretKey: doc?.secretKey ?? null,
    available: doc?.available ?? 0,
    reserved: doc?.reserved ?? 0,
    sold: doc?.sold ?? 0,
    nextPosition: doc?.nextPosition ?? 0,
    soldOut: doc?.soldOut === true,
    prizesAssigned: doc?.prizesAssigned === true,
    prizeNumbers: Array.isArray(doc?.fairness?.prizeNumbers) ? doc.fairness.prizeNumbers : null,
    ticket: ticketRaffleFrom(doc),
  };
}

/** The numbers state of a raffle; defaults (N = 10 000, nothing generated) when the document does not exist yet. */
export async function getRaffleNumbers(db: Db, raffleId: string): Promise<RaffleNumbers> {
  const doc = await raffles(db).findOne({ _id: raffleId }, { projection: NUMBERS_PROJECTION });
  return toNumbers(raffleId, doc);
}

/**
 * Initialises the raffle's N numbers once: a fresh secret key with its published hash
 * (DESIGN, "The next layer"), every number available, the cursor at 0. Answers the total, or null when
 * the numbers were already generated.
 */
export async function generateRaffleNumbers(db: Db, raffleId: string): Promise<number | null> {
  const current = await getRaffleNumbers(db, raffleId);
  if (current.numbersGenerated) return null;
  const { totalNumbers, numberWidth } = current;
  const secretKey = randomBytes(32).toString('hex');
  try {
    const result = await raffles(db).updateOne(
      { _id: raffleId, numbersGenerated: { $ne: true } },
      {
        $set: {
          totalNumbers,
          numberWidth,
          secretKey,
          fairness: newCommitment({ raffleId, totalNumbers, numberWidth, key: secretKey }),
          available: totalNumbers,
          reserved: 0,
          sold: 0,
          nextPosition: 0,
          numbersGenerated: true,
          soldOut: false,
        },
      },
      { upsert: true },
    );
    return result.modifiedCount + result.upsertedCount === 1 ? totalNumbers : null;
  } catch (error) {
    // The upsert lost against a concurrent generation: the document now exists, generated.
    if (isDuplicateKey(error)) return null;
    throw error;
  }
}

/**
 * Forgets the numbers (key, cursor, counters) so they can be generated afresh — only
 * while nothing is sold or reserved. Answers whether it did.
 */
export async function resetUnsoldRaffleNumbers(db: Db, raffleId: string): Promise<boolean> {
  const result = await raffles(db).updateOne(
    { _id: raffleId, numbersGenerated: true, sold: 0, reserved: 0 },
    {
      $set: {
        numbersGenerated: false,
        available: 0,
        nextPosition: 0,
        soldOut: false,
        prizesAssigned: false,
      },
      // The commitment goes with the key; a new generation publishes a new one.
      $unset: {
        ordersInFlight: '',
        secretKey: '',
        fairness: '',
        salesStopped: '',
        closeRequestedAt: '',
        closing: '',
        draw: '',
        drawPublishedAt: '',
      },
    },
  );
  return result.modifiedCount === 1;
}

/**
 * Frees every number after all purchases were deleted: everything available again,
 * the cursor back at 0. The key stays, so the numbers already shown as instant prizes
 * keep their positions.
 */
export async function releaseAllRaffleNumbers(db: Db, raffleId: string): Promise<void> {
  const { totalNumbers, numbersGenerated } = await getRaffleNumbers(db, raffleId);
  await raffles(db).updateOne(
    { _id: raffleId },
    {
      $set: {
        available: numbersGenerated ? totalNumbers : 0,
        reserved: 0,
        sold: 0,
        nextPosition: 0,
        soldOut: false,
      },
      // With every sale gone, the sale is open again: its closing and draw described sales
      // that no longer exist; orders in flight were counted in `reserved`, now 0.
      $unset: {
        ordersInFlight: '',
        salesStopped: '',
        closeRequestedAt: '',
        closing: '',
        draw: '',
        drawPublishedAt: '',
      },
    },
  );
}

/**
 * Moves the allocation cursor forward to `end` (never back: concurrent moves commute),
 * and counts the `claimed` positions as sold instead of reserved: the caller's claims
 * just took them. A claim is inserted once (its start is unique), and only its inserter
 * moves the counters, so each paid purchase's quantity moves once; a crash between the
 * claims and this write leaves sold short (never oversold), which the reconciler repairs.
 */
export async function advanceCursor(
  db: Db,
  raffleId: string,
  end: number,
  claimed = 0,
): Promise<void> {
  await raffles(db).updateOne(
    { _id: raffleId },
    {
      $max: { nextPosition: end },
      ...(claimed > 0 && { $inc: { reserved: -claimed, sold: claimed } }),
    },
  );
}

/**
 * Counts `quantity` chosen numbers (pick mode: their paid purchases) as sold instead of
 * reserved, and answers the raffle's numbers as they are after it, in one command: the
 * numbers worker reads them along instead of reading the raffle again.
 */
export async function countChosenAsSold(
  db: Db,
  raffleId: string,
  quantity: number,
): Promise<RaffleNumbers> {
  // The whole document back: our store refuses findAndModify with this projection
  // (its dotted field), and the raffle's document is small.
  const doc = await raffles(db).findOneAndUpdate(
    { _id: raffleId },
    { $inc: { reserved: -quantity, sold: quantity } },
    { returnDocument: 'after' },
  );
  return toNumbers(raffleId, doc);
}

export async function markSoldOut(db: Db, raffleId: string): Promise<void> {
  await raffles(db).updateOne(
    { _id: raffleId, soldOut: { $ne: true } },
    { $set: { soldOut: true } },
  );
}

export function isDuplicateKey(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 11000
  );
}
