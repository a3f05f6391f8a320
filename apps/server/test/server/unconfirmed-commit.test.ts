import type { TableState } from '@fives/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { UnconfirmedCommitError } from '../../src/store/availability.ts';
import { MemoryTableStore } from '../../src/store/memory.ts';
import type { CommitRequest, Committed } from '../../src/store/store.ts';
import type { TestClient } from '../support/client.ts';
import { type TestServer, startServer } from '../support/server.ts';
import { startedTable } from '../support/table.ts';
import { until } from '../support/until.ts';

/**
 * A store whose replicas can be made slow: an armed commit is written but refused as not
 * confirmed (as `RedisTableStore` does when `WAIT` times out), and `confirmWrites` answers as told.
 */
class SlowReplicaStore extends MemoryTableStore {
  /** The next commit that hands the turn to this seat is refused as unconfirmed, once. */
  refuseTurnTo: number | null = null;
  refused: number | null = null;
  replicasConfirm = false;

  override async commit(request: CommitRequest): Promise<Committed> {
    const committed = await super.commit(request);
    const turn = request.next.state?.hand?.turn;
    if (committed.written && this.refuseTurnTo !== null && turn === this.refuseTurnTo) {
      this.refuseTurnTo = null;
      this.refused = request.next.version;
      throw new UnconfirmedCommitError(`version ${request.next.version} not confirmed (the test's slow replica)`);
    }
    return committed;
  }

  override async confirmWrites(): Promise<boolean> {
    return this.replicasConfirm;
  }
}

/**
 * A computer player's move that Redis kept but its replicas did not confirm in time: nobody was
 * told, and the person whose turn it made it waited for ever for a move they never saw (CI, the
 * Sentinel failover test). Once the replicas confirm, the table's clients are sent what it holds.
 */
describe('a commit refused as unconfirmed', () => {
  let server: TestServer | null = null;
  const clients: TestClient[] = [];
  afterEach(async () => {
    for (const c of clients.splice(0)) c.close();
    await server?.close();
    server = null;
  });

  it("is told to the table's clients once the replicas confirm, and the game goes on", async () => {
    const store = new SlowReplicaStore();
    server = await startServer({ store, seed: 'unconfirmed', botDelayMs: 0 });
    const {
      clients: [ada],
    } = await startedTable(server.url, { players: 2, target: 300 }, 1, 'easy');
    clients.push(ada!);
    // The computer's next move that gives Ada the turn is kept by the store, but not confirmed.
    store.refuseTurnTo = 0;
    ada!.play();
    await until('a computer move is refused as unconfirmed', () => store.refused !== null, 400);
    const refused = store.refused!;
    const told = (s: TableState | null): boolean => s !== null && s.version >= refused;
    expect(told(ada!.state)).toBe(false);

    store.replicasConfirm = true;
    await until('Ada hears of the stored move and plays on', () => told(ada!.state) && ada!.state!.version > refused, 400);
    expect((await store.load(ada!.state!.tableId))!.version).toBeGreaterThan(refused);
  });
});
