// Staff's "re-send": the purchase's `numbers.assigned` event goes out again. Only the
// channel staff reset is claimable, so the other one is not sent twice.
import { makeEvent, TOPICS } from '@vag/contracts';
import type { CoreDeps } from '../deps';
import type { PurchaseDoc } from '../db/purchases';

export async function republishNumbersAssigned(
  deps: Pick<CoreDeps, 'bus'>,
  purchase: PurchaseDoc,
): Promise<void> {
  const event = makeEvent('numbers.assigned', {
    purchaseId: purchase._id,
    raffleId: purchase.raffleId,
    numbers: purchase.assignedNumbers,
    instantPrizes: purchase.instantPrizesWon ?? [],
  });
  await deps.bus.publish([{ topic: TOPICS['numbers.assigned'], key: purchase._id, value: event }]);
}
