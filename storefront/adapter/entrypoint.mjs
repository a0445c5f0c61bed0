// The server build's entry (see index.mjs): Astro hands it the manifest once.
/* global Headers, Response */
import { readFileSync } from 'node:fs';
import { App } from 'astro/app';
import { preloadClientOnlyIslands } from './island-preloads.mjs';

export function createExports(manifest) {
  const app = new App(manifest);
  const readClientFile = (url) => readFileSync(new URL(`.${url}`, manifest.buildClientDir));
  /** Renders the page for `request`, or answers undefined when none matches. */
  async function handle(request, locals) {
    const routeData = app.match(request);
    if (!routeData) return undefined;
    const res = await app.render(request, { routeData, locals });
    if (!res.headers.get('content-type')?.startsWith('text/html')) return res;
    const html = preloadClientOnlyIslands(await res.text(), readClientFile);
    const headers = new Headers(res.headers);
    headers.delete('content-length');
    return new Response(html, { status: res.status, headers });
  }
  return { handle };
}
