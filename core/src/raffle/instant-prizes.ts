// Instant prizes are drawn among the numbers nobody holds yet with the allocation
// machinery itself: random sale positions at or after the cursor, mapped through the
// permutation. Positions before the cursor are sold; those after it are not, and the
// buyer who later reaches one of them gets the prize. Their numbers are committed (a
// salted hash of the list, and one per prize under its own salt: DESIGN "The next layer",
// instant prizes) in the same update that takes the right to assign them, which only
// succeeds while nothing is sold or reserved. What the public sees of them is
// prize-disclosure.ts's.
import { randomInt } from 'node:crypto';
import type { Db } from 'mongodb';
import { findClaimCovering } from '../db/number-claims';
import { claimInstantPrizes, insertInstantPrizes } from '../db/instant-prizes';
import { recordInstantPrizesWon } from '../db/purchase-numbers';
import { commitInstantPrizes, getRaffleFairness } from '../db/raffle-fairness';
import { getRaffleNumbers, type RaffleNumbers } from '../db/raffle-numbers';
import { prizeCommitment, prizesCommitment } from './commitment';
import { formatNumber, permutationFor } from './permutation';

export class NotEnoughFreeNumbersError extends Error {}
export class PrizesNotAssignableError extends Error {
  constructor(readonly reason: 'not-generated' | 'already-assigned' | 'has-sales') {
    super(`instant prizes cannot be assigned: ${reason}`);
  }
}

interface PrizeItem {
  position: number;
  number: string;
  prizeAmount: number;
  /** The prize's own salt and hash; none for a raffle generated before commitments. */
  salt?: string;
  hash?: string;
}

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

/**
 * Places one prize per amount on distinct unsold numbers of the current raffle, after
 * committing their numbers; refuses once a number is sold or reserved, or when prizes
 * are assigned already.
 */
export async function assignInstantPrizes(
  db: Db,
  amounts: readonly number[],
  raffleId: string,
): Promise<void> {
  const raffle = await getRaffleNumbers(db, raffleId);
  if (!raffle.numbersGenerated || !raffle.secretKey)
    throw new PrizesNotAssignableError('not-generated');
  const { commitment } = await getRaffleFairness(db, raffle.raffleId);
  const items = choosePrizeNumbers(raffle, amounts, commitment?.raffleRef ?? null);
  const numbers = items.map((item) => item.number);
  // A raffle generated before commitments existed has none to extend.
  const committed = await commitInstantPrizes(
    db,
    commitment &&
      prizesCommitment(
        commitment.raffleRef,
        numbers,
        items.map((item) => item.hash!),
      ),
    raffle.raffleId,
  );
  if (!committed) {
    const now = await getRaffleNumbers(db, raffle.raffleId);
    throw new PrizesNotAssignableError(
      now.sold > 0 || now.reserved > 0 ? 'has-sales' : 'already-assigned',
    );
  }
  await placePrizes(db, raffle, items);
}

function choosePrizeNumbers(
  raffle: RaffleNumbers,
  amounts: readonly number[],
  raffleRef: string | null,
): PrizeItem[] {
  const perm = permutationFor(raffle.secretKey!, raffle.totalNumbers);
  return drawFreePositions(raffle, amounts.length).map((position, i) => {
    const number = formatNumber(perm.permute(position), raffle.numberWidth);
    return {
      position,
      number,
      prizeAmount: amounts[i]!,
      ...(raffleRef ? prizeCommitment(raffleRef, number) : {}),
    };
  });
}

async function placePrizes(db: Db, raffle: RaffleNumbers, items: PrizeItem[]): Promise<void> {
  await insertInstantPrizes(db, raffle.raffleId, items);

  // A sale may have claimed one of these positions between the commitment and the
  // insert, and checked for prizes before they existed: hand such a prize over now.
  for (const item of items) {
    const claim = await findClaimCovering(db, raffle.raffleId, item.position);
    if (!claim) continue;
    const won = await claimInstantPrizes(db, {
      raffleId: raffle.raffleId,
      purchaseId: claim.purchaseId,
      numbers: [item.number],
    });
    await recordInstantPrizesWon(db, claim.purchaseId, won);
  }
}
