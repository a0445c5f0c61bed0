// The events of a purchase's life, built from the purchase itself. Each carries the
// whole sale (who, what, how much, when ordered), so the reports worker can project the
// purchase from whichever of them it sees first.
import { makeEvent, type EventOf, type PurchaseLifecycleEvent } from '@vag/contracts';
import type { PurchaseSale } from '../db/purchases';

type LifecycleType = PurchaseLifecycleEvent['type'];

/** The fields an event type adds to the sale, e.g. `paidAt` for purchase.paid. */
type Extra<T extends LifecycleType> = Omit<EventOf<T>['data'], keyof ReturnType<typeof saleData>>;

function saleData(purchase: PurchaseSale) {
  return {
    purchaseId: purchase._id,
    raffleId: purchase.raffleId,
    quantity: purchase.quantity,
    paymentMethod: purchase.paymentMethod,
    totalPrice: purchase.totalPrice,
    resellerCode: purchase.resellerCode ?? null,
    packageType: purchase.packageType,
    createdAt: purchase.createdAt.toISOString(),
    buyer: {
      firstName: purchase.buyer.firstName,
      lastName: purchase.buyer.lastName,
      email: purchase.buyer.email,
    },
  };
}

export function purchaseEvent<T extends LifecycleType>(
  type: T,
  purchase: PurchaseSale,
  extra: Extra<T>,
  at: Date,
): EventOf<T> {
  // TypeScript cannot relate the generic T's data to the union; the Extra<T> parameter
  // already holds callers to the right fields.
  return makeEvent(type, { ...saleData(purchase), ...extra } as never, at);
}

/** The event of a purchase paid at `paidAt`, as the payment's write stores it in the outbox. */
export function paidEvent(purchase: PurchaseSale, paidAt: Date) {
  return purchaseEvent('purchase.paid', purchase, { paidAt: paidAt.toISOString() }, paidAt);
}
