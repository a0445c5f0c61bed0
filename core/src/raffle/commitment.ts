// What the server publishes about a raffle's numbers before selling any (DESIGN, "The next layer"): the
// hash of the permutation key, and the salted hash of the instant-prize numbers. The
// secrets behind them (key, salt) stay in the raffle document until the draw reveals them.
import { randomBytes } from 'node:crypto';
import { instantPrizeCommitment, instantPrizesCommitment, keyCommitment } from '@vag/contracts';

export interface PrizesCommitmentDoc {
  prizeNumbers: string[];
  prizesSalt: string;
  prizesHash: string;
  /** Each prize's own salted hash, sorted (absent on commitments made before them). */
  prizeHashes?: string[];
  prizesCommittedAt: Date;
}

export interface FairnessCommitmentDoc extends PrizesCommitmentDoc {
  /** The raffle's public reference, bound into every hash so none can be reused for another raffle. */
  raffleRef: string;
  keyHash: string;
  committedAt: Date;
}

/** The commitment fixed with a fresh key: no instant prizes yet, their empty list salted all the same. */
export function newCommitment(
  raffle: { raffleId: string; totalNumbers: number; numberWidth: number; key: string },
  now = new Date(),
): FairnessCommitmentDoc {
  const day = now.toISOString().slice(0, 10).replaceAll('-', '');
  const raffleRef = `${raffle.raffleId}-${day}-${randomBytes(4).toString('hex')}`;
  return {
    raffleRef,
    keyHash: keyCommitment({ ...raffle, raffleRef }),
    committedAt: now,
    ...prizesCommitment(raffleRef, [], [], now),
  };
}

/** A fresh salt and the hash of the prize numbers under it, with each prize's own hash. */
export function prizesCommitment(
  raffleRef: string,
  prizeNumbers: readonly string[],
  prizeHashes: readonly string[] = [],
  now = new Date(),
): PrizesCommitmentDoc {
  const prizesSalt = randomBytes(16).toString('hex');
  return {
    prizeNumbers: [...prizeNumbers].sort(),
    prizesSalt,
    prizesHash: instantPrizesCommitment(raffleRef, prizesSalt, prizeNumbers),
    prizeHashes: [...prizeHashes].sort(),
    prizesCommittedAt: now,
  };
}

/** One prize's own salt and hash: revealing it when won says nothing of the others. */
export function prizeCommitment(raffleRef: string, number: string): { salt: string; hash: string } {
  const salt = randomBytes(16).toString('hex');
  return { salt, hash: instantPrizeCommitment(raffleRef, salt, number) };
}
