import { type Board, END_NAMES, type End, boardCount } from './board.ts';
import { boardRules } from './board-rules.ts';
import { type Hint, hintsFor } from './hints.ts';
import { type LayoutView, layoutOf } from './layout.ts';
import { type Rules, maxPipOf, sideOf } from './rules.ts';
import { variantRules } from './variant.ts';
import { countScore } from './scoring.ts';
import type { Action, GameState, GameStatus, HandEndEvent, HandEvent, HandState, HandSummary, Seat } from './state.ts';
import { type Tile, type TileMask, formatTile, highMaskOf, lowMaskOf, parseTile, tilesOfWords } from './tiles.ts';

/**
 * The one place that decides what a seat may see (house rule 3): a seat's view holds its own
 * tiles and everything public — tile counts, the boneyard's size, the layout, scores, whose turn,
 * every play, draw and pass — and nothing else: no other hand, no boneyard tile or order, no
 * missed Muggins count. A spectator's view is the same without any hand.
 */

export type ViewEvent =
  | { readonly type: 'play'; readonly seat: Seat; readonly tile: string; readonly end: End | null; readonly count: number | null; readonly scored: number }
  | { readonly type: 'draw' | 'pass'; readonly seat: Seat }
  | { readonly type: 'claim'; readonly seat: Seat; readonly points: number; readonly scored: number }
  | { readonly type: 'noScore' | 'muggins'; readonly seat: Seat; readonly scored: number }
  | HandEndEvent;

export interface HandView {
  readonly leader: Seat;
  readonly turn: Seat;
  readonly awaiting: 'move' | 'claim';
  /** The viewer's own tiles ("lo-hi"), or null for a spectator. */
  readonly tiles: readonly string[] | null;
  readonly tileCounts: readonly number[];
  /** How many tiles are left to draw; never which. */
  readonly boneyard: number;
  readonly board: Board;
  readonly layout: LayoutView;
  /** The open ends and the number each shows. */
  readonly ends: readonly { readonly end: End; readonly pips: number }[];
  /** The table's count; null under Muggins, where players must count for themselves. */
  readonly count: number | null;
  /** Every event of the hand so far (counts hidden under Muggins). */
  readonly log: readonly ViewEvent[];
  readonly draws: readonly number[];
  readonly passes: readonly number[];
  /** The tile the viewer must lead, when the rules force it; null otherwise (and for everyone else). */
  readonly forcedLead: string | null;
  /** Where the viewer may play now and what each play would make; null when it is not their move or under Muggins. */
  readonly hints: readonly Hint[] | null;
  readonly end: HandEndEvent | null;
}

export interface TableView {
  /** The viewer's seat, or null for a spectator. */
  readonly seat: Seat | null;
  readonly rules: Rules;
  readonly status: GameStatus;
  /** Per side: a seat, or a team (0+2, 1+3) with partnerships. */
  readonly scores: readonly number[];
  readonly winner: number | null;
  /** Per hand: what each side scored, and the totals after it. */
  readonly handScores: readonly HandSummary[];
  readonly hand: HandView | null;
}

export function view(state: GameState, seat: Seat | null): TableView {
  const { rules } = state;
  const viewer = seat !== null && Number.isInteger(seat) && seat >= 0 && seat < rules.players ? seat : null;
  return {
    seat: viewer,
    rules,
    status: state.status,
    scores: state.scores.slice(),
    winner: state.winner,
    handScores: state.hands.map((h) => ({ reason: h.reason, scored: h.scored.slice(), scores: h.scores.slice() })),
    hand: state.hand === null ? null : handView(state, state.hand, viewer),
  };
}

function handView(state: GameState, hand: HandState, seat: Seat | null): HandView {
  const { rules } = state;
  const hidden = rules.muggins;
  const draws = new Array<number>(rules.players).fill(0);
  const passes = new Array<number>(rules.players).fill(0);
  for (const e of hand.log) {
    if (e.type === 'draw') draws[e.seat] = (draws[e.seat] as number) + 1;
    else if (e.type === 'pass') passes[e.seat] = (passes[e.seat] as number) + 1;
  }
  const high = hand.handsHigh;
  const highOf = (s: Seat): TileMask => (high === undefined ? 0 : (high[s] as number));
  const mine = seat === null ? null : (hand.hands[seat] as number);
  const myMove = seat !== null && state.status === 'playing' && hand.turn === seat && hand.awaiting === 'move';
  const end = hand.end;
  return {
    leader: hand.leader,
    turn: hand.turn,
    awaiting: hand.awaiting,
    tiles: mine === null || seat === null ? null : tilesOfWords(mine, highOf(seat)).map(formatTile),
    tileCounts: hand.hands.map((m, s) => tilesOfWords(m, highOf(s)).length),
    boneyard: hand.deal.boneyard.length - hand.drawn,
    board: hand.board,
    layout: layoutOf(hand.log, variantRules(rules).spinner),
    ends: END_NAMES.flatMap((end, i) => ((hand.board.open[i] as number) >= 0 ? [{ end, pips: hand.board.open[i] as number }] : [])),
    count: hidden ? null : boardCount(hand.board),
    log: hand.log.map((e) => viewEvent(e, hidden)),
    draws,
    passes,
    forcedLead: seat === hand.leader && hand.forcedLead !== null && hand.board.tiles === 0 ? formatTile(hand.forcedLead) : null,
    hints: myMove && !hidden && mine !== null ? hintsFor(rules, boardRules(rules), hand.board, mine, hand.forcedLead, highOf(seat)) : null,
    end: end === null ? null : { type: 'handEnd', reason: end.reason, awards: end.awards, pips: end.pips, out: end.out },
  };
}

function viewEvent(e: HandEvent, hideCount: boolean): ViewEvent {
  switch (e.type) {
    case 'play':
      return { type: 'play', seat: e.seat, tile: formatTile(e.tile), end: e.end, count: hideCount ? null : e.count, scored: e.scored };
    case 'draw':
    case 'pass':
      return { type: e.type, seat: e.seat };
    case 'claim':
      return { type: 'claim', seat: e.seat, points: e.points, scored: e.scored };
    case 'noScore':
    case 'muggins':
      return { type: e.type, seat: e.seat, scored: e.scored };
    case 'handEnd':
      return { type: 'handEnd', reason: e.reason, awards: e.awards, pips: e.pips, out: e.out };
  }
}

/**
 * Every action the viewer may take now, worked out from their view alone (so bots and clients
 * need nothing else). Claims are listed only for the true count and "no score": any other
 * amount is legal too, but can only lose points.
 */
export function legalActions(v: TableView): Action[] {
  const hand = v.hand;
  const seat = v.seat;
  if (hand === null || seat === null || v.status !== 'playing') return [];
  const out: Action[] = [];
  const rules = v.rules;
  if (hand.awaiting === 'claim') {
    if (hand.turn === seat) {
      out.push({ type: 'claim', seat, points: boardCount(hand.board) }, { type: 'noScore', seat });
    }
    return out;
  }
  if (rules.muggins && mugginsOpen(v)) out.push({ type: 'muggins', seat });
  if (hand.turn !== seat) return out;
  const maxPip = maxPipOf(rules);
  const tileOfText = (text: string): Tile => (parseTile(text, maxPip) as { tile: Tile }).tile;
  const mine = (hand.tiles ?? []).map(tileOfText);
  const forced = hand.forcedLead === null ? null : tileOfText(hand.forcedLead);
  for (const h of hintsFor(rules, boardRules(rules), hand.board, lowMaskOf(mine), forced, highMaskOf(mine))) {
    const tile = tileOfText(h.tile);
    out.push(h.end === null ? { type: 'play', seat, tile } : { type: 'play', seat, tile, end: h.end });
  }
  if (out.some((a) => a.type === 'play')) return out;
  if (variantRules(rules).draws && hand.boneyard > 0) out.push({ type: 'draw', seat });
  else out.push({ type: 'pass', seat });
  return out;
}

/**
 * Whether the viewer could call Muggins: the last claim in the log, by an opponent, scored
 * nothing on a count that was a multiple of five, and no tile has been played since. This reads
 * only public events, so it tells a player nothing they could not have counted themselves.
 */
function mugginsOpen(v: TableView): boolean {
  const hand = v.hand;
  if (hand === null || v.seat === null || hand.end !== null) return false;
  for (let i = hand.log.length - 1; i >= 0; i--) {
    const e = hand.log[i] as ViewEvent;
    if (e.type === 'play' || e.type === 'muggins') return false;
    if (e.type === 'claim' || e.type === 'noScore') {
      if (sideOf(v.rules, e.seat) === sideOf(v.rules, v.seat) || e.scored > 0) return false;
      // Nothing has been played since the claim, so the board is the one it was made on: the
      // count it missed is the one `claim` in moves.ts found worth something.
      return countScore(v.rules, boardCount(hand.board)) > 0;
    }
  }
  return false;
}
