import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'vite';
import { firstLoadReport } from './scripts/first-load.ts';
import { precompress } from './scripts/precompress.ts';
import { pureConstants } from './scripts/pure-constants.ts';
import { serviceWorker } from './scripts/service-worker.ts';

export default defineConfig({
  // Brotli and gzip beside each file, served as they are (apps/server/src/web/plugin.ts).
  plugins: [svelte(), pureConstants(), serviceWorker(), precompress(), firstLoadReport()],
  // Absolute asset paths: invite links open the app at /t/<table>, a path of their own.
  base: '/',
  build: { outDir: 'dist', target: 'es2022', sourcemap: true },
  // `pnpm dev` talks to a server started with `pnpm start` (port 3000), as the built client does from its own origin.
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/socket.io': { target: 'ws://localhost:3000', ws: true },
    },
  },
});
