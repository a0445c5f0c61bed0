// The raffle's public fairness record, as the draw screen reads and refreshes it.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { FairnessExport } from '@vag/contracts';
import { useCallback } from 'react';
import { useRaffleId, useScopedPath } from '../common/raffleScope';
import { useVagApi } from '../common/useVagApi';

/** Prefix of every raffle's fairness query key (the raffle id follows). */
export const FAIRNESS_KEY = ['raffle-fairness'];

export function useFairness() {
  const api = useVagApi();
  const raffleId = useRaffleId();
  const path = useScopedPath();
  return useQuery({
    queryKey: [...FAIRNESS_KEY, raffleId],
    queryFn: () => api.call<FairnessExport>('GET', path('/raffle/fairness')),
  });
}

export function useRefreshFairness(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.invalidateQueries({ queryKey: FAIRNESS_KEY }),
    [queryClient],
  );
}
