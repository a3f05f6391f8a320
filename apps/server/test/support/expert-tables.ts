import { afterEach } from 'vitest';
import type { TestClient } from './client.ts';
import { type TestServer, type TestServerOptions, startServer } from './server.ts';
import { startedTable } from './table.ts';

export interface ExpertTable {
  readonly server: TestServer;
  readonly tableId: Awaited<ReturnType<typeof startedTable>>['tableId'];
  readonly clients: TestClient[];
}

/**
 * For the tests of computer players on their threads: a server per test with Muggins tables of
 * people and experts on it, everything closed after each test (the clients first, so no
 * reconnection outlives its server).
 */
export function expertTablesPerTest(): {
  /** A server with `options` and a table of `players` seats, the first `people` of them people. */
  start(options: TestServerOptions, players: 2 | 3, people: number): Promise<ExpertTable>;
  /** Another table on the running server. */
  table(players: 2 | 3, people: number, level?: 'expert'): Promise<ExpertTable>;
} {
  let server: TestServer | null = null;
  let clients: TestClient[] = [];
  afterEach(async () => {
    for (const c of clients) c.close();
    clients = [];
    await server?.close();
    server = null;
  });
  const table = async (players: 2 | 3, people: number, level?: 'expert'): Promise<ExpertTable> => {
    if (server === null) throw new Error('start a server first');
    const started = await startedTable(server.url, { preset: 'muggins', players }, people, level);
    clients.push(...started.clients);
    return { server, tableId: started.tableId, clients: started.clients };
  };
  return {
    start: async (options, players, people) => {
      server = await startServer(options);
      return table(players, people, 'expert');
    },
    table,
  };
}
