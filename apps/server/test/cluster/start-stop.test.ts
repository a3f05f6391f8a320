import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { freePort } from '../support/process.ts';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/**
 * `pnpm start` in a terminal, stopped with Ctrl-C: the terminal sends SIGINT to the whole
 * process group (pnpm, the shell running the script, the server). The server drains and exits
 * 0, and so does every process in the chain: no "ELIFECYCLE Command failed" for a clean stop.
 * The whole script runs, the web client's build included.
 */
describe('pnpm start stopped with Ctrl-C', () => {
  it('stops cleanly and exits 0, saying no command failed', async () => {
    const port = await freePort();
    // The process's own settings, as a person's terminal has them: no test runner's, no Redis nor PostgreSQL.
    const dropped = (k: string): boolean => k.startsWith('VITEST') || ['NODE_ENV', 'REDIS_URL', 'REDIS_SENTINELS', 'REDIS_CLUSTER_NODES', 'DATABASE_URL', 'TEST'].includes(k);
    const env = { ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !dropped(k))), PORT: String(port), HOST: '127.0.0.1', FORCE_COLOR: '0' };
    const child = spawn('pnpm', ['start'], { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const listening = new Promise<void>((resolve) => {
      const read = (chunk: Buffer): void => {
        out += chunk.toString();
        if (out.includes('Server listening')) resolve();
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
    });
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
    try {
      await Promise.race([listening, exited.then(() => Promise.reject(new Error(`pnpm start ended before listening:\n${out}`)))]);
      // Ctrl-C: the signal goes to the terminal's foreground process group, every process in it.
      process.kill(-(child.pid as number), 'SIGINT');
      const end = await exited;
      expect(end, out.slice(-2000)).toEqual({ code: 0, signal: null });
      expect(out).toMatch(/stopping/);
      expect(out).not.toMatch(/ELIFECYCLE|Command failed/);
    } finally {
      if (child.exitCode === null && child.signalCode === null) process.kill(-(child.pid as number), 'SIGKILL');
    }
  }, 240_000);
});
