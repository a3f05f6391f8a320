import { type Action, apply, legalActions, view } from '@fives/engine';
import { type TableId, toWireAction } from '@fives/protocol';
import { parseMetrics } from '../../src/metrics/registry.ts';
import type { GameApp } from '../../src/app.ts';
import type { BotThreads } from './bot-threads.ts';
import type { TestClient } from './client.ts';

/** A sample of this app's /metrics: `name` (labels included, as written) → value; 0 when absent. */
export async function metric(app: GameApp, name: string): Promise<number> {
  const res = await app.inject({ url: '/metrics' });
  return parseMetrics(res.body).get(name) ?? 0;
}

/**
 * Plays seats 0 and 1 (people, `clients`) of a three-seat Muggins table whose seat 2 is a
 * searching computer player, until seat 1 can make a scoring play after which seat 2 has a choice
 * of plays. Then seat 1 makes it and says it scored nothing (a count missed: the Muggins window
 * opens for seats 0 and 2), with seat 2's next decision held on its thread. Resolves to the table
 * version that decision is thought about, once it is held. Every other move: the first legal one,
 * claimed right.
 */
export async function missBeforeTheBot(app: GameApp, tableId: TableId, clients: readonly TestClient[], threads: BotThreads): Promise<number> {
  for (let step = 0; step < 600; step++) {
    const doc = await app.store.load(tableId);
    const state = doc?.state ?? null;
    const hand = state?.hand ?? null;
    if (doc === null || state === null) throw new Error('the table is gone');
    const turn = hand?.turn;
    if (state.status !== 'playing' || hand === null || hand.end !== null || turn === undefined || turn > 1) {
      // A deal or the computer player's move: the next version.
      await clients[0]!.waitForState((s) => s.version > doc.version);
      continue;
    }
    const me = clients[turn]!;
    await me.waitForState((s) => s.version >= doc.version);
    const legal = legalActions(view(state, turn));
    const send = async (action: Action, version: number): Promise<void> => {
      const reply = await me.request('game:action', { tableId, version, action: toWireAction(action) });
      if (!reply.ok) throw new Error(`${action.type} refused: ${reply.error.code} ${reply.error.message}`);
      await me.waitForState((s) => s.version > version);
    };
    if (hand.awaiting === 'claim') {
      await send(legal[0]!, doc.version);
      continue;
    }
    if (turn === 1) {
      for (const play of legal) {
        if (play.type !== 'play') continue;
        const played = apply(state, play);
        if (!played.ok) continue;
        const claim = legalActions(view(played.value, 1)).find((a) => a.type === 'claim');
        if (claim?.type !== 'claim' || claim.points === 0 || claim.points % 5 !== 0) continue;
        const missed = apply(played.value, { type: 'noScore', seat: 1 });
        if (!missed.ok || legalActions(view(missed.value, 2)).filter((a) => a.type === 'play').length < 2) continue;
        threads.next('holds');
        await send(play, doc.version);
        await send({ type: 'noScore', seat: 1 }, doc.version + 1);
        await threads.untilHeld();
        return doc.version + 2;
      }
    }
    await send(legal[0]!, doc.version);
  }
  throw new Error('no count to miss before the computer player in 600 moves');
}
