// The Rifas list and one raffle, from the staff api (GET /api/admin/raffles[/{id}]).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffRaffle } from '@vag/contracts';
import { useVagApi } from '../common/useVagApi';

export const RAFFLES_KEY = ['raffles'];

export const rafflePathOf = (id: string) => `/admin/raffles/${encodeURIComponent(id)}`;

export function useRaffles() {
  const api = useVagApi();
  return useQuery({
    queryKey: RAFFLES_KEY,
    queryFn: () => api.call<StaffRaffle[]>('GET', '/admin/raffles'),
  });
}

export function useRaffle(id: string | undefined) {
  const api = useVagApi();
  return useQuery({
    queryKey: [...RAFFLES_KEY, id],
    queryFn: () => api.call<StaffRaffle>('GET', rafflePathOf(id ?? '')),
    enabled: Boolean(id),
  });
}

/** After any change to a raffle: the list, each raffle, its sale and its draw read again. */
export function useRefreshRaffles(): () => Promise<void> {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all(
      [RAFFLES_KEY, ['sale-status'], ['raffle-fairness'], ['lottery']].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
  };
}
