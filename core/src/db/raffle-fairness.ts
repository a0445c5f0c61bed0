// The fairness side of the raffle document (`raffles`): the published commitment, the
// declared draw rule, the closing of the sale and the draw (DESIGN, "The next layer"). What is published
// may change only while nothing is sold nor reserved, so every such change is one update
// conditional on the very counters that sales move (raffle-capacity.ts).
import {
  DEFAULT_DRAW_RULE,
  type ClosingReason,
  type DrawRule,
  type OfficialResult,
  type RaffleDrawnEvent,
} from '@vag/contracts';
import type { Db } from 'mongodb';
import type { FairnessCommitmentDoc, PrizesCommitmentDoc } from '../raffle/commitment';
import type { AuditDoc } from './audit-doc';

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
  /** When an admin closed the sale now ('Cerrar venta'): the closing is due from then on. */
  closeRequestedAt?: Date;
  closing?: ClosingDoc;
  draw?: DrawDoc;
  /** When the draw's result went onto the past raffles (/ganadores). */
  drawPublishedAt?: Date;
  /**
   * The raffle.drawn event, written with the draw and published by the outbox relay.
   * Kept when the raffle is reset for the next one, so an unpublished one still goes out.
   */
  drawOutbox?: { event: RaffleDrawnEvent; createdAt: Date; publishedAt: Date | null };
  /**
   * Audit entries saved in the same write as their action, until the audit log has them
   * (audit-log.ts relayPendingAudit): a crash between the two cannot lose the entry.
   */
  pendingAudit?: AuditDoc[];
}

export interface RaffleFairness {
  raffleId: string;
  endDate: Date | null;
  drawRule: DrawRule;
  /** Null for a raffle whose numbers are not generated (or were generated before commitments existed). */
  commitment: FairnessCommitmentDoc | null;
  salesStopped: boolean;
  closeRequestedAt: Date | null;
  closing: ClosingDoc | null;
  draw: DrawDoc | null;
  drawPublished: boolean;
  pendingAudit: AuditDoc[];
}

const raffles = (db: Db) => db.collection<FairnessFieldsDoc>('raffles');

/** Nothing sold, nothing reserved: the only state in which published things may change. */
const UNSOLD = { sold: { $in: [0, null] }, reserved: { $in: [0, null] } };

export async function getRaffleFairness(db: Db, raffleId: string): Promise<RaffleFairness> {
  const doc = await raffles(db).findOne(
    { _id: raffleId },
    {
      projection: {
        endDate: 1,
        drawRule: 1,
        fairness: 1,
        salesStopped: 1,
        closeRequestedAt: 1,
        closing: 1,
        draw: 1,
        drawPublishedAt: 1,
        pendingAudit: 1,
      },
    },
  );
  return {
    raffleId,
    endDate: doc?.endDate ?? null,
    drawRule: doc?.drawRule ?? DEFAULT_DRAW_RULE,
    commitment: doc?.fairness ?? null,
    salesStopped: doc?.salesStopped === true,
    closeRequestedAt: doc?.closeRequestedAt ?? null,
    closing: doc?.closing ?? null,
    draw: doc?.draw ?? null,
    drawPublished: Boolean(doc?.drawPublishedAt),
    pendingAudit: doc?.pendingAudit ?? [],
  };
}

/** Stores a commitment for numbers generated before commitments existed, while unsold. */
export async function saveLegacyCommitment(
  db: Db,
  commitment: FairnessCommitmentDoc,
  raffleId: string,
): Promise<boolean> {
  const result = await raffles(db).updateOne(
    { _id: raffleId, numbersGenerated: true, fairness: { $exists: false }, ...UNSOLD },
    { $set: { fairness: commitment } },
  );
  return result.modifiedCount === 1;
}

/** Declares the draw rule; false once a number is sold or reserved, or the sale closed. */
export async function saveDrawRule(db: Db, rule: DrawRule, raffleId: string): Promise<boolean> {
  const result = await raffles(db).updateOne(
    { _id: raffleId, closing: { $exists: false }, ...UNSOLD },
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
  raffleId: string,
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
export async function stopSales(db: Db, raffleId: string): Promise<boolean> {
  const result = await raffles(db).updateOne(
    { _id: raffleId, salesStopped: { $ne: true } },
    { $set: { salesStopped: true } },
  );
  return result.modifiedCount === 1;
}

/**
 * 'Cerrar venta': the closing is due now, and no new reservation is taken. Only before
 * the closing is published; answers whether it applied.
 */
export async function requestClose(db: Db, at: Date, raffleId: string): Promise<boolean> {
  const result = await raffles(db).updateOne(
    { _id: raffleId, closing: { $exists: false } },
    { $set: { closeRequestedAt: at, salesStopped: true } },
  );
  return result.matchedCount === 1;
}

/**
 * 'Reabrir venta': takes the stop back while the sold list is not published; false once
 * it is (a sale whose closing is public cannot sell again).
 */
export async function withdrawClose(db: Db, raffleId: string): Promise<boolean> {
  const result = await raffles(db).updateOne(
    { _id: raffleId, closing: { $exists: false } },
    { $unset: { closeRequestedAt: '', salesStopped: '' } },
  );
  return result.matchedCount === 1;
}

/**
 * Publishes the closing once, and only if the counters still say what the hashed list
 * says: nothing reserved, exactly `closing.soldCount` sold. Its audit entry is saved in
 * the same write, for the audit log to take (relayPendingAudit).
 */
export async function saveClosing(
  db: Db,
  closing: ClosingDoc,
  audit: AuditDoc,
  raffleId: string,
  /** The raffle's `sold` counter the list was made for: the list plus refunded numbers. */
  soldCounter = closing.soldCount,
): Promise<boolean> {
  const result = await raffles(db).updateOne(
    {
      _id: raffleId,
      closing: { $exists: false },
      // A sale reopened meanwhile ('Reabrir venta') takes its stop back: no closing then.
      salesStopped: true,
      reserved: { $in: [0, null] },
      sold: soldCounter,
    },
    { $set: { closing, salesStopped: true }, $push: { pendingAudit: audit } },
  );
  return result.modifiedCount === 1;
}

/**
 * Takes entries the audit log now holds off the raffle. Whole entries, as saved: the
 * store (FerretDB) pulls array elements by equality only, not by a condition.
 */
export async function dropPendingAudit(
  db: Db,
  entries: readonly AuditDoc[],
  raffleId: string,
): Promise<void> {
  await raffles(db).updateOne({ _id: raffleId }, { $pullAll: { pendingAudit: [...entries] } });
}

/**
 * Records the draw once, after the closing, with its raffle.drawn event in the same
 * write (the messages it triggers cannot be lost); false when a draw is already recorded.
 */
export async function saveDraw(
  db: Db,
  draw: DrawDoc,
  event: RaffleDrawnEvent,
  raffleId: string,
): Promise<boolean> {
  const result = await raffles(db).updateOne(
    { _id: raffleId, closing: { $exists: true }, draw: { $exists: false } },
    { $set: { draw, drawOutbox: { event, createdAt: draw.recordedAt, publishedAt: null } } },
  );
  return result.modifiedCount === 1;
}

/** Notes that the draw's result is on the past raffles. */
export async function markDrawPublished(db: Db, raffleId: string): Promise<void> {
  await raffles(db).updateOne(
    { _id: raffleId, draw: { $exists: true } },
    { $set: { drawPublishedAt: new Date() } },
  );
}

/** raffle.drawn events not yet published (the raffles collection holds a handful of documents). */
export async function findUnpublishedDrawEvents(
  db: Db,
): Promise<Array<{ raffleId: string; event: RaffleDrawnEvent }>> {
  const docs = await raffles(db)
    .find(
      { 'drawOutbox.publishedAt': null, 'drawOutbox.event': { $exists: true } },
      { projection: { drawOutbox: 1 } },
    )
    .toArray();
  return docs.flatMap((d) =>
    d.drawOutbox ? [{ raffleId: d._id, event: d.drawOutbox.event }] : [],
  );
}

export async function markDrawEventPublished(
  db: Db,
  raffleId: string,
  eventId: string,
): Promise<void> {
  await raffles(db).updateOne(
    { _id: raffleId, 'drawOutbox.event.id': eventId },
    { $set: { 'drawOutbox.publishedAt': new Date() } },
  );
}
