// Static storefront: Astro pages are plain HTML, React islands only where a visitor
// interacts. The api process serves dist/ at `/`; in development Vite proxies the api.
import { copyFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';

const apiTarget = process.env.VAG_API_URL ?? 'http://127.0.0.1:3000';

/**
 * SPEC §2 names the PayPhone page `/payphone-box.html`; Astro writes pages as
 * `<name>/index.html`, so the built page is also copied to the literal file name.
 */
const payphoneBoxFile = {
  name: 'vag-payphone-box-file',
  hooks: {
    'astro:build:done': async ({ dir }) => {
      const root = fileURLToPath(dir);
      await copyFile(`${root}payphone-box/index.html`, `${root}payphone-box.html`);
    },
  },
};

export default defineConfig({
  output: 'static',
  outDir: './dist',
  trailingSlash: 'ignore',
  build: { format: 'directory', inlineStylesheets: 'auto' },
  integrations: [react(), payphoneBoxFile],
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
