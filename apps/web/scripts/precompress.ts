import { readFile, readdir, writeFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * What is worth compressing: text. Images and fonts are compressed formats already; source maps
 * are fetched by developer tools only, and brotli at its best takes seconds on their megabytes.
 */
const TEXT = new Set(['.html', '.js', '.mjs', '.css', '.svg', '.json', '.txt', '.webmanifest', '.xml']);

export interface Precompressed {
  readonly file: string;
  readonly raw: number;
  readonly gzip: number;
  readonly brotli: number;
}

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every text file
 * under `dir`, once, at build time: the server sends them as they are (`@fastify/static`'s
 * `preCompressed`), so no request pays for compressing — the event loop that does it also runs
 * the computer players — and the smallest levels cost nothing per request. A variant that
 * would not be smaller is not written (the server then sends the file itself).
 */
export async function precompressDir(dir: string): Promise<Precompressed[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((e) => e.isFile() && TEXT.has(extname(e.name))).map((e) => join(e.parentPath, e.name));
  return Promise.all(
    files.map(async (file) => {
      const raw = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
        gzipped(raw, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      if (br.length < raw.length) await writeFile(`${file}.br`, br);
      if (gz.length < raw.length) await writeFile(`${file}.gz`, gz);
      return { file, raw: raw.length, gzip: gz.length, brotli: br.length };
    }),
  );
}

/** The Vite plugin: precompresses the build's output directory once it is written. */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'fives-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDir(outDir);
    },
  };
}
