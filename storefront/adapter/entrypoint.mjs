// The server build's entry (see index.mjs): Astro hands it the manifest once.
import { App } from 'astro/app';

export function createExports(manifest) {
  const app = new App(manifest);
  /** Renders the page for `request`, or answers undefined when none matches. */
  async function handle(request, locals) {
    const routeData = app.match(request);
    if (!routeData) return undefined;
    return app.render(request, { routeData, locals });
  }
  return { handle };
}
