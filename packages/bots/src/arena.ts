import {
  type GameRecord,
  type GameState,
  type RecordHand,
  type Rules,
  type RulesInput,
  apply,
  dealHand,
  handToRecord,
  legalActions,
  newGame,
  seededRandom,
  sideCount,
  sideOf,
  startHand,
  view,
} from '@fives/engine';
import { defaultNow } from './clock.ts';
import type { Budget, BotPolicy } from './policy.ts';
import { percentiles, round, wilson95 } from './stats.ts';

/**
 * The arena: two players (levels or policies) play many games against each other on the same
 * deals with the seats swapped, so luck of the deal cancels out. With 2 players every deal is
 * played twice, a in seat 0 then in seat 1; with 3 or 4 a single `a` sits in each seat in turn
 * against `b` everywhere else (with partnerships, `a` is a whole team).
 */
export interface ArenaOptions {
  readonly a: BotPolicy;
  readonly b: BotPolicy;
  readonly rules: RulesInput;
  readonly games: number;
  readonly seed: string;
  readonly budget?: Budget;
  /** Called after each game with its record (docs/records.md#the-record), e.g. to write it out. */
  readonly onGame?: (index: number, record: GameRecord, result: GameResult) => void;
  /** The clock decision times are measured with (default performance.now). */
  readonly now?: () => number;
}

export interface GameResult {
  readonly aSeats: readonly number[];
  readonly aWon: boolean;
  readonly scoreA: number;
  readonly scoreB: number;
  readonly hands: number;
}

export interface ArenaSummary {
  games: number;
  wins: { a: number; b: number };
  winRate: number;
  ci95: [number, number];
  meanScores: { a: number; b: number };
  decisionMs: { a: Timing; b: Timing };
  /** The decisions where a player searched (the expert's and hard's with two or more plays). */
  searched: { a: Searched; b: Searched };
}

interface Timing {
  mean: number;
  p50: number;
  p95: number;
  max: number;
}

interface Searched {
  decisions: number;
  ms: Timing;
  samples: Timing;
}

export class ArenaError extends Error {}

const MAX_HANDS = 500;
const MAX_ACTIONS_PER_HAND = 1000;

/** The seats `a` holds in game `index`. */
export function aSeatsFor(rules: Rules, index: number): number[] {
  if (rules.partnerships) return index % 2 === 0 ? [0, 2] : [1, 3];
  return [index % rules.players];
}

export function playArena(o: ArenaOptions, onProgress?: (done: number) => void): ArenaSummary {
  const first = newGame(o.rules);
  if (!first.ok) throw new ArenaError(first.error.message);
  const rules = first.value.rules;
  const rotation = sideCount(rules);
  const timesA: number[] = [];
  const timesB: number[] = [];
  const searchedA: SearchLog = { ms: [], samples: [] };
  const searchedB: SearchLog = { ms: [], samples: [] };
  let winsA = 0;
  let winsB = 0;
  let sumA = 0;
  let sumB = 0;
  for (let g = 0; g < o.games; g++) {
    const deals = `${o.seed}:${Math.floor(g / rotation)}`;
    const result = playGame(o, first.value, g, deals, { a: timesA, b: timesB }, { a: searchedA, b: searchedB });
    if (result.result.aWon) winsA++;
    else winsB++;
    sumA += result.result.scoreA;
    sumB += result.result.scoreB;
    o.onGame?.(g, result.record, result.result);
    onProgress?.(g + 1);
  }
  const [lo, hi] = wilson95(winsA, o.games);
  return {
    games: o.games,
    wins: { a: winsA, b: winsB },
    winRate: round(o.games === 0 ? 0 : winsA / o.games, 4),
    ci95: [round(lo, 4), round(hi, 4)],
    meanScores: { a: round(sumA / Math.max(1, o.games), 1), b: round(sumB / Math.max(1, o.games), 1) },
    decisionMs: { a: timing(timesA), b: timing(timesB) },
    searched: { a: searchedOf(searchedA), b: searchedOf(searchedB) },
  };
}

interface SearchLog {
  readonly ms: number[];
  readonly samples: number[];
}

function timing(values: readonly number[]): Timing {
  const mean = values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;
  return { mean: round(mean, 2), ...percentiles(values) };
}

function searchedOf(log: SearchLog): Searched {
  return { decisions: log.ms.length, ms: timing(log.ms), samples: timing(log.samples) };
}

function playGame(
  o: ArenaOptions,
  start: GameState,
  index: number,
  deals: string,
  times: { a: number[]; b: number[] },
  searched: { a: SearchLog; b: SearchLog },
): { record: GameRecord; result: GameResult } {
  const rules = start.rules;
  const aSeats = aSeatsFor(rules, index);
  const now = o.now ?? defaultNow;
  const randoms = Array.from({ length: rules.players }, (_, s) => seededRandom(`${o.seed}:bot:${index}:${s}`));
  const policyOf = (seat: number): BotPolicy => (aSeats.includes(seat) ? o.a : o.b);
  const hands: RecordHand[] = [];
  let state = start;
  let samples = -1;
  const budget: Budget = {
    ...o.budget,
    onSearch: (r) => {
      samples = r.samples;
    },
  };
  const act = (seat: number, onTurn: boolean): boolean => {
    const v = view(state, seat);
    const legal = legalActions(v);
    if (legal.length === 0) return false;
    samples = -1;
    const t0 = now();
    const action = policyOf(seat)(v, randoms[seat] as ReturnType<typeof seededRandom>, budget);
    const ms = now() - t0;
    const isA = aSeats.includes(seat);
    if (onTurn && legal.length > 1) (isA ? times.a : times.b).push(ms);
    if (samples >= 0) {
      const log = isA ? searched.a : searched.b;
      log.ms.push(ms);
      log.samples.push(samples);
    }
    if (action === null) {
      if (onTurn && state.hand?.turn === seat) throw new ArenaError(`seat ${seat} gave no action on its turn`);
      return false;
    }
    const next = apply(state, action);
    if (!next.ok) throw new ArenaError(`seat ${seat} chose an illegal action ${JSON.stringify(action)}: ${next.error.message}`);
    state = next.value;
    return true;
  };
  while (state.status !== 'over') {
    if (hands.length >= MAX_HANDS) throw new ArenaError(`game ${index} did not end in ${MAX_HANDS} hands`);
    const { deal, leader } = dealHand(state, `${deals}:${hands.length}`);
    const dealt = startHand(state, deal, leader);
    if (!dealt.ok) throw new ArenaError(dealt.error.message);
    state = dealt.value;
    for (let n = 0; state.status === 'playing'; n++) {
      if (n > MAX_ACTIONS_PER_HAND) throw new ArenaError(`a hand of game ${index} did not end`);
      const hand = state.hand;
      if (hand === null) break;
      // Muggins first: the window closes when the next tile is played.
      let called = false;
      for (let k = 1; k < rules.players && !called; k++) {
        const seat = (hand.turn + k) % rules.players;
        if (legalActions(view(state, seat)).some((a) => a.type === 'muggins')) called = act(seat, false);
      }
      if (called) continue;
      act(hand.turn, true);
    }
    if (state.hand !== null) hands.push(handToRecord(state.hand));
  }
  const sideA = sideOf(rules, aSeats[0] as number);
  const scores = state.scores;
  const bSides = scores.map((_, s) => s).filter((s) => s !== sideA);
  const scoreB = bSides.reduce((sum, s) => sum + (scores[s] as number), 0) / Math.max(1, bSides.length);
  return {
    record: { rules: start.rulesInput, hands },
    result: { aSeats, aWon: state.winner === sideA, scoreA: scores[sideA] as number, scoreB, hands: hands.length },
  };
}
