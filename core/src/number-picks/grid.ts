// The grid of a pick-mode raffle as numberGridSchema carries it: two bitmaps (held, sold),
// bit i = number i, most significant bit first, base64. 100 000 numbers are 12.5 KB a
// bitmap before compression; `version` changes whenever a bit does.
import { createHash } from 'node:crypto';
import type { NumberGrid } from '@vag/contracts';
import type { Db } from 'mongodb';
import { listRaffleHolds } from '../db/number-holds';
import { getRaffle, numberModeOf, type RaffleDoc } from '../db/raffle';

export async function numberGrid(db: Db, raffleId: string): Promise<NumberGrid | null> {
  const raffle = await getRaffle(db, raffleId);
  if (!raffle) return null;
  const holds = numberModeOf(raffle) === 'pick' ? await listRaffleHolds(db, raffleId) : [];
  return gridOf(raffle, holds);
}

export function gridOf(
  raffle: Pick<RaffleDoc, '_id' | 'totalNumbers' | 'numberWidth' | 'numberMode'>,
  holds: ReadonlyArray<{ number: number; state: 'held' | 'sold' }>,
): NumberGrid {
  const size = Math.ceil(raffle.totalNumbers / 8);
  const held = new Uint8Array(size);
  const sold = new Uint8Array(size);
  for (const { number, state } of holds) {
    if (number < 0 || number >= raffle.totalNumbers) continue;
    (state === 'sold' ? sold : held)[number >> 3]! |= 0x80 >> (number & 7);
  }
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
