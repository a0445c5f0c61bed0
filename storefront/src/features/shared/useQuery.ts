// React binding of the shared query cache: one client per page, shared by all islands.
// A server-rendered island passes the data it was rendered with as `initial`, so it
// hydrates to the same markup and asks the api nothing at start.
import { useEffect, useSyncExternalStore } from 'react';
import { isFinalError } from './api';
import { createQueryClient, stateFromInitial, type QueryState } from './query';

export const queryClient = createQueryClient({ isFinal: isFinalError });

export interface QueryOptions<T> {
  enabled?: boolean;
  /** What the server rendered with: data, null when it could not read it, undefined when none. */
  initial?: T | null;
}

export function useQuery<T>(
  key: string,
  fn: () => Promise<T>,
  { enabled = true, initial }: QueryOptions<T> = {},
): QueryState<T> {
  if (initial !== undefined && typeof window !== 'undefined') queryClient.seed(key, initial);
  const state = useSyncExternalStore(
    (listener) => queryClient.subscribe(key, listener),
    () => queryClient.getState<T>(key),
    // On the server the module's client is shared by every request: render from the props.
    () => stateFromInitial(initial),
  );
  useEffect(() => {
    // fn is recreated on every render; the key names the request, so it alone re-runs this.
    if (enabled) queryClient.fetch(key, fn).catch(() => undefined);
  }, [key, enabled]);
  return state;
}
