import type { QueueMatched, SeatInfo, TableState } from '@fives/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { TestClient, createTable, guest } from '../support/client.ts';
import { FakeClock } from '../support/clock.ts';
import { type TestServer, startServer } from '../support/server.ts';

/**
 * Computer players have names of their own at a table (never "Computer (medium)" twice, never a
 * person's there), and the level apart: through the sockets, in every state a seat is sent.
 */

function seatNames(s: TableState): string[] {
  return s.table.seats.map((seat: SeatInfo) => (seat.kind === 'open' ? '' : seat.name));
}

describe('computer players’ names over the sockets', () => {
  const clients: TestClient[] = [];
  const servers: TestServer[] = [];
  afterEach(async () => {
    for (const c of clients.splice(0)) c.close();
    for (const s of servers.splice(0)) await s.close();
  });

  async function player(server: TestServer, name: string): Promise<TestClient> {
    const c = await TestClient.connect(server.url, (await guest(server.url, name)).token);
    clients.push(c);
    return c;
  }

  it('a queue filled with computer players names them for nobody at the table, and every state of the game says the same names', async () => {
    const clock = new FakeClock();
    const server = await startServer({ now: clock.now, seed: 'computer-names' });
    servers.push(server);
    const [ada, bob] = [await player(server, 'Ada'), await player(server, 'Bob')];
    const rules = { preset: 'allFives', players: 4, target: 30 } as const;
    const matched = ada.waitFor<QueueMatched>('queue:matched');
    const ack = await ada.request('queue:join', { rules, waitSeconds: 20, level: 'hard' });
    expect(ack.ok).toBe(true);
    await bob.request('queue:join', { rules });
    clock.advance(20_000);
    await server.app.jobs.poll();
    const { tableId } = await matched;
    await ada.join(tableId);
    await bob.join(tableId);
    const first = ada.state!;
    expect(first.table.seats.slice(2)).toEqual([
      { seat: 2, kind: 'bot', level: 'hard', name: 'Basil' },
      { seat: 3, kind: 'bot', level: 'hard', name: 'Cleo' },
    ]);

    ada.play();
    bob.play();
    // The computer players move on the server's own steps: run them until the game is over.
    while (ada.state?.table.phase !== 'over') {
      clock.advance(100);
      await server.app.jobs.poll();
      await new Promise((resolve) => setImmediate(resolve));
    }
    const states = [...ada.states(), ...bob.states()];
    expect(new Set(states.map((s) => seatNames(s).join(','))).size).toBe(1);
    // The queue seats its people in an order of its own: the names, not their order, are the point.
    expect(seatNames(states[0]!).sort()).toEqual(['Ada', 'Basil', 'Bob', 'Cleo']);
    // The computer players did play under those names: their moves are in the views' logs by seat.
    expect(states.some((s) => s.view?.hand?.log.some((e) => 'seat' in e && e.seat >= 2))).toBe(true);
    expect([...ada.problems, ...bob.problems]).toEqual([]);
  }, 60_000);

  it('a host adding a computer player, and a person sitting down by one of their name, keep every name apart', async () => {
    const server = await startServer({ seed: 'computer-names-seats' });
    servers.push(server);
    const host = await guest(server.url, 'Ann');
    const made = await createTable(server.url, host.token, { preset: 'allFives', players: 4 }, [
      { type: 'human' },
      { type: 'bot', level: 'easy' },
      { type: 'human' },
      { type: 'human' },
    ]);
    const ann = await TestClient.connect(server.url, host.token);
    clients.push(ann);
    await ann.join(made.tableId);
    expect(seatNames(ann.state!)).toEqual(['Ann', 'Ada', '', '']);

    const added = await ann.request('table:seat', { tableId: made.tableId, seat: 3, occupant: { type: 'bot', level: 'medium' } });
    expect(added.ok).toBe(true);
    const withTwo = await ann.waitForState((s) => s.table.seats[3]?.kind === 'bot');
    expect(withTwo.table.seats[3]).toEqual({ seat: 3, kind: 'bot', level: 'medium', name: 'Basil' });

    const ada = await player(server, 'ada');
    await ada.join(made.tableId);
    const after = await ann.waitForState((s) => s.table.seats[2]?.kind === 'human');
    expect(seatNames(after)).toEqual(['Ann', 'Cleo', 'ada', 'Basil']);
    expect(seatNames(ada.state!)).toEqual(seatNames(after));
  });
});
