import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [svelte()],
  // Relative asset paths: the built app works from any folder the server mounts it on.
  base: './',
  build: { outDir: 'dist', target: 'es2022', sourcemap: true },
  server: { port: 5173 },
});
