import { createWriteStream } from 'node:fs';
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { REDIS_URL } from './redis.ts';
import { TEST_SECRET } from './server.ts';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/**
 * A server node as its own OS process on a free port (or `port`: a node started again where the
 * last one was), resolved once it listens. `entry` is the server's `main.ts` or the test node
 * with the Redis adapter (`node-process.ts`).
 * FIVES_TEST_NODE_LOGS=/tmp/node keeps each node's log in /tmp/node.PORT (else it is dropped).
 */
export async function spawnNode(
  prefix: string,
  env: Record<string, string> = {},
  entry = 'apps/server/test/support/node-process.ts',
  options: { readonly args?: readonly string[]; readonly detached?: boolean; readonly port?: number } = {},
): Promise<{ child: ChildProcess; url: string; port: number }> {
  const port = options.port ?? (await freePort());
  const child = spawn(process.execPath, ['--import', 'tsx', entry, ...(options.args ?? [])], {
    cwd: ROOT,
    // A process group of its own, for a test that kills it whole (its threads and all).
    detached: options.detached ?? false,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      REDIS_URL,
      REDIS_PREFIX: prefix,
      FIVES_SECRET: TEST_SECRET,
      BOT_DELAY_MS: '0',
      HAND_PAUSE_MS: '0',
      LOG_LEVEL: 'info',
      WEB_ROOT: '/nonexistent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    const onData = (chunk: Buffer): void => {
      out += chunk.toString();
      if (out.includes('Server listening')) {
        child.stdout.off('data', onData);
        if (process.env.FIVES_TEST_NODE_LOGS) child.stdout.pipe(createWriteStream(`${process.env.FIVES_TEST_NODE_LOGS}.${port}`));
        else child.stdout.resume();
        resolve();
      }
    };
    child.stdout.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before listening:\n${out}`)));
  });
  return { child, url: `http://127.0.0.1:${port}`, port };
}

export function killed(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}
