// The sale's end as the operator drives it: 'Cerrar venta' closes it now (pending orders
// may still be paid until their hold ends, then the closing job publishes the sold list),
// 'Reabrir venta' takes that back while the list is unpublished, and the status says what
// the draw waits for. Everything takes a raffle id, so a raffle of its own keeps it.
import { SALE_TEXTS, type DrawWinner, type SalePhase, type SaleStatus } from '@vag/contracts';
import type { Db } from 'mongodb';
import { getPurchase, pendingHolds, type PurchaseDoc } from '../db/purchases';
import { getRaffle, setRaffleActive, stampRaffle, type RaffleDoc } from '../db/raffle';
import {
  getRaffleFairness,
  requestClose,
  withdrawClose,
  type RaffleFairness,
} from '../db/raffle-fairness';
import { FairnessRefusal } from './fairness';

/** The store sells: active, and nothing (a due closing, a sellout) stopped it. */
export function isSelling(raffle: Pick<RaffleDoc, 'isActive'> & { salesStopped?: boolean }) {
  return raffle.isActive && raffle.salesStopped !== true;
}

/**
 * 'Cerrar venta': the store stops taking orders now. With published numbers the closing
 * is due at once; the pending orders it waits for are answered for the audit entry.
 */
export async function closeSaleNow(
  db: Db,
  now = new Date(),
  raffleId: string,
): Promise<{ pendingOrders: number }> {
  await setRaffleActive(db, raffleId, false);
  const fairness = await getRaffleFairness(db, raffleId);
  // Without a commitment there is no sold list to publish: closing only pauses the store.
  if (fairness.commitment && !fairness.closing) await requestClose(db, now, raffleId);
  return { pendingOrders: (await pendingHolds(db, raffleId)).count };
}

/**
 * 'Abrir venta' / 'Reabrir venta': refused once the sold list is published, after the
 * end date (the closing job would close it again at once) and when sold out.
 */
export async function openSale(db: Db, now = new Date(), raffleId: string): Promise<void> {
  const fairness = await getRaffleFairness(db, raffleId);
  if (fairness.closing) throw new FairnessRefusal(409, SALE_TEXTS.alreadyClosed);
  const raffle = await getRaffle(db, raffleId);
  if (raffle?.soldOut) throw new FairnessRefusal(409, SALE_TEXTS.soldOut);
  if (raffle && raffle.endDate.getTime() <= now.getTime())
    throw new FairnessRefusal(409, SALE_TEXTS.endDatePassed);
  if (!(await withdrawClose(db, raffleId)))
    throw new FairnessRefusal(409, SALE_TEXTS.alreadyClosed);
  await setRaffleActive(db, raffleId, true);
  // A raffle that sells is published: its orders are sales, never a draft's test orders
  // (raffle-actions.ts clears only those).
  await stampRaffle(db, raffleId, 'publishedAt');
}

function phaseOf(raffle: RaffleDoc, fairness: RaffleFairness): SalePhase {
  if (!raffle.numbersGenerated || !fairness.commitment) return 'not-ready';
  if (fairness.draw) return 'drawn';
  if (fairness.closing) return 'closed';
  if (fairness.salesStopped || fairness.closeRequestedAt) return 'closing';
  return raffle.isActive ? 'open' : 'paused';
}

/** The winner as staff read it: number, buyer's name and order code. */
export function drawWinner(number: string | null, purchase: PurchaseDoc | null): DrawWinner | null {
  if (number === null || !purchase) return null;
  return {
    number,
    buyerName: `${purchase.buyer.firstName} ${purchase.buyer.lastName}`.trim(),
    orderCode: purchase.orderCode ?? purchase._id,
    purchaseId: purchase._id,
  };
}

/** What the Sorteo page shows: the phase and what the draw waits for. */
export async function saleStatus(db: Db, raffleId: string): Promise<SaleStatus> {
  const raffle = await getRaffle(db, raffleId);
  if (!raffle) throw new Error(`raffle ${raffleId} vanished`);
  const fairness = await getRaffleFairness(db, raffleId);
  const phase = phaseOf(raffle, fairness);
  const holds =
    phase === 'closing' || phase === 'open'
      ? await pendingHolds(db, raffleId)
      : { count: 0, until: null };
  const { draw } = fairness;
  const winnerPurchase = draw?.winnerPurchaseId
    ? await getPurchase(db, draw.winnerPurchaseId)
    : null;
  return {
    phase,
    selling: isSelling(raffle),
    pendingOrders: holds.count,
    pendingUntil: holds.until?.toISOString() ?? null,
    endDate: raffle.endDate.toISOString(),
    closedAt: fairness.closing?.closedAt.toISOString() ?? null,
    closeReason: fairness.closing?.reason ?? null,
    winningNumber: draw?.winningNumber ?? null,
    winner: draw ? drawWinner(draw.winningNumber, winnerPurchase) : null,
  };
}
