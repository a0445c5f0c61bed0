// Capacity counters of the current raffle (`available`, `reserved`, `sold`): holding
// numbers for an unpaid order, giving them back, and the reconciler's correction. Every
// change is one conditional single-document update, so concurrent orders can never
// reserve more numbers than exist (I2).
//
// Who moves what (agreed with db/raffle-numbers.ts and the numbers worker):
//   create-order       available → reserved   reserveCapacity (here)
//   sweeper / failure  reserved  → available  releaseCapacity (here)
//   numbers worker     reserved  → sold       advanceCursor (raffle-numbers.ts), with the
//                                             cursor move past the purchase's new claim
// A COMPLETED purchase therefore still counts as reserved until the numbers worker has
// claimed its numbers. The reconciler counts it as sold once the purchase records them
// (purchases.soldCountedAt, written just after), so it only differs from the counters
// in between, which its two looks ride out.
//
// An order in flight (DESIGN I2): create-order holds its numbers before it asks the
// payment provider and writes the purchase only after the provider answered (up to its
// timeouts, tens of seconds). Meanwhile nothing but the counters says those numbers are
// held, so the reservation also writes an entry `ordersInFlight.<purchaseId>` on the same
// raffle document, in the same update. The reconciler counts an entry whose purchase is
// not written yet as reserved; an entry whose purchase is written is only dropped
// (settleOrderInFlight); one whose purchase never came (its process died) gives its
// numbers back once it is past ORDER_LOST_MS (releaseOrderInFlight): the entry's removal
// and the counters' change are one conditional write, so that happens once, whoever does it.
import type { Db } from 'mongodb';

/** create-order writes no purchase that holds numbers later than this after reserving them. */
export const ORDER_DEADLINE_MS = 60_000;
/** An order in flight this long without its purchase never will have one: its numbers go back. */
export const ORDER_LOST_MS = 90_000;

export interface OrderInFlight {
  quantity: number;
  at: Date;
}

interface CapacityDoc {
  _id: string;
  isActive?: boolean;
  numbersGenerated?: boolean;
  totalNumbers?: number;
  available?: number;
  reserved?: number;
  sold?: number;
  soldOut?: boolean;
  salesStopped?: boolean;
  closing?: unknown;
  ordersInFlight?: Record<string, OrderInFlight>;
}

export interface Capacity {
  totalNumbers: number;
  available: number;
  reserved: number;
  sold: number;
  soldOut: boolean;
}

const raffles = (db: Db) => db.collection<CapacityDoc>('raffles');

export type ReserveOutcome =
  | { ok: true }
  | { ok: false; reason: 'no_raffle' | 'inactive' | 'not_generated' | 'sale_closed' }
  | { ok: false; reason: 'sold_out'; remaining: number };

const inFlightField = (purchaseId: string) => `ordersInFlight.${purchaseId}`;

/**
 * Holds `quantity` numbers for an order: one conditional update (available ≥ quantity →
 * available −= quantity, reserved += quantity) on an active raffle with generated numbers.
 * With `purchaseId`, the order's entry in flight goes in with it (see above).
 */
export async function reserveCapacity(
  db: Db,
  quantity: number,
  raffleId: string,
  purchaseId?: string,
): Promise<ReserveOutcome> {
  const drop = purchaseId ? takeSettled(db, raffleId) : [];
  // A sale due to close (sold out, or past its end date) takes no new order.
  const result = await raffles(db)
    .updateOne(
      {
        _id: raffleId,
        isActive: true,
        numbersGenerated: true,
        salesStopped: { $ne: true },
        available: { $gte: quantity },
      },
      {
        $inc: { available: -quantity, reserved: quantity },
        ...(purchaseId && {
          $set: {
            [inFlightField(purchaseId)]: { quantity, at: new Date() } satisfies OrderInFlight,
          },
        }),
        ...(drop.length > 0 && {
          $unset: Object.fromEntries(drop.map((id) => [inFlightField(id), ''])),
        }),
      },
    )
    .catch((error: unknown) => {
      returnSettled(db, raffleId, drop);
      throw error;
    });
  if (result.modifiedCount === 1) return { ok: true };
  returnSettled(db, raffleId, drop);
  const doc = await raffles(db).findOne(
    { _id: raffleId },
    { projection: { isActive: 1, numbersGenerated: 1, available: 1, salesStopped: 1 } },
  );
  if (!doc) return { ok: false, reason: 'no_raffle' };
  if (doc.isActive !== true) return { ok: false, reason: 'inactive' };
  if (doc.numbersGenerated !== true) return { ok: false, reason: 'not_generated' };
  // A sold-out raffle also has its sales stopped: say it is sold out, the truer reason.
  if ((doc.available ?? 0) < quantity || doc.salesStopped !== true)
    return { ok: false, reason: 'sold_out', remaining: Math.max(0, doc.available ?? 0) };
  return { ok: false, reason: 'sale_closed' };
}

/**
 * Re-holds numbers for a payment that arrived after its reservation expired. Unlike an
 * order, a paid buyer is served even if the raffle was finalised meanwhile — but not
 * once the sale is closed: the published sold list is final (DESIGN, "The next layer").
 */
export async function reserveCapacityForLatePayment(
  db: Db,
  quantity: number,
  raffleId: string,
): Promise<boolean> {
  const result = await raffles(db).updateOne(
    {
      _id: raffleId,
      numbersGenerated: true,
      closing: { $exists: false },
      available: { $gte: quantity },
    },
    { $inc: { available: -quantity, reserved: quantity } },
  );
  return result.modifiedCount === 1;
}

/** Gives reserved numbers back (expired or failed order). Callers make sure it runs once per reservation. */
export async function releaseCapacity(db: Db, quantity: number, raffleId: string): Promise<void> {
  await raffles(db).updateOne(
    { _id: raffleId, reserved: { $gte: quantity } },
    { $inc: { available: quantity, reserved: -quantity }, $set: { soldOut: false } },
  );
}

/**
 * The order in flight gives its numbers back (refused, failed before its purchase was
 * written, or lost): the entry's removal and the counters' change in one conditional
 * write. False when the entry was gone already (settled, or given back by another).
 */
export async function releaseOrderInFlight(
  db: Db,
  purchaseId: string,
  { quantity, raffleId }: { quantity: number; raffleId: string },
): Promise<boolean> {
  const result = await raffles(db).updateOne(
    { _id: raffleId, [inFlightField(purchaseId)]: { $exists: true } },
    {
      $inc: { available: quantity, reserved: -quantity },
      $set: { soldOut: false },
      $unset: { [inFlightField(purchaseId)]: '' },
    },
  );
  return result.modifiedCount === 1;
}

/**
 * Entries whose purchases this process has written, by raffle: its next reservation on
 * the raffle drops them in its own update, so settling costs the store no write of its
 * own (in a sale the next order comes within milliseconds; alone, the reconciler's pass
 * drops them, as it drops those of a process that died).
 */
const settled = new WeakMap<Db, Map<string, Set<string>>>();
/** Entries one reservation drops at most, keeping its update small. */
const SETTLE_AT_ONCE = 200;

/** The order's purchase is written and holds its numbers: its entry in flight has done its work. */
export function settleOrderInFlight(
  db: Db,
  { raffleId, purchaseId }: { raffleId: string; purchaseId: string },
): void {
  let byRaffle = settled.get(db);
  if (!byRaffle) settled.set(db, (byRaffle = new Map()));
  byRaffle.set(raffleId, (byRaffle.get(raffleId) ?? new Set()).add(purchaseId));
}

/** Takes up to SETTLE_AT_ONCE settled entries of the raffle, for a reservation to drop. */
function takeSettled(db: Db, raffleId: string): string[] {
  const ids = settled.get(db)?.get(raffleId);
  if (!ids) return [];
  const taken = [...ids].slice(0, SETTLE_AT_ONCE);
  for (const id of taken) ids.delete(id);
  return taken;
}

/** Entries a reservation took but did not drop (it was refused, or failed) wait for the next. */
function returnSettled(db: Db, raffleId: string, ids: string[]): void {
  for (const purchaseId of ids) settleOrderInFlight(db, { raffleId, purchaseId });
}

/** Drops entries of written purchases (the reconciler's prune). */
export async function dropOrdersInFlight(
  db: Db,
  raffleId: string,
  purchaseIds: readonly string[],
): Promise<void> {
  if (purchaseIds.length === 0) return;
  await raffles(db).updateOne(
    { _id: raffleId },
    { $unset: Object.fromEntries(purchaseIds.map((id) => [inFlightField(id), ''])) },
  );
}

const CAPACITY_PROJECTION = {
  totalNumbers: 1,
  available: 1,
  reserved: 1,
  sold: 1,
  soldOut: 1,
  numbersGenerated: 1,
} as const;

export async function getCapacity(
  db: Db,
  raffleId: string,
): Promise<(Capacity & { numbersGenerated: boolean }) | null> {
  const doc = await raffles(db).findOne({ _id: raffleId }, { projection: CAPACITY_PROJECTION });
  return doc && capacityOf(doc);
}

/**
 * The counters with the orders in flight, by purchase id, in one read (the reconciler's:
 * read apart, an order could move the counters between the two).
 */
export async function getCapacityInFlight(
  db: Db,
  raffleId: string,
): Promise<
  (Capacity & { numbersGenerated: boolean; inFlight: Map<string, OrderInFlight> }) | null
> {
  const doc = await raffles(db).findOne(
    { _id: raffleId },
    { projection: { ...CAPACITY_PROJECTION, ordersInFlight: 1 } },
  );
  return doc && { ...capacityOf(doc), inFlight: new Map(Object.entries(doc.ordersInFlight ?? {})) };
}

function capacityOf(doc: CapacityDoc): Capacity & { numbersGenerated: boolean } {
  return {
    totalNumbers: doc.totalNumbers ?? 0,
    available: doc.available ?? 0,
    reserved: doc.reserved ?? 0,
    sold: doc.sold ?? 0,
    soldOut: doc.soldOut === true,
    numbersGenerated: doc.numbersGenerated === true,
  };
}

/**
 * The reconciler's correction: sets the counters to `target` only if they still hold
 * exactly `seen` (nothing moved them since they were observed). Answers whether it did.
 */
export async function correctCapacity(
  db: Db,
  seen: Pick<Capacity, 'available' | 'reserved' | 'sold'>,
  target: Pick<Capacity, 'available' | 'reserved' | 'sold' | 'soldOut'>,
  raffleId: string,
): Promise<boolean> {
  const result = await raffles(db).updateOne(
    {
      _id: raffleId,
      numbersGenerated: true,
      available: seen.available,
      reserved: seen.reserved,
      sold: seen.sold,
    },
    { $set: target },
  );
  return result.modifiedCount === 1;
}
