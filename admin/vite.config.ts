// The admin SPA is served by the api under /admin; in development vite proxies the api and
// the media slots to a locally running api so the same relative URLs work in both places.
import react from '@vitejs/plugin-react';
import { defineConfig, type PluginOption } from 'vite';

const api = 'http://127.0.0.1:3000';

export default defineConfig({
  base: '/admin/',
  // plugin-react resolves the root's vite types, a different copy from admin's vite 7.
  plugins: [react() as unknown as PluginOption],
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 4000 },
  server: {
    proxy: {
      '/api': api,
      '/media': api,
      '/upload-media.php': api,
    },
  },
});
