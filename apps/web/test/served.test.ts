import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { get } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtClient } from './e2e/harness.ts';
import { type GameServer, startGameServer } from './support/server.ts';

interface Fetched {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: Buffer;
}

/** A GET that leaves the body as sent (fetch would decompress it). */
function fetchRaw(url: string, headers: Record<string, string>): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

/**
 * The real build (`vite build` with the precompression step), served by the game server as it
 * ships: each hashed file compressed and kept for a year, the page itself revalidated.
 */
describe('the built client, served by the game server', () => {
  let dist: { dir: string; own: boolean };
  let server: GameServer;
  beforeAll(async () => {
    dist = await builtClient();
    server = await startGameServer({ seed: 'served', webRoot: dist.dir });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    if (dist?.own) await rm(dist.dir, { recursive: true, force: true });
  });

  it('sends every hashed script and style sheet as brotli and gzip, immutable for a year; the page and invite links no-cache', async () => {
    const assets = readdirSync(join(dist.dir, 'assets')).filter((f) => /\.(js|css)$/.test(f));
    expect(assets.length).toBeGreaterThanOrEqual(2);
    for (const name of assets) {
      const raw = readFileSync(join(dist.dir, 'assets', name));
      if (!existsSync(join(dist.dir, 'assets', `${name}.br`))) {
        // A chunk of a few hundred bytes, which compression would only make longer: sent as it is.
        expect(raw.length, name).toBeLessThan(1024);
        const plain = await fetchRaw(`${server.url}/assets/${name}`, { 'accept-encoding': 'gzip, deflate, br' });
        expect(plain.headers['content-encoding'], name).toBeUndefined();
        expect(plain.headers['cache-control'], name).toBe('public, max-age=31536000, immutable');
        expect(plain.body.equals(raw), name).toBe(true);
        continue;
      }
      const br = await fetchRaw(`${server.url}/assets/${name}`, { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.headers['content-encoding'], name).toBe('br');
      expect(br.headers['cache-control'], name).toBe('public, max-age=31536000, immutable');
      expect(br.headers.vary, name).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(br.body).equals(raw), name).toBe(true);
      const gz = await fetchRaw(`${server.url}/assets/${name}`, { 'accept-encoding': 'gzip' });
      // gzip's header costs more than brotli's: a small chunk may have one and not the other.
      const gzipped = existsSync(join(dist.dir, 'assets', `${name}.gz`));
      expect(gz.headers['content-encoding'], name).toBe(gzipped ? 'gzip' : undefined);
      expect((gzipped ? gunzipSync(gz.body) : gz.body).equals(raw), name).toBe(true);
    }
    // The client's own addresses: a table, a player's page, a game's replay.
    for (const path of ['/', '/t/abcdefgh', '/p/p_rosa00000000', '/g/abcdefgh-2']) {
      const page = await fetchRaw(`${server.url}${path}`, { accept: 'text/html', 'accept-encoding': 'br' });
      expect(page.status, path).toBe(200);
      expect(page.headers['cache-control'], path).toBe('no-cache');
      expect(page.headers['content-encoding'], path).toBe('br');
      expect(page.headers.etag, path).toBeDefined();
      expect(brotliDecompressSync(page.body).toString(), path).toContain('/assets/');
    }
  });
});
