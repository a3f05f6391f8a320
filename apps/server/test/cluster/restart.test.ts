import type { ChildProcess } from 'node:child_process';
import { type GameRecord, replayRecord } from '@fives/engine';
import type { TableState } from '@fives/protocol';
import { afterAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../support/client.ts';
import { freePort, killed, spawnNode } from '../support/process.ts';
import { deleteKeys, uniquePrefix } from '../support/redis.ts';
import { reconnectingGame } from '../support/table.ts';

/** The server as its own process (what `pnpm start` runs) on `port`, resolved once it listens. */
async function spawnServer(port: number, prefix: string, botDelayMs: number): Promise<ChildProcess> {
  return (await spawnNode(prefix, { BOT_DELAY_MS: String(botDelayMs) }, 'apps/server/src/main.ts', { port })).child;
}

describe('a server process killed mid-game', () => {
  const prefix = uniquePrefix();
  const children: ChildProcess[] = [];
  const clients: TestClient[] = [];
  afterAll(async () => {
    for (const c of clients) c.close();
    for (const c of children) if (c.exitCode === null && c.signalCode === null) await killed(c);
    await deleteKeys(prefix);
  });

  it('is restarted and every table goes on where it was, to the end of the game', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const first = await spawnServer(port, prefix, 0);
    children.push(first);

    const { tableId, a, b } = await reconnectingGame(url, clients);
    // Killed wherever the game is once the first hand is well under way (its next step waits in Redis).
    const midHand = (s: TableState): boolean => {
      const v = s.view;
      return v !== null && v.status === 'playing' && v.hand!.log.length >= 6;
    };
    const stalled = await a.waitForState(midHand);

    await killed(first);
    const second = await spawnServer(port, prefix, 0);
    children.push(second);

    // Both players come back by themselves, and the game goes on from where it was.
    const moved = await a.waitForState((s) => s.version > stalled.version);
    expect(moved.view?.hand?.log.length ?? 0).toBeGreaterThan(0);
    const [endA, endB] = await Promise.all([a.waitForState((s) => s.table.phase === 'over'), b.waitForState((s) => s.table.phase === 'over')]);
    expect(a.reconnections).toBeGreaterThan(0);
    expect(endA.version).toBe(endB.version);
    expect(endA.view?.winner).not.toBeNull();

    // Nothing was lost: the whole game's record replays to the same end.
    const record = (await (await fetch(`${url}/api/tables/${tableId}/games/1/record`)).json()) as GameRecord;
    const replayed = replayRecord(record);
    expect(replayed.output).toMatchObject({ ok: true, finished: true, winner: endA.view!.winner, scores: endA.view!.scores });
    // Two processes started one after the other on a shared CPU, and perhaps a step's lease to sit out.
  }, 60_000);
});
