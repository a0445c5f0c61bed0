// A small query cache shared by every island of a page (SPEC §9: data kept 5 minutes,
// 3 retries with exponential backoff capped at 30 s). Islands asking for the same key
// share one request and one answer instead of each calling the api.

import { QUERY_CACHE } from '@vag/contracts';

export const CACHE_TIME_MS = QUERY_CACHE.gcTimeMs;
export const MAX_RETRIES = QUERY_CACHE.retries;
export const MAX_RETRY_DELAY_MS = QUERY_CACHE.maxRetryDelayMs;

/** Delay before retry number `attempt` (0-based): 1 s, 2 s, 4 s … never above 30 s. */
export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, MAX_RETRY_DELAY_MS);
}

export interface RetryOptions {
  retries?: number;
  sleep?: (ms: number) => Promise<void>;
  /** Errors for which another attempt cannot help (a 404, a validation error). */
  isFinal?: (error: unknown) => boolean;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs `fn`, retrying failures up to `retries` more times with `retryDelay` between. */
export async function withRetry<T>(fn: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const { retries = MAX_RETRIES, sleep = realSleep, isFinal = () => false } = options;
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn();
    } catch (error) {
      if (attempt >= retries || isFinal(error)) throw error;
      await sleep(retryDelay(attempt));
    }
  }
}

export type QueryState<T> =
  | { status: 'loading'; data?: undefined; error?: undefined }
  | { status: 'success'; data: T; error?: undefined }
  | { status: 'error'; data?: undefined; error: unknown };

interface Entry<T> {
  state: QueryState<T>;
  fetchedAt: number;
  promise?: Promise<T>;
  listeners: Set<() => void>;
}

export interface QueryClientOptions extends RetryOptions {
  cacheTime?: number;
  now?: () => number;
}

export interface QueryClient {
  /** The cached state of `key` (loading when never fetched). */
  getState<T>(key: string): QueryState<T>;
  /** Fetches `key` unless a fresh answer is cached or a request is already running. */
  fetch<T>(key: string, fn: () => Promise<T>): Promise<T>;
  /** Calls `listener` whenever the state of `key` changes; returns the unsubscribe. */
  subscribe(key: string, listener: () => void): () => void;
  /** Forgets `key` so that the next fetch asks the api again. */
  invalidate(key: string): void;
  /**
   * Starts `key` from what the server rendered, unless it has a state already: data is
   * fresh success; null (the server could not read it) is a final error.
   */
  seed<T>(key: string, initial: T | null): void;
  /** Asks again once in the background; a failure keeps the data shown (polling). */
  refresh<T>(key: string, fn: () => Promise<T>): Promise<void>;
}

/** The state a server-rendered island starts from (undefined: nothing rendered, load it). */
export function stateFromInitial<T>(initial: T | null | undefined): QueryState<T> {
  if (initial === undefined) return { status: 'loading' };
  if (initial === null) return { status: 'error', error: new Error('not rendered') };
  return { status: 'success', data: initial };
}

export function createQueryClient(options: QueryClientOptions = {}): QueryClient {
  const { cacheTime = CACHE_TIME_MS, now = Date.now, ...retryOptions } = options;
  const entries = new Map<string, Entry<unknown>>();

  const entry = <T>(key: string): Entry<T> => {
    let found = entries.get(key);
    if (!found) {
      found = { state: { status: 'loading' }, fetchedAt: 0, listeners: new Set() };
      entries.set(key, found);
    }
    return found as Entry<T>;
  };
  const set = <T>(e: Entry<T>, state: QueryState<T>) => {
    e.state = state;
    for (const listener of [...e.listeners]) listener();
  };

  return {
    getState: <T>(key: string) => entry<T>(key).state,
    fetch<T>(key: string, fn: () => Promise<T>): Promise<T> {
      const e = entry<T>(key);
      if (e.promise) return e.promise;
      if (e.state.status === 'success' && now() - e.fetchedAt < cacheTime)
        return Promise.resolve(e.state.data);
      if (e.state.status === 'error' && e.fetchedAt === Number.POSITIVE_INFINITY)
        return Promise.reject(e.state.error);
      const promise = withRetry(fn, retryOptions).then(
        (data) => {
          e.promise = undefined;
          e.fetchedAt = now();
          set(e, { status: 'success', data });
          return data;
        },
        (error: unknown) => {
          e.promise = undefined;
          set(e, { status: 'error', error });
          throw error;
        },
      );
      e.promise = promise;
      return promise;
    },
    subscribe(key, listener) {
      const e = entry(key);
      e.listeners.add(listener);
      return () => e.listeners.delete(listener);
    },
    invalidate(key) {
      const e = entry(key);
      e.fetchedAt = 0;
    },
    seed<T>(key: string, initial: T | null) {
      const e = entry<T>(key);
      if (e.state.status !== 'loading' || e.promise) return;
      e.state = stateFromInitial(initial);
      // A server error is final here: the page shows the SPEC text instead of retrying.
      e.fetchedAt = initial === null ? Number.POSITIVE_INFINITY : now();
    },
    async refresh<T>(key: string, fn: () => Promise<T>) {
      const e = entry<T>(key);
      try {
        const data = await fn();
        e.fetchedAt = now();
        set(e, { status: 'success', data });
      } catch {
        // Keep what is shown; the next round asks again.
      }
    },
  };
}
