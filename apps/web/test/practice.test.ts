import { type Action, PRESETS, type Preset, type TableView, legalActions, seededRandom } from '@fives/engine';
import { TABLE_TIMING, fromStored } from '@fives/table';
import { describe, expect, it } from 'vitest';
import { toWireAction } from '@fives/protocol';
import { botAction } from '../src/connection/bot.ts';
import type { KeyValueStore } from '../src/connection/guest.ts';
import { PracticeConnection, type PracticeOptions, type Scheduler } from '../src/connection/practice.ts';
import { type Thinker, inlineThinker } from '../src/connection/thinker.ts';
import { BOT_LEVELS, type ClientState, type GameSetup } from '../src/connection/types.ts';

/** Lets the practice table's awaited thinking (resolved promises) finish. */
const settled = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Time under the test's control: tasks run when the test says, in the order they are due. */
function manualClock(): { schedule: Scheduler; now: () => number; runNext: () => Promise<boolean>; advance: (ms: number) => void; pending: () => number } {
  let now = 1_700_000_000_000;
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
    runNext: async () => {
      tasks.sort((a, b) => a.at - b.at);
      const next = tasks.shift();
      if (next === undefined) return false;
      now = Math.max(now, next.at);
      next.task();
      await settled();
      return true;
    },
    advance: (ms) => {
      now += ms;
    },
    pending: () => tasks.length,
  };
}

/** A Map-backed `localStorage`. */
function memoryStore(): KeyValueStore & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) };
}

const setup = (preset: Preset, players: 2 | 3 | 4, turnSeconds: number | null = null, level: GameSetup['level'] = 'medium'): GameSetup => ({
  rules: { preset, players },
  bots: players - 1,
  level,
  turnSeconds,
});

function practice(seed: string, clock: ReturnType<typeof manualClock>, more: Partial<PracticeOptions> = {}): PracticeConnection {
  return new PracticeConnection({ seed, schedule: clock.schedule, now: clock.now, thinker: inlineThinker(seededRandom(`${seed}/bots`)), ...more });
}

const mine = (s: ClientState): TableView => {
  const v = s.table?.view;
  if (v == null) throw new Error('no view');
  return v;
};

/**
 * Plays the player's seat with the easy bot through the public `send`, until the game is over;
 * `onMuggins` is asked whenever the table would take a Muggins call from the player.
 */
async function playOut(conn: PracticeConnection, clock: ReturnType<typeof manualClock>, onMuggins?: (v: TableView) => void): Promise<ClientState> {
  const random = seededRandom('player');
  for (let steps = 0; steps < 5000; steps++) {
    const s = conn.state;
    const v = mine(s);
    if (v.status === 'over') return s;
    if (v.status === 'dealing') {
      conn.send({ type: 'nextHand' });
      continue;
    }
    const legal = legalActions(v);
    // What the table offers: a call the engine would take, while the table's window is open.
    const until = s.table?.summary.mugginsDeadline ?? null;
    if (onMuggins !== undefined && legal.some((a) => a.type === 'muggins') && (until === null || until >= clock.now())) {
      onMuggins(v);
      continue;
    }
    const action = botAction(v, 'easy', random);
    if (action !== null && action.type !== 'muggins') {
      conn.send({ type: 'move', move: toWireAction(action) });
      expect(conn.state.notice).toBeNull();
      continue;
    }
    expect(await clock.runNext(), 'a computer player should be due to move').toBe(true);
  }
  throw new Error('the game did not end');
}

describe('PracticeConnection', () => {
  const games: [Preset, 2 | 3 | 4][] = PRESETS.map((p) => [p, p === 'partners' || p === 'cuban' ? 4 : (((PRESETS.indexOf(p) % 3) + 2) as 2 | 3 | 4)]);
  for (const [preset, players] of games) {
    it(`plays a whole ${preset} game with ${players} players to a winner`, async () => {
      const clock = manualClock();
      const conn = practice(`game-${preset}`, clock);
      conn.send({ type: 'setName', name: '  Rosa  ' });
      conn.send({ type: 'playNow', setup: setup(preset, players) });
      const end = await playOut(conn, clock);
      expect(end.table?.view?.winner).not.toBeNull();
      expect(end.table?.summary.phase).toBe('over');
      expect(end.table?.summary.seats[0]).toMatchObject({ name: 'Rosa', kind: 'human' });
      expect(end.table?.summary.seats.slice(1).every((s) => s?.kind === 'bot')).toBe(true);
      expect(end.table?.view?.handScores.length).toBeGreaterThan(0);
      // The game's record is kept, hand by hand, once it is over.
      expect(conn.records()).toHaveLength(1);
      expect(conn.records()[0]?.hands).toHaveLength(end.table?.view?.handScores.length ?? -1);
    });
  }

  for (const level of BOT_LEVELS) {
    it(`plays a whole Muggins game against ${level} computer players`, async () => {
      const clock = manualClock();
      const conn = practice(`level-${level}`, clock);
      conn.send({ type: 'playNow', setup: setup('muggins', 3, null, level) });
      const end = await playOut(conn, clock);
      expect(end.table?.view?.winner).not.toBeNull();
      expect(end.table?.summary.seats[1]).toMatchObject({ kind: 'bot', level });
    });
  }

  it('replays the same game from the same seed and moves', async () => {
    const run = async (): Promise<string> => {
      const clock = manualClock();
      const conn = practice('same', clock);
      conn.send({ type: 'playNow', setup: setup('allFives', 3) });
      return JSON.stringify((await playOut(conn, clock)).table?.view?.handScores);
    };
    expect(await run()).toBe(await run());
  });

  it('deals with the server’s dealer: every finished hand checks out against the commitment seen before it', async () => {
    const clock = manualClock();
    const conn = practice('fair', clock);
    conn.send({ type: 'playNow', setup: setup('allFives', 2) });
    expect(conn.state.table?.fairness?.pending?.commitment).toMatch(/^[0-9a-f]{64}$/);
    const end = await playOut(conn, clock);
    const hands = end.table?.fairness?.hands ?? [];
    expect(hands.length).toBe(end.table?.view?.handScores.length);
    expect(hands.every((h) => h.status === 'verified')).toBe(true);
  });

  it('takes a Muggins call exactly when the engine would, and not once the window has closed', async () => {
    const clock = manualClock();
    const conn = practice('muggins-calls', clock);
    conn.send({ type: 'playNow', setup: setup('muggins', 2, null, 'beginner') });
    let taken = 0;
    let late = 0;
    let refusedRight = 0;
    await playOut(conn, clock, (v) => {
      const before = conn.state.table;
      if (late < 2) {
        // Past the server's window the call is refused, and nothing changes.
        clock.advance(TABLE_TIMING.mugginsWindowMs + 1);
        conn.send({ type: 'move', move: { type: 'muggins' } });
        expect(conn.state.notice?.code).toBe('muggins/window_closed');
        expect(conn.state.table).toBe(before);
        late++;
        return;
      }
      conn.send({ type: 'move', move: { type: 'muggins' } });
      expect(conn.state.notice).toBeNull();
      expect(mine(conn.state).scores).not.toEqual(v.scores);
      taken++;
    });
    // Where the engine would not take a call (every other position of the game), none is taken.
    const clock2 = manualClock();
    const again = practice('muggins-calls', clock2);
    again.send({ type: 'playNow', setup: setup('muggins', 2, null, 'beginner') });
    for (let i = 0; i < 200 && mine(again.state).status === 'playing'; i++) {
      const v = mine(again.state);
      if (!legalActions(v).some((a: Action) => a.type === 'muggins') && v.hand?.turn === v.seat) {
        const before = again.state.table;
        again.send({ type: 'move', move: { type: 'muggins' } });
        expect(again.state.notice?.code).toMatch(/^(muggins|move)\//);
        expect(again.state.table).toBe(before);
        refusedRight++;
        const action = botAction(v, 'medium', seededRandom(`p${i}`));
        if (action !== null) again.send({ type: 'move', move: toWireAction(action) });
      } else if (!(await clock2.runNext())) break;
    }
    expect(late).toBe(2);
    expect(taken).toBeGreaterThan(0);
    expect(refusedRight).toBeGreaterThan(0);
  });

  it('lets a computer player call the player’s missed count before the next one plays (the server’s order)', async () => {
    const clock = manualClock();
    const conn = practice('order', clock);
    // Easy players call half the missed counts: the turn's seat lets some pass, and the other may call them.
    conn.send({ type: 'playNow', setup: setup('muggins', 3, null, 'easy') });
    const random = seededRandom('order-player');
    let misses = 0;
    let calledFirst = 0;
    for (let i = 0; i < 3000 && mine(conn.state).status !== 'over'; i++) {
      const v = mine(conn.state);
      if (v.status === 'dealing') {
        conn.send({ type: 'nextHand' });
        continue;
      }
      const legal = legalActions(v);
      const claim = legal.find((a) => a.type === 'claim');
      if (claim !== undefined) {
        // The player's play scored, and they say it did not: a missed count for the others to call.
        conn.send({ type: 'move', move: { type: 'noScore' } });
        misses++;
        const after = mine(conn.state).hand;
        const at = after?.log.length ?? 0;
        await clock.runNext();
        const next = mine(conn.state).hand?.log[at];
        // A call by the seat that is not to move: the turn's seat did not go first.
        if (next?.type === 'muggins' && next.seat !== after?.turn) calledFirst++;
        continue;
      }
      const action = v.hand?.turn === v.seat ? botAction(v, 'medium', random) : null;
      if (action !== null && action.type !== 'muggins') conn.send({ type: 'move', move: toWireAction(action) });
      else if (!(await clock.runNext())) break;
    }
    expect(misses).toBeGreaterThan(0);
    expect(calledFirst).toBeGreaterThan(0);
  });

  it('refuses an illegal move with the engine code and changes nothing', () => {
    const clock = manualClock();
    const conn = practice('refuse', clock);
    conn.send({ type: 'playNow', setup: setup('allFives', 2) });
    const before = conn.state.table;
    conn.send({ type: 'move', move: { type: 'play', tile: 'x-y' } });
    expect(conn.state.notice?.code).toBe('message/invalid');
    conn.send({ type: 'move', move: { type: 'pass' } });
    expect(conn.state.notice?.code).toMatch(/^(move|turn)\//);
    expect(conn.state.table).toBe(before);
  });

  it('names its computer players as a table online does: for nobody at the table, the level apart', () => {
    const conn = practice('names', manualClock());
    conn.send({ type: 'setName', name: 'Ada' });
    conn.send({ type: 'playNow', setup: setup('allFives', 4) });
    expect(conn.state.table?.summary.seats.map((x) => [x.name, x.level])).toEqual([
      ['Ada', null],
      ['Basil', 'medium'],
      ['Cleo', 'medium'],
      ['Dara', 'medium'],
    ]);
  });

  it('refuses what needs the server, and a practice table of the wrong size', () => {
    const conn = practice('x', manualClock());
    conn.send({ type: 'joinQueue', players: 2, preset: 'allFives' });
    expect(conn.state.notice?.code).toBe('practice/offline');
    conn.send({ type: 'playNow', setup: { ...setup('allFives', 3), bots: 1 } });
    expect(conn.state.notice?.code).toBe('practice/seats');
    conn.send({ type: 'playNow', setup: { ...setup('allFives', 2), rules: { players: 2, preset: 'partners' } } });
    expect(conn.state.notice?.code).toBe('rules/invalid');
    expect(conn.state.table).toBeNull();
  });

  it('plays for the player when the turn timer runs out, and says so', async () => {
    const clock = manualClock();
    const conn = practice('timer', clock);
    conn.send({ type: 'playNow', setup: setup('allFives', 2, 20) });
    while (conn.state.table?.view?.hand?.turn !== 0) await clock.runNext();
    const deadline = conn.state.table.summary.turnDeadline;
    expect(deadline).toBe(clock.now() + 20_000);
    const played = conn.state.table.view?.hand?.log.length ?? 0;
    while (conn.state.notice === null) await clock.runNext();
    expect(conn.state.notice.code).toBe('turn/timeout');
    expect(conn.state.table?.view?.hand?.log.length).toBeGreaterThan(played);
  });

  it('drops a computer player’s answer when the table moved on while it thought', async () => {
    const clock = manualClock();
    const inline = inlineThinker(seededRandom('slow'));
    const held: (() => void)[] = [];
    // Answers only when the test lets it, as a worker busy elsewhere would.
    const slow: Thinker = { think: (level, seen) => new Promise((resolve) => held.push(() => void inline.think(level, seen).then(resolve))), close: () => {} };
    const conn = practice('slow', clock, { thinker: slow });
    conn.send({ type: 'playNow', setup: setup('allFives', 2, 20) });
    // Until the player's turn comes, the computer player's answers come at once.
    for (let i = 0; i < 50 && conn.state.table?.view?.hand?.turn !== 0; i++) {
      await clock.runNext();
      while (held.length > 0) held.shift()?.();
      await settled();
    }
    const v = mine(conn.state);
    expect(v.hand?.turn).toBe(0);
    // The clock runs out: the stand-in is asked, and while it thinks the player moves after all.
    while (held.length === 0) expect(await clock.runNext()).toBe(true);
    const action = botAction(v, 'medium', seededRandom('me'));
    if (action === null) throw new Error('no move');
    conn.send({ type: 'move', move: toWireAction(action) });
    const after = conn.state.table;
    expect(conn.state.notice).toBeNull();
    held.shift()?.();
    await settled();
    // The stand-in's move was made on a table that is gone: nothing of it is played.
    expect(conn.state.table).toBe(after);
    expect(conn.state.notice).toBeNull();
  });

  it('keeps the game in storage and comes back to it after a reload', async () => {
    const clock = manualClock();
    const storage = memoryStore();
    const conn = practice('reload', clock, { storage });
    conn.send({ type: 'setName', name: 'Rosa' });
    conn.send({ type: 'playNow', setup: setup('muggins', 3) });
    for (let i = 0; i < 6; i++) await clock.runNext();
    const before = conn.state.table;
    conn.close();
    const stored: unknown = JSON.parse(storage.map.get('fives.practice') ?? 'null');
    expect(fromStored((stored as { table: unknown }).table).ok).toBe(true);
    // The page loads again: a new connection, the same storage.
    const clock2 = manualClock();
    clock2.advance(clock.now() - clock2.now());
    const back = practice('reload', clock2, { storage });
    expect(back.state.table?.view).toEqual(before?.view);
    expect(back.state.table?.summary.seats[0]).toMatchObject({ name: 'Rosa', kind: 'human' });
    expect(back.state.name).toBe('Rosa');
    expect(back.playing).toBe(true);
    const end = await playOut(back, clock2);
    expect(end.table?.view?.winner).not.toBeNull();
    // Leaving throws the game away: the next load starts at the lobby.
    back.send({ type: 'leaveTable' });
    expect(storage.map.has('fives.practice')).toBe(false);
    expect(practice('reload', manualClock(), { storage }).state.table).toBeNull();
  });

  it('drops a saved game it cannot read, and says so', () => {
    const storage = memoryStore();
    storage.setItem('fives.practice', JSON.stringify({ table: { schema: 1, id: 'practice' }, games: [] }));
    const conn = practice('bad', manualClock(), { storage });
    expect(conn.state.table).toBeNull();
    expect(conn.state.notice?.code).toBe('practice/unreadable');
    expect(storage.map.has('fives.practice')).toBe(false);
  });
});
