import {
  type GameState,
  MAX_PIP_NINE,
  type RandomSource,
  type TableView,
  type Tile,
  actionOfViewEvent,
  apply,
  high,
  isDouble,
  legalActions,
  low,
  parseTile,
  setTiles,
  shuffleInPlace,
  sideOf,
  startHand,
  view as viewOf,
} from '@fives/engine';
import { defaultNow } from './clock.ts';
import { nineDefensive } from './nine.ts';
import { pickBest } from './plays.ts';
import type { Budget, PlayAction } from './policy.ts';

/**
 * The expert's search on a double-nine set, where the in-place Playout (one word a hand) cannot
 * go: the same idea (deal the unseen tiles at random as the seat knows they may lie, try every
 * candidate on the same deals, finish the hand with the defensive player's play), run through the engine's own
 * `apply` on whole game states. Much slower a sample than the Playout, so it takes few: by
 * default 16 deals, fewer when the clock budget runs out; with none finished it plays as the
 * defensive player does. A hand's end is valued as the points it gives the seat's side less
 * those it gives the others (not yet the chance of winning the game the Playout's search uses).
 */

export const NINE_SEARCH_SAMPLES = 16;

function tileOf(text: string): Tile {
  return (parseTile(text, MAX_PIP_NINE) as { tile: Tile }).tile;
}

/** What the seat knows of the hand: who played what, and which numbers each seat lacked when it passed. */
interface Known {
  readonly played: Tile[][];
  readonly lacks: Set<number>[];
  /** Tiles nobody was dealt for certain: doubles above the first hand's forced lead. */
  readonly undealt: Set<Tile>;
}

function knownOf(v: TableView): Known {
  const hand = v.hand;
  const players = v.rules.players;
  const played: Tile[][] = Array.from({ length: players }, () => []);
  const lacks: Set<number>[] = Array.from({ length: players }, () => new Set<number>());
  const undealt = new Set<Tile>();
  if (hand === null) return { played, lacks, undealt };
  // The line's two ends, west and east, replayed from the log (the Cuban game has no spinner).
  let west = -1;
  let east = -1;
  const lead = hand.layout.line.find((p) => hand.log.some((e) => e.type === 'play' && e.end === null && e.tile === p.tile));
  for (const e of hand.log) {
    if (e.type === 'play') {
      const t = tileOf(e.tile);
      (played[e.seat] as Tile[]).push(t);
      if (e.end === null) {
        west = lead?.a ?? low(t);
        east = west === low(t) ? high(t) : low(t);
        if (isDouble(t) && v.rules.firstLeader === 'highestDouble' && v.handScores.length <= 1) {
          for (const d of setTiles(MAX_PIP_NINE)) if (isDouble(d) && d > t) undealt.add(d);
        }
      } else if (e.end === 'west') west = low(t) === west ? high(t) : low(t);
      else if (e.end === 'east') east = low(t) === east ? high(t) : low(t);
    } else if (e.type === 'pass' && west >= 0) {
      (lacks[e.seat] as Set<number>).add(west).add(east);
    }
  }
  return { played, lacks, undealt };
}

/** One deal of the hand as it may have been: each other seat's hidden tiles drawn from the unseen ones. */
function sampleDeal(v: TableView, known: Known, random: RandomSource): Tile[][] | null {
  const hand = v.hand;
  const me = v.seat;
  if (hand === null || hand.tiles === null || me === null) return null;
  const mine = hand.tiles.map(tileOf);
  const seen = new Set<Tile>([...mine, ...known.played.flat()]);
  const unseen = setTiles(MAX_PIP_NINE).filter((t) => !seen.has(t) && !known.undealt.has(t));
  const players = v.rules.players;
  // The most constrained seats choose first; a few tries, then the pass constraints are let go.
  const order = Array.from({ length: players }, (_, s) => s)
    .filter((s) => s !== me)
    .sort((a, b) => (known.lacks[b] as Set<number>).size - (known.lacks[a] as Set<number>).size);
  for (let attempt = 0; attempt < 8; attempt++) {
    const pool = shuffleInPlace(unseen.slice(), random);
    const held: Tile[][] = Array.from({ length: players }, () => []);
    held[me] = mine;
    let ok = true;
    for (const s of order) {
      const need = hand.tileCounts[s] ?? 0;
      const lacks = attempt < 6 ? (known.lacks[s] as Set<number>) : new Set<number>();
      const take: Tile[] = [];
      for (let i = 0; i < pool.length && take.length < need; i++) {
        const t = pool[i] as Tile;
        if (lacks.has(low(t)) || lacks.has(high(t))) continue;
        take.push(t);
        pool.splice(i--, 1);
      }
      if (take.length < need) {
        ok = false;
        break;
      }
      held[s] = take;
    }
    if (ok) return held.map((h, s) => [...(known.played[s] as Tile[]), ...h]);
  }
  return null;
}

/** The state of the hand on a sampled deal, replayed from the view's public log; null if it does not replay. */
function replayed(v: TableView, hands: Tile[][]): GameState | null {
  const hand = v.hand;
  if (hand === null) return null;
  const dealt = new Set(hands.flat());
  const boneyard = setTiles(MAX_PIP_NINE).filter((t) => !dealt.has(t));
  // The lead is the one the view shows: decided, not left to the rules again.
  const rules = { ...v.rules, firstLeader: 'random' as const };
  const fresh: GameState = { rulesInput: { players: rules.players }, rules, status: 'dealing', scores: v.scores.slice(), hand: null, hands: [], winner: null };
  const started = startHand(fresh, { hands, boneyard }, hand.leader);
  if (!started.ok) return null;
  let state = started.value;
  const leadWest = hand.layout.line.find((p) => hand.log.some((e) => e.type === 'play' && e.end === null && e.tile === p.tile))?.a ?? null;
  for (const e of hand.log) {
    if (e.type === 'handEnd') break;
    const action = actionOfViewEvent(e, leadWest);
    if (action === null) return null;
    const next = apply(state, action);
    if (!next.ok) return null;
    state = next.value;
  }
  return state;
}

/** The hand finished with the defensive player's double-nine play for every seat; the points to `side` less the others'. */
function finish(start: GameState, side: number, random: RandomSource): number {
  let state = start;
  for (let guard = 0; guard < 400 && state.status === 'playing' && state.hand?.end === null; guard++) {
    const seat = state.hand.turn;
    const v = viewOf(state, seat);
    const legal = legalActions(v);
    const plays = legal.filter((a): a is PlayAction => a.type === 'play');
    const action = plays.length > 1 ? nineDefensive(v, plays, random) : plays.length === 1 ? plays[0] : legal.find((a) => a.type === 'pass' || a.type === 'draw');
    if (action === undefined) break;
    const next = apply(state, action);
    if (!next.ok) break;
    state = next.value;
  }
  let value = 0;
  for (const a of state.hand?.end?.awards ?? []) value += sideOf(state.rules, a.seat) === side ? a.points : -a.points;
  return value;
}

/** The expert's double-nine play: every candidate on the same sampled deals, the best mean. */
export function nineSearch(v: TableView, plays: readonly PlayAction[], random: RandomSource, budget: Budget | undefined): PlayAction {
  const me = v.seat;
  if (me === null) return nineDefensive(v, plays, random);
  const side = sideOf(v.rules, me);
  const known = knownOf(v);
  const maxSamples = Math.min(budget?.samples ?? NINE_SEARCH_SAMPLES, NINE_SEARCH_SAMPLES * 4);
  const now = budget?.now ?? defaultNow;
  const deadline = budget?.ms === undefined ? Infinity : now() + budget.ms * 0.9;
  const sums = new Float64Array(plays.length);
  let samples = 0;
  for (let tries = 0; samples < maxSamples && tries < maxSamples * 2 && now() < deadline; tries++) {
    const hands = sampleDeal(v, known, random);
    const state = hands === null ? null : replayed(v, hands);
    if (state === null) continue;
    for (const [i, play] of plays.entries()) {
      const next = apply(state, play);
      sums[i] = (sums[i] as number) + (next.ok ? finish(next.value, side, random) : -1e6);
    }
    samples++;
  }
  if (samples === 0) return nineDefensive(v, plays, random);
  return pickBest(
    plays.map((p, i) => ({ p, i })),
    ({ i }) => (sums[i] as number) / samples,
    random,
  ).p;
}
