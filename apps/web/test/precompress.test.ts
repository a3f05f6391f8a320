import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../scripts/precompress.ts';

describe('the build’s precompression step', () => {
  const dir = mkdtempSync(join(tmpdir(), 'fives-precompress-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes .br and .gz beside each text file, which give the file back; nothing for images, source maps or what would not shrink', async () => {
    mkdirSync(join(dir, 'assets'));
    const script = `export const words = ${JSON.stringify('all fives '.repeat(500))};`;
    writeFileSync(join(dir, 'assets/index-abc.js'), script);
    writeFileSync(join(dir, 'index.html'), `<!doctype html>${'<p>fives</p>'.repeat(50)}`);
    writeFileSync(join(dir, 'assets/index-abc.js.map'), JSON.stringify({ mappings: 'A'.repeat(5000) }));
    writeFileSync(join(dir, 'logo.png'), Buffer.alloc(2000));
    writeFileSync(join(dir, 'tiny.css'), 'a{}');

    const sizes = await precompressDir(dir);

    expect(brotliDecompressSync(readFileSync(join(dir, 'assets/index-abc.js.br'))).toString()).toBe(script);
    expect(gunzipSync(readFileSync(join(dir, 'assets/index-abc.js.gz'))).toString()).toBe(script);
    expect(existsSync(join(dir, 'index.html.br'))).toBe(true);
    expect(existsSync(join(dir, 'index.html.gz'))).toBe(true);
    for (const none of ['assets/index-abc.js.map.br', 'logo.png.br', 'logo.png.gz', 'tiny.css.br', 'tiny.css.gz']) expect(existsSync(join(dir, none)), none).toBe(false);
    const js = sizes.find((s) => s.file.endsWith('index-abc.js'));
    expect(js?.raw).toBe(script.length);
    expect(js!.brotli).toBeLessThan(js!.gzip);
  });
});
