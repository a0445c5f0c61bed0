// A paid pick-mode purchase gets exactly the numbers it chose (DESIGN pipeline step 4 for
// this mode). Each step is idempotent, so a redelivery or a crash in between replays to the
// same state:
//   1. its holds become sold; a hold gone (the sweeper ended the order just as a late
//      payment re-held it) is inserted again as sold, and one another purchase took is
//      reported: nothing is ever sold twice (I1)
//   2. the numbers recorded on the purchase with the mark that it counts as sold, in one
//      conditional write; only the call that wrote it moves reserved → sold (a crash
//      between the two is the reconciler's to repair, as in the random mode)
import type { Db } from 'mongodb';
import { holdNumbers, markNumbersSold } from '../db/number-holds';
import type { PurchaseDoc } from '../db/purchases';

export type PickedOutcome = { ok: true; numbers: string[] } | { ok: false; problem: string };

export async function assignPickedNumbers(
  db: Db,
  purchase: Pick<PurchaseDoc, '_id' | 'raffleId' | 'quantity' | 'pickedNumbers'>,
): Promise<PickedOutcome> {
  const numbers = purchase.pickedNumbers ?? [];
  const values = numbers.map(Number);
  const held = await holdNumbers(db, {
    raffleId: purchase.raffleId,
    purchaseId: purchase._id,
    numbers: values,
    state: 'sold',
  });
  if (!held.ok)
    return {
      ok: false,
      problem: `Números elegidos tomados por otro pedido: ${held.taken.join(', ')}`,
    };
  await markNumbersSold(db, purchase.raffleId, purchase._id, values);
  const now = new Date();
  const recorded = await db.collection<PurchaseDoc>('purchases').updateOne(
    { _id: purchase._id, soldCountedAt: { $exists: false } },
    {
      $set: {
        assignedNumbers: numbers,
        numbersAssignedAt: now,
        soldCountedAt: now,
        updatedAt: now,
      },
      $unset: { 'outbox.purchase_paid': '', numbersDue: '' },
    },
  );
  if (recorded.modifiedCount === 1)
    await db
      .collection<{ _id: string; reserved: number; sold: number }>('raffles')
      .updateOne(
        { _id: purchase.raffleId },
        { $inc: { reserved: -purchase.quantity, sold: purchase.quantity } },
      );
  return { ok: true, numbers };
}
