import {
  type BoardRules,
  type MutableBoard,
  EMPTY_BOARD,
  END_NAMES,
  boardCount,
  cloneBoard,
  endIndex,
  endsFor,
  fitMask,
  placeLead,
  placeOn,
} from './board.ts';
import { checkDeal, highestDoubleLead } from './deal.ts';
import { type GameError, type Result, GameErrorCode, fail, ok } from './errors.ts';
import { type Rules, resolveRules, sideCount, sideOf } from './rules.ts';
import { countScore, handAwards, winnerOf } from './scoring.ts';
import type { Action, Deal, GameState, HandEndReason, HandEvent, HandState, Missed, Seat } from './state.ts';
import { type Tile, type TileMask, TILE_COUNT, formatTile, has, high, low, maskOf, maskPips } from './tiles.ts';

/** A new game, waiting for its first deal. The rules are checked here, once. */
export function newGame(rulesInput: unknown): Result<GameState> {
  const resolved = resolveRules(rulesInput);
  if (!resolved.ok) return resolved;
  const rules = resolved.value;
  return ok({
    rulesInput: rulesInput as GameState['rulesInput'],
    rules,
    status: 'dealing',
    scores: new Array<number>(sideCount(rules)).fill(0),
    hand: null,
    hands: [],
    winner: null,
  });
}

export function boardRules(rules: Rules): BoardRules {
  return { spinner: rules.variant === 'allFives', opensImmediately: rules.spinnerOpens === 'immediately' };
}

/** Who leads the coming hand: decided by the rules, or left to chance (the caller draws it). */
export type LeaderChoice =
  | { readonly kind: 'decided'; readonly seat: Seat; readonly forcedTile: Tile | null }
  | { readonly kind: 'random' };

export function leaderFor(state: GameState, deal: Deal): LeaderChoice {
  const previous = state.hand;
  const rule = previous === null ? state.rules.firstLeader : state.rules.nextLeader;
  switch (rule) {
    case 'random':
      return { kind: 'random' };
    case 'highestDouble': {
      const { seat, tile } = highestDoubleLead(deal);
      return { kind: 'decided', seat, forcedTile: tile };
    }
    case 'winner': {
      const out = previous?.end?.out ?? null;
      return out === null ? { kind: 'random' } : { kind: 'decided', seat: out, forcedTile: null };
    }
    case 'nextSeat': {
      const seat = previous === null ? 0 : (previous.leader + 1) % state.rules.players;
      return { kind: 'decided', seat, forcedTile: null };
    }
    default:
      return assertNever(rule);
  }
}

/**
 * Starts the next hand with `deal`. `leader` is required when the rules leave the lead to
 * chance, and must agree with the rules when they decide it.
 */
export function startHand(state: GameState, deal: Deal, leader?: Seat): Result<GameState> {
  if (state.status === 'over') return fail(GameErrorCode.gameOver, 'the game is over');
  if (state.status === 'playing') return fail(GameErrorCode.handInProgress, 'a hand is still being played');
  const checked = checkDeal(state.rules, deal);
  if (!checked.ok) return checked;
  const choice = leaderFor(state, deal);
  let seat: Seat;
  let forcedLead: Tile | null = null;
  if (choice.kind === 'decided') {
    if (leader !== undefined && leader !== choice.seat) {
      return fail(GameErrorCode.wrongLeader, `the rules give this lead to seat ${choice.seat}, not seat ${leader}`);
    }
    seat = choice.seat;
    forcedLead = choice.forcedTile;
  } else {
    if (leader === undefined || !isSeat(state.rules, leader)) {
      return fail(GameErrorCode.wrongLeader, 'this lead is left to chance: the caller must name a seat to lead');
    }
    seat = leader;
  }
  const hand: HandState = {
    deal,
    leader: seat,
    forcedLead,
    hands: deal.hands.map((h) => maskOf(h)),
    drawn: 0,
    board: EMPTY_BOARD,
    turn: seat,
    awaiting: 'move',
    passes: 0,
    missed: null,
    log: [],
    end: null,
  };
  const zeros = new Array<number>(state.scores.length).fill(0);
  return ok({
    ...state,
    status: 'playing',
    hand,
    hands: [...state.hands, { reason: null, scored: zeros, scores: state.scores }],
  });
}

/** Applies one player's action. Illegal actions come back as coded errors; the state is unchanged. */
export function apply(state: GameState, action: Action): Result<GameState> {
  if (state.status === 'over') return fail(GameErrorCode.gameOver, 'the game is over; no more actions are accepted');
  const hand = state.hand;
  if (state.status !== 'playing' || hand === null) {
    return fail(GameErrorCode.noHand, 'no hand is being played; the next hand must be dealt first');
  }
  if (!isSeat(state.rules, action.seat)) {
    return fail(GameErrorCode.badSeat, `seat ${String(action.seat)} is not at this ${state.rules.players}-player table`);
  }
  const d = new Draft(state, hand);
  const error = step(d, action);
  return error === null ? ok(d.commit()) : { ok: false, error };
}

function step(d: Draft, a: Action): GameError | null {
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
  if (!isTile(tile)) return err(GameErrorCode.badAction, `${String(tile)} is not a tile`);
  if (!has(d.hands[seat] as TileMask, tile)) return err(GameErrorCode.tileNotHeld, `seat ${seat} does not hold ${formatTile(tile)}`);
  const board = cloneBoard(d.board);
  const br = boardRules(d.rules);
  let end: number | null = null;
  let west: number | undefined;
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
      if (end < 0) return err(GameErrorCode.badAction, `${String(a.end)} is not an end`);
      if ((d.board.open[end] as number) < 0) return err(GameErrorCode.endNotOpen, `the ${a.end} end is not open`);
      if ((fits & (1 << end)) === 0) return err(GameErrorCode.tileDoesNotFit, `${formatTile(tile)} does not fit the ${a.end} end`);
    }
    placeOn(board, br, end, tile);
  }
  const count = boardCount(board);
  const scored = d.rules.variant === 'allFives' && !d.rules.muggins ? countScore(d.rules, count) : 0;
  d.board = board;
  d.hands[seat] = (d.hands[seat] as TileMask) & ~(1 << tile);
  d.passes = 0;
  d.missed = null;
  d.log.push({
    type: 'play',
    seat,
    tile,
    end: end === null ? null : (END_NAMES[end] as (typeof END_NAMES)[number]),
    ...(west === undefined ? {} : { west }),
    count,
    scored,
  });
  if (d.score(seat, scored)) return null;
  if (d.rules.muggins) d.awaiting = 'claim';
  else if (d.hands[seat] === 0) d.endHand('domino', seat);
  else d.passTurn();
  return null;
}

function draw(d: Draft, seat: Seat): GameError | null {
  if (d.rules.variant === 'block') return err(GameErrorCode.noDrawing, 'the block game never draws: pass instead');
  if (((d.hands[seat] as TileMask) & fitMask(d.board)) !== 0) {
    return err(GameErrorCode.mustPlay, `seat ${seat} holds a tile that fits: it must play, not draw`);
  }
  if (d.drawn >= d.deal.boneyard.length) return err(GameErrorCode.boneyardEmpty, 'the boneyard is empty: pass instead');
  const t = d.deal.boneyard[d.drawn] as Tile;
  d.drawn++;
  d.hands[seat] = (d.hands[seat] as TileMask) | (1 << t);
  d.log.push({ type: 'draw', seat });
  return null;
}

function pass(d: Draft, seat: Seat): GameError | null {
  if (((d.hands[seat] as TileMask) & fitMask(d.board)) !== 0) {
    return err(GameErrorCode.mustPlay, `seat ${seat} holds a tile that fits: it must play, not pass`);
  }
  if (d.rules.variant !== 'block' && d.drawn < d.deal.boneyard.length) {
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
  if (d.hands[seat] === 0) d.endHand('domino', seat);
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

/** The mutable working copy of one action's changes; `commit` freezes it into the next state. */
class Draft {
  readonly rules: Rules;
  readonly deal: Deal;
  readonly forcedLead: Tile | null;
  readonly hands: TileMask[];
  readonly log: HandEvent[];
  readonly scores: number[];
  readonly handScored: number[];
  board: HandState['board'] | MutableBoard;
  drawn: number;
  turn: Seat;
  awaiting: HandState['awaiting'];
  passes: number;
  missed: Missed | null;
  end: HandState['end'] = null;
  winner: number | null = null;

  constructor(
    private readonly state: GameState,
    private readonly hand: HandState,
  ) {
    this.rules = state.rules;
    this.deal = hand.deal;
    this.forcedLead = hand.forcedLead;
    this.hands = hand.hands.slice();
    this.log = hand.log.slice();
    this.scores = state.scores.slice();
    this.handScored = (state.hands[state.hands.length - 1]?.scored ?? []).slice();
    this.board = hand.board;
    this.drawn = hand.drawn;
    this.turn = hand.turn;
    this.awaiting = hand.awaiting;
    this.passes = hand.passes;
    this.missed = hand.missed;
  }

  passTurn(): void {
    this.turn = (this.turn + 1) % this.rules.players;
  }

  /** Adds points to the seat's side; true when that ends the game. */
  score(seat: Seat, points: number): boolean {
    if (points === 0) return false;
    const side = sideOf(this.rules, seat);
    this.scores[side] = (this.scores[side] as number) + points;
    this.handScored[side] = (this.handScored[side] as number) + points;
    this.winner = winnerOf(this.rules, this.scores);
    return this.winner !== null;
  }

  endHand(reason: HandEndReason, out: Seat | null): void {
    const pips = this.hands.map(maskPips);
    const awards = handAwards(this.rules, pips, out);
    for (const a of awards) {
      const side = sideOf(this.rules, a.seat);
      this.scores[side] = (this.scores[side] as number) + a.points;
      this.handScored[side] = (this.handScored[side] as number) + a.points;
    }
    this.winner = winnerOf(this.rules, this.scores);
    this.missed = null;
    this.end = { type: 'handEnd', reason, awards, pips, out };
    this.log.push(this.end);
  }

  commit(): GameState {
    const hand: HandState = {
      ...this.hand,
      hands: this.hands,
      drawn: this.drawn,
      board: this.board,
      turn: this.turn,
      awaiting: this.awaiting,
      passes: this.passes,
      missed: this.missed,
      log: this.log,
      end: this.end,
    };
    const summaries = this.state.hands.slice();
    summaries[summaries.length - 1] = { reason: this.end?.reason ?? null, scored: this.handScored, scores: this.scores };
    const over = this.winner !== null;
    return {
      ...this.state,
      status: over ? 'over' : this.end !== null ? 'dealing' : 'playing',
      scores: this.scores,
      hand,
      hands: summaries,
      winner: this.winner,
    };
  }
}

function err(code: GameError['code'], message: string): GameError {
  return { code, message };
}

function endList(ends: number): string {
  return END_NAMES.filter((_, i) => (ends & (1 << i)) !== 0).join(' and ');
}

function isSeat(rules: Rules, seat: unknown): seat is Seat {
  return typeof seat === 'number' && Number.isInteger(seat) && seat >= 0 && seat < rules.players;
}

function isTile(t: unknown): t is Tile {
  return typeof t === 'number' && Number.isInteger(t) && t >= 0 && t < TILE_COUNT;
}

export function assertNever(x: never): never {
  throw new Error(`unexpected value: ${JSON.stringify(x)}`);
}

