// Narrowing a read to one raffle. The raffle that existed before raffles were records of
// their own keeps the id 'current' forever, and what was written before then (report
// facts, old purchases) may carry no raffleId at all: such a document is that raffle's.
// It is matched here rather than rewritten at start-up, so upgrading writes nothing and a
// fact that a lagging worker writes the old way after the upgrade still counts.
import type { Db, Filter } from 'mongodb';
import { CURRENT_RAFFLE_ID, listRaffleIds } from './raffle';

/** The first raffle's id, which documents without a raffleId belong to. */
export const FIRST_RAFFLE_ID = CURRENT_RAFFLE_ID;

/** A document's raffle, reading a missing one as the first raffle's. */
export const raffleOf = (doc: { raffleId?: string | null }): string =>
  doc.raffleId ?? FIRST_RAFFLE_ID;

/** Matches the documents of one raffle. */
export function raffleMatch<T extends { raffleId?: string | null }>(raffleId: string): Filter<T> {
  const match = raffleId === FIRST_RAFFLE_ID ? { $in: [raffleId, null] } : raffleId;
  return { raffleId: match } as Filter<T>;
}

/**
 * The upgrades that give the documents written before raffles were records the first
 * raffle's id (query-markers.ts): purchases, then report facts. Once both are done no
 * document names no raffle, and a read no longer looks one up by a null raffleId.
 */
export const RAFFLE_ID_UPGRADES = ['query-markers-1', 'report-facts-raffle-1'] as const;

async function everyDocumentNamesItsRaffle(db: Db): Promise<boolean> {
  const done = await db
    .collection<{ _id: string }>('upgrades')
    .countDocuments({ _id: { $in: [...RAFFLE_ID_UPGRADES] } });
  return done === RAFFLE_ID_UPGRADES.length;
}

/** What a read looks up `raffleId` by: one raffle's id, or the first raffle's with null. */
export type RaffleKey = string | { $in: [string, null] };

/**
 * The `raffleId` matches a read of one raffle's documents (or of every raffle's, "todas",
 * when `raffleId` is absent) makes, one index equality each: the store searches an index
 * only by equality on its first field (DESIGN, "Reading a year"). Every raffle is each
 * raffle record's id (raffles are never deleted) and the first raffle's even on a store
 * without its record. The first raffle's match takes in null (a missing raffleId), which
 * the store reads by a scan, only until the upgrades have named every older document's
 * raffle.
 */
export async function raffleKeys(db: Db, raffleId?: string): Promise<RaffleKey[]> {
  const ids =
    raffleId !== undefined
      ? [raffleId]
      : [...new Set([FIRST_RAFFLE_ID, ...(await listRaffleIds(db))])];
  if (!ids.includes(FIRST_RAFFLE_ID) || (await everyDocumentNamesItsRaffle(db))) return ids;
  return ids.map((id) => (id === FIRST_RAFFLE_ID ? { $in: [id, null] } : id));
}

/** Whether a raffle's id is the one a key looks up. */
export const keyOf = (key: RaffleKey): string => (typeof key === 'string' ? key : key.$in[0]);

/** A raffle's name for a row: its id when the raffle record is gone or nameless. */
export const raffleNameIn = (names: ReadonlyMap<string, string>, raffleId: string): string =>
  names.get(raffleId) ?? raffleId;
