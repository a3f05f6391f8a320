import { type Action, type GameState, type TableView, apply, legalActions, view } from '@fives/engine';
import { type BotLevel, type WireAction, toWireAction } from '@fives/protocol';
import { mugginsOpen, paused, turnExpired } from './clock.ts';
import type { TableDoc } from './doc.ts';

/** The level a computer player plays at when it stands in for a person (gone, or out of time). */
export const STAND_IN_LEVEL: BotLevel = 'medium';

/**
 * Who plays a seat by itself at `now`, and why: its computer player; a stand-in for a person who
 * is away (the whole seat, Muggins calls included); or a stand-in for a person whose turn time
 * ran out (that turn only). Null: the seat waits for its person.
 */
export interface Actor {
  readonly level: BotLevel;
  readonly why: 'bot' | 'away' | 'timeout';
}

/**
 * A computer player's choice at `level` from a seat's own view (null: nothing to do now). The
 * machine has no players of its own: the server passes `@fives/bots` with its randomness and its
 * thinking budget; a browser could pass the same players running in a worker.
 */
export type BotChooser = (level: BotLevel, seen: TableView) => Action | null;

/** The automatic move to make: `fellBack` when the policy gave nothing legal on its turn and the first legal action is played instead. */
export interface BotMove {
  readonly seat: number;
  readonly wire: WireAction;
  readonly actor: Actor;
  readonly fellBack: boolean;
  /** What the policy chose instead (null: nothing), when it fell back. */
  readonly chose: Action['type'] | null;
}

export function actorOf(doc: TableDoc, seat: number, now: number): Actor | null {
  const s = doc.seats[seat];
  if (s === undefined || s.kind === 'open') return null;
  if (s.kind === 'bot') return { level: s.level, why: 'bot' };
  if (s.away === true) return { level: STAND_IN_LEVEL, why: 'away' };
  return turnExpired(doc, now) && doc.state?.hand?.turn === seat ? { level: STAND_IN_LEVEL, why: 'timeout' } : null;
}

/** Whether some seat's computer player (or stand-in) has something to do now. */
export function botCanAct(doc: TableDoc, now: number): boolean {
  const state = doc.state;
  if (state === null || state.status !== 'playing' || paused(doc)) return false;
  // The seat to move always has a legal action (a play, a draw or a pass; a claim or none): no
  // need to work out its view, which after every person's move is the computer player's.
  const turn = state.hand?.turn;
  return doc.seats.some((_, seat) => actorOf(doc, seat, now) !== null && mayAct(doc, state, seat, now) && (seat === turn || playable(doc, view(state, seat), now).length > 0));
}

/**
 * Whether `seat` could have an action now: its turn, or a Muggins call while the server's window
 * is open (the only action off turn, and `playable` keeps it only then). The seats that cannot
 * are skipped before their view is made, with the same answers: a view (the layout, the log,
 * the hints) is one of the larger allocations of a step, and at a table of three computer
 * players two of them wait on every move.
 */
function mayAct(doc: TableDoc, state: GameState, seat: number, now: number): boolean {
  return state.hand?.turn === seat || mugginsOpen(doc, now);
}

/** The automatic move to make now: a Muggins call first (it closes when the next tile is played), else the turn's. */
export function botMove(d: TableDoc, now: number, choose: BotChooser): BotMove | null {
  const state = d.state;
  if (state === null || paused(d)) return null;
  let chosen: { seat: number; action: Action; actor: Actor; fellBack: boolean; chose: Action['type'] | null } | null = null;
  for (const seat of d.seats.keys()) {
    const actor = actorOf(d, seat, now);
    if (actor === null || !mayAct(d, state, seat, now)) continue;
    const decided = decide(d, actor, state, seat, now, choose);
    if (decided === null) continue;
    if (decided.action.type === 'muggins') {
      chosen = { seat, actor, ...decided };
      break;
    }
    if (state.hand?.turn === seat) chosen = { seat, actor, ...decided };
  }
  if (chosen === null) return null;
  return { seat: chosen.seat, wire: toWireAction(chosen.action), actor: chosen.actor, fellBack: chosen.fellBack, chose: chosen.chose };
}

/** The seat's legal actions now (`seen`: its view); a Muggins call only while the server's window is open. */
function playable(doc: TableDoc, seen: TableView, now: number): Action[] {
  const legal = legalActions(seen);
  return mugginsOpen(doc, now) ? legal : legal.filter((a) => a.type !== 'muggins');
}

function decide(
  doc: TableDoc,
  actor: Actor,
  state: GameState,
  seat: number,
  now: number,
  choose: BotChooser,
): { action: Action; fellBack: boolean; chose: Action['type'] | null } | null {
  // One view for both: every computer player's move comes here (the views are a few % of the CPU).
  const seen = view(state, seat);
  const legal = playable(doc, seen, now);
  if (legal.length === 0) return null;
  const chosen = choose(actor.level, seen);
  const late = chosen?.type === 'muggins' && !mugginsOpen(doc, now);
  if (chosen !== null && !late && chosen.seat === seat && apply(state, chosen).ok) return { action: chosen, fellBack: false, chose: chosen.type };
  // Off its turn a bot may pass on Muggins; on its turn a policy's mistake must not stall the table.
  if (state.hand?.turn !== seat) return null;
  const first = legal.find((a) => a.type !== 'muggins');
  // A call the window no longer allows is no mistake: the policy could not know.
  return first === undefined ? null : { action: first, fellBack: !late, chose: chosen?.type ?? null };
}
