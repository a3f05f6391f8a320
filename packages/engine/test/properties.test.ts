import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ALL_TILES,
  Playout,
  type GameState,
  type Tile,
  boardCount,
  boardRules,
  cloneBoard,
  countAfterPlacing,
  endsFor,
  formatTile,
  maskOf,
  parseTile,
  placeOn,
  replayRecord,
  tilesOf,
  view,
} from '../src/index.ts';
import { countFromLayout } from './support/independent-count.ts';
import { type PlayedGame, playRandomGame } from './support/random-game.ts';

const presets = ['allFives', 'allFives150', 'muggins', 'partners', 'cribbage', 'block', 'draw', 'fivesAndThrees', 'latin'] as const;

const gameArb = fc
  .record({
    preset: fc.constantFrom(...presets),
    players: fc.constantFrom(2, 3, 4),
    spinnerOpens: fc.constantFrom(undefined, 'immediately' as const),
    nextLeader: fc.constantFrom(undefined, 'nextSeat' as const, 'highestDouble' as const),
    bonuses: fc.boolean(),
    seed: fc.integer(),
  })
  .map(({ preset, players, spinnerOpens, nextLeader, bonuses, seed }) => {
    const rules: Record<string, unknown> = { preset, players: preset === 'partners' || preset === 'latin' ? 4 : players };
    if (spinnerOpens && preset !== 'block' && preset !== 'draw' && preset !== 'fivesAndThrees' && preset !== 'latin') rules.spinnerOpens = spinnerOpens;
    // The Latin game is played by its own leads: the double six, then the winner.
    if (nextLeader && preset !== 'latin') rules.nextLeader = nextLeader;
    if (preset === 'latin') rules.bonuses = bonuses;
    return { rules, seed };
  });

// Fixed seeds: the same games every run, so a failure is always reproducible.
const runs = { numRuns: 40, seed: 20261129 };

function forEveryGame(check: (game: PlayedGame) => void): void {
  fc.assert(
    fc.property(gameArb, ({ rules, seed }) => check(playRandomGame(rules, seed))),
    runs,
  );
}

function tileText(s: string): Tile {
  return (parseTile(s) as { tile: Tile }).tile;
}

function tableTiles(state: GameState): Tile[] {
  const layout = state.hand ? view(state, null).hand?.layout : undefined;
  if (!layout) return [];
  return [...layout.line, ...layout.north, ...layout.south].map((p) => tileText(p.tile));
}

describe('random legal play', { timeout: 60_000 }, () => {
  it('conserves the 28 tiles: hands, layout and boneyard, each tile once', () => {
    forEveryGame((game) => {
      for (const state of game.states) {
        const hand = state.hand;
        if (!hand) continue;
        const places = [...hand.hands.flatMap((m) => tilesOf(m)), ...tableTiles(state), ...hand.deal.boneyard.slice(hand.drawn)];
        expect(places).toHaveLength(28);
        expect(new Set(places).size).toBe(28);
      }
    });
  });

  it('keeps every All Fives score a multiple of five', () => {
    forEveryGame((game) => {
      const { rules } = game.final;
      if (rules.variant !== 'allFives' || rules.scoreUnit !== 'points') return;
      for (const state of game.states) {
        for (const e of state.hand?.log ?? []) {
          if (e.type === 'handEnd') for (const a of e.awards) expect(a.points % 5).toBe(0);
          else if ('scored' in e) expect(e.scored % 5).toBe(0);
        }
        for (const s of state.scores) expect(s % 5).toBe(0);
      }
    });
  });

  it('scores Fives-and-Threes in whole points: each count by its fives and threes, a point for the go, the totals the sum of it all', () => {
    let games = 0;
    forEveryGame((game) => {
      const { rules } = game.final;
      if (rules.variant !== 'fivesAndThrees') return;
      games++;
      const totals = new Array<number>(rules.partnerships ? 2 : rules.players).fill(0);
      const side = (seat: number): number => (rules.partnerships ? seat % 2 : seat);
      // Each hand's whole log: the state before the next deal, or the last state.
      const logs = game.states.filter((_, i) => i === game.states.length - 1 || game.actions[i + 1] === null).map((st) => st.hand?.log ?? []);
      expect(logs).toHaveLength(game.final.hands.length);
      for (const log of logs) {
        for (const e of log) {
          if (e.type === 'play') {
            // Worked out here from the definition, not from the engine's function.
            const worth = (e.count % 5 === 0 ? e.count / 5 : 0) + (e.count % 3 === 0 ? e.count / 3 : 0);
            expect(Number.isInteger(e.scored)).toBe(true);
            expect(e.scored).toBe(e.count === 0 ? 0 : worth);
            totals[side(e.seat)] = (totals[side(e.seat)] ?? 0) + e.scored;
          } else if (e.type === 'handEnd') {
            expect(e.awards).toEqual(e.out === null ? [] : [{ seat: side(e.out), points: 1 }]);
            for (const a of e.awards) totals[a.seat] = (totals[a.seat] ?? 0) + a.points;
          }
        }
      }
      expect(game.final.scores).toEqual(totals);
      for (const s of game.final.scores) expect(Number.isInteger(s)).toBe(true);
      expect(logs.every((log) => !log.some((e) => e.type === 'draw'))).toBe(true);
    });
    expect(games).toBeGreaterThan(0);
  });

  it('scores the Latin game by the hand: every pip left to the pair out or with fewer, the bonuses, the leads, nothing during play', () => {
    let games = 0;
    let pases = 0;
    let capicuas = 0;
    forEveryGame((game) => {
      const { rules } = game.final;
      if (rules.variant !== 'latin') return;
      games++;
      const totals = [0, 0];
      let previous: GameState | null = null;
      let ended: GameState | null = null;
      game.states.forEach((state, i) => {
        const hand = state.hand;
        if (hand === null) return;
        if (game.actions[i] === null) {
          // A deal: the first hand is led by the 6-6's holder with it, later ones by the winner.
          if (ended === null) {
            expect(hand.deal.hands[hand.leader]).toContain(tileText('6-6'));
            expect(hand.forcedLead).toBe(tileText('6-6'));
          } else {
            const end = ended.hand?.end;
            if (end == null) throw new Error('a hand was dealt before the last ended');
            const pips = end.pips;
            const pair = [pips[0]! + pips[2]!, pips[1]! + pips[3]!];
            const side = end.out !== null ? end.out % 2 : pair[0] === pair[1] ? null : pair[0]! < pair[1]! ? 0 : 1;
            const leader = ended.hand!.leader;
            const expected = end.out ?? (side === null ? leader : [side, side + 2].sort((a, b) => pips[a]! - pips[b]! || ((a - leader + 4) % 4) - ((b - leader + 4) % 4))[0]);
            expect(hand.leader).toBe(expected);
            expect(hand.forcedLead).toBeNull();
          }
        }
        for (const e of hand.log) if (e.type === 'play') expect(e.scored).toBe(0);
        const end = hand.end;
        if (end !== null && previous?.hand?.end === null) {
          // Worked out here from the definition: all 28 tiles' pips less those laid.
          const pips = end.pips;
          const all = pips.reduce((a, b) => a + b, 0);
          const pair = [pips[0]! + pips[2]!, pips[1]! + pips[3]!];
          const side = end.out !== null ? end.out % 2 : pair[0] === pair[1] ? null : pair[0]! < pair[1]! ? 0 : 1;
          const bonus = [0, 0];
          if (side !== null) bonus[side] = all;
          if (rules.bonuses) {
            hand.log.forEach((e, k) => {
              if (e.type !== 'play') return;
              const next = hand.log.slice(k + 1, k + 4);
              if (next.length === 3 && next.every((n) => n.type === 'pass')) {
                bonus[e.seat % 2]! += 25;
                pases++;
              }
            });
            const last = game.actions[i];
            const before = previous.hand.board;
            if (end.out !== null && last?.type === 'play' && before.tiles > 0) {
              const halves = formatTile(last.tile).split('-').map(Number);
              const [w, e] = [before.open[0], before.open[1]];
              if (w !== e && halves.includes(w!) && halves.includes(e!)) {
                bonus[end.out % 2]! += 25;
                capicuas++;
              }
            }
          }
          expect(end.awards).toEqual(bonus.flatMap((points, seat) => (points > 0 ? [{ seat, points }] : [])));
          for (const a of end.awards) totals[a.seat]! += a.points;
          ended = state;
        }
        previous = state;
      });
      expect(game.final.scores).toEqual(totals);
      expect(game.final.hands.every((h) => h.reason !== null || h === game.final.hands.at(-1))).toBe(true);
    });
    expect(games).toBeGreaterThan(0);
    expect(pases).toBeGreaterThan(0);
    expect(capicuas).toBeGreaterThan(0);
  });

  it('shows a count equal to one worked out again from the layout', () => {
    forEveryGame((game) => {
      for (const state of game.states) {
        const hand = state.hand;
        if (!hand) continue;
        const last = [...hand.log].reverse().find((e) => e.type === 'play');
        const v = view(state, null).hand;
        if (!v) continue;
        const independent = countFromLayout(v.layout);
        if (last?.type === 'play') expect(last.count).toBe(independent);
        if (v.count !== null) expect(v.count).toBe(independent);
      }
    });
  });

  it('replays its own record to the same state', () => {
    forEveryGame((game) => {
      const replayed = replayRecord(JSON.parse(JSON.stringify(game.record)));
      expect(replayed.exitCode).toBe(0);
      expect(replayed.state?.scores).toEqual(game.final.scores);
      expect(replayed.state?.status).toBe(game.final.status);
      expect(replayed.state?.winner).toBe(game.final.winner);
      expect(replayed.state?.hand).toEqual(game.final.hand);
      expect(replayed.state?.hands).toEqual(game.final.hands);
    });
  });

  it('never shows a seat a tile of another hand or of the boneyard', () => {
    forEveryGame((game) => {
      for (const state of game.states) {
        const hand = state.hand;
        if (!hand) continue;
        const onTable = new Set(tableTiles(state));
        for (let seat = -1; seat < state.rules.players; seat++) {
          const own = seat >= 0 ? maskOf(tilesOf(hand.hands[seat] as number)) : 0;
          const v = view(state, seat >= 0 ? seat : null);
          expect(v.hand?.tiles ?? []).toEqual(seat >= 0 ? tilesOf(own).map(formatTile) : []);
          const text = JSON.stringify(v);
          const shown = new Set(Array.from(text.matchAll(/"([0-6]-[0-6])"/g), (m) => tileText(m[1] as string)));
          for (const t of shown) expect(onTable.has(t) || (own & (1 << t)) !== 0).toBe(true);
          expect(text).not.toContain('"deal"');
          expect(text).not.toContain('"missed"');
        }
      }
    });
  });

  it('counts a play without placing it exactly as placing it does (countAfterPlacing)', () => {
    let checked = 0;
    forEveryGame((game) => {
      const br = boardRules(game.final.rules);
      for (const state of game.states) {
        const board = state.hand?.board;
        if (board === undefined || board.tiles === 0) continue;
        for (const t of ALL_TILES) {
          const ends = endsFor(board, t);
          for (let e = 0; e < 4; e++) {
            if ((ends & (1 << e)) === 0) continue;
            const placed = cloneBoard(board);
            placeOn(placed, br, e, t);
            expect(countAfterPlacing(board, br, e, t)).toBe(boardCount(placed));
            checked++;
          }
        }
      }
    });
    expect(checked).toBeGreaterThan(1000);
  });

  it('plays the same in the in-place playout as through apply', () => {
    forEveryGame((game) => {
      if (game.final.rules.muggins) return; // the playout takes every count as claimed
      let playout: Playout | null = null;
      game.states.forEach((state, i) => {
        const action = game.actions[i];
        if (action === null || action === undefined) {
          playout = Playout.fromState(state);
          return;
        }
        const p = playout;
        if (!p) return;
        if (action.type === 'play') {
          const buf = new Int32Array(64);
          const n = p.legalPlays(buf);
          const moves = Array.from(buf.subarray(0, n));
          const end = action.end === undefined ? 0 : ['west', 'east', 'north', 'south'].indexOf(action.end);
          const move = (action.tile << 2) | end;
          expect(moves).toContain(move);
          p.play(move);
        } else {
          const buf = new Int32Array(64);
          expect(p.legalPlays(buf)).toBe(0);
          p.drawOrPass();
        }
        expect(Array.from(p.scores)).toEqual(state.scores);
        expect(Array.from(p.hands)).toEqual(state.hand?.hands);
        expect(p.done).toBe(state.status !== 'playing');
      });
    });
  });
});
