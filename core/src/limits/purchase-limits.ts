// The purchase limits an order must fit before it holds numbers (Ajustes → Límites de
// compra): numbers per buyer in the raffle, numbers in unpaid orders per buyer and per
// client address. A buyer is each of their e-mail, phone and cédula: changing one of
// them does not make a new buyer. The per-order maximum needs no store and is checked
// by the caller first, so a request above it never learns the raffle's remainder.
// The unpaid ceilings are also a share of the raffle (`maxUnpaidPercent` of its numbers):
// a fixed 100 let two addresses hold a whole raffle of 200 numbers (README, "Purchase
// limits").
import { toEcuadorE164, withinLimit, type PurchaseLimits } from '@vag/contracts';
import type { Db } from 'mongodb';
import {
  addressHolds,
  buyerHolds,
  insertHold,
  releaseHold,
  settleHold,
  type HoldEntry,
} from '../db/order-holds';
import { purchaseOutcomes } from '../db/purchases';
import { getCapacity } from '../db/raffle-capacity';
import { normaliseEmail } from '../db/users';

export interface HoldRequest {
  purchaseId: string;
  raffleId: string;
  buyer: { email: string; phone: string; document?: string | undefined };
  address: string;
  quantity: number;
  holdUntil: Date;
}

export type LimitRefusal = {
  ok: false;
  reason: 'per_buyer' | 'unpaid_per_buyer' | 'unpaid_per_address';
  max: number;
};

/** A purchase not written this long after its entry never will be (its process died). */
const ORPHAN_MS = 2 * 60_000;

/** The keys one buyer is known by: e-mail, phone and cédula, each normalised. */
export function buyerKeys(buyer: HoldRequest['buyer']): string[] {
  const keys = [`e:${normaliseEmail(buyer.email)}`, `p:${toEcuadorE164(buyer.phone)}`];
  const document = buyer.document?.replace(/\D/g, '');
  if (document) keys.push(`d:${document}`);
  return keys;
}

const limitsOff = (l: PurchaseLimits) =>
  l.maxPerBuyer === 0 &&
  l.maxUnpaidPerBuyer === 0 &&
  l.maxUnpaidPerAddress === 0 &&
  l.maxUnpaidPercent === 0;

/**
 * Records the order's hold and answers whether it fits the limits; a refused order's
 * entry is released at once. The entry is written before the counts are read, so of two
 * racing orders the later reader sees the earlier one: together they never pass a limit
 * (both may be refused, which a buyer racing themself can bear).
 */
export async function claimWithinLimits(
  db: Db,
  limits: PurchaseLimits,
  request: HoldRequest,
  now: Date = new Date(),
): Promise<{ ok: true } | LimitRefusal> {
  if (limitsOff(limits)) return { ok: true };
  const entry: HoldEntry = {
    _id: request.purchaseId,
    raffleId: request.raffleId,
    buyerKeys: buyerKeys(request.buyer),
    address: request.address,
    quantity: request.quantity,
    state: 'held',
    holdUntil: request.holdUntil,
    createdAt: now,
  };
  await insertHold(db, entry);
  let seen = await readHolds(db, limits, entry, now);
  let refusal = firstExceeded(limits, entry, seen, now);
  // Near a limit the entries may be stale (paid, expired early): settle them and look again.
  if (refusal) {
    seen = await settle(db, seen, entry, now);
    refusal = firstExceeded(limits, entry, seen, now);
  }
  if (!refusal) return { ok: true };
  await releaseHold(db, entry._id);
  return refusal;
}

interface Seen {
  buyer: HoldEntry[];
  address: HoldEntry[];
  /** The raffle's size, for the unpaid share; null when the share is off. */
  raffle: { totalNumbers: number } | null;
}

async function readHolds(
  db: Db,
  limits: PurchaseLimits,
  entry: HoldEntry,
  now: Date,
): Promise<Seen> {
  const [buyer, address, raffle] = await Promise.all([
    buyerHolds(db, entry.raffleId, entry.buyerKeys),
    addressHolds(db, entry.address, now),
    limits.maxUnpaidPercent > 0 ? getCapacity(db, entry.raffleId) : null,
  ]);
  return { buyer, address, raffle };
}

const unpaid = (h: HoldEntry, now: Date) => h.state === 'held' && h.holdUntil > now;
const sum = (entries: HoldEntry[]) => entries.reduce((n, h) => n + h.quantity, 0);

function firstExceeded(
  limits: PurchaseLimits,
  entry: HoldEntry,
  seen: Seen,
  now: Date,
): LimitRefusal | null {
  for (const key of entry.buyerKeys) {
    const mine = seen.buyer.filter((h) => h.buyerKeys.includes(key) && h.state !== 'released');
    // A held entry past its end may have been paid: it counts until settled.
    if (!withinLimit(sum(mine), limits.maxPerBuyer))
      return { ok: false, reason: 'per_buyer', max: limits.maxPerBuyer };
    const held = sum(mine.filter((h) => unpaid(h, now)));
    if (!withinLimit(held, limits.maxUnpaidPerBuyer))
      return { ok: false, reason: 'unpaid_per_buyer', max: limits.maxUnpaidPerBuyer };
    const share = raffleShare(limits, seen);
    if (held > share) return { ok: false, reason: 'unpaid_per_buyer', max: share };
  }
  // The count is of every raffle's orders from the address; the share, of this raffle's.
  const fromAddress = seen.address.filter((h) => unpaid(h, now));
  if (!withinLimit(sum(fromAddress), limits.maxUnpaidPerAddress))
    return { ok: false, reason: 'unpaid_per_address', max: limits.maxUnpaidPerAddress };
  const here = sum(fromAddress.filter((h) => h.raffleId === entry.raffleId));
  const share = raffleShare(limits, seen);
  if (here > share) return { ok: false, reason: 'unpaid_per_address', max: share };
  return null;
}

/**
 * The raffle's share of unpaid numbers for one holder: the percent of its numbers, at
 * least 1; Infinity when off. Of the whole raffle, not of what is left: a share of the
 * free numbers would refuse the honest buyers of a sale's last numbers, and a share of
 * what others do not hold would shrink while paid orders wait for their numbers (they
 * count as reserved until numbered). Ten addresses thus hold at most ten shares.
 */
function raffleShare(limits: PurchaseLimits, seen: Seen): number {
  if (!seen.raffle || limits.maxUnpaidPercent === 0) return Infinity;
  return Math.max(1, Math.floor((seen.raffle.totalNumbers * limits.maxUnpaidPercent) / 100));
}

/**
 * Brings the other entries up to date with their purchases (stored, and answered); a paid
 * one too, whose purchase staff may have deleted since ("Borrar todo").
 */
async function settle(db: Db, seen: Seen, own: HoldEntry, now: Date): Promise<Seen> {
  const held = new Map<string, HoldEntry>();
  for (const h of [...seen.buyer, ...seen.address])
    if (h.state !== 'released' && h._id !== own._id) held.set(h._id, h);
  const outcomes = new Map(
    (await purchaseOutcomes(db, [...held.keys()])).map((p) => [p._id, p] as const),
  );
  const settled = new Map<string, HoldEntry>();
  for (const h of held.values()) {
    const change = outcomeOf(h, outcomes.get(h._id), now);
    if (!change || (change.state === h.state && +change.holdUntil === +h.holdUntil)) continue;
    await settleHold(db, h._id, change);
    settled.set(h._id, { ...h, ...change });
  }
  const current = (h: HoldEntry) => settled.get(h._id) ?? h;
  return { ...seen, buyer: seen.buyer.map(current), address: seen.address.map(current) };
}

function outcomeOf(
  entry: HoldEntry,
  purchase: Awaited<ReturnType<typeof purchaseOutcomes>>[number] | undefined,
  now: Date,
): Pick<HoldEntry, 'state' | 'holdUntil'> | null {
  // No purchase: deleted, or never written (its process died), unless it is still coming.
  if (!purchase)
    return entry.state === 'paid' || now.getTime() - entry.createdAt.getTime() > ORPHAN_MS
      ? { state: 'released', holdUntil: entry.holdUntil }
      : null;
  if (purchase.status === 'COMPLETED') return { state: 'paid', holdUntil: entry.holdUntil };
  if (purchase.status === 'PENDING' && purchase.reservation?.active)
    return { state: 'held', holdUntil: purchase.reservation.expiresAt };
  return { state: 'released', holdUntil: entry.holdUntil };
}
