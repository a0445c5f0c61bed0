// The raffle an order is for, as the buyer was shown it. The api reads its storefront
// cache (staff changes drop it at once, it is never older than a few seconds, and in a
// sale one read serves every buyer) and hands it in; what it lacks is read from the store.
// Whether the raffle still has numbers is decided later by the reservation's own
// conditional update (DESIGN I2), not here.
import { SERVER } from '@vag/contracts';
import type { NumberMode } from '@vag/contracts';
import type { CoreDeps } from '../deps';
import { findPackage } from '../db/packages';
import { getRaffle } from '../db/raffle';
import { OrderRefused } from './order-refused';

export interface SaleRaffle {
  _id: string;
  name: string;
  pricePerNumber: number;
  isActive: boolean;
  numbersGenerated: boolean;
  totalNumbers: number;
  numberWidth: number;
  /** Absent: random (a raffle from before the modes). */
  numberMode?: NumberMode;
}

export interface SalePackage {
  _id: string;
  name: string;
  quantity: number;
  price: number;
}

/** What the buyer was shown; a null part (not cached, or not readable) is read from the store. */
export interface ShownSale {
  raffle: SaleRaffle | null;
  packages: readonly SalePackage[] | null;
}

/** A raffle that sells, with what its buyers were shown of it. */
export interface Sale {
  raffleId: string;
  raffle: SaleRaffle;
  shown: ShownSale;
}

/** The raffle `raffleId` when it sells: active and with its numbers generated. */
export async function saleFor(
  deps: Pick<CoreDeps, 'db'>,
  { raffleId, shown }: { raffleId: string; shown: ShownSale },
): Promise<Sale> {
  const cached = shown.raffle?._id === raffleId ? shown.raffle : null;
  const raffle = cached ?? (await getRaffle(deps.db, raffleId));
  if (!raffle) throw new OrderRefused(409, SERVER.raffleNotFound);
  if (!raffle.isActive) throw new OrderRefused(409, SERVER.raffleInactive);
  if (!raffle.numbersGenerated) throw new OrderRefused(409, SERVER.numbersNotGenerated);
  return { raffleId, raffle, shown: cached ? shown : { raffle, packages: null } };
}

/** A package of the raffle on sale; one the shown page does not list yet is looked up in the store. */
export async function salePackage(
  deps: Pick<CoreDeps, 'db'>,
  sale: Sale,
  id: string,
): Promise<SalePackage | null> {
  const shown = sale.shown.packages?.find((p) => p._id === id);
  return shown ?? (await findPackage(deps.db, sale.raffleId, id));
}
