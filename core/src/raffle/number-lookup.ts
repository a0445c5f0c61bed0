// One raffle number as the public verifier shows it: the sale position behind it (perm⁻¹),
// the claim covering that position and, if there is one, when it was sold — never to whom:
// anyone can type numbers, and a name and city per number would map buyers to their
// numbers (the draw's winner is named, masked, on /ganadores). The instant prize on the
// number, whoever holds it — in a pick-mode raffle only once won (prize-disclosure.ts): an
// answer that differed for an unwon prize number would tell a buyer which one to choose.
import type { NumberLookup } from '@vag/contracts';
import type { Db } from 'mongodb';
import { findInstantPrizeByNumber } from '../db/instant-prizes';
import { findClaimCovering } from '../db/number-claims';
import { findSoldNumber } from '../db/number-holds';
import { getPurchase } from '../db/purchases';
import { getRaffleNumbers, type RaffleNumbers } from '../db/raffle-numbers';
import { formatNumber, permutationFor } from './permutation';
import { isRevealed, prizeViewOf, type PrizeView } from './prize-disclosure';

/** The raffle's size when its numbers exist (what a typed number is checked against), else null. */
export async function lookupTarget(db: Db, raffleId: string): Promise<RaffleNumbers | null> {
  const raffle = await getRaffleNumbers(db, raffleId);
  return raffle.numbersGenerated && raffle.secretKey ? raffle : null;
}

/** `value` must already be within 0…N−1 of `raffle` (see numberLookupError). */
export async function lookupNumber(
  db: Db,
  raffle: RaffleNumbers,
  value: number,
): Promise<NumberLookup> {
  const { raffleId } = raffle;
  const number = formatNumber(value, raffle.numberWidth);
  const view = await prizeViewOf(db, raffleId);
  const [sale, found] = await Promise.all([
    saleOf(db, raffle, value, view),
    findInstantPrizeByNumber(db, raffleId, number),
  ]);
  const purchase = sale ? await getPurchase(db, sale.purchaseId) : null;
  const prize = found && isRevealed(found, view) ? found : null;
  return {
    number,
    status: purchase ? 'sold' : 'available',
    holder: null,
    city: null,
    soldAt: purchase
      ? (purchase.numbersAssignedAt ?? purchase.paidAt ?? sale!.at).toISOString()
      : null,
    prize: prize && {
      amount: prize.prizeAmount,
      // 'delivered' only once won: the admin's tick alone does not make a prize won.
      status:
        prize.status === 'available' ? 'available' : prize.delivered ? 'delivered' : 'pending',
    },
  };
}

/**
 * The purchase a number was sold to: the claim covering its position (perm⁻¹) in a
 * random-mode raffle, the chosen number's sale in a pick-mode one (which has no claims).
 */
async function saleOf(
  db: Db,
  raffle: RaffleNumbers,
  value: number,
  view: PrizeView,
): Promise<{ purchaseId: string; at: Date } | null> {
  if (view.mode === 'pick') return findSoldNumber(db, raffle.raffleId, value);
  const position = permutationFor(raffle.secretKey!, raffle.totalNumbers).invert(value);
  const claim = await findClaimCovering(db, raffle.raffleId, position);
  return claim && { purchaseId: claim.purchaseId, at: claim.createdAt };
}
