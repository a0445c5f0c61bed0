// Drawn raffles' public fairness records, kept once the draw is recorded: the current
// raffle's document is reset for the next raffle (all purchases deleted, numbers
// generated afresh), but what was published about a drawn one must stay readable.
import type { FairnessExport } from '@vag/contracts';
import type { Db } from 'mongodb';
import { isDuplicateKey } from './raffle-numbers';

interface FairnessRecordDoc {
  /** The raffle's public reference (commitment.raffleRef). */
  _id: string;
  record: FairnessExport;
  archivedAt: Date;
}

const records = (db: Db) => db.collection<FairnessRecordDoc>('fairness_records');

/** Keeps a drawn raffle's record; the first one kept wins, later calls change nothing. */
export async function archiveFairnessRecord(db: Db, record: FairnessExport): Promise<void> {
  if (!record.commitment || !record.draw) return;
  try {
    await records(db).updateOne(
      { _id: record.commitment.raffleRef },
      { $setOnInsert: { record, archivedAt: new Date() } },
      { upsert: true },
    );
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
  }
}

export async function findFairnessRecord(
  db: Db,
  raffleRef: string,
): Promise<FairnessExport | null> {
  return (await records(db).findOne({ _id: raffleRef }))?.record ?? null;
}
