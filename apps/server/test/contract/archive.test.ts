import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryArchive } from '../../src/archive/memory.ts';
import { PostgresArchive } from '../../src/archive/postgres.ts';
import { CONTRACT_NOW, archiveContract } from './archive.contract.ts';
import { type TestDatabase, testDatabase } from '../support/postgres.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await testDatabase();
});
afterAll(async () => {
  await db.drop();
});

const quiet = (): void => {};

archiveContract('memory', async () => new MemoryArchive(() => CONTRACT_NOW));
archiveContract('postgres', () => PostgresArchive.connect({ url: db.url, log: quiet, now: () => CONTRACT_NOW }));

describe('the PostgreSQL archive', () => {
  it('migrates its schema once, however many nodes start together', async () => {
    const other = await testDatabase();
    try {
      const nodes = await Promise.all(Array.from({ length: 3 }, () => PostgresArchive.connect({ url: other.url, log: quiet })));
      await Promise.all(nodes.map((n) => n.close()));
      const client = new pg.Client({ connectionString: other.url });
      await client.connect();
      try {
        const { rows } = await client.query<{ name: string }>('SELECT name FROM pgmigrations ORDER BY id');
        expect(rows.map((r) => r.name)).toEqual([
          '1733050000000_archive',
          '1733060000000_ratings',
          '1764600000000_accounts',
          '1764700000000_deleted_accounts',
          '1765100000000_leaves',
          '1765200000001_reports_blocks',
          '1765300000000_moderation',
          '1765500000000_push',
          '1765600000000_follows',
          '1765700000000_tournaments',
          '1765800000000_correspondence',
        ]);
      } finally {
        await client.end();
      }
    } finally {
      await other.drop();
    }
  });

  it('fails to connect with the reason, not by waiting for ever', async () => {
    await expect(PostgresArchive.connect({ url: 'postgres://postgres@127.0.0.1:1/nothing', log: quiet })).rejects.toThrow(/ECONNREFUSED|connect/);
  });
});
