// Whether the signed-in staff member may confirm or reject this purchase's transfer, as
// the api decides it (GET /purchases/{id}/review-permission); undefined while asking.
import { useQuery } from '@tanstack/react-query';
import type { ReviewPermission } from '@vag/contracts';
import { useVagApi } from '../common/useVagApi';

export function useReviewPermission(id: string, enabled: boolean): ReviewPermission | undefined {
  const api = useVagApi();
  const { data } = useQuery({
    queryKey: ['review-permission', id],
    queryFn: () =>
      api.call<ReviewPermission>('GET', `/purchases/${encodeURIComponent(id)}/review-permission`),
    enabled,
    // Ajustes may change it at any time: ask again whenever the dialog opens.
    staleTime: 0,
  });
  return enabled ? data : undefined;
}
