// The raffle's public fairness record, as the draw screen reads and refreshes it.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { FairnessExport } from '@vag/contracts';
import { useVagApi } from '../common/useVagApi';

export const FAIRNESS_KEY = ['raffle-fairness'];

export function useFairness() {
  const api = useVagApi();
  return useQuery({
    queryKey: FAIRNESS_KEY,
    queryFn: () => api.call<FairnessExport>('GET', '/raffle/fairness'),
  });
}

export function useRefreshFairness(): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: FAIRNESS_KEY });
}
