import type { UnitId } from './ids.ts';

/** A unit to pair in a Swiss round, as the standings rank it. `score` in half wins (standings.ts). */
export interface SwissEntrant {
  readonly id: UnitId;
  readonly score: number;
  readonly byes: number;
  readonly opponents: ReadonlySet<UnitId>;
}

export interface SwissPairing {
  readonly pairs: readonly (readonly [UnitId, UnitId])[];
  readonly bye: UnitId | null;
}

/**
 * How many steps the search may take before it settles for the best pairing found so far (the
 * search tries the preferred opponents first, so the first it finds is a good one); ten times as
 * many before it gives up looking for any. A Swiss of a few dozen units is searched to the end
 * well within it.
 */
export const SEARCH_STEPS = 200_000;

/**
 * A Swiss round's pairing. Units meet at most once. With an odd count one unit sits out with a
 * bye: the lowest ranked of those with the fewest byes so far (so nobody has a second bye while
 * another has none) whose absence leaves the rest pairable. The rest are paired by score groups:
 * among all pairings without a repeat, one with the least sum of squared score differences, so a
 * unit leaves its group (floats down) only when its group cannot be paired, and floats as little
 * as it can. Within a group the top half meets the bottom half in order (1 v 4, 2 v 5, 3 v 6:
 * the Dutch system's fold), as far as the no-repeat rule lets it. Null: no pairing without a
 * repeat exists (the tournament then ends, as a lichess Swiss does).
 */
export function pairSwiss(ranked: readonly SwissEntrant[], steps = SEARCH_STEPS): SwissPairing | null {
  if (ranked.length % 2 === 0) {
    const pairs = bestPairs(ranked, steps);
    return pairs === null ? null : { pairs, bye: null };
  }
  const byeOrder = ranked.map((e, rank) => ({ e, rank })).sort((a, b) => a.e.byes - b.e.byes || b.rank - a.rank);
  for (const { e } of byeOrder) {
    const pairs = bestPairs(
      ranked.filter((x) => x !== e),
      steps,
    );
    if (pairs !== null) return { pairs, bye: e.id };
  }
  return null;
}

/** The squared score gap of a pair: what a pairing's floats cost. */
function gap(a: SwissEntrant, b: SwissEntrant): number {
  return (a.score - b.score) ** 2;
}

/** Branch and bound over the ranked list: the top unpaired unit takes each of its allowed opponents in order of preference. */
function bestPairs(list: readonly SwissEntrant[], steps: number): (readonly [UnitId, UnitId])[] | null {
  const n = list.length;
  const free = new Array<boolean>(n).fill(true);
  const current: (readonly [UnitId, UnitId])[] = [];
  let best: (readonly [UnitId, UnitId])[] | null = null;
  let bestCost = Infinity;
  let taken = 0;
  const met = (i: number, j: number): boolean => list[i]!.opponents.has(list[j]!.id) || list[j]!.opponents.has(list[i]!.id);

  const search = (cost: number): void => {
    taken += 1;
    if (cost >= bestCost) return;
    const i = free.indexOf(true);
    if (i < 0) {
      best = [...current];
      bestCost = cost;
      return;
    }
    if (!everyoneHasAnOpponent(free, n, met)) return;
    free[i] = false;
    for (const j of preferences(list, free, i, met)) {
      if (taken > steps && (best !== null || taken > steps * 10)) break;
      free[j] = false;
      current.push([list[i]!.id, list[j]!.id]);
      search(cost + gap(list[i]!, list[j]!));
      current.pop();
      free[j] = true;
    }
    free[i] = true;
  };
  search(0);
  return best;
}

/** A cheap dead end test: some unpaired unit has met every other unpaired unit. */
function everyoneHasAnOpponent(free: readonly boolean[], n: number, met: (i: number, j: number) => boolean): boolean {
  for (let i = 0; i < n; i++) {
    if (!free[i]) continue;
    let any = false;
    for (let j = 0; j < n && !any; j++) any = j !== i && free[j]! && !met(i, j);
    if (!any) return false;
  }
  return true;
}

/**
 * The opponents `i` may meet, best first: its own score group first, in fold order (the unit
 * half the group below it, then outward, lower before higher), then the nearest groups by score,
 * each in rank order.
 */
function preferences(list: readonly SwissEntrant[], free: readonly boolean[], i: number, met: (i: number, j: number) => boolean): number[] {
  const me = list[i]!;
  const group = [i];
  for (let j = 0; j < list.length; j++) if (j !== i && free[j]! && list[j]!.score === me.score) group.push(j);
  const fold = Math.floor(group.length / 2);
  const foldKey = (j: number): number => {
    const at = group.indexOf(j);
    return Math.abs(at - fold) * 2 + (at < fold ? 1 : 0);
  };
  const others: number[] = [];
  for (let j = 0; j < list.length; j++) if (j !== i && free[j]! && !met(i, j)) others.push(j);
  return others.sort((a, b) => gap(me, list[a]!) - gap(me, list[b]!) || (list[a]!.score === me.score ? foldKey(a) - foldKey(b) : a - b));
}
