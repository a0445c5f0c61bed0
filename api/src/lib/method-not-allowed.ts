// Which methods a path answers, from the declared routes (those with a document): a
// request for a known path with another method is answered 405 with `Allow` instead of
// a misleading 404.
import type { Env, Hono, Schema } from 'hono';
import { uniqueSymbol } from 'hono-openapi';
import { findTargetHandler } from 'hono/utils/handler';

interface PathMethods {
  pattern: RegExp;
  /** A path without `:params` matches only itself and wins over templates. */
  literal: boolean;
  methods: Set<string>;
}

function declared(handler: unknown): boolean {
  const target = findTargetHandler(handler as never) as unknown as Record<symbol, unknown>;
  return uniqueSymbol in target;
}

function byPath<E extends Env, S extends Schema, P extends string>(
  app: Hono<E, S, P>,
): PathMethods[] {
  const paths = new Map<string, PathMethods>();
  for (const route of app.routes) {
    if (route.method === 'ALL' || !declared(route.handler)) continue;
    const full = route.path.replace(/(.)\/$/, '$1');
    let entry = paths.get(full);
    if (!entry) {
      const source = full
        .split(/:\w+/)
        .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('[^/]+');
      entry = {
        pattern: new RegExp(`^${source}/?$`),
        literal: !full.includes(':'),
        methods: new Set(),
      };
      paths.set(full, entry);
    }
    entry.methods.add(route.method);
    // Hono answers HEAD with the GET handler.
    if (route.method === 'GET') entry.methods.add('HEAD');
  }
  return [...paths.values()];
}

/** A lookup of the methods a path answers (sorted), or [] for a path no route knows. */
export function methodsByPath<E extends Env, S extends Schema, P extends string>(
  app: Hono<E, S, P>,
): (path: string) => string[] {
  let table: PathMethods[] | undefined;
  return (path) => {
    table ??= byPath(app);
    const matches = table.filter((entry) => entry.pattern.test(path));
    const literal = matches.filter((entry) => entry.literal);
    const chosen = literal.length > 0 ? literal : matches;
    return [...new Set(chosen.flatMap((entry) => [...entry.methods]))].sort();
  };
}
