import { useQuery } from '@tanstack/react-query';
import type { InstantPrize } from '@vag/contracts';
import { useRaffleId, useScopedPath } from '../common/raffleScope';
import { useVagApi } from '../common/useVagApi';

/** Prefix of every raffle's instant prizes query key (the raffle id follows). */
export const INSTANT_PRIZES_KEY = ['instant-prizes'];

/** GET …/raffle/instant-prizes, shared by the dashboard card and a raffle's prizes screen. */
export function useInstantPrizes() {
  const api = useVagApi();
  const raffleId = useRaffleId();
  const path = useScopedPath();
  return useQuery({
    queryKey: [...INSTANT_PRIZES_KEY, raffleId],
    queryFn: () => api.call<InstantPrize[]>('GET', path('/raffle/instant-prizes')),
  });
}
