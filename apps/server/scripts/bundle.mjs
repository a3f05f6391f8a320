// The server as one ESM file for the container image (Dockerfile): apps/server/dist/main.mjs,
// everything it imports inside, so the runtime image needs no node_modules at all.
// In the repository the server runs from source (tsx); this is for shipping only.
// `node scripts/bundle.mjs [OUTFILE]` (the tests bundle into a directory of their own).
import { cpSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { build } from 'esbuild';

const outfile = process.argv[2] ?? new URL('../dist/main.mjs', import.meta.url).pathname;
await build({
  entryPoints: [new URL('../src/main.ts', import.meta.url).pathname],
  outfile,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  logLevel: 'warning',
  // Some dependencies are CommonJS and call require() on Node's own modules.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
});
// The archive's SQL migrations, read at start (src/archive/migrate.ts looks beside the bundle).
cpSync(new URL('../migrations', import.meta.url).pathname, join(dirname(outfile), 'migrations'), { recursive: true });
