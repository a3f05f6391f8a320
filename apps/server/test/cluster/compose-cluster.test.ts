import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Health } from '@fives/protocol';
import { afterAll, describe, expect, it } from 'vitest';
import { type ComposeService, entrypointEnv, loadCompose } from '../support/compose.ts';
import { spawnNode } from '../support/process.ts';
import { uniquePrefix } from '../support/redis.ts';
import { until } from '../support/until.ts';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** This file's ports (7620–7640): the six servers, their cluster buses, the node. */
const FIRST = 7620;
const BUS = 7626;
const NODE_PORT = 7636;
const NAMES = ['redis-c1', 'redis-c2', 'redis-c3', 'redis-c4', 'redis-c5', 'redis-c6'];
const port = (name: string): number => FIRST + NAMES.indexOf(name);
const SETTINGS = { FIVES_SECRET: 'a-secret-of-20-chars', POSTGRES_PASSWORD: 'pw' };

/**
 * Under the compose file's `cluster` profile, its own command lines run for real on loopback:
 * each redis-c* service's `redis-server …` with only where it listens and keeps its files
 * rewritten (port, bus port, a temporary dir, 127.0.0.1 — compose's service names do not resolve
 * here, so the announced hostname becomes the loopback address), redis-cluster-init's command
 * with the same names rewritten, then one node with the environment its entrypoint gives it
 * under that profile. No Docker here: this is what the containers would run.
 */
describe('compose --profile cluster, its commands run for real', () => {
  const project = loadCompose(readFileSync(`${ROOT}docker-compose.yml`, 'utf8'), { profiles: ['cluster'], env: SETTINGS });
  const service = (name: string): ComposeService => {
    const s = project.services.get(name);
    if (s === undefined) throw new Error(`no service ${name} under the cluster profile`);
    return s;
  };
  const started: ChildProcess[] = [];
  const dirs: string[] = [];
  const cli = async (p: number, ...args: string[]): Promise<string> => (await run('redis-cli', ['-p', String(p), ...args], { encoding: 'utf8' })).stdout;

  afterAll(async () => {
    await Promise.all(started.map(stopGroup));
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('six servers from the file, joined by redis-cluster-init as three masters with a replica each (and left as they are the second time); a node on them says mode cluster', async () => {
    for (const name of NAMES) {
      const [program = '', ...args] = service(name).command ?? [];
      expect(program, name).toBe('redis-server');
      const dir = mkdtempSync(join(tmpdir(), `fives-compose-${name}-`));
      dirs.push(dir);
      const rewritten = args.map((a, i) => {
        const option = args[i - 1];
        if (option === '--port') return String(port(name));
        if (option === '--cluster-announce-hostname') return '127.0.0.1';
        return a;
      });
      expect(rewritten, name).not.toContain(name);
      const child = spawn('redis-server', [...rewritten, '--bind', '127.0.0.1', '--cluster-port', String(BUS + NAMES.indexOf(name)), '--dir', dir], {
        stdio: ['ignore', 'ignore', 'inherit'],
        detached: true,
      });
      started.push(child);
    }
    await until('the six servers answer', async () => {
      for (const name of NAMES) if (!(await cli(port(name), 'ping').catch(() => '')).includes('PONG')) return false;
      return true;
    });

    const init = service('redis-cluster-init');
    const [sh = '', flag = '', script = ''] = init.command ?? [];
    expect([sh, flag]).toEqual(['sh', '-c']);
    const local = script
      .replace(/-h (redis-c\d)\b/g, (_, name: string) => `-h 127.0.0.1 -p ${port(name)}`)
      .replace(/\b(redis-c\d):6379\b/g, (_, name: string) => `127.0.0.1:${port(name)}`);
    expect(local).not.toMatch(/redis-c\d/);
    const first = await run('sh', ['-c', local], { encoding: 'utf8' });
    expect(first.stdout).toContain('[OK] All 16384 slots covered');
    await until('cluster_state:ok on every server', async () => {
      for (const name of NAMES) if (!(await cli(port(name), 'cluster', 'info')).includes('cluster_state:ok')) return false;
      return true;
    });
    // Three masters and three replicas, once the roles have gone round (gossip) to the first server.
    const count = async (role: string): Promise<number> => (await cli(FIRST, 'cluster', 'nodes')).split('\n').filter((l) => l.split(' ')[2]?.split(',').includes(role)).length;
    await until('three masters and three replicas', async () => (await count('master')) === 3 && (await count('slave')) === 3, 400);
    // A restart of the stack runs it again: the cluster is formed, so it creates nothing.
    const again = await run('sh', ['-c', local], { encoding: 'utf8' });
    expect(again.stdout).not.toContain('slots covered');

    // node1 as its entrypoint starts it under this profile, pointed at these six servers.
    const env = entrypointEnv(service('node1'), { clusterOnNetwork: true });
    const seeds = (env.REDIS_CLUSTER_NODES ?? '').split(',');
    expect(seeds).toHaveLength(6);
    const localSeeds = seeds.map((url) => url.replace(/^redis:\/\/(redis-c\d):6379$/, (_, name: string) => `redis://127.0.0.1:${port(name)}`));
    expect(localSeeds.every((u) => u.startsWith('redis://127.0.0.1:'))).toBe(true);
    const node = await spawnNode(
      uniquePrefix(),
      {
        ...env,
        REDIS_CLUSTER_NODES: localSeeds.join(','),
        // Where it listens and what it serves: this test's, not the container's.
        PORT: String(NODE_PORT),
        HOST: '127.0.0.1',
        WEB_ROOT: '/nonexistent',
        // No PostgreSQL in this test: the archive in memory.
        DATABASE_URL: '',
      },
      'apps/server/src/main.ts',
      { port: NODE_PORT, detached: true },
    );
    started.push(node.child);
    expect(env.REDIS_URL).toBe('');
    const health = (await (await fetch(`${node.url}/healthz`)).json()) as Health;
    expect(health.store).toMatchObject({ kind: 'redis', durable: true, up: true, mode: 'cluster' });
    // Six servers, a cluster to form and a server started from the sources (tsx).
  }, 120_000);
});

function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    // Its own process group (spawned detached): the process and anything it started.
    process.kill(-(child.pid as number), 'SIGKILL');
  });
}
