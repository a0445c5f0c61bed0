// The grid of a pick-mode raffle in a rush: every refresh shows each sold number sold and
// each held one held, a number given back free, and it reads the raffle's grid document
// and the holds changed since, not every hold of the raffle (a big raffle's grid in a rush
// read up to its whole sale every cache window).
import { randomUUID } from 'node:crypto';
import { gridBit, type NumberGrid } from '@vag/contracts';
import { MongoClient, type CommandSucceededEvent } from 'mongodb';
import { afterEach, beforeEach, expect, it } from 'vitest';
import {
  holdNumbers,
  listRaffleHolds,
  markNumbersSold,
  releasePurchaseNumbers,
} from '../db/number-holds';
import { CURRENT_RAFFLE_ID } from '../db/raffle-numbers';
import { raffleWithNumbers } from '../testing/raffle-fixtures';
import { createTestDatabase, type TestDatabase } from '../testing/test-db';
import { GRID_FOLD_AFTER_MS, numberGrid } from './grid';

const TOTAL = 100_000;
const SOLD = 10_000;

let store: TestDatabase;
let watcher: MongoClient;
/** Hold documents the store answered, and commands sent, since the last reset. */
let seen = { commands: 0, holdDocs: 0 };

beforeEach(async () => {
  store = await createTestDatabase();
  await raffleWithNumbers(store.db, TOTAL);
  await store.db
    .collection<{ _id: string }>('raffles')
    .updateOne({ _id: CURRENT_RAFFLE_ID }, { $set: { numberMode: 'pick' } });
  watcher = new MongoClient(store.url, { retryWrites: false, monitorCommands: true });
  const holdCursors = new Set<string>();
  watcher.on('commandSucceeded', (event: CommandSucceededEvent) => {
    seen.commands++;
    const reply = event.reply as {
      cursor?: { id?: unknown; ns?: string; firstBatch?: unknown[]; nextBatch?: unknown[] };
    };
    if (!reply.cursor?.ns?.endsWith('.number_holds')) return;
    seen.holdDocs += (reply.cursor.firstBatch ?? reply.cursor.nextBatch ?? []).length;
    holdCursors.add(String(reply.cursor.id));
  });
  await watcher.connect();
});
afterEach(async () => {
  await watcher?.close();
  await store?.drop();
});

const raffle = CURRENT_RAFFLE_ID;

async function refresh(now = new Date()) {
  seen = { commands: 0, holdDocs: 0 };
  const grid = (await numberGrid(watcher.db(store.db.databaseName), raffle, now)) as NumberGrid;
  const held = Buffer.from(grid.held, 'base64');
  const sold = Buffer.from(grid.sold, 'base64');
  return {
    ...seen,
    state: (n: number) => (gridBit(sold, n) ? 'sold' : gridBit(held, n) ? 'held' : 'free'),
  };
}

/** `count` numbers from `from`, sold to one purchase each hundred (the rush's earlier sales). */
async function sell(from: number, count: number): Promise<void> {
  for (let start = from; start < from + count; start += 100) {
    const purchaseId = randomUUID();
    const numbers = Array.from({ length: 100 }, (_, i) => start + i);
    await holdNumbers(store.db, { raffleId: raffle, purchaseId, numbers, fresh: true });
    await markNumbersSold(store.db, raffle, purchaseId, numbers);
  }
}

it('reads the grid document and the changed holds, and shows every sold number sold throughout', async () => {
  await sell(0, SOLD);
  const waiting = randomUUID();
  await holdNumbers(store.db, { raffleId: raffle, purchaseId: waiting, numbers: [50_000, 50_001] });

  // The old shape's read: every hold of the raffle, each refresh.
  seen = { commands: 0, holdDocs: 0 };
  await listRaffleHolds(watcher.db(store.db.databaseName), raffle);
  const everyHold = { ...seen };

  const first = await refresh();
  expect([first.state(0), first.state(SOLD - 1), first.state(50_000), first.state(SOLD)]).toEqual([
    'sold',
    'sold',
    'held',
    'free',
  ]);
  // Settled sales go into the document; until then they are read as changed holds.
  const later = new Date(Date.now() + GRID_FOLD_AFTER_MS + 1_000);
  const folding = await refresh(later);
  expect(folding.state(SOLD - 1)).toBe('sold');

  // A sale and a release after the fold: seen at the next refresh.
  const buyer = randomUUID();
  await holdNumbers(store.db, { raffleId: raffle, purchaseId: buyer, numbers: [70_000, 70_001] });
  await markNumbersSold(store.db, raffle, buyer, [70_000, 70_001]);
  await releasePurchaseNumbers(store.db, raffle, waiting, [50_000]);
  const after = await refresh(later);
  expect([
    after.state(0),
    after.state(SOLD - 1),
    after.state(70_000),
    after.state(50_000),
    after.state(50_001),
    after.state(SOLD),
  ]).toEqual(['sold', 'sold', 'sold', 'free', 'held', 'free']);
  console.log(
    `grid refresh of a ${TOTAL}-number raffle with ${SOLD} sold: every hold read ` +
      `${everyHold.holdDocs} hold documents in ${everyHold.commands} commands (+1 raffle read); ` +
      `now ${after.holdDocs} hold documents in ${after.commands} commands (raffle, changed holds, grid document)`,
  );
  expect(everyHold.holdDocs).toBeGreaterThanOrEqual(SOLD);
  // The changed holds only: the unpaid order's one and the latest sale's two.
  expect(after.holdDocs).toBe(3);
  expect(after.commands).toBe(3);
});

it('a raffle whose holds came before its grid document gets one built from them', async () => {
  await sell(0, 200);
  const waiting = randomUUID();
  await holdNumbers(store.db, { raffleId: raffle, purchaseId: waiting, numbers: [900] });
  // Holds as the version before the marker wrote them.
  await store.db.collection('number_holds').updateMany({}, { $unset: { gridPending: '' } });

  const built = await refresh();
  expect([built.state(0), built.state(199), built.state(900), built.state(200)]).toEqual([
    'sold',
    'sold',
    'held',
    'free',
  ]);
  const next = await refresh();
  expect([next.state(199), next.state(900)]).toEqual(['sold', 'held']);
  expect(next.holdDocs).toBe(1);
  await releasePurchaseNumbers(store.db, raffle, waiting, [900]);
  expect((await refresh()).state(900)).toBe('free');
});
