import { type TileMask, type Tile, boardRules, cloneBoard, fitMask, hintsFor, isDouble, pips, placeLead, placeOn, low, sideOf } from '@fives/engine';
import { type Attention, SHARP } from './claims.ts';
import { makePolicy } from './make-policy.ts';
import type { BotPolicy } from './policy.ts';
import { type ScoredPlay, pickBest, scoredPlays } from './plays.ts';
import { type SeatView, numbersOf, tileOfText } from './seat-view.ts';

/**
 * What a defensive player weighs besides the score now, in points. Risk is the next
 * opponent's expected best score off the count we leave; heavy tiles and doubles are worth
 * getting rid of (they are what an opponent going out scores, and doubles are hard to place);
 * tiles that still fit the ends we leave keep us from drawing or passing.
 */
export interface DefensiveWeights {
  readonly risk: number;
  readonly pip: number;
  readonly double: number;
  readonly follow: number;
  readonly stuck: number;
}

export const DEFENSIVE_WEIGHTS: DefensiveWeights = { risk: 0.7, pip: 0.35, double: 3, follow: 1, stuck: 6 };

export function defensiveValue(sv: SeatView, play: ScoredPlay, w: DefensiveWeights = DEFENSIVE_WEIGHTS): number {
  const rules = sv.rules;
  const unit = rules.scoreUnit === 'fives' ? 5 : 1;
  const side = sideOf(rules, sv.seat);
  const mine = sv.scores[side] ?? 0;
  if (play.points > 0 && mine + play.points >= rules.target) return 1e6;
  const br = boardRules(rules);
  const after = cloneBoard(sv.board);
  if (play.end < 0) placeLead(after, br, play.tile, low(play.tile));
  else placeOn(after, br, play.end, play.tile);
  const left: TileMask = sv.mine & ~(1 << play.tile);
  let follow = 0;
  for (let m = left & fitMask(after); m !== 0; m &= m - 1) follow++;
  const next = (sv.seat + 1) % rules.players;
  const risk = sideOf(rules, next) === side || left === 0 ? 0 : expectedBestReply(sv, after, next) * unit;
  // Ahead, a player guards what it has; behind, it takes its chances.
  const others = sv.scores.filter((_, s) => s !== side);
  const lead = mine - Math.max(...others);
  const riskWeight = w.risk * (lead > 0 ? 1.25 : lead < -rules.target / 5 ? 0.6 : 1);
  return (
    play.points * unit -
    riskWeight * risk +
    w.pip * pips(play.tile) +
    (isDouble(play.tile) ? w.double : 0) +
    w.follow * Math.min(follow, 3) -
    (left !== 0 && follow === 0 ? w.stuck : 0)
  );
}

/**
 * The expected best score the next player can make off `board`, each unseen tile being in
 * their hand with the chance their tile count and what they are known to lack allow.
 */
function expectedBestReply(sv: SeatView, board: ReturnType<typeof cloneBoard>, seat: number): number {
  const groups = sv.groups[seat] ?? [];
  const held = sv.tileCounts[seat] ?? 0;
  if (held === 0) return 0;
  let candidates = 0;
  const could = (t: Tile): boolean => groups.some((g) => (numbersOf(t) & g.lacks) === 0);
  for (let m = sv.unseen; m !== 0; m &= m - 1) if (could((31 - Math.clz32(m & -m)) as Tile)) candidates++;
  if (candidates === 0) return 0;
  const p = Math.min(1, held / candidates);
  const best = new Map<string, number>();
  for (const h of hintsFor(sv.rules, boardRules(sv.rules), board, sv.unseen & fitMask(board))) {
    if (h.points > (best.get(h.tile) ?? 0)) best.set(h.tile, h.points);
  }
  const values = [...best.entries()]
    .filter(([tile]) => could(tileOfText(tile)))
    .map(([, v]) => v)
    .sort((a, b) => b - a);
  let miss = 1;
  let expected = 0;
  for (const v of values) {
    expected += miss * p * v;
    miss *= 1 - p;
  }
  return expected;
}

export function defensivePolicyWith(attention: Attention, w: DefensiveWeights = DEFENSIVE_WEIGHTS): BotPolicy {
  return makePolicy((sv, plays, random) => pickBest(scoredPlays(sv, plays), (p) => defensiveValue(sv, p, w), random).action, attention);
}

export const defensivePolicy: BotPolicy = defensivePolicyWith(SHARP);
