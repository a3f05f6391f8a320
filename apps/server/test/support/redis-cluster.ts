import { type ChildProcess, execFile, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { until } from './until.ts';

const run = promisify(execFile);

/**
 * A real Redis Cluster of the test's own: six `redis-server --cluster-enabled yes` on loopback
 * ports `firstPort`…`firstPort + 5` (and their bus ports, +10000), three masters with a replica
 * each (`redis-cli --cluster create … --cluster-replicas 1`), each in a temporary directory and a
 * process group of its own. One per test file (they run side by side: each file its own ports).
 */
export interface TestCluster {
  /** The seed URLs (every node), as `REDIS_CLUSTER_NODES` takes them. */
  readonly urls: string[];
  /** Port → role, as the cluster says now. */
  roles(): Promise<Map<number, { role: 'master' | 'replica'; of: number | null }>>;
  masters(): Promise<number[]>;
  /** The port of the master that holds `key`'s slot now. */
  masterOf(key: string): Promise<number>;
  /** `redis-cli -p <port> <args>`, its output. */
  cli(port: number, ...args: string[]): Promise<string>;
  /** Every replica takes over from its master (`CLUSTER FAILOVER`), and the cluster is whole again. */
  failOverAll(): Promise<void>;
  /** `kill -9` of one node, then waits until its replica has taken over and the cluster is whole. */
  killMaster(port: number): Promise<void>;
  stop(): Promise<void>;
}

const MISSING = 'redis-server and redis-cli (Redis 7) are needed for the cluster tests: apt-get install redis-server (or brew install redis)';

export async function startCluster(firstPort: number): Promise<TestCluster> {
  const version = spawnSync('redis-server', ['--version'], { encoding: 'utf8' });
  if (version.error !== undefined || spawnSync('redis-cli', ['--version']).error !== undefined) throw new Error(MISSING);
  const ports = Array.from({ length: 6 }, (_, i) => firstPort + i);
  const dirs = ports.map((p) => mkdtempSync(join(tmpdir(), `fives-cluster-${p}-`)));
  const procs = new Map<number, ChildProcess>();
  const cli = async (port: number, ...args: string[]): Promise<string> => (await run('redis-cli', ['-p', String(port), ...args], { encoding: 'utf8' })).stdout;
  const alive = (): number[] => ports.filter((p) => procs.get(p)?.exitCode === null && procs.get(p)?.signalCode === null);
  const whole = async (): Promise<boolean> => {
    for (const p of alive()) if (!(await cli(p, 'cluster', 'info').catch(() => '')).includes('cluster_state:ok')) return false;
    return true;
  };
  const roles = async (): Promise<Map<number, { role: 'master' | 'replica'; of: number | null }>> => {
    const text = await cli(alive()[0] as number, 'cluster', 'nodes');
    const lines = text.split('\n').filter((l) => l.trim() !== '');
    const byId = new Map(lines.map((l) => [l.split(' ')[0] as string, Number((l.split(' ')[1] as string).split(':')[1]?.split('@')[0])]));
    const out = new Map<number, { role: 'master' | 'replica'; of: number | null }>();
    for (const l of lines) {
      const [id = '', , flags = '', master = '-'] = l.split(' ');
      if (flags.includes('fail')) continue;
      const port = byId.get(id) as number;
      out.set(port, flags.includes('master') ? { role: 'master', of: null } : { role: 'replica', of: byId.get(master) ?? null });
    }
    return out;
  };
  const masters = async (): Promise<number[]> => [...(await roles())].filter(([, r]) => r.role === 'master').map(([p]) => p);
  // Every replica's link to its master up, and caught up (what it has is what the master had).
  const synced = async (): Promise<boolean> => {
    for (const [port, r] of await roles()) {
      if (r.role !== 'replica') continue;
      if (!(await cli(port, 'info', 'replication')).includes('master_link_status:up')) return false;
    }
    return true;
  };
  try {
    for (const [i, port] of ports.entries()) {
      const child = spawn(
        'redis-server',
        [
          '--port',
          String(port),
          '--bind',
          '127.0.0.1',
          '--dir',
          dirs[i] as string,
          '--cluster-enabled',
          'yes',
          '--cluster-config-file',
          'nodes.conf',
          '--cluster-node-timeout',
          '1500',
          '--appendonly',
          'no',
          '--save',
          '',
        ],
        { stdio: ['ignore', 'ignore', 'inherit'], detached: true },
      );
      procs.set(port, child);
    }
    await until('the cluster nodes answer', async () => {
      for (const p of ports) if (!(await cli(p, 'ping').catch(() => '')).includes('PONG')) return false;
      return true;
    });
    await run('redis-cli', ['--cluster', 'create', ...ports.map((p) => `127.0.0.1:${p}`), '--cluster-replicas', '1', '--cluster-yes'], { encoding: 'utf8' });
    await until('cluster_state:ok on every node', whole, 400);
    await until('every replica in sync', async () => (await roles()).size === 6 && (await synced()), 400);
  } catch (error) {
    for (const child of procs.values()) stopGroup(child);
    throw error;
  }
  const masterOf = async (key: string): Promise<number> => {
    const slot = Number((await cli(alive()[0] as number, 'cluster', 'keyslot', key)).trim());
    for (const line of (await cli(alive()[0] as number, 'cluster', 'nodes')).split('\n')) {
      const [, address = '', flags = '', , , , , , ...ranges] = line.split(' ');
      if (!flags.includes('master') || flags.includes('fail')) continue;
      for (const r of ranges) {
        const [from, to = from] = r.split('-').map(Number);
        if (from !== undefined && slot >= from && slot <= (to as number)) return Number(address.split(':')[1]?.split('@')[0]);
      }
    }
    throw new Error(`no master holds slot ${slot}`);
  };
  return {
    urls: ports.map((p) => `redis://127.0.0.1:${p}`),
    roles,
    masters,
    masterOf,
    cli,
    async failOverAll() {
      const before = await roles();
      for (const [port, r] of before) {
        if (r.role !== 'replica') continue;
        await cli(port, 'cluster', 'failover');
        await until(`${port} took over`, async () => (await roles()).get(port)?.role === 'master');
      }
      await until('cluster_state:ok after the failovers', whole, 400);
      // The node asked for the roles may still list an old master as one for a moment.
      const masters = [...before.values()].filter((r) => r.role === 'master').length;
      await until('as many masters as before, each with its replica', async () => settled(await roles(), masters), 400);
      await until('every replica in sync after the failovers', synced, 400);
    },
    async killMaster(port) {
      await until(`${port} listed with its replica`, async () => [...(await roles()).values()].some((r) => r.of === port), 400);
      const replica = [...(await roles())].find(([, r]) => r.of === port)?.[0];
      if (replica === undefined) throw new Error(`${port} has no replica`);
      const child = procs.get(port);
      if (child !== undefined) await killed(child, 'SIGKILL');
      await until(`${replica} took over from ${port}`, async () => (await roles()).get(replica)?.role === 'master', 400);
      await until('cluster_state:ok after the kill', whole, 400);
    },
    async stop() {
      await Promise.all([...procs.values()].map((child) => killed(child, 'SIGKILL')));
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    },
  };
}

function stopGroup(child: ChildProcess): void {
  if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) process.kill(-child.pid, 'SIGKILL');
}

function killed(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    // Its own process group (spawned detached): the node and anything it started.
    process.kill(-(child.pid as number), signal);
  });
}

/** Whether `roles` shows `masters` masters and a replica of each. */
function settled(roles: ReadonlyMap<number, { role: 'master' | 'replica'; of: number | null }>, masters: number): boolean {
  const ports = [...roles].filter(([, r]) => r.role === 'master').map(([p]) => p);
  return ports.length === masters && ports.every((p) => [...roles.values()].some((r) => r.of === p));
}
