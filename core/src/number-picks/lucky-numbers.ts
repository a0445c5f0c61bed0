// The maquinita: free numbers picked at random on the server, from node:crypto's
// cryptographically secure generator (randomInt), the source the public record states
// (PICK_TEXTS.randomSource). They are not held: the order holds them, and if another
// buyer took one meanwhile, the 409 names it like any chosen number.
import { randomInt } from 'node:crypto';
import { padNumber, PICK_TEXTS } from '@vag/contracts';
import type { Db } from 'mongodb';
import { getRaffle, numberModeOf } from '../db/raffle';
import { OrderRefused } from '../purchase-lifecycle/order-refused';
import { takenNumbers } from './grid';

export async function luckyNumbers(db: Db, raffleId: string, count: number): Promise<string[]> {
  const raffle = await getRaffle(db, raffleId);
  if (!raffle || numberModeOf(raffle) !== 'pick')
    throw new OrderRefused(409, PICK_TEXTS.pickNotAllowed);
  const taken = await takenNumbers(db, raffleId);
  const free = raffle.totalNumbers - taken.size;
  if (free < count) throw new OrderRefused(409, PICK_TEXTS.notEnoughFree(free));
  return pickFree(raffle.totalNumbers, taken, count)
    .sort((a, b) => a - b)
    .map((n) => padNumber(n, raffle.numberWidth));
}

/** `count` distinct numbers of [0, total) not in `taken`, each free number equally likely. */
export function pickFree(total: number, taken: ReadonlySet<number>, count: number): number[] {
  const free = total - taken.size;
  // Few wanted among many free: draw and redraw a taken or repeated one.
  if (count * 2 <= free) {
    const chosen = new Set<number>();
    while (chosen.size < count) {
      const n = randomInt(total);
      if (!taken.has(n)) chosen.add(n);
    }
    return [...chosen];
  }
  // Otherwise a partial Fisher–Yates shuffle of the free list.
  const pool: number[] = [];
  for (let n = 0; n < total; n++) if (!taken.has(n)) pool.push(n);
  for (let i = 0; i < count; i++) {
    const j = i + randomInt(pool.length - i);
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, count);
}
