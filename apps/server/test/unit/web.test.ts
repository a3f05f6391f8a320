import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GameApp, build } from '../../src/app.ts';
import { MemoryTableStore } from '../../src/store/memory.ts';
import { TEST_SECRET } from '../support/server.ts';

const INDEX = `<!doctype html><title>Fives client</title><script type="module" src="/assets/index-AbC123.js"></script>${' '.repeat(200)}`;
const SCRIPT = `console.log(${JSON.stringify('the client '.repeat(100))});`;
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A built client as Vite and the precompression step leave it: hashed assets, each text file with .br and .gz beside it. */
function fixture(): string {
  const root = mkdtempSync(join(tmpdir(), 'fives-web-'));
  mkdirSync(join(root, 'assets'));
  const files: Record<string, string> = { 'index.html': INDEX, 'assets/index-AbC123.js': SCRIPT, 'assets/index-XyZ789.css': 'body{margin:0}' };
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(join(root, name), text);
    if (text.length > 100) {
      writeFileSync(join(root, `${name}.br`), brotliCompressSync(text));
      writeFileSync(join(root, `${name}.gz`), gzipSync(text));
    }
  }
  writeFileSync(join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return root;
}

describe('the web client’s files', () => {
  let app: GameApp;
  let root: string;
  beforeAll(async () => {
    root = fixture();
    app = await build({ store: new MemoryTableStore(), secret: TEST_SECRET, logger: false, webRoot: root });
  });
  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

  it('sends index.html at /, compressed too', async () => {
    const res = await get('/', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(INDEX);
  });

  it('sends brotli or gzip as the request accepts, the file itself otherwise, and says it varies', async () => {
    const br = await get('/assets/index-AbC123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    const gz = await get('/assets/index-AbC123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
    const plain = await get('/assets/index-AbC123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    for (const res of [br, gz, plain]) expect(res.headers.vary).toMatch(/accept-encoding/i);
    // A file with no compressed copy beside it is sent as it is.
    const css = await get('/assets/index-XyZ789.css', { 'accept-encoding': 'br' });
    expect(css.headers['content-encoding']).toBeUndefined();
    expect(css.body).toBe('body{margin:0}');
  });

  it('lets caches keep hashed files for a year, and revalidate index.html, the invite-link fallback and other files', async () => {
    for (const url of ['/assets/index-AbC123.js', '/assets/index-XyZ789.css']) {
      expect((await get(url, { 'accept-encoding': 'br' })).headers['cache-control'], url).toBe(IMMUTABLE);
    }
    for (const [url, accept] of [
      ['/', 'br'],
      ['/index.html', 'gzip'],
      ['/favicon.svg', 'br'],
      ['/t/abcdefgh', 'br'],
    ] as const) {
      const res = await get(url, { accept: 'text/html', 'accept-encoding': accept });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers.etag, url).toBeDefined();
      expect(res.headers['last-modified'], url).toBeDefined();
    }
    const invite = await get('/t/abcdefgh', { accept: 'text/html', 'accept-encoding': 'br' });
    expect(invite.headers['content-encoding']).toBe('br');
    expect(invite.headers['content-type']).toMatch(/^text\/html/);
    expect(brotliDecompressSync(invite.rawPayload).toString()).toBe(INDEX);
  });

  it('answers a revalidation with 304 when nothing changed', async () => {
    for (const [url, encoding] of [
      ['/', 'br'],
      ['/', 'identity'],
      ['/index.html', 'gzip'],
      ['/assets/index-AbC123.js', 'br'],
    ] as const) {
      const first = await get(url, { 'accept-encoding': encoding });
      expect(first.statusCode, url).toBe(200);
      const again = await get(url, { 'accept-encoding': encoding, 'if-none-match': String(first.headers.etag) });
      expect(again.statusCode, `${url} ${encoding}`).toBe(304);
      expect(again.body).toBe('');
    }
  });
});
