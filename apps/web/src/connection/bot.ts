import { type Action, type RandomSource, type TableView, formatTile, legalActions, parseTile, pips } from '@fives/engine';
import { computeHints } from '../lib/hints.ts';
import type { BotLevel, Move } from './types.ts';

/**
 * The practice table's computer player: always legal, never clever. It reads only its own
 * `TableView`, as a player would; the real bots live in their own package and on the server.
 * - easy: any legal play; sometimes forgets to claim, rarely calls Muggins.
 * - normal: the play that scores most; claims right; calls Muggins.
 * - hard: as normal, and among equal scores sheds its heaviest tile first.
 */
export function botMove(v: TableView, level: BotLevel, random: RandomSource): Move | null {
  const legal = legalActions(v);
  if (legal.length === 0) return null;
  const muggins = legal.find((a) => a.type === 'muggins');
  const myTurn = v.hand !== null && v.hand.turn === v.seat;
  if (muggins && (level !== 'easy' || random.int(3) === 0)) return { type: 'muggins' };
  if (!myTurn) return null;
  const claim = legal.find((a) => a.type === 'claim');
  if (claim !== undefined && claim.type === 'claim') {
    const scoring = claim.points > 0 && claim.points % 5 === 0;
    // An easy bot misses one scoring count in three, which gives the player a Muggins to call.
    if (!scoring || (level === 'easy' && random.int(3) === 0)) return { type: 'noScore' };
    return { type: 'claim', points: claim.points };
  }
  const plays = legal.filter((a): a is Extract<Action, { type: 'play' }> => a.type === 'play');
  if (plays.length === 0) {
    const other = legal.find((a) => a.type === 'draw' || a.type === 'pass');
    return other === undefined ? null : { type: other.type === 'draw' ? 'draw' : 'pass' };
  }
  // Under Muggins the view shows no counts: the bot counts for itself, as a player must.
  const hints = computeHints(v);
  const score = (a: Extract<Action, { type: 'play' }>): number => {
    const text = formatTile(a.tile);
    const hint = hints.find((h) => h.tile === text && h.end === (a.end ?? null));
    return hint?.points ?? 0;
  };
  let pool = plays;
  if (level !== 'easy') {
    const best = Math.max(...plays.map(score));
    pool = plays.filter((a) => score(a) === best);
    if (level === 'hard') {
      const heaviest = Math.max(...pool.map((a) => pips(a.tile)));
      pool = pool.filter((a) => pips(a.tile) === heaviest);
    }
  }
  const pick = pool[random.int(pool.length)] as Extract<Action, { type: 'play' }>;
  return { type: 'play', tile: formatTile(pick.tile), end: pick.end ?? null };
}

/** The engine action for a move by `seat`; null when the tile is not a tile. */
export function toAction(move: Move, seat: number): Action | null {
  switch (move.type) {
    case 'play': {
      const parsed = parseTile(move.tile);
      if (parsed === null) return null;
      return move.end === null ? { type: 'play', seat, tile: parsed.tile } : { type: 'play', seat, tile: parsed.tile, end: move.end };
    }
    case 'claim':
      return { type: 'claim', seat, points: move.points };
    case 'draw':
    case 'pass':
    case 'noScore':
    case 'muggins':
      return { type: move.type, seat };
    default:
      return assertNever(move);
  }
}

function assertNever(x: never): never {
  throw new Error(`unexpected ${JSON.stringify(x)}`);
}
