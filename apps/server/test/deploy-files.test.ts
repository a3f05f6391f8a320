import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const read = (path: string): string => readFileSync(`${ROOT}${path}`, 'utf8');

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
  const lines = block.slice(block.indexOf('  environment:\n') + '  environment:\n'.length).split('\n');
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
});
