// The raffles as buyers and staff list them. A raffle's status is read from its own
// document (DESIGN: one raffle document holds its record, counters and fairness fields):
// archived and drawn are facts of the record, a draft is one never published, and a
// published raffle is on sale while its store sells, closed otherwise.
import {
  PUBLIC_RAFFLE_STATUSES,
  type RaffleStatus,
  type RaffleSummary,
  type StaffRaffle,
} from '@vag/contracts';
import type { Db } from 'mongodb';
import { paidRevenueByRaffle } from '../db/purchases';
import {
  findRaffleByRef,
  getRaffle,
  listRaffleDocs,
  numberModeOf,
  type RaffleDoc,
} from '../db/raffle';
import { isSelling } from '../raffle/sale-lifecycle';

export type RaffleRecord = RaffleDoc;

export function raffleStatus(raffle: RaffleDoc): RaffleStatus {
  if (raffle.archivedAt) return 'archived';
  if (raffle.draw) return 'drawn';
  if (!raffle.publishedAt) return 'draft';
  const closing = raffle.closing || raffle.closeRequestedAt || raffle.soldOut;
  return isSelling(raffle) && !closing ? 'on_sale' : 'closed';
}

export function raffleSummary(raffle: RaffleDoc): RaffleSummary {
  const total = raffle.totalNumbers;
  return {
    _id: raffle._id,
    id: raffle._id,
    slug: raffle.slug ?? raffle._id,
    name: raffle.name,
    prize: raffle.prize,
    description: raffle.description ?? '',
    imageUrl: raffle.imageUrl,
    pricePerNumber: raffle.pricePerNumber,
    endDate: raffle.endDate.toISOString(),
    totalNumbers: total,
    status: raffleStatus(raffle),
    numberMode: numberModeOf(raffle),
    featured: raffle.featured === true,
    sold: raffle.sold ?? 0,
    percentage: total > 0 ? Math.round(((raffle.sold ?? 0) / total) * 10_000) / 100 : 0,
  };
}

const STATUS_ORDER: Record<RaffleStatus, number> = {
  on_sale: 0,
  closed: 1,
  drawn: 2,
  draft: 3,
  archived: 4,
};

/** The featured raffle first, then those on sale (closing soonest first), then the rest. */
function byInterest(a: RaffleSummary, b: RaffleSummary): number {
  if (a.featured !== b.featured) return a.featured ? -1 : 1;
  const status = STATUS_ORDER[a.status] - STATUS_ORDER[b.status];
  if (status !== 0) return status;
  return a.status === 'on_sale'
    ? a.endDate.localeCompare(b.endDate)
    : b.endDate.localeCompare(a.endDate);
}

/** GET /api/raffles: what a buyer can open (no drafts, the archive lives on /ganadores). */
export async function listPublicRaffles(db: Db): Promise<RaffleSummary[]> {
  return (await listRaffleDocs(db))
    .map(raffleSummary)
    .filter((r) => PUBLIC_RAFFLE_STATUSES.includes(r.status))
    .sort(byInterest);
}

/**
 * One raffle's page by its address (`/rifas/<slug>`): any published raffle, also closed,
 * drawn or archived — a past raffle keeps its read-only page with its result for good,
 * since its tickets and messages link there (SPEC, "Many raffles"). A draft is nobody's
 * to open (null), and so is an address that is not the raffle's own slug.
 */
export async function findRafflePage(db: Db, slug: string): Promise<RaffleSummary | null> {
  const doc = await findRaffleByRef(db, slug);
  if (!doc) return null;
  const summary = raffleSummary(doc);
  return summary.status === 'draft' || summary.slug !== slug ? null : summary;
}

/** GET /api/admin/raffles: every raffle, with what staff alone read. */
export async function listStaffRaffles(db: Db): Promise<StaffRaffle[]> {
  const docs = await listRaffleDocs(db);
  const revenue = await paidRevenueByRaffle(
    db,
    docs.map((doc) => doc._id),
  );
  return docs.map((doc) => staffRaffle(doc, revenue.get(doc._id) ?? 0)).sort(byInterest);
}

export async function getStaffRaffle(db: Db, raffleId: string): Promise<StaffRaffle | null> {
  const doc = await getRaffle(db, raffleId);
  if (!doc) return null;
  const revenue = await paidRevenueByRaffle(db, [raffleId]);
  return staffRaffle(doc, revenue.get(raffleId) ?? 0);
}

function staffRaffle(doc: RaffleDoc, revenue: number): StaffRaffle {
  return {
    ...raffleSummary(doc),
    reserved: doc.reserved ?? 0,
    revenue,
    numbersGenerated: doc.numbersGenerated === true,
    createdAt: doc.createdAt?.toISOString() ?? null,
    ...(doc.trust ? { trust: doc.trust } : {}),
  };
}

/** Every raffle's id, name and status, for filters and lists grouped by raffle. */
export async function listRaffles(
  db: Db,
): Promise<Array<{ _id: string; name: string; slug: string; status: RaffleStatus }>> {
  return (await listRaffleDocs(db)).map((doc) => ({
    _id: doc._id,
    name: doc.name,
    slug: doc.slug ?? doc._id,
    status: raffleStatus(doc),
  }));
}

/** Raffle id → name, for rows that name their raffle. */
export async function raffleNames(db: Db): Promise<Map<string, string>> {
  return new Map((await listRaffles(db)).map((r) => [r._id, r.name]));
}
