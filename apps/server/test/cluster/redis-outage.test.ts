import { type ChildProcess, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type GameRecord, replayRecord } from '@fives/engine';
import type { Health, Problem, TableState } from '@fives/protocol';
import { afterAll, describe, expect, it } from 'vitest';
import { RedisTableStore } from '../../src/store/redis.ts';
import { TestClient } from '../support/client.ts';
import { adaAndBob } from '../support/table.ts';
import { freePort } from '../support/process.ts';
import { uniquePrefix } from '../support/redis.ts';
import { startRedis, stopRedis as stopped } from '../support/redis-server.ts';
import { until } from '../support/until.ts';
import { type TestServer, startServer } from '../support/server.ts';

describe('Redis restarting in the middle of a game', () => {
  const redis: ChildProcess[] = [];
  let server: TestServer | null = null;
  let dir = '';
  const clients: TestClient[] = [];
  afterAll(async () => {
    for (const c of clients) c.close();
    await server?.close();
    for (const r of redis) await stopped(r);
    if (dir !== '') await rm(dir, { recursive: true, force: true });
  });

  it('the server stays up, stays ready (the outage is in /healthz), refuses with server/busy, and the game goes on to its end once Redis is back', async () => {
    const port = await freePort();
    dir = await mkdtemp(path.join(tmpdir(), 'fives-redis-'));
    redis.push(await startRedis(port, dir));
    const store = await RedisTableStore.connect({ url: `redis://127.0.0.1:${port}`, prefix: uniquePrefix() });
    server = await startServer({ store, seed: 'outage', storeProbeMs: 100 });
    const url = server.url;

    const { tableId, a, b, ada, bob } = await adaAndBob(url, { players: 3 }, [{ type: 'human' }, { type: 'human' }, { type: 'bot', level: 'easy' }]);
    clients.push(a, b);
    expect((await a.request('table:start', { tableId })).ok).toBe(true);
    a.play();
    b.play();
    const midHand = (s: TableState): boolean => s.view !== null && s.view.status === 'playing' && (s.view.hand?.log.length ?? 0) >= 6;
    await a.waitForState(midHand);
    a.stop();
    b.stop();

    // Redis goes away.
    await stopped(redis[0]!);
    const storeUp = async (): Promise<boolean> => ((await (await fetch(`${url}/healthz`)).json()) as Health).store.up;
    await until('/healthz says the store is down', async () => !(await storeUp()));
    const live = await fetch(`${url}/healthz`);
    expect(live.status).toBe(200);
    expect(((await live.json()) as { ok: boolean }).ok).toBe(true);
    // Readiness is about draining only: a balancer keeps the node in and players get server/busy, not a bare 503.
    // The metrics still answer (their readings from Redis keep their last values), and say it.
    const metrics = await fetch(`${url}/metrics`);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toMatch(/^fives_store_up 0$/m);
    const ready = await fetch(`${url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ ready: true, store: { up: false }, draining: false });
    const s = a.state!;
    const refused = await a.request('game:action', { tableId, version: s.version, action: { type: 'pass' } });
    expect(refused.ok).toBe(false);
    expect((refused as { error: Problem }).error).toMatchObject({ code: 'server/busy', retryAfterMs: expect.any(Number) });
    const http = await fetch(`${url}/api/tables/${tableId}`);
    expect(http.status).toBe(503);
    expect(((await http.json()) as { error: Problem }).error.code).toBe('server/busy');

    // Redis comes back with everything it had written.
    redis.push(await startRedis(port, dir));
    await until('/healthz says the store is up again', storeUp);

    // The players come back (as a reload would) and finish the game; the computer player moves again too.
    for (const c of [a, b]) c.close();
    const [a2, b2] = [await TestClient.connect(url, ada.token), await TestClient.connect(url, bob.token)];
    clients.push(a2, b2);
    await a2.join(tableId);
    await b2.join(tableId);
    expect(a2.state!.version).toBeGreaterThanOrEqual(s.version);
    a2.play();
    b2.play();
    const [endA, endB] = await Promise.all([a2.waitForState((x) => x.table.phase === 'over'), b2.waitForState((x) => x.table.phase === 'over')]);
    expect(endA.version).toBe(endB.version);
    expect(endA.view?.winner).not.toBeNull();

    // Nothing was lost: the whole game's record replays to the same end.
    const record = (await (await fetch(`${url}/api/tables/${tableId}/games/1/record`)).json()) as GameRecord;
    expect(replayRecord(record).output).toMatchObject({ ok: true, finished: true, winner: endA.view!.winner, scores: endA.view!.scores });
  }, 60_000);
});

describe('a server started without Redis', () => {
  it('stops at once with one clear line on stderr', async () => {
    const port = await freePort();
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: fileURLToPath(new URL('../../../../', import.meta.url)),
      env: { ...process.env, REDIS_URL: `redis://:hunter2@127.0.0.1:${port}`, REDIS_CONNECT_TIMEOUT_MS: '300', PORT: '0', FIVES_SECRET: 'test-secret-0123456789abcdef' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^fives server: cannot reach Redis at redis:\/\/:\*\*\*@127\.0\.0\.1:\d+\/? \(.*ECONNREFUSED.*\)/);
    expect(run.stderr).not.toContain('hunter2');
  }, 40_000);
});
