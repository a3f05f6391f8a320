import { type Action, type RandomSource, type TableView, formatTile, isDouble, legalActions, parseTile, pips } from '@fives/engine';
import { computeHints } from '../lib/hints.ts';
import type { BotLevel, Move } from './types.ts';

/**
 * The practice table's computer players: always legal, never deep. They read only their own
 * `TableView`, as a player would; the real bots live in their own package and on the server.
 * - beginner: any legal play; forgets half its scoring claims; never calls Muggins.
 * - easy: takes a scoring play when it sees one, else any; forgets a claim in three; calls Muggins one time in three.
 * - medium: the play that scores most; claims right; calls Muggins.
 * - hard: as medium, and among equal scores sheds its heaviest tile.
 * - expert: as hard, but gets rid of a double first (doubles fit only one number).
 */
export function botMove(v: TableView, level: BotLevel, random: RandomSource): Move | null {
  const legal = legalActions(v);
  if (legal.length === 0) return null;
  const muggins = legal.find((a) => a.type === 'muggins');
  const myTurn = v.hand !== null && v.hand.turn === v.seat;
  if (muggins && callsMuggins(level, random)) return { type: 'muggins' };
  if (!myTurn) return null;
  const claim = legal.find((a) => a.type === 'claim');
  if (claim !== undefined && claim.type === 'claim') {
    const scoring = claim.points > 0 && claim.points % 5 === 0;
    // Missed counts give the player a Muggins to call.
    if (!scoring || forgets(level, random)) return { type: 'noScore' };
    return { type: 'claim', points: claim.points };
  }
  const plays = legal.filter((a): a is Play => a.type === 'play');
  if (plays.length === 0) {
    const other = legal.find((a) => a.type === 'draw' || a.type === 'pass');
    return other === undefined ? null : { type: other.type === 'draw' ? 'draw' : 'pass' };
  }
  // Under Muggins the view shows no counts: the bot counts for itself, as a player must.
  const hints = computeHints(v);
  const score = (a: Play): number => hints.find((h) => h.tile === formatTile(a.tile) && h.end === (a.end ?? null))?.points ?? 0;
  const pick = choosePlay(plays, score, level, random);
  return { type: 'play', tile: formatTile(pick.tile), end: pick.end ?? null };
}

type Play = Extract<Action, { type: 'play' }>;

function choosePlay(plays: Play[], score: (a: Play) => number, level: BotLevel, random: RandomSource): Play {
  const best = Math.max(...plays.map(score));
  let pool = plays;
  if (level === 'easy' && best > 0) pool = plays.filter((a) => score(a) > 0);
  if (level === 'medium' || level === 'hard' || level === 'expert') pool = plays.filter((a) => score(a) === best);
  if (level === 'expert' && pool.some((a) => isDouble(a.tile))) pool = pool.filter((a) => isDouble(a.tile));
  if (level === 'hard' || level === 'expert') {
    const heaviest = Math.max(...pool.map((a) => pips(a.tile)));
    pool = pool.filter((a) => pips(a.tile) === heaviest);
  }
  return pool[random.int(pool.length)] as Play;
}

function callsMuggins(level: BotLevel, random: RandomSource): boolean {
  if (level === 'beginner') return false;
  return level !== 'easy' || random.int(3) === 0;
}

function forgets(level: BotLevel, random: RandomSource): boolean {
  if (level === 'beginner') return random.int(2) === 0;
  return level === 'easy' && random.int(3) === 0;
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
