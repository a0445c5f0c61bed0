// The storefront's in-memory cache in each api process: the content the pages read and
// the pages rendered from it. Staff changes drop it at once in every process (the
// content.changed event on the bus); sales move progress and prize states, so nothing
// is kept longer than a few seconds either.
import { randomUUID } from 'node:crypto';
import {
  CONTENT_TOPIC,
  contentChangedEventSchema,
  type ContentKind,
  type StorefrontContent,
} from '@vag/contracts';
import type { AppDeps } from '../context';
import type { Bytes } from '../lib/compress';
import type { Stoppable } from '@vag/core';
import { featuredRaffleId, findRaffleByRef } from '@vag/core/db/raffle';
import { raffleStatus } from '@vag/core/raffles/raffle-records';
import { loadStorefrontContent } from './content';

export interface CachedPage {
  status: number;
  headers: [string, string][];
  body: Bytes;
  etag: string;
  /** CSP hashes of the page's inline scripts (see lib/security-headers). */
  scriptHashes: string[];
  /** Compressed bodies, made on first request per encoding. */
  encoded: Map<string, Bytes>;
}

export interface StorefrontCache {
  /** What a raffle's page shows (the featured raffle's without an id). */
  content(raffleId?: string): Promise<StorefrontContent>;
  /**
   * The raffle an id or slug names (null: none): every scoped call asks, so it is kept as
   * long as the content. The featured one is `featured()`'s, with whether it is a draft.
   */
  raffleId(ref: string): Promise<string | null>;
  /** The raffle an id or slug names and whether it is still a draft (null: none). */
  scopedRaffle(ref: string): Promise<ScopedRaffle | null>;
  /** The featured raffle and whether it is still a draft (null: none). */
  featured(): Promise<ScopedRaffle | null>;
  page(key: string): CachedPage | undefined;
  /**
   * The page of `key` rendered once for every request that asks while it renders;
   * null when the rendering is not one to share (then each request renders its own).
   */
  renderOnce(key: string, render: () => Promise<CachedPage | null>): Promise<CachedPage | null>;
  invalidate(): void;
}

export interface ScopedRaffle {
  id: string;
  /** Never published: only admins may reach it by its id or slug (SPEC §7). */
  draft: boolean;
}

interface Kept<T> {
  at: number;
  value: Promise<T>;
}

/** Made once per api process (runtime.ts), so test servers never share one. */
export function createStorefrontCache(deps: Pick<AppDeps, 'db' | 'env' | 'log'>): StorefrontCache {
  let contents = new Map<string, Kept<StorefrontContent>>();
  let featured = new Map<string, Kept<string | null>>();
  let refs = new Map<string, Kept<ScopedRaffle | null>>();
  let pages = new Map<string, { at: number; page: CachedPage }>();
  const rendering = new Map<string, Promise<CachedPage | null>>();
  let generation = 0;
  const ttlMs = deps.env.STOREFRONT_CACHE_SECONDS * 1000;
  const fresh = (at: number) => Date.now() - at < ttlMs;

  /** One read per key and TTL; a change that lands while it runs is not hidden behind it. */
  function keep<T>(map: () => Map<string, Kept<T>>, key: string, read: () => Promise<T>) {
    const kept = map().get(key);
    if (kept && fresh(kept.at)) return kept.value;
    const started = generation;
    const value = read();
    const store = map();
    if (started === generation) store.set(key, { at: Date.now(), value });
    value.catch(() => store.delete(key));
    return value;
  }

  const cache: StorefrontCache = {
    async content(raffleId) {
      // Without an id the public pages show the featured raffle, unless it is a draft:
      // a draft is nobody's to see but an admin's (SPEC §7), so they show no raffle.
      const featured = raffleId ? null : await cache.featured();
      const id = raffleId ?? (featured && !featured.draft ? featured.id : null);
      return keep(
        () => contents,
        id ?? '',
        () => loadStorefrontContent(deps.db, deps.env, deps.log, id),
      );
    },
    async raffleId(ref) {
      return (await cache.scopedRaffle(ref))?.id ?? null;
    },
    async featured() {
      const id = await keep(
        () => featured,
        '',
        () => featuredRaffleId(deps.db),
      );
      return id ? cache.scopedRaffle(id) : null;
    },
    scopedRaffle(ref) {
      return keep(
        () => refs,
        ref,
        async () => {
          const raffle = await findRaffleByRef(deps.db, ref);
          return raffle ? { id: raffle._id, draft: raffleStatus(raffle) === 'draft' } : null;
        },
      );
    },
    page(key) {
      const entry = pages.get(key);
      return entry && fresh(entry.at) ? entry.page : undefined;
    },
    renderOnce(key, render) {
      const running = rendering.get(key);
      if (running) return running;
      const started = generation;
      const result = render().then((page) => {
        // A page rendered from content older than a change is served once, never kept.
        if (page && started === generation) pages.set(key, { at: Date.now(), page });
        return page;
      });
      rendering.set(key, result);
      void result
        .finally(() => {
          if (rendering.get(key) === result) rendering.delete(key);
        })
        .catch(() => undefined);
      return result;
    },
    invalidate() {
      generation++;
      contents = new Map();
      featured = new Map();
      refs = new Map();
      pages = new Map();
      rendering.clear();
    },
  };
  return cache;
}

/** Drops this process's cache now and tells every other process through the bus. */
export async function publishContentChanged(
  deps: Pick<AppDeps, 'bus' | 'storefrontCache'>,
  kind: ContentKind,
): Promise<void> {
  deps.storefrontCache.invalidate();
  const event = contentChangedEventSchema.parse({
    type: 'content.changed',
    version: 1,
    id: randomUUID(),
    occurredAt: new Date().toISOString(),
    data: { kind },
  });
  await deps.bus.publish([{ topic: CONTENT_TOPIC, key: kind, value: event }]);
}

/**
 * Every process listens in a group of its own (each must hear every change). A message
 * from before the start only drops an empty cache, so replaying history is harmless.
 */
export async function startContentInvalidation(
  deps: Pick<AppDeps, 'bus' | 'storefrontCache'>,
): Promise<Stoppable> {
  const subscription = await deps.bus.subscribe({
    groupId: `storefront-cache-${randomUUID()}`,
    topics: [CONTENT_TOPIC],
    concurrency: 1,
    handler: async (message) => {
      if (contentChangedEventSchema.safeParse(message.value).success)
        deps.storefrontCache.invalidate();
    },
  });
  return subscription;
}
