// The grid of a pick-mode raffle as numberGridSchema carries it: two bitmaps (held, sold),
// bit i = number i, most significant bit first, base64. 100 000 numbers are 12.5 KB a
// bitmap before compression; `version` changes whenever a bit does.
//
// A refresh reads the raffle's grid document (its sold numbers, db/number-grids.ts) and
// the holds marked as not in it yet (the live orders' numbers and the latest sales), each
// an index search, instead of every hold of the raffle: in a rush on 100 000 numbers that
// was a read of up to 100 000 documents per cache window. The refresh folds the sales that
// have settled into the document, so the marked holds stay few. A sold number is always
// in one of the two reads (I1's sold numbers are never shown free), and the grid reads
// only holds: a sealed prize number shows as any other until someone buys it (DESIGN,
// "Instant prizes: public or sealed").
import { createHash } from 'node:crypto';
import type { NumberGrid } from '@vag/contracts';
import type { Db } from 'mongodb';
import {
  createNumberGridDoc,
  foldIntoNumberGridDoc,
  getNumberGridDoc,
  type NumberGridDoc,
} from '../db/number-grids';
import {
  listGridPendingHolds,
  listRaffleHolds,
  markHeldGridPending,
  unmarkGridFolded,
  type PendingHold,
} from '../db/number-holds';
import { getRaffle, numberModeOf, type RaffleDoc } from '../db/raffle';

/**
 * A sale is folded into the document once it is this old: a paid order that turns out not
 * to get all its numbers gives back the few it sold a moment before (assign-picked.ts),
 * and a folded bit is never taken back.
 */
export const GRID_FOLD_AFTER_MS = 30_000;

type GridRaffle = Pick<RaffleDoc, '_id' | 'totalNumbers' | 'numberWidth' | 'numberMode'>;

interface Bitmaps {
  held: Uint8Array;
  sold: Uint8Array;
}

export async function numberGrid(
  db: Db,
  raffleId: string,
  now: Date = new Date(),
): Promise<NumberGrid | null> {
  const raffle = await getRaffle(db, raffleId);
  if (!raffle) return null;
  const bitmaps =
    numberModeOf(raffle) === 'pick' ? await takenNumbers(db, raffle, now) : emptyBitmaps(raffle);
  return gridOf(raffle, bitmaps);
}

async function takenNumbers(db: Db, raffle: GridRaffle, now: Date): Promise<Bitmaps> {
  // The marked holds first, then the document: a sale folded in between is in the
  // document; read the other way round, it could be in neither.
  const pending = await listGridPendingHolds(db, raffle._id);
  const doc = await getNumberGridDoc(db, raffle._id);
  if (!doc) return buildGridDoc(db, raffle);
  const folded = bitmapOf(raffle, doc.sold);
  const ripe = pending.filter(
    (h) => h.state === 'sold' && now.getTime() - (h.soldAt?.getTime() ?? 0) >= GRID_FOLD_AFTER_MS,
  );
  const bitmaps = { held: emptyBitmap(raffle), sold: folded.slice() };
  for (const h of pending)
    setBit(raffle, h.state === 'sold' ? bitmaps.sold : bitmaps.held, h.number);
  if (ripe.length > 0) await fold(db, { raffle, doc, folded, ripe });
  return bitmaps;
}

/** The settled sales into the document, then their markers off (only if this fold wrote). */
async function fold(
  db: Db,
  {
    raffle,
    doc,
    folded,
    ripe,
  }: { raffle: GridRaffle; doc: NumberGridDoc; folded: Uint8Array; ripe: PendingHold[] },
): Promise<void> {
  for (const h of ripe) setBit(raffle, folded, h.number);
  const wrote = await foldIntoNumberGridDoc(db, {
    raffleId: raffle._id,
    version: doc.version,
    sold: Buffer.from(folded).toString('base64'),
  });
  if (wrote)
    await unmarkGridFolded(
      db,
      ripe.map((h) => h._id),
    );
}

/**
 * A raffle without a document yet (its first refresh, or holds written before the
 * document existed): one read of every hold writes it; the held ones get their marker.
 */
async function buildGridDoc(db: Db, raffle: GridRaffle): Promise<Bitmaps> {
  const holds = await listRaffleHolds(db, raffle._id);
  const bitmaps = emptyBitmaps(raffle);
  for (const { number, state } of holds)
    setBit(raffle, state === 'sold' ? bitmaps.sold : bitmaps.held, number);
  await markHeldGridPending(db, raffle._id);
  await createNumberGridDoc(db, raffle._id, Buffer.from(bitmaps.sold).toString('base64'));
  return bitmaps;
}

export function gridOf(raffle: GridRaffle, { held, sold }: Bitmaps): NumberGrid {
  const version = createHash('sha256').update(held).update(sold).digest('base64url').slice(0, 16);
  return {
    raffleId: raffle._id,
    mode: numberModeOf(raffle),
    totalNumbers: raffle.totalNumbers,
    numberWidth: raffle.numberWidth,
    version,
    held: Buffer.from(held).toString('base64'),
    sold: Buffer.from(sold).toString('base64'),
  };
}

function emptyBitmap(raffle: Pick<RaffleDoc, 'totalNumbers'>): Uint8Array {
  return new Uint8Array(Math.ceil(raffle.totalNumbers / 8));
}

function emptyBitmaps(raffle: Pick<RaffleDoc, 'totalNumbers'>): Bitmaps {
  return { held: emptyBitmap(raffle), sold: emptyBitmap(raffle) };
}

/** A stored bitmap at the raffle's size (its numbers past the end, if any, left out). */
function bitmapOf(raffle: Pick<RaffleDoc, 'totalNumbers'>, base64: string): Uint8Array {
  const bitmap = emptyBitmap(raffle);
  const stored = Buffer.from(base64, 'base64');
  bitmap.set(stored.subarray(0, bitmap.length));
  const extra = bitmap.length * 8 - raffle.totalNumbers;
  if (extra > 0 && bitmap.length > 0) bitmap[bitmap.length - 1]! &= 0xff << extra;
  return bitmap;
}

function setBit(raffle: Pick<RaffleDoc, 'totalNumbers'>, bitmap: Uint8Array, number: number) {
  if (number < 0 || number >= raffle.totalNumbers) return;
  bitmap[number >> 3]! |= 0x80 >> (number & 7);
}
