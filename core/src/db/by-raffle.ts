// Narrowing a read to one raffle. The raffle that existed before raffles were records of
// their own keeps the id 'current' forever, and what was written before then (report
// facts, old purchases) may carry no raffleId at all: such a document is that raffle's.
// It is matched here rather than rewritten at start-up, so upgrading writes nothing and a
// fact that a lagging worker writes the old way after the upgrade still counts.
import type { Filter } from 'mongodb';
import { CURRENT_RAFFLE_ID } from './raffle';

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

/** A raffle's name for a row: its id when the raffle record is gone or nameless. */
export const raffleNameIn = (names: ReadonlyMap<string, string>, raffleId: string): string =>
  names.get(raffleId) ?? raffleId;
