// Which methods a path answers, from contracts' route registry: a request for a known
// path with another method is answered 405 with `Allow` instead of a misleading 404.
import { API_ROUTES, type ApiRoute } from '@vag/contracts';

interface PathMethods {
  pattern: RegExp;
  /** A path without `{params}` matches only itself and wins over templates. */
  literal: boolean;
  methods: Set<string>;
}

function byPath(): PathMethods[] {
  const paths = new Map<string, PathMethods>();
  for (const route of Object.values(API_ROUTES) as ApiRoute[]) {
    const full = `${route.base}${route.path}`;
    let entry = paths.get(full);
    if (!entry) {
      const source = full
        .split(/\{\w+\}/)
        .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('[^/]+');
      entry = {
        pattern: new RegExp(`^${source}/?$`),
        literal: !full.includes('{'),
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

let table: PathMethods[] | undefined;

/** The methods the path answers (sorted), or [] for a path no route knows. */
export function allowedMethods(path: string): string[] {
  table ??= byPath();
  const matches = table.filter((entry) => entry.pattern.test(path));
  const literal = matches.filter((entry) => entry.literal);
  const chosen = literal.length > 0 ? literal : matches;
  return [...new Set(chosen.flatMap((entry) => [...entry.methods]))].sort();
}
