import { useQuery } from '@tanstack/react-query';
import type { InstantPrize } from '@vag/contracts';
import { useVagApi } from '../common/useVagApi';

export const INSTANT_PRIZES_KEY = ['instant-prizes'];

/** GET /api/raffle/instant-prizes, shared by the dashboard card and the prizes screen. */
export function useInstantPrizes() {
  const api = useVagApi();
  return useQuery({
    queryKey: INSTANT_PRIZES_KEY,
    queryFn: () => api.call<InstantPrize[]>('GET', '/raffle/instant-prizes'),
  });
}
