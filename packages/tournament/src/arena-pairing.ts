import type { UnitId } from './ids.ts';

/** A unit waiting for its next Arena game. `rank` and `points`: its place and tournament points now. */
export interface ArenaWaiting {
  readonly id: UnitId;
  readonly rank: number;
  readonly points: number;
  /** The unit it played last, if any: not to be met again at once when another choice exists. */
  readonly lastOpponent: UnitId | null;
  /** Since when it waits: when some must wait, the longest waiting are paired first. */
  readonly waitingSince: number;
}

export interface ArenaPairing {
  readonly pairs: readonly (readonly [UnitId, UnitId])[];
  /** Those left to wait for the next unit to finish: one of an odd count, or two who just played each other. */
  readonly left: readonly UnitId[];
}

/**
 * The costs of a pairing, after lichess's arena pairing (AntmaPairing.scala: a minimum-weight
 * matching on rank distance, in which two players who just played each other may not meet, unless
 * they are the only two active). Here: leaving a unit waiting costs most, so as many as can be
 * paired are; two who just played each other meet again only if no game is under way (nobody else
 * will come free to play them), and then as a last resort; the one left waiting is the one who
 * waited least; then the distance in points, then in rank.
 */
const LEFT_WAITING = 1e12;
const REMATCH = 1e11;
const WAITED = 1e7;
const POINTS = 1000;

/** Exact matching is a search over subsets: this many units at once (2^14 subsets). */
export const ARENA_CHUNK = 14;

/**
 * Pairs the waiting units at once, each with one of close score, as an exact minimum-cost
 * matching. `othersPlaying`: some game is under way, so a unit left waiting will soon have
 * someone new to play, and no immediate rematch is made. More than ARENA_CHUNK units wait only in
 * a large Arena's first minute: they are cut in runs of neighbours by rank, each matched exactly.
 */
export function pairArena(waiting: readonly ArenaWaiting[], othersPlaying: boolean): ArenaPairing {
  const byRank = [...waiting].sort((a, b) => a.rank - b.rank);
  const pairs: (readonly [UnitId, UnitId])[] = [];
  const left: UnitId[] = [];
  for (let at = 0; at < byRank.length; at += ARENA_CHUNK) {
    const run = matchExactly(byRank.slice(at, at + ARENA_CHUNK), othersPlaying);
    pairs.push(...run.pairs);
    left.push(...run.left);
  }
  // Runs cut apart may each leave one: those two meet, if they may.
  if (left.length >= 2 && byRank.length > ARENA_CHUNK) {
    const rest = matchExactly(
      byRank.filter((w) => left.includes(w.id)),
      othersPlaying,
    );
    return { pairs: [...pairs, ...rest.pairs], left: rest.left };
  }
  return { pairs, left };
}

function justPlayed(a: ArenaWaiting, b: ArenaWaiting): boolean {
  return a.lastOpponent === b.id || b.lastOpponent === a.id;
}

/** Minimum-cost matching by dynamic programming over the subsets still unplaced: each unit is paired or left waiting. */
function matchExactly(units: readonly ArenaWaiting[], othersPlaying: boolean): ArenaPairing {
  const n = units.length;
  // Leaving a unit waiting costs more the longer it has waited already.
  const waitOrder = [...units].sort((a, b) => b.waitingSince - a.waitingSince || b.rank - a.rank);
  const leaveCost = units.map((u) => LEFT_WAITING + waitOrder.indexOf(u) * WAITED);
  const pairCost = (a: ArenaWaiting, b: ArenaWaiting): number => {
    const rematch = justPlayed(a, b);
    if (rematch && othersPlaying) return Infinity;
    return (rematch ? REMATCH : 0) + Math.abs(a.points - b.points) * POINTS + Math.abs(a.rank - b.rank);
  };
  const full = (1 << n) - 1;
  const memo = new Float64Array(1 << n).fill(-1);
  // What the lowest unplaced unit of each subset does: its partner's index, or -1 to wait.
  const choice = new Int8Array(1 << n);
  memo[0] = 0;
  const solve = (mask: number): number => {
    const known = memo[mask]!;
    if (known >= 0) return known;
    const i = 31 - Math.clz32(mask & -mask);
    const without = mask & ~(1 << i);
    let best = leaveCost[i]! + solve(without);
    choice[mask] = -1;
    for (let j = i + 1; j < n; j++) {
      if ((without & (1 << j)) === 0) continue;
      const c = pairCost(units[i]!, units[j]!) + solve(without & ~(1 << j));
      if (c < best) {
        best = c;
        choice[mask] = j;
      }
    }
    memo[mask] = best;
    return best;
  };
  solve(full);
  const pairs: (readonly [UnitId, UnitId])[] = [];
  const left: UnitId[] = [];
  for (let mask = full; mask !== 0;) {
    const i = 31 - Math.clz32(mask & -mask);
    const j = choice[mask]!;
    mask &= ~(1 << i);
    if (j < 0) left.push(units[i]!.id);
    else {
      pairs.push([units[i]!.id, units[j]!.id]);
      mask &= ~(1 << j);
    }
  }
  return { pairs, left };
}
