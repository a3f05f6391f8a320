import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SERVER_MAIN = 'apps/server/src/main.ts';

export interface ServerNode {
  readonly child: ChildProcess;
  readonly url: string;
}

/**
 * A server node as production runs it: the server's own `main.ts` in a process of its own
 * (tsx, from the workspace root), configured by `env` as an operator would. PORT=0 lets the OS
 * pick a free port, and the node says which in its "Server listening at" line, so there is no
 * window between finding a port and taking it. Resolves once it listens.
 */
export async function startServerNode(env: Record<string, string>): Promise<ServerNode> {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_MAIN], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', WEB_ROOT: '/nonexistent', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const onData = (chunk: Buffer): void => {
      out += chunk.toString();
      const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (listening === null) return;
      child.stdout?.off('data', onData);
      child.off('exit', onExit);
      // Its log from here on is read and dropped, so the pipe never fills and stalls the node.
      child.stdout?.resume();
      resolve(listening[1] as string);
    };
    const onExit = (code: number | null): void => reject(new Error(`the server exited (${code}) before listening:\n${out}`));
    child.stdout?.on('data', onData);
    child.once('exit', onExit);
  });
  return { child, url };
}

/** Kills the node (its tables are in Redis; the test removes them) and resolves once it is gone. */
export function stopServerNode(node: ServerNode): Promise<void> {
  const { child } = node;
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}
