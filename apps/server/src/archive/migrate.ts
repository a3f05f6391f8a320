import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runner } from 'node-pg-migrate';
import type pg from 'pg';

/**
 * The archive's schema migrations: plain SQL files in apps/server/migrations, applied in order
 * at start by node-pg-migrate, which records the ones applied in `pgmigrations` and holds an
 * advisory lock while it runs, so two nodes starting together apply each migration once (the
 * second waits for the first, then finds nothing to do).
 */
export async function migrate(client: pg.ClientBase, log: (message: string) => void): Promise<string[]> {
  const done = await runner({
    dbClient: client,
    dir: migrationsDir(),
    direction: 'up',
    migrationsTable: 'pgmigrations',
    checkOrder: true,
    singleTransaction: true,
    advisoryLockMode: 'wait',
    logger: { info: log, warn: log, error: log, debug: () => {} },
  });
  return done.map((m) => m.name);
}

/**
 * Where the SQL files are: beside the sources (apps/server/migrations, two levels above this
 * file) or, in the bundled server (dist/main.mjs), copied beside the bundle (dist/migrations) by
 * scripts/bundle.mjs.
 */
export function migrationsDir(): string {
  const candidates = [new URL('../../migrations/', import.meta.url), new URL('./migrations/', import.meta.url)].map((u) => fileURLToPath(u));
  const found = candidates.find((dir) => existsSync(dir));
  if (found === undefined) throw new Error(`the archive's migrations are missing (looked in ${candidates.join(' and ')})`);
  return found;
}
