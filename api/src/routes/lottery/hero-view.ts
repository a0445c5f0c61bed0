// The raffle as visitors and the hero form see it, shared by GET /api/lottery and the
// storefront's server-rendered pages.
import type { RaffleDoc } from '@vag/core/db/raffle';

/** What visitors and the hero form read; never the secret key or internal counters. */
export function heroView(raffle: RaffleDoc) {
  return {
    _id: raffle._id,
    id: raffle._id,
    name: raffle.name,
    prize: raffle.prize,
    imageUrl: raffle.imageUrl,
    pricePerNumber: raffle.pricePerNumber,
    isActive: raffle.isActive,
    endDate: raffle.endDate.toISOString(),
    soldOut: raffle.soldOut,
    totalNumbers: raffle.totalNumbers,
    numberWidth: raffle.numberWidth,
    numbersGenerated: raffle.numbersGenerated,
  };
}
