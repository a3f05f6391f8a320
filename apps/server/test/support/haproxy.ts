import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The balancer configuration docker-compose.yml mounts into the HAProxy container. */
export const SHIPPED_CONFIG = fileURLToPath(new URL('../../../../deploy/haproxy.cfg', import.meta.url));

/**
 * The haproxy binary: FIVES_HAPROXY, else Debian's. Missing, an error whose text is the whole
 * report (no stack: there is nothing to debug, only a package to install).
 */
export function haproxyBinary(): string {
  const binary = process.env.FIVES_HAPROXY ?? '/usr/sbin/haproxy';
  if (existsSync(binary)) return binary;
  const error = new Error(
    `haproxy is not installed (looked for ${binary}); the HAProxy test runs deploy/haproxy.cfg with it: ` +
      'install it with `apt-get install -y haproxy` (.ci/run does), or point FIVES_HAPROXY at one',
  );
  error.name = 'HaproxyMissing';
  error.stack = `${error.name}: ${error.message}`;
  throw error;
}

/** Replaces `from` by `to` where it occurs exactly once in `text`; anything else means the shipped file changed under the test. */
function replaceOnce(text: string, from: string, to: string): string {
  const at = text.indexOf(from);
  if (at < 0 || text.indexOf(from, at + 1) >= 0) throw new Error(`deploy/haproxy.cfg: expected exactly one "${from}" to rewrite for the test`);
  return text.slice(0, at) + to + text.slice(at + from.length);
}

/**
 * The shipped configuration with only what differs outside Docker rewritten, each by one
 * explicit substitution: the bind port (loopback, a free port) and the two servers' addresses
 * (compose's `node1:3000`, `node2:3000`). Everything else, the `resolvers` use included, is
 * the file as shipped.
 */
export function localConfig(bindPort: number, node1: string, node2: string): string {
  let text = readFileSync(SHIPPED_CONFIG, 'utf8');
  text = replaceOnce(text, '  bind :8080\n', `  bind 127.0.0.1:${bindPort}\n`);
  text = replaceOnce(text, 'server node1 node1:3000 ', `server node1 ${node1} `);
  text = replaceOnce(text, 'server node2 node2:3000 ', `server node2 ${node2} `);
  return text;
}

/** `haproxy -c`: whether the file is valid, and what it said (warnings included). */
export function checkConfig(binary: string, file: string): { ok: boolean; output: string } {
  const run = spawnSync(binary, ['-c', '-f', file], { encoding: 'utf8', timeout: 30_000 });
  return { ok: run.status === 0, output: `${run.stdout}${run.stderr}` };
}

export interface RunningHaproxy {
  readonly child: ChildProcess;
  /** Every line it wrote so far (the request log goes to stdout, alerts to stderr). */
  readonly lines: string[];
  /** Whether it has stopped (or never started: its spawn failure is in `lines`). */
  readonly gone: boolean;
  stop(): Promise<void>;
}

/**
 * HAProxy in the foreground (`-db`, as the image runs it), in a process group of its own so
 * that stopping it stops whatever it started; under `prlimit --nofile=LIMIT` when given, the
 * file-descriptor limit of a rootless or LXC host, whatever this machine's own is.
 */
export async function startHaproxy(binary: string, file: string, nofile?: number): Promise<RunningHaproxy> {
  const command = nofile === undefined ? [binary] : ['prlimit', `--nofile=${nofile}:${nofile}`, binary];
  const child = spawn(command[0]!, [...command.slice(1), '-db', '-f', file], { detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  const collect = (chunk: Buffer): void => {
    lines.push(
      ...chunk
        .toString()
        .split('\n')
        .filter((l) => l !== ''),
    );
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  let gone = false;
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => {
      gone = true;
      resolve();
    });
    child.once('error', (error) => {
      gone = true;
      lines.push(`could not start ${command.join(' ')}: ${error.message}`);
      resolve();
    });
  });
  return {
    child,
    lines,
    get gone() {
      return gone;
    },
    async stop() {
      if (gone) return;
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // Gone between the check and the kill.
      }
      await exited;
    },
  };
}
