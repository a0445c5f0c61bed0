// Whether Ajustes lets resellers confirm transfers (and so open Conciliación): asked only
// for resellers, from the staff settings the api already serves them.
import { useQuery } from '@tanstack/react-query';
import type { Settings } from '@vag/contracts';
import { useVagApi } from '../common/useVagApi';

export function useResellersCanConfirm(role: string | null | undefined): boolean | undefined {
  const api = useVagApi();
  const { data } = useQuery({
    queryKey: ['settings'],
    queryFn: () => api.call<Settings>('GET', '/settings'),
    enabled: role === 'reseller',
  });
  return role === 'reseller' ? data?.resellersCanConfirm : undefined;
}
