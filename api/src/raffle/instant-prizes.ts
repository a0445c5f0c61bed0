// Instant prizes are drawn among the numbers nobody holds yet with the allocation
// machinery itself: random sale positions at or after the cursor, mapped through the
// permutation. Positions before the cursor are sold; those after it are not, and the
// buyer who later reaches one of them gets the prize.
import { randomInt } from 'node:crypto';
import type { Db } from 'mongodb';
import { findClaimCovering } from '../db/number-claims';
import { claimInstantPrizes, insertInstantPrizes } from '../db/instant-prizes';
import { recordInstantPrizesWon } from '../db/purchase-numbers';
import type { RaffleNumbers } from '../db/raffle-numbers';
import { formatNumber, permutationFor } from './permutation';

export class NotEnoughFreeNumbersError extends Error {}

/** `count` distinct unsold sale positions, uniformly at random. */
export function drawFreePositions(
  raffle: Pick<RaffleNumbers, 'nextPosition' | 'totalNumbers'>,
  count: number,
): number[] {
  const from = raffle.nextPosition;
  const free = raffle.totalNumbers - from;
  if (count > free)
    throw new NotEnoughFreeNumbersError(`${count} prizes but only ${free} unsold numbers`);
  const positions = new Set<number>();
  // Rejection sampling: count ≤ 10, so even a nearly sold-out raffle needs few draws.
  while (positions.size < count) positions.add(from + randomInt(free));
  return [...positions];
}

/** Places one prize per amount on distinct unsold numbers. */
export async function placeInstantPrizes(
  db: Db,
  raffle: RaffleNumbers,
  amounts: readonly number[],
): Promise<void> {
  if (!raffle.secretKey) throw new Error(`raffle ${raffle.raffleId} has no numbers`);
  const perm = permutationFor(raffle.secretKey, raffle.totalNumbers);
  const positions = drawFreePositions(raffle, amounts.length);
  const items = positions.map((position, i) => ({
    position,
    number: formatNumber(perm.permute(position), raffle.numberWidth),
    prizeAmount: amounts[i]!,
  }));
  await insertInstantPrizes(db, raffle.raffleId, items);

  // A sale may have claimed one of these positions between our read of the cursor and
  // the insert, and checked for prizes before they existed: hand such a prize over now.
  for (const item of items) {
    const claim = await findClaimCovering(db, raffle.raffleId, item.position);
    if (!claim) continue;
    const numbers = [item.number];
    const won = await claimInstantPrizes(db, raffle.raffleId, claim.purchaseId, numbers);
    await recordInstantPrizesWon(db, claim.purchaseId, won);
  }
}
