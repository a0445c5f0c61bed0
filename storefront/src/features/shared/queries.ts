// The public reads of the home page, each under one cache key so that every island
// asking for the same data shares the request (SPEC §7 paths, under /api). Each takes
// the data the page was rendered with.
import type {
  InstantPrize,
  Package,
  PastRaffle,
  Progress,
  PublicSettings,
  Raffle,
} from '@vag/contracts';
import { apiGet } from './api';
import { queryClient, useQuery } from './useQuery';

type Initial<T> = T | null | undefined;

export const useLottery = (initial?: Initial<Raffle>) =>
  useQuery<Raffle>('lottery', () => apiGet('/lottery'), { initial });
export const useProgress = (initial?: Initial<Progress>) =>
  useQuery<Progress>('progress', fetchProgress, { initial });
export const usePackages = (initial?: Initial<Package[]>) =>
  useQuery<Package[]>('packages', () => apiGet('/packages'), { initial });
export const useInstantPrizes = (initial?: Initial<InstantPrize[]>) =>
  useQuery<InstantPrize[]>('instant-prizes', () => apiGet('/raffle/instant-prizes'), { initial });
export const usePastRaffles = (initial?: Initial<PastRaffle[]>) =>
  useQuery<PastRaffle[]>('past-raffles', () => apiGet('/past-raffles'), { initial });
export const useSettings = (initial?: Initial<PublicSettings>) =>
  useQuery<PublicSettings>('settings', () => apiGet('/settings'), { initial });

function fetchProgress(): Promise<Progress> {
  return apiGet('/raffle/raffle-progress');
}

/** One more look at the sales progress (the bar polls it). */
export const refreshProgress = () => queryClient.refresh('progress', fetchProgress);
