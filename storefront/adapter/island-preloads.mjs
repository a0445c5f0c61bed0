// A client-only island (the checkout, the order page) renders nothing on the server, and
// its content is the page's largest paint. The browser learns its module only when Astro's
// loader runs after the HTML, and that module's imports only once it has arrived: two round
// trips in a row before the first render, on a phone's network. Named in the head as
// modulepreload, the island's module, its renderer and their static imports all load with
// the HTML instead.

/** `<astro-island … client="only" …>`: attribute values are escaped, so `>` ends the tag. */
const CLIENT_ONLY_ISLAND = /<astro-island\b[^>]*\bclient="only"[^>]*>/g;
const MODULE_URL = /\b(?:component|renderer)-url="(\/[^"]+\.js)"/g;
/** Static imports as the bundler writes them between chunks: `from"./x.js"`, `import"./x.js"`. */
const STATIC_IMPORT = /(?:import|from)\s*["'](\.\/[^"']+\.js)["']/g;

/** Each chunk's static imports, transitively, once per chunk (the build does not change). */
const importsByUrl = new Map();

function withImports(url, readClientFile, seen) {
  if (seen.has(url)) return;
  let imports = importsByUrl.get(url);
  if (!imports) {
    // A chunk we cannot read is simply not preloaded: the page works without the hint.
    let code;
    try {
      code = readClientFile(url).toString('utf8');
    } catch {
      return;
    }
    imports = [...code.matchAll(STATIC_IMPORT)].map(
      (m) => new URL(m[1], `http://x${url}`).pathname,
    );
    importsByUrl.set(url, imports);
  }
  seen.add(url);
  for (const next of imports) withImports(next, readClientFile, seen);
}

/**
 * The page with a `<link rel="modulepreload">` in its head for every module its
 * client-only islands need; unchanged when it has none.
 * @param {string} html
 * @param {(url: string) => Buffer} readClientFile reads a built file by its URL path
 */
export function preloadClientOnlyIslands(html, readClientFile) {
  const seen = new Set();
  for (const [island] of html.matchAll(CLIENT_ONLY_ISLAND))
    for (const [, url] of island.matchAll(MODULE_URL)) withImports(url, readClientFile, seen);
  if (seen.size === 0 || !html.includes('</head>')) return html;
  const links = [...seen].map((url) => `<link rel="modulepreload" href="${url}">`).join('');
  return html.replace('</head>', `${links}</head>`);
}
