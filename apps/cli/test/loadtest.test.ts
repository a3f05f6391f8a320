import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { RedisTableStore } from '@fives/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseFigures } from '../src/loadtest/server-metrics.ts';
import { fives } from './run-cli.ts';
import { type ServerNode, startServerNode, stopServerNode } from './server-node.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A server node as production runs it, sharing Redis under `prefix`, rate limits off for a load test (docs/performance.md). */
function node(prefix: string): Promise<ServerNode> {
  const unlimited = { RATE_GUESTS: '0', RATE_TABLES: '0', RATE_ADDRESS_CONNECTIONS: '0', RATE_ADDRESS_MESSAGES: '0', RATE_CONNECTION_MESSAGES: '0', SOCKETS_PER_ADDRESS: '0' };
  return startServerNode({ REDIS_URL, REDIS_PREFIX: prefix, FIVES_SECRET: 'cli-loadtest-secret-0123456789', BOT_DELAY_MS: '0', HAND_PAUSE_MS: '0', ...unlimited });
}

/** `fives ARGS` as its own process, without blocking this one (the servers are its children). */
function run(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN, ...args], { cwd: ROOT, env: { ...process.env, INIT_CWD: ROOT } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('fives loadtest', () => {
  const prefix = `fives-test:loadtest-${randomBytes(4).toString('hex')}:`;
  let nodes: ServerNode[] = [];
  beforeAll(async () => {
    nodes = await Promise.all([node(prefix), node(prefix)]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all(nodes.map(stopServerNode));
    const store = await RedisTableStore.connect({ url: REDIS_URL, prefix });
    await store.deleteAll();
    await store.close();
  });

  it('drives a few tables on two nodes for a moment and prints one line of figures, without errors', async () => {
    const r = await run(['loadtest', '--url', nodes.map((n) => n.url).join(','), '--tables', '4', '--duration', '2']);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const figures = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(Object.keys(figures)).toEqual(['tables', 'moves', 'movesPerSec', 'latencyMs', 'errors', 'cpuUsPerMove', 'clientCpuUsPerMove', 'loadAverage', 'loopLagP99Ms']);
    expect(figures).toMatchObject({
      tables: 4,
      moves: expect.any(Number),
      movesPerSec: expect.any(Number),
      latencyMs: { p50: expect.any(Number), p95: expect.any(Number), p99: expect.any(Number) },
      errors: 0,
      cpuUsPerMove: expect.any(Number),
      clientCpuUsPerMove: expect.any(Number),
      loadAverage: expect.any(Number),
      loopLagP99Ms: expect.any(Number),
    });
    expect(figures.moves).toBeGreaterThan(0);
    expect(figures.loopLagP99Ms).toBeGreaterThan(0);
    // Starting two processes and a third on a shared CPU; nothing here is timed.
  }, 90_000);

  it("reads a node's moves, CPU and loop lag out of /metrics; a node without the lag says null, one without moves is an error", () => {
    const text = ['# HELP x', 'fives_moves_total 42', 'process_cpu_seconds_total 1.5', 'nodejs_eventloop_lag_p99_seconds 0.0123', 'nodejs_eventloop_lag_p99_seconds_x 9'].join(
      '\n',
    );
    expect(parseFigures(text)).toEqual({ moves: 42, cpuSeconds: 1.5, loopLagP99Seconds: 0.0123 });
    expect(parseFigures('fives_moves_total 1\nprocess_cpu_seconds_total 2').loopLagP99Seconds).toBeNull();
    expect(() => parseFigures('process_cpu_seconds_total 2')).toThrow(/fives_moves_total/);
  });

  it('says what is wrong with its options', () => {
    const r = fives(['loadtest', '--url', 'http://127.0.0.1:1', '--tables', 'many', '--duration', '1']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--tables must be a whole number');
  });
});
