// Packages belong to a raffle: the list sits in the raffle's page (inside a RaffleScope),
// and its create and edit screens carry the raffle in `?raffle=` so they save to it and
// go back to it.
import { useBasename } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { useRaffleId } from '../common/raffleScope';

export interface PackageRaffle {
  raffleId: string | null;
  /** What react-admin passes to the dataProvider so it calls /api/raffles/{id}/packages. */
  meta: { raffleId: string } | undefined;
  /** `?raffle=…` for links to the create and edit screens. */
  query: string;
  /** Where a save or a cancel returns: the raffle's packages tab. */
  backPath: string;
}

export function packageRaffleOf(raffleId: string | null, basename: string): PackageRaffle {
  if (!raffleId) return { raffleId, meta: undefined, query: '', backPath: `${basename}/raffles` };
  const id = encodeURIComponent(raffleId);
  return {
    raffleId,
    meta: { raffleId },
    query: `?raffle=${id}`,
    backPath: `${basename}/raffles/${id}/packages`,
  };
}

export function usePackageRaffle(): PackageRaffle {
  const scoped = useRaffleId();
  const [params] = useSearchParams();
  const basename = useBasename();
  return packageRaffleOf(scoped ?? params.get('raffle'), basename);
}
