import { EMPTY_BOARD } from './board.ts';
import { checkDeal } from './deal.ts';
import { Draft } from './draft.ts';
import { type Result, GameErrorCode, fail, ok } from './errors.ts';
import { step } from './moves.ts';
import { leaderFor } from './leader.ts';
import { type Rules, maxPipOf, resolveRules, sideCount } from './rules.ts';
import type { Action, Deal, GameState, HandState, Seat } from './state.ts';
import { MAX_PIP, type Tile, highMaskOf, lowMaskOf, maskOf } from './tiles.ts';

export { boardRules } from './board-rules.ts';
export { assertNever } from './never.ts';

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
  const doubleSix = maxPipOf(state.rules) === MAX_PIP;
  const dealt: HandState = {
    deal,
    leader: seat,
    forcedLead,
    hands: deal.hands.map((h) => (doubleSix ? maskOf(h) : lowMaskOf(h))),
    drawn: 0,
    board: EMPTY_BOARD,
    turn: seat,
    awaiting: 'move',
    passes: 0,
    missed: null,
    log: [],
    end: null,
  };
  // A double-nine hand's second word (tiles.ts); a double-six state has no such field, as before.
  const hand: HandState = doubleSix ? dealt : { ...dealt, handsHigh: deal.hands.map((h) => highMaskOf(h)) };
  const zeros = new Array<number>(state.scores.length).fill(0);
  // Field by field, as Draft.commit does, so every state has one shape.
  return ok({
    rulesInput: state.rulesInput,
    rules: state.rules,
    status: 'playing',
    scores: state.scores,
    hand,
    hands: [...state.hands, { reason: null, scored: zeros, scores: state.scores }],
    winner: state.winner,
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

function isSeat(rules: Rules, seat: unknown): seat is Seat {
  return typeof seat === 'number' && Number.isInteger(seat) && seat >= 0 && seat < rules.players;
}
