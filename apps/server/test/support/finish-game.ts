import { type TableId, gameIdOf } from '@fives/protocol';
import type { GameApp } from '../../src/app.ts';
import type { Player } from '../../src/identity/token.ts';

/** A clock a test moves on by hand (the server reads only it). */
export function manualClock(start = Date.UTC(2026, 0, 1)): { now: () => Date; advance: (ms: number) => void } {
  let t = start;
  return { now: () => new Date(t), advance: (ms) => (t += ms) };
}

/**
 * A game dealt at once to `person` and a computer player, with a 5-second turn clock. With
 * `finish`, the person never moves: each turn of theirs runs out (the clock is moved on) and a
 * stand-in plays it, until the game is over and its archive job has run. The server must run
 * on `clock` with a grace period longer than the game (a person away would pause the table).
 */
export async function botPlayedGame(app: GameApp, clock: { advance: (ms: number) => void }, person: Player, finish: boolean): Promise<TableId> {
  const made = await app.service.createStarted({
    people: [person],
    level: 'easy',
    rulesInput: { players: 2, target: 31 },
    settings: { turnSeconds: 5, listed: false, rated: false },
  });
  if (!made.ok) throw new Error(made.error.message);
  const id = made.value.id;
  return finish ? finishBotGame(app, clock, id) : id;
}

/** Runs out every turn of a `botPlayedGame` table's person until its game is over and archived. */
export async function finishBotGame(app: GameApp, clock: { advance: (ms: number) => void }, id: TableId): Promise<TableId> {
  for (let step = 0; step < 2000; step++) {
    clock.advance(5001);
    await app.jobs.poll();
    if ((await app.store.load(id))?.phase === 'over' && (await app.store.finishedGame(id, 1)) === null && (await app.archive.game(gameIdOf(id, 1))) !== null) return id;
  }
  const d = await app.store.load(id);
  throw new Error(`table ${id}'s game never ended and was archived (version ${d?.version}, ${d?.phase})`);
}
