import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../support/postgres.ts';
import { freePort } from '../support/process.ts';

const SERVER = fileURLToPath(new URL('../../', import.meta.url));

/**
 * The container image runs the server as one bundled file with no node_modules beside it
 * (Dockerfile): bundled into an empty directory, it starts, serves the web client and answers
 * its health check, and stops cleanly on SIGTERM.
 */
describe('the bundled server (the container image runs it)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'fives-bundle-'));
  let child: ChildProcess | null = null;
  afterAll(() => {
    if (child !== null && child.exitCode === null) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('runs on its own: health check, web client, a clean stop', async () => {
    const out = join(dir, 'apps/server/dist/main.mjs');
    execFileSync(process.execPath, ['scripts/bundle.mjs', out], { cwd: SERVER });
    // The bot threads' module and piscina's bootstrap beside it (src/bots/pool.ts looks there),
    // the bootstrap CommonJS by its package.json whatever directory the image puts it in.
    for (const file of ['bot-worker.mjs', 'worker.js']) expect(existsSync(join(dir, 'apps/server/dist', file)), file).toBe(true);
    expect(JSON.parse(readFileSync(join(dir, 'apps/server/dist/package.json'), 'utf8'))).toEqual({ type: 'commonjs' });
    // The Redis scripts, read at start from `lua/` beside the bundle (src/redis/lua.ts).
    for (const file of readdirSync(join(SERVER, 'src/redis/lua'))) expect(existsSync(join(dir, 'apps/server/dist/lua', file)), file).toBe(true);
    // Where the image puts the built client, found by the default WEB_ROOT.
    mkdirSync(join(dir, 'apps/web/dist'), { recursive: true });
    writeFileSync(join(dir, 'apps/web/dist/index.html'), '<!doctype html><title>fives</title><p>bundled client</p>');
    mkdirSync(join(dir, 'apps/web/dist/assets'));
    writeFileSync(join(dir, 'apps/web/dist/assets/index-1.js'), 'console.log(1)');
    writeFileSync(join(dir, 'apps/web/dist/assets/index-1.js.br'), brotliCompressSync('console.log(1)'));
    const port = await freePort();
    const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' };
    child = spawn(process.execPath, [out], { cwd: dir, env, stdio: ['ignore', 'ignore', 'inherit'] });
    const url = `http://127.0.0.1:${port}`;
    let health: Response | null = null;
    for (let i = 0; i < 200 && health === null; i++) {
      health = await fetch(`${url}/healthz`).catch(() => null);
      if (health === null) await new Promise((r) => setTimeout(r, 50));
    }
    expect(await health?.json()).toMatchObject({ ok: true, store: { kind: 'memory' } });
    expect(await (await fetch(`${url}/`)).text()).toContain('bundled client');
    // prom-client, bundled too: the process's own metrics with the app's.
    const metrics = await (await fetch(`${url}/metrics`)).text();
    expect(metrics).toContain('nodejs_eventloop_lag_seconds');
    expect(metrics).toContain('fives_moves_total');
    // Its precompressed copy (which fetch decompresses), kept a year.
    const asset = await fetch(`${url}/assets/index-1.js`, { headers: { 'accept-encoding': 'br' } });
    expect([asset.headers.get('content-encoding'), asset.headers.get('cache-control'), await asset.text()]).toEqual([
      'br',
      'public, max-age=31536000, immutable',
      'console.log(1)',
    ]);
    const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    // Bundling and a process start on a shared CPU; nothing here is timed.
  }, 60_000);

  it('opens the archive in PostgreSQL with the migrations copied beside it', async () => {
    const out = join(dir, 'pg/apps/server/dist/main.mjs');
    execFileSync(process.execPath, ['scripts/bundle.mjs', out], { cwd: SERVER });
    const db = await testDatabase();
    try {
      const port = await freePort();
      const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATABASE_URL: db.url, WEB_ROOT: '/nonexistent' };
      child = spawn(process.execPath, [out], { cwd: join(dir, 'pg'), env, stdio: ['ignore', 'ignore', 'inherit'] });
      let health: Response | null = null;
      for (let i = 0; i < 200 && health === null; i++) {
        health = await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null);
        if (health === null) await new Promise((r) => setTimeout(r, 50));
      }
      expect(await health?.json()).toMatchObject({ ok: true, archive: { kind: 'postgres', durable: true } });
      const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      await db.drop();
    }
  }, 60_000);
});
