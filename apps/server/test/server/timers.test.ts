import { type Action, type TableView, legalActions } from '@fives/engine';
import { type TableState, type Timeout, toWireAction } from '@fives/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import type { TestClient } from '../support/client.ts';
import { adaAndBob } from '../support/table.ts';
import { FakeClock } from '../support/clock.ts';
import { type TestServer, startServer } from '../support/server.ts';

/**
 * Clocks on a fake clock: a deadline falls due when the test moves the clock past it and runs
 * the node's due jobs (`jobs.poll()`), never by waiting.
 */
describe('turn timers', () => {
  let server: TestServer;
  const clients: TestClient[] = [];
  afterEach(async () => {
    for (const c of clients.splice(0)) c.close();
    await server.close();
  });

  it('when a person’s turn time runs out, a stand-in moves for them and the table is told; not a moment before', async () => {
    const clock = new FakeClock();
    server = await startServer({ now: clock.now, seed: 'turn-timer' });
    const { tableId, a, b } = await adaAndBob(server.url, { players: 2 }, undefined, { turnSeconds: 10 });
    clients.push(a, b);
    expect((await a.request('table:start', { tableId })).ok).toBe(true);

    const started = await a.waitForState((s) => s.view?.status === 'playing');
    const turn = started.view!.hand!.turn;
    const mover = turn === 0 ? a : b;
    expect(started.table.turnSeconds).toBe(10);
    expect(started.table.timers.turn).toEqual({ seat: turn, at: new Date(clock.now().getTime() + 10_000).toISOString(), remainingMs: 10_000 });

    clock.advance(9_999);
    await server.app.jobs.poll();
    expect((await server.app.store.load(tableId))?.version).toBe(started.version);

    const told = mover.waitFor<Timeout>('table:timeout');
    clock.advance(1);
    await server.app.jobs.poll();
    const timeout = await told;
    expect(timeout).toMatchObject({ tableId, seat: turn });
    const after = await mover.waitForState((s) => s.version >= timeout.version);
    const log = after.view!.hand!.log;
    expect(log[log.length - 1]).toMatchObject({ seat: turn });
    // The other seat now has its full time, from the moment the turn came to it.
    const next = await a.waitForState((s) => s.view?.hand?.turn !== turn && s.table.timers.turn !== null);
    expect(next.table.timers.turn).toMatchObject({ seat: 1 - turn, remainingMs: 10_000 });
    expect([...a.problems, ...b.problems]).toEqual([]);
  });

  it('the host switches the timer on or off; nobody else may', async () => {
    const clock = new FakeClock();
    server = await startServer({ now: clock.now, seed: 'settings' });
    const { tableId, a, b } = await adaAndBob(server.url, { players: 2 });
    clients.push(a, b);
    const refused = await b.request('table:settings', { tableId, turnSeconds: 20 });
    expect(refused.ok ? null : refused.error.code).toBe('table/not_host');
    const changed = await a.request('table:settings', { tableId, turnSeconds: 20, listed: true });
    expect(changed.ok).toBe(true);
    const seen = await b.waitForState((s) => s.table.turnSeconds === 20);
    expect(seen.table.listed).toBe(true);
    expect((await a.request('table:start', { tableId })).ok).toBe(true);
    const playing = await a.waitForState((s) => s.table.timers.turn !== null);
    expect(playing.table.timers.turn?.remainingMs).toBe(20_000);
    expect((await a.request('table:settings', { tableId, turnSeconds: null })).ok).toBe(true);
    const off = await a.waitForState((s) => s.table.turnSeconds === null);
    expect(off.table.timers.turn).toBeNull();
  });
});

describe('the Muggins window', () => {
  let server: TestServer;
  const clients: TestClient[] = [];
  afterEach(async () => {
    for (const c of clients.splice(0)) c.close();
    await server.close();
  });

  it('a call after the server’s window is refused (muggins/window_closed) and changes nothing; a call in time scores', async () => {
    const clock = new FakeClock();
    server = await startServer({ now: clock.now, mugginsWindowMs: 5_000, seed: 'muggins-window' });
    const { tableId, a, b } = await adaAndBob(server.url, { preset: 'muggins', players: 2 });
    clients.push(a, b);
    expect((await a.request('table:start', { tableId })).ok).toBe(true);

    /** Makes one move for whoever is to move: Ada never counts, Bob counts right and calls Muggins only when told. */
    const step = async (): Promise<TableState> => {
      const s = await a.waitForState((x) => x.version >= (b.state?.version ?? 0));
      const view = s.view as TableView;
      const seat = view.hand!.turn;
      const client = seat === 0 ? a : b;
      const mine = await client.waitForState((x) => x.version === s.version);
      const legal = legalActions(mine.view as TableView).filter((x) => x.type !== 'muggins');
      // Between hands nobody moves: the server deals by itself.
      if (legal.length === 0) return a.waitForState((x) => x.version > s.version);
      const pick: Action = seat === 0 ? (legal.find((x) => x.type === 'noScore') ?? legal[0]!) : (legal.find((x) => x.type === 'claim') ?? legal[0]!);
      const reply = await client.request('game:action', { tableId, version: s.version, action: toWireAction(pick) });
      if (!reply.ok) throw new Error(`${reply.error.code}: ${reply.error.message}`);
      return a.waitForState((x) => x.version >= reply.data.version);
    };
    const bobCanCall = (): boolean => legalActions(b.state!.view as TableView).some((x) => x.type === 'muggins');

    let calls = 0;
    let seen: string | null = null;
    for (let moves = 0; calls < 2 && moves < 400; moves++) {
      await step();
      await b.waitForState((x) => x.version === a.state!.version);
      const s = b.state!;
      const window = s.table.timers.muggins;
      // A miss stays callable by the rules while Bob draws: look at each new one once.
      if (!bobCanCall() || window?.at === seen) continue;
      seen = window?.at ?? null;
      expect(window).toEqual({ at: new Date(clock.now().getTime() + 5_000).toISOString(), remainingMs: 5_000 });
      if (calls === 0) {
        clock.advance(5_001);
        const late = await b.request('game:action', { tableId, version: s.version, action: { type: 'muggins' } });
        expect(late.ok ? null : late.error.code).toBe('muggins/window_closed');
        expect((await server.app.store.load(tableId))?.version).toBe(s.version);
      } else {
        const scores = s.view!.scores.slice();
        const inTime = await b.request('game:action', { tableId, version: s.version, action: { type: 'muggins' } });
        expect(inTime.ok).toBe(true);
        const after = await b.waitForState((x) => x.version > s.version);
        expect(after.view!.scores[1]).toBeGreaterThan(scores[1]!);
        expect(after.table.timers.muggins).toBeNull();
      }
      calls++;
    }
    expect(calls).toBe(2);
  });
});
