// Which raffle a screen works on. The draw, instant prizes and packages screens are each a
// raffle's own (reached from its page in Rifas); inside a <RaffleScope> their api calls go
// to /api/raffles/{id}/…, outside one to the unscoped SPEC §7 paths (the featured raffle).
import { raffleApiBase } from '@vag/contracts';
import { createContext, useCallback, useContext, type ReactNode } from 'react';

const RaffleScopeContext = createContext<string | null>(null);

export function RaffleScope({ raffleId, children }: { raffleId: string; children: ReactNode }) {
  return <RaffleScopeContext.Provider value={raffleId}>{children}</RaffleScopeContext.Provider>;
}

/** The raffle of the enclosing <RaffleScope>, or null (the featured raffle). */
export function useRaffleId(): string | null {
  return useContext(RaffleScopeContext);
}

/** An api path (after /api) in a raffle's scope: '/raffle/fairness' → '/raffles/{id}/raffle/fairness'. */
export function scopedPath(raffleId: string | null, path: string): string {
  return raffleId ? `${raffleApiBase(raffleId).replace(/^\/api/, '')}${path}` : path;
}

/** scopedPath for the enclosing scope. */
export function useScopedPath(): (path: string) => string {
  const raffleId = useRaffleId();
  return useCallback((path: string) => scopedPath(raffleId, path), [raffleId]);
}
