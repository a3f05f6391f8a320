import {
  type Action,
  type RandomSource,
  type TableView,
  type Tile,
  boardRules,
  hintsFor,
  legalActions,
  parseTile,
  pips,
} from '@fives/engine';
import type { BotLevel } from '@fives/protocol';

/**
 * How a computer player decides, from its own view only (it sees what a person in its seat
 * would). Null means "nothing to do now": not its turn and no Muggins to call.
 *
 * This is the one seam where the real players of `@fives/bots` plug in: `chooseBotAction` is all
 * the server calls, and `POLICIES` is all the headless client uses.
 */
export type BotPolicy = (view: TableView, random: RandomSource) => Action | null;

/** Any legal action, uniformly at random; always takes a missed count. */
export const randomPolicy: BotPolicy = (view, random) => {
  const legal = legalActions(view);
  const muggins = legal.find((a) => a.type === 'muggins');
  if (muggins !== undefined) return muggins;
  if (legal.length === 0 || view.hand?.turn !== view.seat) return null;
  return legal[random.int(legal.length)] ?? null;
};

/**
 * The play that scores most now (ties: the heavier tile, to hold fewer pips if the hand
 * blocks; then at random); claims its count exactly; always calls Muggins when it can.
 */
export const greedyPolicy: BotPolicy = (view, random) => {
  const legal = legalActions(view);
  const hand = view.hand;
  const muggins = legal.find((a) => a.type === 'muggins');
  if (muggins !== undefined) return muggins;
  if (hand === null || view.seat === null || hand.turn !== view.seat || legal.length === 0) return null;
  if (hand.awaiting === 'claim') {
    const claim = legal.find((a) => a.type === 'claim');
    const scores = claim !== undefined && claim.points > 0 && claim.points % 5 === 0;
    return scores ? claim : (legal.find((a) => a.type === 'noScore') ?? null);
  }
  const plays = legal.filter((a): a is Extract<Action, { type: 'play' }> => a.type === 'play');
  if (plays.length === 0) return legal[0] ?? null;
  const hints = hintsFor(view.rules, boardRules(view.rules), hand.board, maskOf(hand.tiles ?? []), forced(hand.forcedLead));
  const worth = (a: Extract<Action, { type: 'play' }>): number =>
    (hints.find((h) => tileOf(h.tile) === a.tile && h.end === (a.end ?? null))?.points ?? 0) * 100 + pips(a.tile);
  const best = Math.max(...plays.map(worth));
  const top = plays.filter((a) => worth(a) === best);
  return top[random.int(top.length)] ?? null;
};

export const POLICIES = { greedy: greedyPolicy, random: randomPolicy } as const satisfies Record<string, BotPolicy>;
export type PolicyName = keyof typeof POLICIES;

/** The policy each level plays, until `@fives/bots` gives every level its own. */
const BY_LEVEL: Record<BotLevel, BotPolicy> = {
  beginner: randomPolicy,
  easy: greedyPolicy,
  medium: greedyPolicy,
  hard: greedyPolicy,
  expert: greedyPolicy,
};

export function chooseBotAction(level: BotLevel, view: TableView, random: RandomSource): Action | null {
  return BY_LEVEL[level](view, random);
}

function tileOf(text: string): Tile {
  return (parseTile(text) as { tile: Tile }).tile;
}

function maskOf(tiles: readonly string[]): number {
  return tiles.reduce((m, t) => m | (1 << tileOf(t)), 0);
}

function forced(text: string | null): Tile | null {
  return text === null ? null : tileOf(text);
}
