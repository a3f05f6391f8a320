import { PRESETS, type Preset, type TableView } from '@fives/engine';
import { describe, expect, it } from 'vitest';
import { toWireAction } from '@fives/protocol';
import { botAction } from '../src/connection/bot.ts';
import { PracticeConnection, type Scheduler } from '../src/connection/practice.ts';
import { BOT_LEVELS, type ClientState, type GameSetup } from '../src/connection/types.ts';
import { seededRandom } from '@fives/engine';

/** Time under the test's control: tasks run when the test says, in the order they are due. */
function manualClock(): { schedule: Scheduler; now: () => number; runNext: () => boolean } {
  let now = 0;
  let tasks: { at: number; task: () => void }[] = [];
  return {
    now: () => now,
    schedule: (task, ms) => {
      const entry = { at: now + ms, task };
      tasks.push(entry);
      return () => {
        tasks = tasks.filter((t) => t !== entry);
      };
    },
    runNext: () => {
      tasks.sort((a, b) => a.at - b.at);
      const next = tasks.shift();
      if (next === undefined) return false;
      now = next.at;
      next.task();
      return true;
    },
  };
}

const setup = (preset: Preset, players: 2 | 3 | 4, turnSeconds: number | null = null): GameSetup => ({
  rules: { preset, players },
  bots: players - 1,
  level: 'medium',
  turnSeconds,
});

/** Plays the player's seat with the easy bot through the public `send`, until the game is over. */
function playOut(conn: PracticeConnection, clock: ReturnType<typeof manualClock>): ClientState {
  const random = seededRandom('player');
  for (let steps = 0; steps < 5000; steps++) {
    const s = conn.state;
    const v = s.table?.view as TableView;
    if (v.status === 'over') return s;
    if (v.status === 'dealing') {
      conn.send({ type: 'nextHand' });
      continue;
    }
    const action = botAction(v, 'easy', random);
    if (action !== null && (action.type !== 'muggins' || v.hand?.turn === v.seat)) {
      conn.send({ type: 'move', move: toWireAction(action) });
      expect(conn.state.notice).toBeNull();
      continue;
    }
    expect(clock.runNext(), 'a computer player should be due to move').toBe(true);
  }
  throw new Error('the game did not end');
}

describe('PracticeConnection', () => {
  const games: [Preset, 2 | 3 | 4][] = PRESETS.map((p) => [p, p === 'partners' ? 4 : (((PRESETS.indexOf(p) % 3) + 2) as 2 | 3 | 4)]);
  for (const [preset, players] of games) {
    it(`plays a whole ${preset} game with ${players} players to a winner`, () => {
      const clock = manualClock();
      const conn = new PracticeConnection({ seed: `game-${preset}`, schedule: clock.schedule, now: clock.now });
      conn.send({ type: 'setName', name: '  Rosa  ' });
      conn.send({ type: 'playNow', setup: setup(preset, players) });
      const end = playOut(conn, clock);
      expect(end.table?.view?.winner).not.toBeNull();
      expect(end.table?.summary.phase).toBe('over');
      expect(end.table?.summary.seats[0]).toMatchObject({ name: 'Rosa', kind: 'human' });
      expect(end.table?.summary.seats.slice(1).every((s) => s?.kind === 'bot')).toBe(true);
      expect(end.table?.view?.handScores.length).toBeGreaterThan(0);
    });
  }

  for (const level of BOT_LEVELS) {
    it(`plays a whole Muggins game against ${level} computer players`, () => {
      const clock = manualClock();
      const conn = new PracticeConnection({ seed: `level-${level}`, schedule: clock.schedule, now: clock.now });
      conn.send({ type: 'playNow', setup: { ...setup('muggins', 3), level } });
      const end = playOut(conn, clock);
      expect(end.table?.view?.winner).not.toBeNull();
      expect(end.table?.summary.seats[1]).toMatchObject({ kind: 'bot', level });
    });
  }

  it('names its computer players as a table online does: for nobody at the table, the level apart', () => {
    const conn = new PracticeConnection({ seed: 'names', schedule: manualClock().schedule });
    conn.send({ type: 'setName', name: 'Ada' });
    conn.send({ type: 'playNow', setup: setup('allFives', 4) });
    expect(conn.state.table?.summary.seats.map((x) => [x.name, x.level])).toEqual([
      ['Ada', null],
      ['Basil', 'medium'],
      ['Cleo', 'medium'],
      ['Dara', 'medium'],
    ]);
  });

  it('replays the same game from the same seed and moves', () => {
    const run = (): string => {
      const clock = manualClock();
      const conn = new PracticeConnection({ seed: 'same', schedule: clock.schedule, now: clock.now });
      conn.send({ type: 'playNow', setup: setup('allFives', 3) });
      return JSON.stringify(playOut(conn, clock).table?.view?.handScores);
    };
    expect(run()).toBe(run());
  });

  it('refuses an illegal move with the engine code and changes nothing', () => {
    const clock = manualClock();
    const conn = new PracticeConnection({ seed: 'refuse', schedule: clock.schedule, now: clock.now });
    conn.send({ type: 'playNow', setup: setup('allFives', 2) });
    const before = conn.state.table;
    conn.send({ type: 'move', move: { type: 'play', tile: '9-9' } });
    expect(conn.state.notice?.code).toBe('action/invalid');
    conn.send({ type: 'move', move: { type: 'pass' } });
    expect(conn.state.notice?.code).toMatch(/^move\//);
    expect(conn.state.table).toBe(before);
  });

  it('refuses what needs the server, and a practice table of the wrong size', () => {
    const conn = new PracticeConnection({ seed: 'x', schedule: manualClock().schedule });
    conn.send({ type: 'joinQueue', players: 2, preset: 'allFives' });
    expect(conn.state.notice?.code).toBe('practice/offline');
    conn.send({ type: 'playNow', setup: { ...setup('allFives', 3), bots: 1 } });
    expect(conn.state.notice?.code).toBe('practice/seats');
    conn.send({ type: 'playNow', setup: { ...setup('allFives', 2), rules: { players: 2, preset: 'partners' } } });
    expect(conn.state.notice?.code).toBe('rules/invalid');
    expect(conn.state.table).toBeNull();
  });

  it('plays for the player when the turn timer runs out, and says so', () => {
    const clock = manualClock();
    const conn = new PracticeConnection({ seed: 'timer', schedule: clock.schedule, now: clock.now });
    conn.send({ type: 'playNow', setup: setup('allFives', 2, 20) });
    while (conn.state.table?.view?.hand?.turn !== 0) clock.runNext();
    const deadline = conn.state.table.summary.turnDeadline;
    expect(deadline).toBe(clock.now() + 20_000);
    const played = conn.state.table.view?.hand?.log.length ?? 0;
    while (conn.state.notice === null) clock.runNext();
    expect(conn.state.notice.code).toBe('turn/timeout');
    expect(conn.state.table?.view?.hand?.log.length).toBeGreaterThan(played);
  });
});
