// What the numbers worker does for one paid purchase (DESIGN pipeline step 4). Every
// step is idempotent on its own, so a redelivery — or a crash anywhere in between —
// replays the whole sequence and ends in the same state:
//   1. allocate: one claim per purchase (a repeat answers the same claim and numbers),
//      grouped with the other purchases this process allocates at the same time; the
//      write that moves the raffle's cursor past new claims counts them as sold
//   2. record the numbers on the purchase with the mark that it counts as sold (one
//      conditional write)
//   3. mark instant prizes among the numbers as won
//   4. sold out when the claims reach the raffle's end
//   5. publish numbers.assigned (consumers are idempotent; a repeat is harmless), with
//      the raffle fields the e-mail's ticket prints, read along with the numbers
import type { CoreDeps } from '@vag/core';
import { CURRENT_RAFFLE_ID, markSoldOut, type RaffleNumbers } from '@vag/core/db/raffle-numbers';
import { assignPickedNumbers } from '@vag/core/number-picks/assign-picked';
import { claimInstantPrizes } from '@vag/core/db/instant-prizes';
import {
  findPurchaseToNumber,
  recordNumbersCountedAsSold,
  recordInstantPrizesWon,
  recordNumbersProblem,
} from '@vag/core/db/purchase-numbers';
import { refundUnnumbered } from '@vag/core/purchase-lifecycle/refund';
import { NumbersExhaustedError } from '@vag/core/raffle/allocate';
import { allocateNumbersGrouped } from '@vag/core/raffle/allocate-grouped';
import { makeEvent, TOPICS } from '@vag/contracts';

export type AssignOutcome = 'assigned' | 'skipped';

export async function assignNumbers(
  deps: Pick<CoreDeps, 'db' | 'bus' | 'log'>,
  purchaseId: string,
): Promise<AssignOutcome> {
  const { db, log } = deps;
  const purchase = await findPurchaseToNumber(db, purchaseId);
  if (!purchase) {
    // Deleted by the admin's reset after it was paid: nothing left to number.
    log.warn({ purchaseId }, 'numbers: purchase.paid for a purchase that no longer exists');
    return 'skipped';
  }
  if (purchase.status !== 'COMPLETED') {
    log.error(
      { purchaseId, status: purchase.status },
      'numbers: purchase.paid for a purchase that is not COMPLETED',
    );
    return 'skipped';
  }
  const raffleId = purchase.raffleId ?? CURRENT_RAFFLE_ID;

  if (purchase.pickedNumbers?.length) {
    // Pick mode: exactly the numbers the buyer chose and held (core/src/number-picks).
    const picked = await assignPickedNumbers(db, { ...purchase, raffleId });
    if (!picked.ok) {
      log.error({ purchaseId, problem: picked.problem }, 'numbers: chosen numbers not sellable');
      await recordNumbersProblem(db, purchaseId, picked.problem);
      return 'skipped';
    }
    // The raffle as the counters' write left it (read along, core/src/number-picks).
    const { raffle } = picked;
    return finishAssignment(deps, {
      purchaseId,
      raffleId,
      numbers: picked.numbers,
      raffle,
      soldOut: raffle.sold >= raffle.totalNumbers,
    });
  }

  let allocation;
  try {
    allocation = await allocateNumbersGrouped(db, {
      raffleId,
      purchaseId,
      quantity: purchase.quantity,
    });
  } catch (error) {
    if (!(error instanceof NumbersExhaustedError)) throw error;
    // Capacity accounting let more numbers be paid than exist (I2). Retrying cannot help
    // and would block the purchases behind this one: the buyer paid for numbers that do
    // not exist, so the purchase is flagged for refund (refund.ts), loudly; the problem
    // stays on it for staff.
    log.error({ purchaseId, err: error }, 'numbers: no positions left for a paid purchase');
    await recordNumbersProblem(db, purchaseId, error.message);
    await refundUnnumbered(deps, purchaseId, error.message);
    return 'skipped';
  }
  const { numbers, claim, raffle } = allocation;
  await recordNumbersCountedAsSold(db, purchaseId, numbers);
  return finishAssignment(deps, {
    purchaseId,
    raffleId,
    numbers,
    raffle,
    soldOut: claim.start + claim.count >= raffle.totalNumbers,
  });
}

interface Assigned {
  purchaseId: string;
  raffleId: string;
  numbers: string[];
  raffle: RaffleNumbers;
  soldOut: boolean;
}

/** Steps 3–5, the same in both modes once the purchase holds its numbers. */
async function finishAssignment(
  { db, bus }: Pick<CoreDeps, 'db' | 'bus'>,
  { purchaseId, raffleId, numbers, raffle, soldOut }: Assigned,
): Promise<AssignOutcome> {
  const instantPrizes = await claimInstantPrizes(db, {
    raffleId,
    purchaseId,
    numbers,
    committedPrizeNumbers: raffle.prizeNumbers,
  });
  if (instantPrizes.length > 0) await recordInstantPrizesWon(db, purchaseId, instantPrizes);
  if (soldOut) await markSoldOut(db, raffleId);

  await bus.publish([
    {
      topic: TOPICS['numbers.assigned'],
      key: purchaseId,
      value: makeEvent('numbers.assigned', {
        purchaseId,
        raffleId,
        numbers,
        instantPrizes,
        ticket: raffle.ticket,
      }),
    },
  ]);
  return 'assigned';
}
