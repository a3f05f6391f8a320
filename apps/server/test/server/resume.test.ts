import { type TableView, legalActions } from '@fives/engine';
import { ErrorCode, toWireAction } from '@fives/protocol';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TestClient } from '../support/client.ts';
import { MAX_LOST } from '../../src/tables/commit.ts';
import { type TestServer, startServer } from '../support/server.ts';
import { startedTable } from '../support/table.ts';

/**
 * A failover can lose the last versions of a table (asynchronous replication) that clients
 * already saw (docs/protocol.md, "Failover"). A move made on such a version — newer than the
 * stored one — resumes the table: the stored table again, numbered past anything the loss could
 * have taken, broadcast to everyone; the move refused as stale and made again on it. No version
 * is reused.
 */
describe('a move on a version the store does not have', () => {
  let server: TestServer;
  let clients: TestClient[] = [];
  beforeEach(async () => {
    server = await startServer({ seed: 'resume' });
  });
  afterEach(async () => {
    for (const c of clients) c.close();
    await server.close();
  });

  it('resumes the table past it, the same table under a new version, and the move made again on it is taken', async () => {
    const table = await startedTable(server.url, { players: 2 }, 2);
    clients = table.clients;
    const stored = clients[0]!.state!;
    const mover = clients[(stored.view as TableView).hand!.turn]!;
    await mover.waitForState((s) => s.version === stored.version);
    const action = toWireAction(legalActions(mover.state!.view as TableView)[0]!);
    // As if this client had seen two more versions, lost since with the master that had them;
    // another node's clients may have seen more of them (here, up to stored + 7).
    const seen = stored.version + 2;
    const othersSaw = stored.version + 7;
    const refused = await mover.request('game:action', { tableId: table.tableId, version: seen, action });
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    const resumedAt = stored.version + MAX_LOST + 1;
    expect(resumedAt).toBeGreaterThan(othersSaw);
    expect(refused.error).toMatchObject({ code: ErrorCode.stale, version: resumedAt });
    // Everyone gets the resumed table: newer than anything seen, the same board as stored.
    for (const c of clients) {
      const resumed = await c.waitForState((s) => s.version === resumedAt);
      expect(resumed.view?.hand?.board).toEqual(stored.view?.hand?.board);
      expect(resumed.view?.scores).toEqual(stored.view?.scores);
    }
    const made = await mover.request('game:action', { tableId: table.tableId, version: resumedAt, action });
    expect(made.ok && made.data.version).toBe(resumedAt + 1);
    // The store holds it: the next version, not a reused one.
    expect((await server.app.store.load(table.tableId))?.version).toBe(resumedAt + 1);
  });

  it('believes no client far ahead of the store: the move is only stale', async () => {
    const table = await startedTable(server.url, { players: 2 }, 2);
    clients = table.clients;
    const stored = clients[0]!.state!;
    const mover = clients[(stored.view as TableView).hand!.turn]!;
    const action = toWireAction(legalActions(mover.state!.view as TableView)[0]!);
    const refused = await mover.request('game:action', { tableId: table.tableId, version: stored.version + MAX_LOST + 1, action });
    expect(!refused.ok && refused.error).toMatchObject({ code: ErrorCode.stale, version: stored.version });
    expect((await server.app.store.load(table.tableId))?.version).toBe(stored.version);
  });
});
