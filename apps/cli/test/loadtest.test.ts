import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { RedisTableStore } from '@fives/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fives } from './run-cli.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** A server node as production runs it, set up for a load test (docs/performance.md). */
async function node(prefix: string): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      REDIS_URL,
      REDIS_PREFIX: prefix,
      FIVES_SECRET: 'loadtest-secret-0123456789',
      BOT_DELAY_MS: '0',
      HAND_PAUSE_MS: '0',
      WEB_ROOT: '/nonexistent',
      RATE_GUESTS: '0',
      RATE_TABLES: '0',
      RATE_ADDRESS_CONNECTIONS: '0',
      RATE_ADDRESS_MESSAGES: '0',
      RATE_CONNECTION_MESSAGES: '0',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    const onData = (chunk: Buffer): void => {
      out += chunk.toString();
      if (!out.includes('Server listening')) return;
      child.stdout!.off('data', onData);
      child.stdout!.resume();
      resolve();
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited (${code}):\n${out}`)));
  });
  return { child, url: `http://127.0.0.1:${port}` };
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
  let nodes: { child: ChildProcess; url: string }[] = [];
  beforeAll(async () => {
    nodes = await Promise.all([node(prefix), node(prefix)]);
  }, 60_000);
  afterAll(async () => {
    for (const n of nodes) {
      if (n.child.exitCode !== null) continue;
      await new Promise((resolve) => {
        n.child.once('exit', resolve);
        n.child.kill('SIGKILL');
      });
    }
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
    expect(Object.keys(figures)).toEqual(['tables', 'moves', 'movesPerSec', 'latencyMs', 'errors', 'cpuUsPerMove']);
    expect(figures).toMatchObject({
      tables: 4,
      moves: expect.any(Number),
      movesPerSec: expect.any(Number),
      latencyMs: { p50: expect.any(Number), p95: expect.any(Number), p99: expect.any(Number) },
      errors: 0,
      cpuUsPerMove: expect.any(Number),
    });
    expect(figures.moves).toBeGreaterThan(0);
    // Starting two processes and a third on a shared CPU; nothing here is timed.
  }, 90_000);

  it('says what is wrong with its options', () => {
    const r = fives(['loadtest', '--url', 'http://127.0.0.1:1', '--tables', 'many', '--duration', '1']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--tables must be a whole number');
  });
});
