import type { BotLevel, GuestResponse, SeatSpec, TableId } from '@fives/protocol';
import { TestClient, createTable, guest } from './client.ts';

/** A table with `humans` connected players (seats 0..humans-1) and the rest bots (of `level`), started. */
export async function startedTable(
  url: string,
  rules: { players: 2 | 3 | 4; [k: string]: unknown },
  humans: number,
  level: BotLevel = 'medium',
): Promise<{ tableId: TableId; clients: TestClient[]; tokens: string[] }> {
  const guests = await Promise.all(Array.from({ length: humans }, (_, i) => guest(url, `Player ${i}`)));
  const seats: SeatSpec[] = Array.from({ length: rules.players }, (_, i) => (i < humans ? { type: 'human' } : { type: 'bot', level }));
  const { tableId } = await createTable(url, guests[0]!.token, rules, seats);
  const clients: TestClient[] = [];
  for (const g of guests) {
    const c = await TestClient.connect(url, g.token);
    await c.join(tableId);
    clients.push(c);
  }
  const host = clients[0]!;
  const started = await host.request('table:start', { tableId });
  if (!started.ok) throw new Error(`start refused: ${started.error.message}`);
  await Promise.all(clients.map((c) => c.waitForState((s) => s.version >= started.data.version)));
  return { tableId, clients, tokens: guests.map((g) => g.token) };
}

/**
 * Ada (the host) and Bob at a new table made on `url`, each connected (Bob through `bobUrl`, a
 * second node, when given) and joined to the first two seats; not started. `a` and `b` are theirs
 * to close, `ada` and `bob` their guest tokens (to connect again).
 */
export async function adaAndBob(
  url: string,
  rules: object,
  seats?: SeatSpec[],
  extra?: { turnSeconds?: number | null; listed?: boolean },
  bobUrl: string = url,
): Promise<{ tableId: TableId; a: TestClient; b: TestClient; ada: GuestResponse; bob: GuestResponse }> {
  const [ada, bob] = [await guest(url, 'Ada'), await guest(url, 'Bob')];
  const { tableId } = await createTable(url, ada.token, rules, seats, extra);
  const a = await TestClient.connect(url, ada.token);
  const b = await TestClient.connect(bobUrl, bob.token);
  await a.join(tableId);
  await b.join(tableId);
  return { tableId, a, b, ada, bob };
}

/**
 * Ada and Bob at a new three-player table on `url` (an easy computer player in the last seat),
 * each on a client that reconnects by itself and rejoins the table, the game started and both
 * playing it: the set-up of the tests that take a node away mid-game. The clients are pushed to
 * `clients` (the caller's, to close).
 */
export async function reconnectingGame(url: string, clients: TestClient[]): Promise<{ tableId: TableId; a: TestClient; b: TestClient }> {
  const ada = await guest(url, 'Ada');
  const bob = await guest(url, 'Bob');
  const { tableId } = await createTable(url, ada.token, { players: 3 }, [{ type: 'human' }, { type: 'human' }, { type: 'bot', level: 'easy' }]);
  const a = await TestClient.connect(url, ada.token, { reconnection: true });
  clients.push(a);
  await a.join(tableId);
  const b = await TestClient.connect(url, bob.token, { reconnection: true });
  clients.push(b);
  await b.join(tableId);
  a.rejoin = tableId;
  b.rejoin = tableId;
  const started = await a.request('table:start', { tableId });
  if (!started.ok) throw new Error(`start refused: ${started.error.message}`);
  a.play();
  b.play();
  return { tableId, a, b };
}
