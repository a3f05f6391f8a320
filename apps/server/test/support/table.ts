import type { BotLevel, SeatSpec, TableId } from '@fives/protocol';
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
