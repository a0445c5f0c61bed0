// What the sale's end waits for (GET /api/raffle/sale-status), shared by the dashboard's
// 'Cerrar venta' and the Sorteo page so both say the same thing.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SaleStatus } from '@vag/contracts';
import { useRaffleId, useScopedPath } from '../common/raffleScope';
import { useVagApi } from '../common/useVagApi';
import { FAIRNESS_KEY } from './useFairness';

export const SALE_STATUS_KEY = ['sale-status'];

export function useSaleStatus(enabled = true) {
  const api = useVagApi();
  const raffleId = useRaffleId();
  const path = useScopedPath();
  return useQuery({
    queryKey: [...SALE_STATUS_KEY, raffleId],
    queryFn: () => api.call<SaleStatus>('GET', path('/raffle/sale-status')),
    enabled,
    // A closing sale ends by itself once its pending orders settle.
    refetchInterval: (query) => (query.state.data?.phase === 'closing' ? 5000 : false),
  });
}

/** After a change to the sale: the hero, the status and the fairness record read again. */
export function useRefreshSale(): () => Promise<void> {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all(
      [['lottery'], ['raffles'], SALE_STATUS_KEY, FAIRNESS_KEY].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
  };
}
