import type { ChildProcess } from 'node:child_process';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { thinkJobKey } from '../../src/jobs/job.ts';
import { metric } from '../support/bot-table.ts';
import type { TestClient } from '../support/client.ts';
import { spawnNode } from '../support/process.ts';
import { deleteKeys, uniquePrefix } from '../support/redis.ts';
import { type TestServer, startNodeOn } from '../support/server.ts';
import { startedTable } from '../support/table.ts';
import { until } from '../support/until.ts';

/**
 * Scale out: a socket node that thinks nowhere itself (BOT_WORKERS=0) hands its searching
 * players' moves to the thinkers through Redis (jobs/thinking.ts): worker processes
 * (`role: 'worker'`) and nodes with threads. Real Redis, real sockets, the nodes on one prefix.
 */
describe('worker processes', () => {
  const adapters: { readonly isOpen: boolean; close(): Promise<void> }[] = [];
  const servers: TestServer[] = [];
  let clients: TestClient[] = [];
  let child: ChildProcess | null = null;
  let prefix = '';
  afterEach(async () => {
    for (const c of clients) c.close();
    clients = [];
    if (child?.pid !== undefined && child.exitCode === null && child.signalCode === null) process.kill(-child.pid, 'SIGKILL');
    child = null;
    for (const s of servers.splice(0)) await s.close();
    for (const c of adapters.splice(0)) if (c.isOpen) await c.close();
    await deleteKeys(prefix);
  });

  it('BOT_WORKERS=0 and no worker: the table says so in the log and /metrics and waits; once a worker starts, its computer player moves', async () => {
    prefix = uniquePrefix();
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const node = await startNodeOn(prefix, { seed: 'no-thinker', botWorkers: 0, logger }, adapters);
    servers.push(node);
    const table = await startedTable(node.url, { preset: 'muggins', players: 2 }, 1, 'expert');
    clients = table.clients;
    clients[0]!.play();
    await until('a move waits for a thinker', async () => (await metric(node.app, 'fives_bot_moves_waiting')) >= 1, 600);
    expect(await metric(node.app, 'fives_bot_thinkers')).toBe(0);
    expect(await metric(node.app, 'fives_bot_handed_off_total')).toBeGreaterThanOrEqual(1);
    await until('the log says so', () => lines.some((l) => l.includes('waiting for a thinker')));
    const waitingAt = (await node.app.store.load(table.tableId))!.version;
    const job = await node.app.store.thinking.jobs.dueAt(thinkJobKey(table.tableId));
    expect(job?.payload).toBe(waitingAt);

    const worker = await startNodeOn(prefix, { seed: 'the-worker', role: 'worker', botWorkers: 1, thinkPollMs: 20 }, adapters);
    servers.push(worker);
    await until('the computer player moved', async () => ((await node.app.store.load(table.tableId))?.version ?? 0) > waitingAt, 600);
    expect(await metric(worker.app, 'fives_bot_decisions_total{where="pool"}')).toBeGreaterThanOrEqual(1);
    // The person sees it, through the node they are connected to.
    await clients[0]!.waitForState((s) => s.version > waitingAt);
    expect(await metric(node.app, 'fives_bot_thinkers')).toBe(1);
    // A worker serves no clients: no API there.
    expect((await worker.app.inject({ method: 'POST', url: '/api/guests', payload: { name: 'x' } })).statusCode).toBe(404);
  }, 120_000);

  it('a worker process killed mid-thought (SIGKILL to its process group) loses nothing: when its lease is over another worker makes the move, once', async () => {
    prefix = uniquePrefix();
    const node = await startNodeOn(prefix, { seed: 'killed-worker', botWorkers: 0 }, adapters);
    servers.push(node);
    const spawned = await spawnNode(prefix, { JOB_LEASE_MS: '1500' }, 'apps/server/test/fixtures/bot-threads/worker-process.ts', { detached: true });
    child = spawned.child;
    const held = new Promise<void>((resolve) => {
      spawned.child.stdout?.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('a decision is held')) resolve();
      });
    });
    const table = await startedTable(node.url, { preset: 'muggins', players: 2 }, 1, 'expert');
    clients = table.clients;
    clients[0]!.play();
    await held;
    const doc = (await node.app.store.load(table.tableId))!;
    const heldAt = doc.version;
    const logLength = doc.state!.hand!.log.length;
    const bot = doc.state!.hand!.turn;
    expect(doc.seats[bot]).toMatchObject({ kind: 'bot', level: 'expert' });
    const exited = new Promise<string | null>((resolve) => spawned.child.once('exit', (_code, signal) => resolve(signal)));
    process.kill(-spawned.child.pid!, 'SIGKILL');
    expect(await exited).toBe('SIGKILL');
    // Nobody made the move meanwhile: it is still leased to the dead worker, or waiting.
    expect((await node.app.store.load(table.tableId))!.version).toBe(heldAt);

    const worker = await startNodeOn(prefix, { seed: 'next-worker', role: 'worker', botWorkers: 1, thinkPollMs: 20 }, adapters);
    servers.push(worker);
    clients[0]!.stop();
    await until('the move was made by the other worker', async () => ((await node.app.store.load(table.tableId))?.version ?? 0) > heldAt, 600);
    const after = (await node.app.store.load(table.tableId))!;
    // Made once: one entry by the computer player, on the version it was due on.
    expect(after.state!.hand!.log.slice(logLength, logLength + 1)).toEqual([expect.objectContaining({ seat: bot })]);
    expect(await metric(worker.app, 'fives_bot_decisions_total{where="pool"}')).toBe(1);
  }, 120_000);
});
