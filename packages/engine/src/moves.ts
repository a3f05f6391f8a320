import { EAST, END_NAMES, WEST, boardCount, cloneBoard, endIndex, endsFor, placeLead, placeOn } from './board.ts';
import type { Draft } from './draft.ts';
import { type GameError, GameErrorCode } from './errors.ts';
import { boardRules } from './board-rules.ts';
import { type Rules, maxPipOf, sideOf } from './rules.ts';
import { variantRules } from './variant.ts';
import { countScore, isCapicua, playScore } from './scoring.ts';
import { assertNever } from './never.ts';
import type { Action, Seat } from './state.ts';
import { type Tile, formatTile, high, low, tileCount } from './tiles.ts';

/** The moves of docs/rules.md, from #playing-a-tile to #muggins, each checking its own legality and editing the draft. */

export function step(d: Draft, a: Action): GameError | null {
  switch (a.type) {
    case 'play':
      return turnError(d, a.seat) ?? play(d, a);
    case 'draw':
      return turnError(d, a.seat) ?? draw(d, a.seat);
    case 'pass':
      return turnError(d, a.seat) ?? pass(d, a.seat);
    case 'claim':
    case 'noScore':
      return claim(d, a.seat, a.type === 'claim' ? a.points : null);
    case 'muggins':
      return muggins(d, a.seat);
    default:
      return assertNever(a);
  }
}

function turnError(d: Draft, seat: Seat): GameError | null {
  if (seat !== d.turn) return err(GameErrorCode.notYourTurn, `it is seat ${d.turn}'s turn, not seat ${seat}'s`);
  if (d.awaiting === 'claim') {
    return err(GameErrorCode.mustClaim, 'under Muggins you must claim your count (or say no score) before anything else');
  }
  return null;
}

function play(d: Draft, a: Extract<Action, { type: 'play' }>): GameError | null {
  const { seat, tile } = a;
  if (!isTile(d.rules, tile)) return err(GameErrorCode.badAction, `${String(tile)} is not a tile`);
  if (!d.holds(seat, tile)) return err(GameErrorCode.tileNotHeld, `seat ${seat} does not hold ${formatTile(tile)}`);
  const board = cloneBoard(d.board);
  const br = boardRules(d.rules);
  let end: number | null = null;
  let west: number | undefined;
  // Worth a bonus only if this play goes out (docs/rules.md#the-latin-partnership-game).
  let capicua = false;
  if (d.board.tiles === 0) {
    if (a.end !== undefined) return err(GameErrorCode.endNotAllowedOnLead, 'the lead starts the layout: it takes no end');
    if (d.forcedLead !== null && tile !== d.forcedLead) {
      return err(GameErrorCode.mustLeadHighest, `the rules make seat ${seat} lead ${formatTile(d.forcedLead)}`);
    }
    west = a.west ?? low(tile);
    if (west !== low(tile) && west !== high(tile)) {
      return err(GameErrorCode.badAction, `${formatTile(tile)} has no ${String(a.west)} to show at the west end`);
    }
    placeLead(board, br, tile, west);
  } else {
    if (a.west !== undefined) return err(GameErrorCode.badAction, 'only the lead says which number faces west');
    const fits = endsFor(d.board, tile);
    if (a.end === undefined) {
      if (fits === 0) return err(GameErrorCode.tileDoesNotFit, `${formatTile(tile)} fits no open end`);
      if ((fits & (fits - 1)) !== 0) {
        return err(GameErrorCode.endRequired, `${formatTile(tile)} fits ${endList(fits)}: say which end`);
      }
      end = 31 - Math.clz32(fits);
    } else {
      end = endIndex(a.end);
      if (end < 0) return err(GameErrorCode.badAction, `${a.end} is not an end`);
      if ((d.board.open[end] as number) < 0) return err(GameErrorCode.endNotOpen, `the ${a.end} end is not open`);
      if ((fits & (1 << end)) === 0) return err(GameErrorCode.tileDoesNotFit, `${formatTile(tile)} does not fit the ${a.end} end`);
    }
    capicua = isCapicua((fits & (1 << WEST)) !== 0, (fits & (1 << EAST)) !== 0, d.board.open[WEST] as number, d.board.open[EAST] as number);
    placeOn(board, br, end, tile);
  }
  const count = boardCount(board);
  // Under Muggins the count is earned by the claim that follows, not by the play.
  const scored = d.rules.muggins ? 0 : playScore(d.rules, count);
  d.board = board;
  d.take(seat, tile);
  d.passes = 0;
  d.missed = null;
  // Two literals rather than a conditional spread: a spread costs more than the rest of the play.
  d.log.push(
    west === undefined
      ? { type: 'play', seat, tile, end: end === null ? null : (END_NAMES[end] as (typeof END_NAMES)[number]), count, scored }
      : { type: 'play', seat, tile, end: null, west, count, scored },
  );
  if (d.score(seat, scored)) return null;
  if (d.rules.muggins) d.awaiting = 'claim';
  else if (d.isEmpty(seat)) d.endHand('domino', seat, capicua);
  else d.passTurn();
  return null;
}

function draw(d: Draft, seat: Seat): GameError | null {
  if (!variantRules(d.rules).draws) return err(GameErrorCode.noDrawing, 'this game never draws (Block, Fives-and-Threes, the Latin game): pass instead');
  if (d.canPlay(seat, d.board)) {
    return err(GameErrorCode.mustPlay, `seat ${seat} holds a tile that fits: it must play, not draw`);
  }
  if (d.drawn >= d.deal.boneyard.length) return err(GameErrorCode.boneyardEmpty, 'the boneyard is empty: pass instead');
  const t = d.deal.boneyard[d.drawn] as Tile;
  d.drawn++;
  d.give(seat, t);
  d.log.push({ type: 'draw', seat });
  return null;
}

function pass(d: Draft, seat: Seat): GameError | null {
  if (d.canPlay(seat, d.board)) {
    return err(GameErrorCode.mustPlay, `seat ${seat} holds a tile that fits: it must play, not pass`);
  }
  if (variantRules(d.rules).draws && d.drawn < d.deal.boneyard.length) {
    return err(GameErrorCode.mustDraw, 'nothing fits, but the boneyard has tiles: draw');
  }
  d.passes++;
  d.log.push({ type: 'pass', seat });
  if (d.passes >= d.rules.players) d.endHand('blocked', null);
  else d.passTurn();
  return null;
}

const MAX_CLAIM = 1000;

function claim(d: Draft, seat: Seat, points: number | null): GameError | null {
  if (!d.rules.muggins) return err(GameErrorCode.claimsOff, 'claims and Muggins are only played under the muggins rule');
  if (d.awaiting !== 'claim') return err(GameErrorCode.claimNotExpected, 'no play is waiting for a claim');
  if (seat !== d.turn) return err(GameErrorCode.notYourTurn, `seat ${d.turn} must claim for their own play`);
  if (points !== null && !(Number.isInteger(points) && points >= 0 && points <= MAX_CLAIM)) {
    return err(GameErrorCode.badClaim, `a claim is a whole number of points from 0 to ${MAX_CLAIM}`);
  }
  const count = boardCount(d.board);
  const worth = countScore(d.rules, count);
  const right = points === count && worth > 0;
  const scored = right ? worth : 0;
  d.log.push(points === null ? { type: 'noScore', seat, scored } : { type: 'claim', seat, points, scored });
  d.awaiting = 'move';
  if (d.score(seat, scored)) return null;
  if (d.isEmpty(seat)) d.endHand('domino', seat);
  else {
    d.missed = !right && worth > 0 ? { by: seat, points: worth } : null;
    d.passTurn();
  }
  return null;
}

function muggins(d: Draft, seat: Seat): GameError | null {
  if (!d.rules.muggins) return err(GameErrorCode.claimsOff, 'claims and Muggins are only played under the muggins rule');
  const missed = d.missed;
  if (missed === null) return err(GameErrorCode.nothingMissed, 'there is no missed count to call Muggins on');
  if (sideOf(d.rules, seat) === sideOf(d.rules, missed.by)) {
    return err(GameErrorCode.notAnOpponent, 'only an opponent of the player who missed may call Muggins');
  }
  d.missed = null;
  d.log.push({ type: 'muggins', seat, scored: missed.points });
  d.score(seat, missed.points);
  return null;
}

function err(code: GameError['code'], message: string): GameError {
  return { code, message };
}

function endList(ends: number): string {
  return END_NAMES.filter((_, i) => (ends & (1 << i)) !== 0).join(' and ');
}

function isTile(rules: Rules, t: unknown): t is Tile {
  return typeof t === 'number' && Number.isInteger(t) && t >= 0 && t < tileCount(maxPipOf(rules));
}
