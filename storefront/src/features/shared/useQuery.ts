// React binding of the shared query cache: one client per page, shared by all islands.
import { useEffect, useSyncExternalStore } from 'react';
import { isFinalError } from './api';
import { createQueryClient, type QueryState } from './query';

export const queryClient = createQueryClient({ isFinal: isFinalError });

export function useQuery<T>(key: string, fn: () => Promise<T>, enabled = true): QueryState<T> {
  const state = useSyncExternalStore(
    (listener) => queryClient.subscribe(key, listener),
    () => queryClient.getState<T>(key),
    () => queryClient.getState<T>(key),
  );
  useEffect(() => {
    // fn is recreated on every render; the key names the request, so it alone re-runs this.
    if (enabled) queryClient.fetch(key, fn).catch(() => undefined);
  }, [key, enabled]);
  return state;
}
