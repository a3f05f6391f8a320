import {
  type Action,
  END_NAMES,
  type GameState,
  PRESETS,
  type Seat,
  type TableView,
  apply,
  boardCount,
  formatTile,
  legalActions,
  resolveRules,
  tilesOfWords,
  view,
} from '@fives/engine';
import { describe, expect, it } from 'vitest';
import { claimChance, forcedMove, mugginsChance, playOptions } from '../src/lib/hints.ts';
import { positions, randomStates } from './positions.ts';

describe('playOptions: what glows and what each end shows', () => {
  it('offers exactly the legal plays, with the count and points the engine hints', () => {
    let checked = 0;
    for (const v of positions({ preset: 'allFives', players: 3 }, 'hints', 3)) {
      const options = playOptions(v);
      const legal = legalActions(v).flatMap((a) => (a.type === 'play' ? [`${formatTile(a.tile)}@${a.end ?? 'lead'}`] : []));
      const shown = [...options].flatMap(([tile, list]) => list.map((o) => `${tile}@${o.end ?? 'lead'}`));
      expect(shown.sort()).toEqual(legal.sort());
      for (const [tile, list] of options) {
        for (const o of list) {
          const hint = v.hand?.hints?.find((h) => h.tile === tile && h.end === o.end);
          expect(o).toEqual({ end: o.end, count: hint?.count, points: hint?.points });
        }
      }
      if (options.size > 0) checked++;
    }
    expect(checked).toBeGreaterThan(10);
  });

  it('shows where tiles go under Muggins but never what they would count', () => {
    let checked = 0;
    for (const v of positions({ preset: 'muggins', players: 2 }, 'muggins', 2)) {
      const options = playOptions(v);
      const legal = legalActions(v).filter((a) => a.type === 'play');
      expect([...options.values()].flat()).toHaveLength(legal.length);
      for (const o of [...options.values()].flat()) expect(o.count).toBeNull();
      if (options.size > 0) checked++;
    }
    expect(checked).toBeGreaterThan(5);
  });

  it('lights nothing when it is not the viewer’s move, and names the draw or pass when nothing fits', () => {
    const seen = new Set<string>();
    for (const v of positions({ preset: 'allFives', players: 2 }, 'forced', 4)) {
      const mine = v.status === 'playing' && v.hand?.turn === 0 && v.hand.awaiting === 'move';
      if (!mine) expect(playOptions(v).size).toBe(0);
      const forced = forcedMove(v);
      const legal = legalActions(v).map((a) => a.type);
      if (forced !== null) {
        expect(legal).toEqual([forced]);
        seen.add(forced);
      } else if (mine) expect(legal).toContain('play');
    }
    expect(seen.has('draw')).toBe(true);
  });

  it('offers Call Muggins! after an opponent missed a count that scores, until the next tile', () => {
    let offered = 0;
    let rightlyNone = 0;
    for (const state of randomStates({ preset: 'muggins', players: 2 }, 'call', 6)) {
      const v = view(state, 0);
      // Draws and passes keep the window open; the next tile closes it.
      const last = v.hand?.log.filter((e) => e.type !== 'draw' && e.type !== 'pass').at(-1);
      // Nothing is played between a claim and the call, so the board is the one claimed on.
      const count = v.hand === null ? 0 : boardCount(v.hand.board);
      const chance = mugginsChance(v);
      if (chance) {
        offered++;
        const claim = last?.type === 'claim' || last?.type === 'noScore' ? last : null;
        expect(claim?.seat).toBe(1);
        // The count scored and the claim did not take it.
        expect(count > 0 && count % 5 === 0 && claim?.scored === 0).toBe(true);
      }
      // A "no score" on a count that is no multiple of five is right: there is nothing to call.
      if (last?.type === 'noScore' && last.seat === 1 && count % 5 !== 0) {
        rightlyNone++;
        expect(chance).toBe(false);
      }
      if (last?.type === 'play') expect(chance).toBe(false);
    }
    expect(offered).toBeGreaterThan(0);
    expect(rightlyNone).toBeGreaterThan(0);
  });
});

/**
 * What the table shows for each kind of action, as one set of words: a tile on an end, Draw,
 * Pass, the claim panel, Call Muggins!.
 */
function shown(v: TableView): Set<string> {
  const out = new Set<string>();
  for (const [tile, list] of playOptions(v)) for (const o of list) out.add(`play ${tile}@${o.end ?? 'lead'}`);
  const forced = forcedMove(v);
  if (forced !== null) out.add(forced);
  if (claimChance(v)) out.add('claim');
  if (mugginsChance(v)) out.add('muggins');
  return out;
}

/** The same words for what `legalActions(view)` lists. */
function listed(v: TableView): Set<string> {
  return new Set(legalActions(v).map((a) => (a.type === 'play' ? `play ${formatTile(a.tile)}@${a.end ?? 'lead'}` : a.type === 'noScore' ? 'claim' : a.type)));
}

/**
 * The same words for what `apply` takes from `seat` in `state`: every tile the seat holds on every
 * end (or as the lead), drawing, passing, saying no score (the claim panel: any amount is taken
 * whenever that is) and calling Muggins — the way the table sends them.
 */
function accepted(state: GameState, seat: Seat): Set<string> {
  const out = new Set<string>();
  const hand = state.hand;
  if (hand === null) return out;
  const tries: [string, Action][] = [
    ['draw', { type: 'draw', seat }],
    ['pass', { type: 'pass', seat }],
    ['claim', { type: 'noScore', seat }],
    ['muggins', { type: 'muggins', seat }],
  ];
  // Both words of a double-nine hand (the Cuban game); a double-six hand's second is empty.
  for (const tile of tilesOfWords(hand.hands[seat] as number, hand.handsHigh?.[seat] ?? 0)) {
    if (hand.board.tiles === 0) tries.push([`play ${formatTile(tile)}@lead`, { type: 'play', seat, tile }]);
    else for (const end of END_NAMES) tries.push([`play ${formatTile(tile)}@${end}`, { type: 'play', seat, tile, end }]);
  }
  for (const [word, action] of tries) if (apply(state, action).ok) out.add(word);
  return out;
}

function differs(a: Set<string>, b: Set<string>): string | null {
  const more = [...a].filter((x) => !b.has(x));
  const fewer = [...b].filter((x) => !a.has(x));
  return more.length === 0 && fewer.length === 0 ? null : `shows ${more.join(', ') || 'nothing'} it should not, misses ${fewer.join(', ') || 'nothing'}`;
}

const PLAYERS = [2, 3, 4] as const;
/** Seeded games per table and hands per game: some 500 to 2,000 positions a table, about 20,000 in all. */
const GAMES = 10;
const HANDS = 4;

describe('the table offers an action exactly when the engine takes it', () => {
  const tables = PRESETS.flatMap((preset) => PLAYERS.map((players) => ({ preset, players }))).filter((r) => resolveRules(r).ok);

  it.each(tables)('under $preset with $players players, for every seat, at every position of seeded games', ({ preset, players }) => {
    const wrong = new Map<string, { count: number; example: string }>();
    const seen = new Set<string>();
    let positions = 0;
    let wrongPositions = 0;
    for (let game = 0; game < GAMES; game++) {
      for (const state of randomStates({ preset, players }, `offers-${preset}-${players}-${game}`, HANDS)) {
        positions++;
        let right = true;
        for (const seat of [null, ...Array.from({ length: players }, (_, s) => s)]) {
          const v = view(state, seat);
          const web = shown(v);
          for (const word of web) seen.add(word.split(' ')[0] as string);
          // Both directions: nothing shown that the engine would refuse, nothing it would take left out.
          const problems = [differs(web, listed(v)), seat === null ? null : differs(web, accepted(state, seat))];
          if (seat === null && web.size > 0) problems.push(`shows a spectator ${[...web].join(', ')}`);
          for (const problem of problems) {
            if (problem === null) continue;
            right = false;
            const kind = problem.replace(/\d-\d(@\w+)?/g, 'tile');
            const entry = wrong.get(kind) ?? { count: 0, example: `game ${game}, event ${state.hand?.log.length}, seat ${seat}: ${problem}` };
            entry.count++;
            wrong.set(kind, entry);
          }
        }
        if (!right) wrongPositions++;
      }
    }
    expect({ wrong: `${wrongPositions} of ${positions} positions`, ...Object.fromEntries(wrong) }).toEqual({ wrong: `0 of ${positions} positions` });
    expect(positions).toBeGreaterThan(100);
    // The comparison saw plays, a draw or a pass, and under Muggins claims and calls.
    const rules = resolveRules({ preset, players });
    const forced = seen.has('draw') || seen.has('pass') ? [] : ['draw or pass'];
    expect(['play', ...(rules.ok && rules.value.muggins ? ['claim', 'muggins'] : [])].filter((word) => !seen.has(word)).concat(forced)).toEqual([]);
  });
});
