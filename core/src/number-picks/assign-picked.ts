// A paid pick-mode purchase gets exactly the numbers it chose (DESIGN pipeline step 4 for
// this mode). Each step is idempotent, so a redelivery or a crash in between replays to the
// same state:
//   1. its holds become sold, in one write (the usual case: the order still holds them);
//      a hold gone (the sweeper ended the order just as a late payment re-held it) is
//      inserted again as sold, and one another purchase took is reported, the rest of its
//      numbers given back: nothing is ever sold twice (I1), nothing stays held for good
//   2. the numbers recorded on the purchase with the mark that it counts as sold, in one
//      conditional write, grouped with the purchases one process numbers at the same time
//      (db/purchase-numbers.ts); only the call that wrote it moves reserved → sold (a crash
//      between the two is the reconciler's to repair, as in the random mode). That move is
//      grouped: the purchases one process numbers at the same time move the raffle's
//      counters in one write, which answers the raffle's numbers for the rest of the step
//      (core/src/db/group-commit.ts, as the random mode's claims are).
import type { Db } from 'mongodb';
import { batchedPerDb, type Pending } from '../db/group-commit';
import { holdNumbers, markNumbersSold, releaseUnsellableNumbers } from '../db/number-holds';
import { recordChosenNumbersCounted } from '../db/purchase-numbers';
import type { PurchaseDoc } from '../db/purchases';
import { countChosenAsSold, getRaffleNumbers, type RaffleNumbers } from '../db/raffle-numbers';

export type PickedOutcome =
  { ok: true; numbers: string[]; raffle: RaffleNumbers } | { ok: false; problem: string };

interface SoldCount {
  raffleId: string;
  quantity: number;
}

/** Purchases per counters' write: far more than a process numbers at once. */
const MAX_BATCH = 200;

/** One counters' write per raffle of the batch; each purchase gets the raffle as it is after. */
async function countBatch(db: Db, batch: Array<Pending<SoldCount, RaffleNumbers>>): Promise<void> {
  const byRaffle = new Map<string, Array<Pending<SoldCount, RaffleNumbers>>>();
  for (const p of batch)
    byRaffle.set(p.item.raffleId, [...(byRaffle.get(p.item.raffleId) ?? []), p]);
  for (const [raffleId, waiting] of byRaffle) {
    try {
      const quantity = waiting.reduce((sum, p) => sum + p.item.quantity, 0);
      const raffle = await countChosenAsSold(db, raffleId, quantity);
      for (const p of waiting) p.resolve(raffle);
    } catch (error) {
      for (const p of waiting) p.reject(error);
    }
  }
}

const countAsSold = batchedPerDb(countBatch, MAX_BATCH);

export async function assignPickedNumbers(
  db: Db,
  purchase: Pick<PurchaseDoc, '_id' | 'raffleId' | 'quantity' | 'pickedNumbers'>,
): Promise<PickedOutcome> {
  const numbers = purchase.pickedNumbers ?? [];
  const values = numbers.map(Number);
  const sold = await markNumbersSold(db, purchase.raffleId, purchase._id, values);
  if (!sold) {
    const held = await holdNumbers(db, {
      raffleId: purchase.raffleId,
      purchaseId: purchase._id,
      numbers: values,
      state: 'sold',
    });
    if (!held.ok) {
      // Not assignable: what it still has of its own goes back (the first write may have
      // sold some, and sold means assigned to a paid purchase, the grid's and the sold
      // list's reading; held, nothing would ever free them: the purchase is written and
      // paid, so neither the sweeper nor the reconciler ends it).
      await releaseUnsellableNumbers(db, purchase.raffleId, purchase._id, values);
      return {
        ok: false,
        problem: `Números elegidos tomados por otro pedido: ${held.taken.join(', ')}`,
      };
    }
    // Those it still held (inserted again: already its own) turn sold too.
    await markNumbersSold(db, purchase.raffleId, purchase._id, values);
  }
  const first = await recordChosenNumbersCounted(db, purchase._id, numbers);
  const raffle = first
    ? await countAsSold(db, { raffleId: purchase.raffleId, quantity: purchase.quantity })
    : await getRaffleNumbers(db, purchase.raffleId);
  return { ok: true, numbers, raffle };
}
