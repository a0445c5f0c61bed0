// The public reads of the home page, each under one cache key so that every island
// asking for the same data shares the request (SPEC §7 paths, under /api).
import type {
  InstantPrize,
  Package,
  PastRaffle,
  Progress,
  PublicSettings,
  Raffle,
} from '@vag/contracts';
import { apiGet } from './api';
import { useQuery } from './useQuery';

export const useLottery = () => useQuery<Raffle>('lottery', () => apiGet('/lottery'));
export const useProgress = () =>
  useQuery<Progress>('progress', () => apiGet('/raffle/raffle-progress'));
export const usePackages = () => useQuery<Package[]>('packages', () => apiGet('/packages'));
export const useInstantPrizes = () =>
  useQuery<InstantPrize[]>('instant-prizes', () => apiGet('/raffle/instant-prizes'));
export const usePastRaffles = () =>
  useQuery<PastRaffle[]>('past-raffles', () => apiGet('/past-raffles'));
export const useSettings = () => useQuery<PublicSettings>('settings', () => apiGet('/settings'));
