import { type TableView, legalActions } from '@fives/engine';
import { toWireAction } from '@fives/protocol';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TestClient } from '../support/client.ts';
import { type TestServer, startServer } from '../support/server.ts';
import { startedTable } from '../support/table.ts';

describe('racing actions', () => {
  let server: TestServer;
  let clients: TestClient[] = [];
  beforeEach(async () => {
    server = await startServer({ seed: 'race' });
  });
  afterEach(async () => {
    for (const c of clients) c.close();
    await server.close();
  });

  it('applies one of two actions made on the same version and refuses the other as stale', async () => {
    const table = await startedTable(server.url, { players: 2 }, 2);
    clients = table.clients;
    for (let round = 0; round < 5; round++) {
      const s = clients[0]!.state!;
      const view = s.view as TableView;
      const mover = clients[view.hand!.turn]!;
      await mover.waitForState((x) => x.version === s.version);
      const legal = legalActions(mover.state!.view as TableView);
      // A double click (the same action twice) and, when there is a choice, two different ones.
      const first = toWireAction(legal[0]!);
      const second = toWireAction(legal[legal.length - 1]!);
      const replies = await Promise.all([
        mover.request('game:action', { tableId: table.tableId, version: s.version, action: first }),
        mover.request('game:action', { tableId: table.tableId, version: s.version, action: first }),
        mover.request('game:action', { tableId: table.tableId, version: s.version, action: second }),
      ]);
      const applied = replies.filter((r) => r.ok);
      expect(applied).toHaveLength(1);
      for (const r of replies) if (!r.ok) expect(r.error.code).toBe('action/stale');
      const doc = await server.app.store.load(table.tableId);
      expect(doc?.version).toBe(s.version + 1);
      expect(doc?.state?.hand?.log.length).toBe(view.hand!.log.length + 1);
      await Promise.all(clients.map((c) => c.waitForState((x) => x.version === s.version + 1)));
    }
  });
});
