// The fairness side of the raffle document (`raffles`): the published commitment, the
// declared draw rule, the closing of the sale and the draw (issue 16). What is published
// may change only while nothing is sold nor reserved, so every such change is one update
// conditional on the very counters that sales move (raffle-capacity.ts).
import {
  DEFAULT_DRAW_RULE,
  type ClosingReason,
  type DrawRule,
  type OfficialResult,
} from '@vag/contracts';
import type { Db } from 'mongodb';
import type { FairnessCommitmentDoc, PrizesCommitmentDoc } from '../raffle/commitment';
import { CURRENT_RAFFLE_ID } from './raffle-numbers';

export interface ClosingDoc {
  closedAt: Date;
  reason: ClosingReason;
  soldCount: number;
  soldListHash: string;
}

export interface DrawDoc {
  result: OfficialResult;
  drawnNumber: string;
  winningNumber: string | null;
  /** Server-side only: the public record names the purchase by its reference. */
  winnerPurchaseId: string | null;
  winnerReference: string | null;
  recordedAt: Date;
  recordedBy: string;
}

interface FairnessFieldsDoc {
  _id: string;
  endDate?: Date;
  drawRule?: DrawRule;
  fairness?: FairnessCommitmentDoc;
  /** Set when the sale is due to close: no new reservation from then on. */
  salesStopped?: boolean;
  closing?: ClosingDoc;
  draw?: DrawDoc;
}

export interface RaffleFairness {
  raffleId: string;
  endDate: Date | null;
  drawRule: DrawRule;
  /** Null for a raffle whose numbers are not generated (or were generated before commitments existed). */
  commitment: FairnessCommitmentDoc | null;
  salesStopped: boolean;
  closing: ClosingDoc | null;
  draw: DrawDoc | null;
}

const raffles = (db: Db) => db.collection<FairnessFieldsDoc>('raffles');

/** Nothing sold, nothing reserved: the only state in which published things may change. */
const UNSOLD = { sold: { $in: [0, null] }, reserved: { $in: [0, null] } };

export async function getRaffleFairness(
  db: Db,
  raffleId = CURRENT_RAFFLE_ID,
): Promise<RaffleFairness> {
  const doc = await raffles(db).findOne(
    { _id: raffleId },
    {
      projection: {
        endDate: 1,
        drawRule: 1,
        fairness: 1,
        salesStopped: 1,
        closing: 1,
        draw: 1,
      },
    },
  );
  return {
    raffleId,
    endDate: doc?.endDate ?? null,
    drawRule: doc?.drawRule ?? DEFAULT_DRAW_RULE,
    commitment: doc?.fairness ?? null,
    salesStopped: doc?.salesStopped === true,
    closing: doc?.closing ?? null,
    draw: doc?.draw ?? null,
  };
}

/** Stores a commitment for numbers generated before commitments existed, while unsold. */
export async function saveLegacyCommitment(
  db: Db,
  commitment: FairnessCommitmentDoc,
  raffleId = CURRENT_RAFFLE_ID,
): Promise<boolean> {
  const result = await raffles(db).updateOne(
    { _id: raffleId, numbersGenerated: true, fairness: { $exists: false }, ...UNSOLD },
    { $set: { fairness: commitment } },
  );
  return result.modifiedCount === 1;
}

/** Declares the draw rule; false once a number is sold or reserved. */
export async function saveDrawRule(
  db: Db,
  rule: DrawRule,
  raffleId = CURRENT_RAFFLE_ID,
): Promise<boolean> {
  const result = await raffles(db).updateOne(
    { _id: raffleId, ...UNSOLD },
    { $set: { drawRule: rule } },
  );
  return result.matchedCount === 1;
}

/**
 * Takes the right to assign instant prizes and publishes their hash in one update; false
 * when prizes are assigned already, or a number is sold or reserved.
 */
export async function commitInstantPrizes(
  db: Db,
  commitment: PrizesCommitmentDoc | null,
  raffleId = CURRENT_RAFFLE_ID,
): Promise<boolean> {
  const set: Record<string, unknown> = { prizesAssigned: true };
  if (commitment)
    for (const [field, value] of Object.entries(commitment)) set[`fairness.${field}`] = value;
  const result = await raffles(db).updateOne(
    { _id: raffleId, numbersGenerated: true, prizesAssigned: { $ne: true }, ...UNSOLD },
    { $set: set },
  );
  return result.modifiedCount === 1;
}

/** Stops new reservations: the sale is due to close. Answers whether this call stopped it. */
export async function stopSales(db: Db, raffleId = CURRENT_RAFFLE_ID): Promise<boolean> {
  const result = await raffles(db).updateOne(
    { _id: raffleId, salesStopped: { $ne: true } },
    { $set: { salesStopped: true } },
  );
  return result.modifiedCount === 1;
}

/**
 * Publishes the closing once, and only if the counters still say what the hashed list
 * says: nothing reserved, exactly `closing.soldCount` sold.
 */
export async function saveClosing(
  db: Db,
  closing: ClosingDoc,
  raffleId = CURRENT_RAFFLE_ID,
): Promise<boolean> {
  const result = await raffles(db).updateOne(
    {
      _id: raffleId,
      closing: { $exists: false },
      reserved: { $in: [0, null] },
      sold: closing.soldCount,
    },
    { $set: { closing, salesStopped: true } },
  );
  return result.modifiedCount === 1;
}

/** Records the draw once, after the closing; false when a draw is already recorded. */
export async function saveDraw(
  db: Db,
  draw: DrawDoc,
  raffleId = CURRENT_RAFFLE_ID,
): Promise<boolean> {
  const result = await raffles(db).updateOne(
    { _id: raffleId, closing: { $exists: true }, draw: { $exists: false } },
    { $set: { draw } },
  );
  return result.modifiedCount === 1;
}
