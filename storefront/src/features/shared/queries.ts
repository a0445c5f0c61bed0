// The public reads of a raffle's page, each under one cache key so that every island
// asking for the same data shares the request (SPEC §7 paths, under /api; scoped to the
// page's raffle on its own page, see raffle-scope.ts). Each takes the data the page was
// rendered with.
import type {
  PublicInstantPrize,
  Package,
  PastRaffle,
  Progress,
  PublicSettings,
  Raffle,
} from '@vag/contracts';
import { apiGet } from './api';
import { scopedKey, scopedPath, type RaffleRef } from './raffle-scope';
import { useQuery } from './useQuery';

type Initial<T> = T | null | undefined;

const PROGRESS_PATH = '/raffle/raffle-progress';

/** A read of one raffle's data: its key and path follow the raffle. */
function useRaffleQuery<T>(
  ref: RaffleRef | undefined,
  key: string,
  path: string,
  initial?: Initial<T>,
) {
  return useQuery<T>(scopedKey(ref, key), () => apiGet(scopedPath(ref, path)), { initial });
}

/** The raffle (the featured one without a ref): SPEC §7 calls its data `/lottery`. */
export const useRaffle = (initial?: Initial<Raffle>, ref?: RaffleRef) =>
  useRaffleQuery<Raffle>(ref, 'lottery', '/lottery', initial);
export const useProgress = (initial?: Initial<Progress>, ref?: RaffleRef) =>
  useRaffleQuery<Progress>(ref, 'progress', PROGRESS_PATH, initial);
export const usePackages = (initial?: Initial<Package[]>, ref?: RaffleRef) =>
  useRaffleQuery<Package[]>(ref, 'packages', '/packages', initial);
export const useInstantPrizes = (initial?: Initial<PublicInstantPrize[]>, ref?: RaffleRef) =>
  useRaffleQuery<PublicInstantPrize[]>(ref, 'instant-prizes', '/raffle/instant-prizes', initial);
export const usePastRaffles = (initial?: Initial<PastRaffle[]>) =>
  useQuery<PastRaffle[]>('past-raffles', () => apiGet('/past-raffles'), { initial });
export const useSettings = (initial?: Initial<PublicSettings>) =>
  useQuery<PublicSettings>('settings', () => apiGet('/settings'), { initial });
