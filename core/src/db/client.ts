// The MongoDB connection. Every collection is reached through its own module in db/,
// which owns its indexes and its atomic transitions; this file only connects.
import { MongoClient, type Db } from 'mongodb';

export interface Database {
  client: MongoClient;
  db: Db;
}

/**
 * Commands the pipeline's consumers may have at the store at once. The store takes one
 * write at a time, so a few in flight keep it busy; more would only queue in front of
 * the requests' commands (create-order behind a backlog of numbers and e-mails).
 */
export const PIPELINE_POOL_SIZE = 4;

export async function connectDatabase(
  url: string,
  { maxPoolSize = 50 }: { maxPoolSize?: number } = {},
): Promise<Database> {
  const client = new MongoClient(url, {
    maxPoolSize,
    serverSelectionTimeoutMS: 10_000,
    // FerretDB v1 is a standalone server without sessions: retryable writes need them.
    retryWrites: false,
  });
  await client.connect();
  return { client, db: client.db() };
}

/** True when the store answers a ping within the driver's selection timeout. */
export async function pingDatabase(db: Db): Promise<boolean> {
  try {
    await db.command({ ping: 1 });
    return true;
  } catch {
    return false;
  }
}
