// The storefront renders on the server (DESIGN): public pages read the raffle data the
// api process hands them through `locals`, so the first HTML already sells; pages that
// depend only on the browser (checkout, confirmation, PayPhone) stay prerendered. The
// api serves dist/client and mounts dist/server (see adapter/). In development Vite
// proxies the api.
import { copyFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { precompress } from '../infra/precompress.mjs';
import honoAdapter from './adapter/index.mjs';

const apiTarget = process.env.VAG_API_URL ?? 'http://127.0.0.1:3000';

/**
 * SPEC §2 names the PayPhone page `/payphone-box.html`; Astro writes pages as
 * `<name>/index.html`, so the built page is also copied to the literal file name. Then
 * every static file gets its brotli and gzip copies.
 */
const finishClientFiles = {
  name: 'vag-finish-client-files',
  hooks: {
    'astro:build:done': async () => {
      const client = fileURLToPath(new URL('./dist/client/', import.meta.url));
      await copyFile(`${client}payphone-box/index.html`, `${client}payphone-box.html`);
      await precompress(client);
    },
  },
};

export default defineConfig({
  output: 'server',
  adapter: honoAdapter(),
  outDir: './dist',
  trailingSlash: 'ignore',
  build: { format: 'directory', inlineStylesheets: 'auto' },
  integrations: [react(), finishClientFiles],
  server: { host: '127.0.0.1', port: 4321 },
  vite: {
    server: {
      proxy: {
        '/api': { target: apiTarget, changeOrigin: true },
        '/media': { target: apiTarget, changeOrigin: true },
      },
    },
  },
});
