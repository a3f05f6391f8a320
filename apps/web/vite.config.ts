import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [svelte()],
  // Absolute asset paths: invite links open the app at /t/<table>, a path of their own.
  base: '/',
  build: { outDir: 'dist', target: 'es2022', sourcemap: true },
  server: { port: 5173 },
});
