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
  content(): Promise<StorefrontContent>;
  page(key: string): CachedPage | undefined;
  /**
   * The page of `key` rendered once for every request that asks while it renders;
   * null when the rendering is not one to share (then each request renders its own).
   */
  renderOnce(key: string, render: () => Promise<CachedPage | null>): Promise<CachedPage | null>;
  invalidate(): void;
}

const caches = new WeakMap<AppDeps, StorefrontCache>();

/** The cache of one api process (one per deps, so test servers never share one). */
export function storefrontCache(deps: AppDeps): StorefrontCache {
  let cache = caches.get(deps);
  if (!cache) {
    cache = createStorefrontCache(deps);
    caches.set(deps, cache);
  }
  return cache;
}

function createStorefrontCache(deps: AppDeps): StorefrontCache {
  let content: { at: number; value: Promise<StorefrontContent> } | null = null;
  let pages = new Map<string, { at: number; page: CachedPage }>();
  const rendering = new Map<string, Promise<CachedPage | null>>();
  let generation = 0;
  const ttlMs = deps.env.STOREFRONT_CACHE_SECONDS * 1000;
  const fresh = (at: number) => Date.now() - at < ttlMs;

  return {
    content() {
      if (content && fresh(content.at)) return content.value;
      const started = generation;
      const value = loadStorefrontContent(deps.db, deps.env, deps.log);
      // A change that lands while this read runs must not be hidden behind it.
      if (started === generation) content = { at: Date.now(), value };
      value.catch(() => (content = null));
      return value;
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
      content = null;
      pages = new Map();
      rendering.clear();
    },
  };
}

/** Drops this process's cache now and tells every other process through the bus. */
export async function publishContentChanged(deps: AppDeps, kind: ContentKind): Promise<void> {
  storefrontCache(deps).invalidate();
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
export async function startContentInvalidation(deps: AppDeps): Promise<Stoppable> {
  const subscription = await deps.bus.subscribe({
    groupId: `storefront-cache-${randomUUID()}`,
    topics: [CONTENT_TOPIC],
    concurrency: 1,
    handler: async (message) => {
      if (contentChangedEventSchema.safeParse(message.value).success)
        storefrontCache(deps).invalidate();
    },
  });
  return subscription;
}
