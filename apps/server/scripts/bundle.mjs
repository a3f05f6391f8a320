// The server as plain ESM files for the container image (Dockerfile), everything they import
// inside, so the runtime image needs no node_modules at all:
//   main.mjs        the server (`node main.mjs`, or `node main.mjs worker` for a worker process)
//   bot-worker.mjs  a computer players' worker thread (src/bots/worker.ts; pool.ts finds it beside main.mjs)
//   worker.js       piscina's own thread bootstrap, which piscina starts from its directory
//                   (`__dirname`, here main.mjs's: see `define` below) and which imports bot-worker.mjs
// In the repository the server runs from source (tsx); this is for shipping only.
// `node scripts/bundle.mjs [OUTFILE]` (the tests bundle into a directory of their own; the other
// files go beside OUTFILE).
import { cpSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { build } from 'esbuild';

const outfile = process.argv[2] ?? new URL('../dist/main.mjs', import.meta.url).pathname;
const outdir = dirname(outfile);
const require = createRequire(import.meta.url);
const piscinaWorker = join(dirname(require.resolve('piscina')), 'worker.js');

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  logLevel: 'warning',
  // piscina finds its thread bootstrap through CommonJS' __dirname, which ESM does not have:
  // the directory of the bundle itself stands in for it. Its optional `@napi-rs/nice` (thread
  // priorities) is left out: piscina goes on without it.
  define: { __dirname: '__fivesBundleDir' },
  external: ['@napi-rs/nice'],
  // Some dependencies are CommonJS and call require() on Node's own modules.
  banner: {
    js: [
      "import { createRequire as __createRequire } from 'node:module';",
      "import { dirname as __pathDirname } from 'node:path';",
      "import { fileURLToPath as __fileURLToPath } from 'node:url';",
      'const require = __createRequire(import.meta.url);',
      'const __fivesBundleDir = __pathDirname(__fileURLToPath(import.meta.url));',
    ].join(' '),
  },
};

await build({ ...common, entryPoints: [new URL('../src/main.ts', import.meta.url).pathname], outfile });
await build({ ...common, entryPoints: [new URL('../src/bots/worker.ts', import.meta.url).pathname], outfile: join(outdir, 'bot-worker.mjs') });
if (basename(outfile) === 'worker.js' || basename(outfile) === 'bot-worker.mjs') throw new Error(`the bundle's name must not be ${basename(outfile)}`);
// piscina starts `worker.js`, CommonJS: the package.json beside it says so (the .mjs files are ESM whatever it says).
await build({ ...common, format: 'cjs', banner: {}, define: {}, entryPoints: [piscinaWorker], outfile: join(outdir, 'worker.js') });
writeFileSync(join(outdir, 'package.json'), '{ "type": "commonjs" }\n');
// The archive's SQL migrations, read at start (src/archive/migrate.ts looks beside the bundle).
cpSync(new URL('../migrations', import.meta.url).pathname, join(outdir, 'migrations'), { recursive: true });
// The Redis scripts, read at start (src/redis/lua.ts looks in `lua/` beside the bundle).
cpSync(new URL('../src/redis/lua', import.meta.url).pathname, join(outdir, 'lua'), { recursive: true });
