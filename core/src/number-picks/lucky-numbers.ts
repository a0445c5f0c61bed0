// The maquinita: free numbers picked at random on the server, from node:crypto's
// cryptographically secure generator (randomInt), the source the public record states
// (PICK_TEXTS.randomSource). They are not held: the order holds them, and if another
// buyer took one meanwhile, the 409 names it like any chosen number. So the maquinita may
// read the grid the pages poll (a second or two old, cached by the api): in a rush a read
// of every hold per spin queued the whole sale behind the store.
import { randomInt } from 'node:crypto';
import { gridBit, padNumber, PICK_TEXTS, type NumberGrid } from '@vag/contracts';
import { OrderRefused } from '../purchase-lifecycle/order-refused';

/** `count` free numbers of `grid` at random, padded as the raffle writes them. */
export function luckyNumbersOf(grid: NumberGrid | null, count: number): string[] {
  if (!grid || grid.mode !== 'pick') throw new OrderRefused(409, PICK_TEXTS.pickNotAllowed);
  const taken = takenIn(grid);
  const free = grid.totalNumbers - taken.size;
  if (free < count) throw new OrderRefused(409, PICK_TEXTS.notEnoughFree(free));
  return pickFree(grid.totalNumbers, taken, count)
    .sort((a, b) => a - b)
    .map((n) => padNumber(n, grid.numberWidth));
}

/** The held or sold numbers of the grid's bitmaps. */
function takenIn(grid: NumberGrid): Set<number> {
  const held = Buffer.from(grid.held, 'base64');
  const sold = Buffer.from(grid.sold, 'base64');
  const taken = new Set<number>();
  for (let n = 0; n < grid.totalNumbers; n++)
    if (gridBit(held, n) || gridBit(sold, n)) taken.add(n);
  return taken;
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
