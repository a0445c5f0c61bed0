// What an order costs, decided on the server (DESIGN I6): a package's price as the buyer
// was shown it, or the raffle's price per number for a custom quantity. The client's
// amounts must be the server's to the cent, or nothing is held.
import {
  customTotal,
  roundMoney,
  SERVER,
  toCents,
  unitPrice as packageUnitPrice,
  type CreateOrder,
} from '@vag/contracts';
import type { CoreDeps } from '../deps';
import type { PurchaseDoc } from '../db/purchases';
import { OrderRefused } from './order-refused';
import { salePackage, type Sale } from './sale';

export type Priced = Pick<
  PurchaseDoc,
  'quantity' | 'unitPrice' | 'totalPrice' | 'packageId' | 'packageData' | 'packageType'
>;

export async function priceOrder(
  deps: Pick<CoreDeps, 'db'>,
  sale: Sale,
  order: CreateOrder,
): Promise<Priced> {
  const priced =
    order.packageId && order.packageId !== 'custom'
      ? await packagePrice(deps, sale, { id: order.packageId, quantity: order.quantity })
      : customPrice(order.quantity, sale.raffle.pricePerNumber);
  if (
    toCents(order.amount) !== toCents(priced.totalPrice) ||
    toCents(order.totalPrice) !== toCents(priced.totalPrice)
  ) {
    throw new OrderRefused(400, SERVER.amountMismatch);
  }
  if (priced.totalPrice <= 0) throw new OrderRefused(400, SERVER.amountMismatch);
  return priced;
}

async function packagePrice(
  deps: Pick<CoreDeps, 'db'>,
  sale: Sale,
  asked: { id: string; quantity: number },
): Promise<Priced> {
  const pkg = await salePackage(deps, sale, asked.id);
  if (!pkg) throw new OrderRefused(404, SERVER.packageNotFound);
  if (asked.quantity !== pkg.quantity) throw new OrderRefused(400, SERVER.amountMismatch);
  const price = roundMoney(pkg.price);
  return {
    quantity: pkg.quantity,
    unitPrice: packageUnitPrice(pkg),
    totalPrice: price,
    packageId: pkg._id,
    packageData: { name: pkg.name, quantity: pkg.quantity, price },
    packageType: 'normal',
  };
}

function customPrice(quantity: number, pricePerNumber: number): Priced {
  const totalPrice = customTotal(quantity, pricePerNumber);
  return {
    quantity,
    unitPrice: roundMoney(pricePerNumber),
    totalPrice,
    packageId: null,
    packageData: { name: 'Personalizado', quantity, price: totalPrice },
    packageType: 'custom',
  };
}
