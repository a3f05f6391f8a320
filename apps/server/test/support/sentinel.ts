import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createClient } from 'redis';
import { until } from './until.ts';

/** The master's name the test's sentinels monitor. */
export const SENTINEL_NAME = 'fives';

/**
 * A Sentinel-managed Redis of the test's own, on loopback ports from `base` (the task's range):
 * a master on base, its replica on base+1, three sentinels on base+10..12, each with a config
 * file in `dir` (a sentinel rewrites its own). Short timings: a master that stops answering is
 * down after 1 s, and failed over within a few. Every process is its own group, stopped whole.
 */
export interface SentinelSet {
  readonly redis: Map<number, ChildProcess>;
  readonly sentinels: ChildProcess[];
  readonly sentinelPorts: number[];
  /** host:port,… as REDIS_SENTINELS reads it. */
  readonly env: string;
}

export function requireRedisServer(): void {
  try {
    execFileSync('redis-server', ['--version'], { stdio: 'ignore' });
  } catch {
    throw new Error('redis-server is not installed: apt-get install redis-server (it provides redis-server and its --sentinel mode)');
  }
}

function started(child: ChildProcess, ready: RegExp, what: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let out = '';
    const onData = (chunk: Buffer): void => {
      out += chunk.toString();
      if (ready.test(out)) {
        child.stdout!.off('data', onData);
        child.stdout!.resume();
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${what} exited (${code}):\n${out}`)));
  });
}

/**
 * As docs/performance.md ("Failover") advises: a master takes writes only while its replica is
 * with it, so one cut off in a failover refuses them (NOREPLICAS: server/busy, retried) instead
 * of taking seconds of moves the failover then throws away.
 */
export const SAFE_WRITES = ['--min-replicas-to-write', '1', '--min-replicas-max-lag', '2'];

/**
 * Also as docs/protocol.md advises with SAFE_WRITES: a replica that needs a full copy (a new one,
 * a crashed master started again empty) gets it at once, not after Redis 7's default 5 s wait for
 * more replicas to share the transfer, which a master that needs that replica spends refusing
 * every write.
 */
export const PROMPT_SYNC = ['--repl-diskless-sync-delay', '0'];

export async function startRedisNode(port: number, dir: string, into: Map<number, ChildProcess>, replicaOf?: number): Promise<ChildProcess> {
  const where = ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--dbfilename', `dump-${port}.rdb`];
  const args = [...where, '--save', '', '--appendonly', 'no', ...SAFE_WRITES, ...PROMPT_SYNC];
  if (replicaOf !== undefined) args.push('--replicaof', '127.0.0.1', String(replicaOf));
  const child = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'inherit'], detached: true });
  into.set(port, child);
  await started(child, /Ready to accept connections/, `redis-server on ${port}`);
  return child;
}

/**
 * Starts the set into `into` (the caller's, to stop with `stopSentinelSet` even when starting
 * fails half way) and resolves once a failover can happen.
 */
export async function startSentinelSet(base: number, dir: string, into: SentinelSet): Promise<SentinelSet> {
  requireRedisServer();
  const { redis, sentinels, sentinelPorts } = into;
  await startRedisNode(base, dir, redis);
  await startRedisNode(base + 1, dir, redis, base);
  sentinelPorts.push(base + 10, base + 11, base + 12);
  for (const port of sentinelPorts) {
    const file = path.join(dir, `sentinel-${port}.conf`);
    await writeFile(
      file,
      [
        `port ${port}`,
        'bind 127.0.0.1',
        `dir ${dir}`,
        `sentinel monitor ${SENTINEL_NAME} 127.0.0.1 ${base} 2`,
        `sentinel down-after-milliseconds ${SENTINEL_NAME} 1000`,
        `sentinel failover-timeout ${SENTINEL_NAME} 3000`,
        `sentinel parallel-syncs ${SENTINEL_NAME} 1`,
        '',
      ].join('\n'),
    );
    const child = spawn('redis-server', [file, '--sentinel'], { stdio: ['ignore', 'pipe', 'inherit'], detached: true });
    sentinels.push(child);
    await started(child, /Sentinel ID is/, `sentinel on ${port}`);
  }
  // Ready for a failover: every sentinel knows the other two and the replica, in sync.
  await until(
    'the sentinels know each other and the replica',
    async () => {
      for (const port of sentinelPorts) {
        const m = await sentinelMaster(port);
        if (Number(m['num-other-sentinels']) !== 2 || Number(m['num-slaves']) < 1) return false;
      }
      return true;
    },
    600,
  );
  // Ready for play: a sentinel lists a replica as soon as it connects, before its first copy, and
  // until that copy is done the master refuses writes (SAFE_WRITES). A table created then was
  // refused as server/busy (seen in CI).
  await until('the master takes writes', () => takesWrites(base), 600);
  return into;
}

/** Whether the Redis on `port` is a master with the replicas its `min-replicas-to-write` asks for. */
async function takesWrites(port: number): Promise<boolean> {
  const info = await redisInfo(port, 'replication');
  if (info === null || !info.includes('role:master')) return false;
  const good = /^min_slaves_good_slaves:(\d+)/m.exec(info);
  return good !== null && Number(good[1]) >= 1;
}

/** An empty set to start into. */
export function sentinelSet(base: number): SentinelSet {
  const sentinelPorts = [base + 10, base + 11, base + 12];
  return { redis: new Map(), sentinels: [], sentinelPorts: [], env: sentinelPorts.map((p) => `127.0.0.1:${p}`).join(',') };
}

/** One command to the Redis or sentinel on `port`, on a connection of its own. */
async function command<T>(port: number, args: string[]): Promise<T> {
  const c = createClient({ socket: { host: '127.0.0.1', port, reconnectStrategy: false } });
  c.on('error', () => {});
  await c.connect();
  try {
    return await c.sendCommand(args);
  } finally {
    c.destroy();
  }
}

async function sentinelMaster(port: number): Promise<Record<string, string>> {
  // A map under RESP3 (node-redis 6's default), a flat list of pairs under RESP2.
  const reply = await command<string[] | Record<string, string>>(port, ['SENTINEL', 'MASTER', SENTINEL_NAME]);
  if (!Array.isArray(reply)) return reply;
  const out: Record<string, string> = {};
  for (let i = 0; i + 1 < reply.length; i += 2) out[reply[i]!] = reply[i + 1]!;
  return out;
}

/** The master's port as the first sentinel says. */
export async function masterPort(set: SentinelSet): Promise<number> {
  const [, port] = await command<string[]>(set.sentinelPorts[0]!, ['SENTINEL', 'GET-MASTER-ADDR-BY-NAME', SENTINEL_NAME]);
  return Number(port);
}

/** The master's port as each sentinel says: they agree once a failover is over. */
export async function masterPorts(set: SentinelSet): Promise<number[]> {
  return Promise.all(
    set.sentinelPorts.map(async (port) => {
      const [, master] = await command<string[]>(port, ['SENTINEL', 'GET-MASTER-ADDR-BY-NAME', SENTINEL_NAME]);
      return Number(master);
    }),
  );
}

/** Whether `port` is a replica of the current master with its link up. */
export async function replicaInSync(port: number): Promise<boolean> {
  const info = await redisInfo(port, 'replication');
  return info !== null && info.includes('role:slave') && info.includes('master_link_status:up');
}

/** A section of `INFO` from the Redis on `port`, or null while it does not answer. */
function redisInfo(port: number, section: string): Promise<string | null> {
  return command<string>(port, ['INFO', section]).catch(() => null);
}

export function failover(set: SentinelSet): Promise<unknown> {
  return command(set.sentinelPorts[0]!, ['SENTINEL', 'FAILOVER', SENTINEL_NAME]);
}

function stopped(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    // The process group: the child is its group's leader (detached).
    try {
      process.kill(-child.pid!, signal);
    } catch {
      resolve();
    }
  });
}

/** kill -9 of one Redis (a crash). */
export function crash(set: SentinelSet, port: number): Promise<void> {
  const child = set.redis.get(port);
  return child === undefined ? Promise.resolve() : stopped(child, 'SIGKILL');
}

export async function stopSentinelSet(set: SentinelSet | null): Promise<void> {
  if (set === null) return;
  await Promise.all([...set.sentinels, ...set.redis.values()].map((c) => stopped(c, 'SIGKILL')));
}
