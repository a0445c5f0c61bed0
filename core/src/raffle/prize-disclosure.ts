// What anyone may see of a raffle's instant prizes (DESIGN, instant prizes). In a
// random-mode raffle their numbers are public from the start: a buyer gets the secret
// permutation's next numbers and cannot choose one (I4). In a pick-mode raffle a buyer who
// knew a prize number would simply choose it, so an unwon prize shows only its amount and
// its hash until it is won or the raffle is drawn; then its number and salt, which anyone
// checks against the hash published before the sale (contracts' checkInstantPrizes).
import type {
  FairnessPrize,
  NumberMode,
  PrizeDisclosure,
  PublicInstantPrize,
} from '@vag/contracts';
import type { Db } from 'mongodb';
import { listCommittedPrizes, type CommittedPrize } from '../db/instant-prizes';
import { getRaffle, numberModeOf } from '../db/raffle';
import { getRaffleFairness } from '../db/raffle-fairness';

/** How a raffle shows its prizes now: the disclosure its mode calls for, and whether it is drawn. */
export interface PrizeView {
  mode: NumberMode;
  disclosure: PrizeDisclosure;
  drawn: boolean;
}

export async function prizeViewOf(db: Db, raffleId: string): Promise<PrizeView> {
  const [raffle, fairness] = await Promise.all([
    getRaffle(db, raffleId),
    getRaffleFairness(db, raffleId),
  ]);
  const mode = raffle ? numberModeOf(raffle) : 'random';
  return {
    mode,
    disclosure: mode === 'pick' ? 'sealed' : 'public',
    drawn: fairness.draw !== null,
  };
}

/** Whether a prize's number may be shown: always in public mode, once won or drawn when sealed. */
export function isRevealed(prize: Pick<CommittedPrize, 'status'>, view: PrizeView): boolean {
  return view.disclosure === 'public' || view.drawn || prize.status !== 'available';
}

/** GET /raffle/instant-prizes and the raffle page for anyone but an admin. */
export async function publicInstantPrizes(db: Db, raffleId: string): Promise<PublicInstantPrize[]> {
  const [view, prizes] = await Promise.all([
    prizeViewOf(db, raffleId),
    listCommittedPrizes(db, raffleId),
  ]);
  const shown = prizes.map((prize) => publicPrize(prize, view));
  // Listed by number, a sealed list would tell which prize has the lower number.
  return view.disclosure === 'public' ? shown : shown.sort(byAmountThenHash);
}

function publicPrize(prize: CommittedPrize, view: PrizeView): PublicInstantPrize {
  const revealed = isRevealed(prize, view);
  const sealed = view.disclosure === 'sealed';
  return {
    _id: prize._id,
    id: prize._id,
    number: revealed ? prize.number : null,
    prizeAmount: prize.prizeAmount,
    status: prize.status,
    delivered: prize.delivered,
    ...(sealed ? { hash: prize.hash ?? null, salt: revealed ? (prize.salt ?? null) : null } : {}),
  };
}

function byAmountThenHash(a: PublicInstantPrize, b: PublicInstantPrize): number {
  return b.prizeAmount - a.prizeAmount || (a.hash ?? a._id).localeCompare(b.hash ?? b._id);
}

/** The fairness record's prizes: every committed one, its number and salt once revealed. */
export async function fairnessPrizes(
  db: Db,
  raffleId: string,
  view: PrizeView,
): Promise<FairnessPrize[]> {
  const prizes = await listCommittedPrizes(db, raffleId);
  return prizes
    .filter((prize): prize is CommittedPrize & { hash: string; salt: string } =>
      Boolean(prize.hash && prize.salt),
    )
    .map((prize) => {
      const revealed = isRevealed(prize, view);
      return {
        amount: prize.prizeAmount,
        hash: prize.hash,
        number: revealed ? prize.number : null,
        salt: revealed ? prize.salt : null,
        won: prize.status !== 'available',
      };
    })
    .sort((a, b) => a.hash.localeCompare(b.hash));
}
