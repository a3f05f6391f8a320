import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * The most JavaScript the first page may fetch, gzipped in kB of 1000 bytes, as Vite reports
 * sizes: issue 15's 80 kB (from 106.7). The split pages reached 66.7 kB; the English catalogue
 * and zod's mini core brought it to 86.3 kB, until the first page's rules and seed checks were
 * written without zod (packages/engine/src/rules.ts, packages/protocol/src/fairness.ts): 74.2 kB
 * (74.7 with the stand-in notice; 78.8 with the lobby's passkey card, ratings and reactions;
 * 80.5 with the double-nine set). The online deal checker, which replays a hand on the whole
 * engine, then moved to a chunk of its own fetched with the first table state: 71.0 kB.
 */
export const FIRST_LOAD_BUDGET = 80_000;

export interface FirstLoad {
  /** The scripts index.html loads: its module entry and the chunks it preloads. */
  readonly files: readonly string[];
  /** Their gzipped size together, in bytes, as the server sends them (level 9, like precompress.ts). */
  readonly gzip: number;
}

/**
 * The JavaScript a visitor's first page costs: what `index.html` in `dir` loads by itself. Chunks
 * fetched by `import()` later (the table screen, practice) are not in it.
 */
export async function firstLoad(dir: string): Promise<FirstLoad> {
  const html = await readFile(join(dir, 'index.html'), 'utf8');
  const files = [
    ...[...html.matchAll(/<script\b[^>]*\bsrc="\/?([^"]+\.js)"/g)].map((m) => m[1] as string),
    ...[...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="\/?([^"]+\.js)"/g)].map((m) => m[1] as string),
  ];
  if (files.length === 0) throw new Error(`${dir}/index.html loads no script: is it a build of the client?`);
  let gzip = 0;
  for (const file of files) gzip += gzipSync(await readFile(join(dir, file)), { level: constants.Z_BEST_COMPRESSION }).length;
  return { files, gzip };
}

export const kb = (bytes: number): string => `${(bytes / 1000).toFixed(1)} kB`;

/** The Vite plugin: prints the first page's figure after each build (apps/web/test/first-load.test.ts holds it to the budget). */
export function firstLoadReport(): Plugin {
  let outDir = 'dist';
  return {
    name: 'fives:first-load',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const { files, gzip } = await firstLoad(outDir);
      const verdict = gzip <= FIRST_LOAD_BUDGET ? 'within' : 'OVER';
      this.info(`first page: ${kb(gzip)} of JavaScript gzipped in ${files.length} file(s), ${verdict} the ${kb(FIRST_LOAD_BUDGET)} budget`);
    },
  };
}
