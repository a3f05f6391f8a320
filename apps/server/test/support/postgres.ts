import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * PostgreSQL for tests: the server at 127.0.0.1:5432 as user postgres (or TEST_DATABASE_URL, a
 * URL of its maintenance database), where each test file makes a database of its own,
 * `fives_test_<random>`, and drops it at the end.
 */
export const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  readonly url: string;
  readonly name: string;
  drop(): Promise<void>;
}

async function admin(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `PostgreSQL is not reachable at ${ADMIN_URL} (${reason}). Start it: \`apt-get install -y postgresql && service postgresql start\` ` +
        '(trust auth for user postgres on 127.0.0.1), or point TEST_DATABASE_URL at a server where this user may create databases',
      { cause: error },
    );
  }
  return client;
}

/** `TEST_DATABASE_PREFIX` names a run's databases apart (default `fives_test_`). */
export async function testDatabase(): Promise<TestDatabase> {
  const name = `${process.env.TEST_DATABASE_PREFIX ?? 'fives_test_'}${randomBytes(6).toString('hex')}`;
  const client = await admin();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      const c = await admin();
      try {
        // Connections a killed node left behind go with it.
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}
