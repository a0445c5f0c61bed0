// The raffle as visitors and the hero form see it, shared by GET /api/lottery and the
// storefront's server-rendered pages.
import { numberModeOf, type RaffleDoc } from '@vag/core/db/raffle';
import { isSelling } from '@vag/core/raffle/sale-lifecycle';

/** What visitors and the hero form read; never the secret key or internal counters. */
export function heroView(raffle: RaffleDoc) {
  return {
    _id: raffle._id,
    id: raffle._id,
    name: raffle.name,
    prize: raffle.prize,
    imageUrl: raffle.imageUrl,
    pricePerNumber: raffle.pricePerNumber,
    // A closing sale no longer sells, whatever stopped it: the store and the Sorteo page agree.
    isActive: isSelling(raffle),
    endDate: raffle.endDate.toISOString(),
    soldOut: raffle.soldOut,
    totalNumbers: raffle.totalNumbers,
    numberWidth: raffle.numberWidth,
    numbersGenerated: raffle.numbersGenerated,
    // create-order reads the mode from here, as it reads the price (no store read per order).
    numberMode: numberModeOf(raffle),
  };
}
