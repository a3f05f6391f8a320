import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { configFromEnv } from '../../src/config.ts';
import { entrypointEnv, loadCompose } from '../support/compose.ts';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const read = (path: string): string => readFileSync(`${ROOT}${path}`, 'utf8');

/** The two settings compose requires (from .env or the shell). */
const SETTINGS = { FIVES_SECRET: 'a-secret-of-20-chars', POSTGRES_PASSWORD: 'pw' };
const APP_SERVICES = ['node1', 'node2', 'worker'];

/** The settings of the README's table (`| \`NAME\`, \`OTHER\` | default | what |`). */
function readmeSettings(): string[] {
  const names: string[] = [];
  for (const line of read('README.md').split('\n')) {
    const first = /^\| ((?:`[A-Z][A-Z0-9_]*`(?:, )?)+) \|/.exec(line)?.[1];
    if (first !== undefined) names.push(...[...first.matchAll(/`([A-Z0-9_]+)`/g)].map((m) => m[1]!));
  }
  return names;
}

/** The `environment:` entries of the nodes' shared block (`x-node`) of docker-compose.yml, as written. */
function nodeEnvironment(compose: string): Map<string, string> {
  const block = compose.slice(compose.indexOf('x-node:'), compose.indexOf('\nservices:'));
  const start = block.indexOf('  environment: &environment\n');
  const lines = block.slice(start + '  environment: &environment\n'.length).split('\n');
  const entries = new Map<string, string>();
  for (const line of lines) {
    if (/^ {2}\S/.test(line)) break;
    const m = /^ {4}([A-Z][A-Z0-9_]*): (.*)$/.exec(line);
    if (m !== null) entries.set(m[1]!, m[2]!);
  }
  return entries;
}

/**
 * What `docker compose up` is given, as files: the image on a supported Node line with pnpm as
 * package.json pins it, its dependencies a layer of their own; compose passing every setting
 * of the README to the nodes. (The balancer's file runs for real in haproxy.test.ts.)
 */
describe('the self-hosting files', () => {
  const dockerfile = read('Dockerfile');
  const compose = read('docker-compose.yml');

  it('the image: Node 22 or 24 on Alpine, pnpm as package.json pins it, dependencies fetched from the lockfile before the sources come in', () => {
    const froms = [...dockerfile.matchAll(/^FROM (\S+)/gm)].map((m) => m[1]!);
    expect(froms.length).toBeGreaterThanOrEqual(2);
    for (const image of froms) expect(image).toMatch(/^node:(22|24)-alpine$/);
    const packageManager = (JSON.parse(read('package.json')) as { packageManager: string }).packageManager;
    expect(`pnpm@${/^ARG PNPM_VERSION=(\S+)$/m.exec(dockerfile)?.[1]}`).toBe(packageManager);
    expect(dockerfile).toContain('npm install -g pnpm@${PNPM_VERSION}');
    const fetchAt = dockerfile.indexOf('RUN pnpm fetch');
    expect(dockerfile.indexOf('COPY pnpm-lock.yaml')).toBeGreaterThan(0);
    expect(dockerfile.indexOf('COPY pnpm-lock.yaml')).toBeLessThan(fetchAt);
    expect(fetchAt).toBeLessThan(dockerfile.indexOf('COPY . .'));
    expect(dockerfile).toMatch(/pnpm install --frozen-lockfile --offline/);
  });

  it('compose: one image built once, HAProxy 3.2', () => {
    expect(compose.match(/^ {4}build: \./gm)).toHaveLength(1);
    expect(compose).toMatch(/^ {2}image: fives:local$/m);
    expect(compose).toMatch(/^ {4}image: haproxy:3\.2-alpine$/m);
  });

  it('compose: every setting of the README reaches the nodes from .env; only the topology is fixed; PUBLIC_URL follows the published port', () => {
    expect(compose).toMatch(/ {2}env_file:\n {4}- path: \.env\n {6}required: false\n/);
    const env = nodeEnvironment(compose);
    // What the topology itself decides: the port HAProxy expects, where Redis and PostgreSQL are.
    const fixed = new Set(['NODE_ENV', 'PORT', 'HOST', 'REDIS_URL', 'DATABASE_URL']);
    const settings = readmeSettings();
    expect(settings).toEqual(expect.arrayContaining(['TRUST_PROXY', 'PUBLIC_URL', 'DRAIN_SECONDS', 'RATE_TABLES', 'FIVES_SECRET']));
    for (const [name, value] of env) {
      if (fixed.has(name)) continue;
      // Anything else set here must come from the same variable (.env or the shell), a default at most.
      expect(value, name).toMatch(new RegExp(`^\\$\\{${name}(:-|:\\?)`));
    }
    expect(env.get('PUBLIC_URL')).toBe('${PUBLIC_URL:-http://localhost:${FIVES_PORT:-8080}}');
    expect(env.get('TRUST_PROXY')).toBe('${TRUST_PROXY:-1}');
    expect(compose).toContain('"${FIVES_PORT:-8080}:8080"');
  });

  it('compose: one worker service, the same image in its worker role, thinking for socket nodes that think nowhere; the balancer does not send it clients', () => {
    const services = compose.slice(compose.indexOf('\nservices:'));
    const worker = services.slice(services.indexOf('\n  worker:\n'), services.indexOf('\n  lb:\n'));
    expect(services.match(/^ {2}worker:$/gm)).toHaveLength(1);
    expect(worker).toMatch(/^ {4}<<: \*node$/m);
    expect(worker).toContain('command: ["node", "apps/server/dist/main.mjs", "worker"]');
    expect(worker).not.toMatch(/^ {4}ports:/m);
    // Its environment is the nodes' (same Redis and secret), with threads of its own.
    expect(worker).toMatch(/^ {6}<<: \*environment$/m);
    expect(worker).toMatch(/^ {6}BOT_WORKERS: \$\{WORKER_THREADS:-\}$/m);
    expect(nodeEnvironment(compose).get('BOT_WORKERS')).toBe('${BOT_WORKERS:-0}');
    // The image's command is the socket node's: the worker role is the same bundle with an argument.
    expect(dockerfile).toContain('CMD ["node", "apps/server/dist/main.mjs"]');
    const lb = services.slice(services.indexOf('\n  lb:\n'));
    expect(lb).not.toContain('worker');
    expect(read('deploy/haproxy.cfg')).not.toContain('worker');
  });

  it('compose: PostgreSQL 17 on a volume for the archive, its password required, the nodes waiting for it to be healthy', () => {
    expect(compose).toMatch(/^ {2}postgres:\n {4}image: postgres:17-alpine$/m);
    expect(compose).toMatch(/^ {6}- postgres-data:\/var\/lib\/postgresql\/data$/m);
    expect(compose).toMatch(/^volumes:\n(?: {2}\S+:\n)* {2}postgres-data:$/m);
    expect(compose).toMatch(/^ {6}test: \["CMD", "pg_isready"/m);
    const password = '${POSTGRES_PASSWORD:?';
    expect(compose).toMatch(/^ {6}POSTGRES_PASSWORD: \$\{POSTGRES_PASSWORD:\?/m);
    const url = nodeEnvironment(compose).get('DATABASE_URL') ?? '';
    expect(url.startsWith(`postgres://fives:${password}`)).toBe(true);
    expect(url.endsWith('@postgres:5432/fives')).toBe(true);
    const block = compose.slice(compose.indexOf('x-node:'), compose.indexOf('\nservices:'));
    expect(block).toMatch(/ {4}postgres:\n {6}condition: service_healthy/);
    // Not published: only the nodes reach it.
    const service = compose.slice(compose.indexOf('\n  postgres:'), compose.indexOf('\n\n', compose.indexOf('\n  postgres:')));
    expect(service).not.toContain('ports:');
  });
  it('compose: the cluster profile, six Redis servers in cluster mode joined once as three masters with a replica each; the single Redis stays the default', () => {
    const services = compose.slice(compose.indexOf('\nservices:'));
    // The single Redis has no profile: `docker compose up` runs it, as before.
    const single = services.slice(services.indexOf('\n  redis:\n'), services.indexOf('\n\n', services.indexOf('\n  redis:\n')));
    expect(single).not.toContain('profiles:');
    const names = ['redis-c1', 'redis-c2', 'redis-c3', 'redis-c4', 'redis-c5', 'redis-c6'];
    for (const name of names) {
      const at = services.indexOf(`\n  ${name}:`);
      expect(at, name).toBeGreaterThan(-1);
      const block = services.slice(at, services.indexOf('\n  redis-c', at + 3) === -1 ? undefined : services.indexOf('\n  redis-c', at + 3));
      expect(block, name).toMatch(new RegExp(`"--cluster-enabled", "yes".*"--cluster-announce-hostname", "${name}"`));
      expect(block, name).toContain(`- ${name}-data:/data`);
      expect(compose, name).toMatch(new RegExp(`^ {2}${name}-data:$`, 'm'));
    }
    expect(services).toMatch(/^ {2}redis-c1: &cluster-redis\n {4}image: redis:7-alpine\n {4}profiles: \["cluster"\]$/m);
    const init = services.slice(services.indexOf('\n  redis-cluster-init:'), services.indexOf('\n\n', services.indexOf('\n  redis-cluster-init:')));
    expect(init).toContain('profiles: ["cluster"]');
    expect(init).toContain(`redis-cli --cluster create ${names.map((n) => `${n}:6379`).join(' ')} --cluster-replicas 1 --cluster-yes`);
    // Formed once: a restart finds the cluster formed and leaves it.
    expect(init).toContain('cluster_state:ok ||');
    for (const name of names) expect(init).toMatch(new RegExp(`${name}: \\{ condition: service_healthy \\}`));
  });

  it('compose: `docker compose up` is the single Redis — no cluster service, the nodes and the worker on REDIS_URL', () => {
    const project = loadCompose(compose, { env: SETTINGS });
    expect([...project.services.keys()].sort()).toEqual(['lb', 'node1', 'node2', 'postgres', 'redis', 'worker']);
    for (const name of APP_SERVICES) {
      const service = project.services.get(name)!;
      // The dependency on the cluster's formation is not required: without the profile it is left out.
      expect(service.dependsOn, name).toMatchObject({ redis: 'service_healthy', postgres: 'service_healthy' });
      expect(service.dependsOn, name).not.toHaveProperty('redis-cluster-init');
      const env = entrypointEnv(service, { clusterOnNetwork: false });
      expect(env.REDIS_URL, name).toBe('redis://redis:6379');
      expect(env.REDIS_CLUSTER_NODES, name).toBeUndefined();
    }
    // The image's command, said again (an entrypoint set in compose drops the image's CMD).
    expect(project.services.get('node1')!.command).toEqual(['node', 'apps/server/dist/main.mjs']);
    expect(project.services.get('worker')!.command).toEqual(['node', 'apps/server/dist/main.mjs', 'worker']);
  });

  it('compose: `docker compose --profile cluster up` adds the six cluster servers and the one-shot join; the nodes and the worker wait for it and run on the cluster', () => {
    const project = loadCompose(compose, { profiles: ['cluster'], env: SETTINGS });
    const cluster = [...project.services.keys()].filter((n) => /^redis-c\d$/.test(n));
    expect(cluster).toEqual(['redis-c1', 'redis-c2', 'redis-c3', 'redis-c4', 'redis-c5', 'redis-c6']);
    expect(project.services.has('redis-cluster-init')).toBe(true);
    // Where the servers say they are: what the nodes are seeded with.
    const seeds = cluster.map((name) => {
      const args = project.services.get(name)!.command!;
      expect(args[args.indexOf('--cluster-announce-hostname') + 1], name).toBe(name);
      return `redis://${name}:${args[args.indexOf('--port') + 1]}`;
    });
    for (const name of APP_SERVICES) {
      const service = project.services.get(name)!;
      expect(service.dependsOn['redis-cluster-init'], name).toBe('service_completed_successfully');
      const env = entrypointEnv(service, { clusterOnNetwork: true });
      expect(env.REDIS_URL, name).toBe('');
      expect(env.REDIS_CLUSTER_NODES?.split(','), name).toEqual(seeds);
      // And the server reads that as the cluster, not as a mistake (both set).
      expect(configFromEnv(env).redisTarget, name).toEqual({ mode: 'cluster', nodes: seeds });
    }
    // One file: the override that used to switch the nodes is gone, and nothing names it.
    expect(existsSync(`${ROOT}deploy/compose.cluster.yml`)).toBe(false);
    for (const file of ['README.md', 'docker-compose.yml', 'docs/performance.md']) expect(read(file), file).not.toContain('compose.cluster.yml');
    expect(read('README.md')).toContain('docker compose --profile cluster up');
  });

  it('compose model: a required dependency on a service whose profile is off is an error, as compose says', () => {
    const text = 'services:\n  app:\n    image: a\n    depends_on:\n      extra: { condition: service_started }\n  extra:\n    image: b\n    profiles: ["x"]\n';
    expect(() => loadCompose(text, { env: {} })).toThrow(/depends on undefined service "extra"/);
    expect([...loadCompose(text, { profiles: ['x'], env: {} }).services.keys()]).toEqual(['app', 'extra']);
    expect(() => loadCompose(compose, { env: {} })).toThrow(/POSTGRES_PASSWORD|FIVES_SECRET/);
  });
});
