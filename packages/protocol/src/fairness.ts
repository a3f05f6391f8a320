import {
  type Deal,
  type GameState,
  type PreviousHand,
  type Rules,
  type Seat,
  type TableView,
  actionOfViewEvent,
  apply,
  dealFromSeed,
  leaderChoice,
  sideCount,
  startHand,
  view,
} from '@fives/engine';
import type { Fairness } from './fairness-schema.ts';
import { sha256Hex } from './sha256.ts';

/**
 * Provably fair deals (docs/fairness.md). Before a hand the server publishes a commitment, the
 * SHA-256 of the hand's secret seed; when the hand is over it reveals the seed. The deal (and
 * the leader, when the rules leave the lead to chance) is exactly the engine's
 * `dealFromSeed(rules, seed)`, so anyone can remake it and check it against what they saw.
 */

/**
 * A hand's secret: 128 bits or more, as lowercase hex. A plain pattern, not a schema: the web
 * client's fairness check runs on its first page, which carries no zod (fairness-schema.ts's
 * `SeedSchema` is this pattern for the messages).
 */
export const SEED_PATTERN = /^[0-9a-f]{32,128}$/;

export function isSeed(text: unknown): text is string {
  return typeof text === 'string' && SEED_PATTERN.test(text);
}
/** The commitment to a seed. */
export function commitmentOf(seed: string): string {
  return sha256Hex(seed);
}

// ---- checking a hand ---------------------------------------------------------------------------

/** `verified`: every check passed; `failed`: one did not (see `reason`); `unchecked`: this client saw too little to check. */
export type FairnessStatus = 'verified' | 'failed' | 'unchecked';

export interface HandCheck {
  readonly status: FairnessStatus;
  /** For people: what was checked, or what did not hold. */
  readonly reason: string;
}

/** The previous hand of the same game as this client saw it end: who led it, and who went out. */
export type HandBefore = PreviousHand;

export interface HandEvidence {
  readonly rules: Rules;
  /** The hand in its game, from 1. */
  readonly hand: number;
  /** The commitment this client saw while the hand was being played (null: it saw none). */
  readonly commitment: string | null;
  readonly seed: string;
  /** Every view of the hand this client was sent, in the order it got them. */
  readonly views: readonly TableView[];
  /** The previous hand, if this client saw how it ended (the lead of the next hand may follow from it). */
  readonly before: HandBefore | null;
}

/**
 * Checks one hand: the seed hashes to the commitment seen before it was revealed; the deal it
 * makes gives this seat the tiles it was dealt; the leader is the one the rules (or the seed,
 * when the rules leave it to chance) give; and the hand's whole public log, replayed by the
 * engine on that deal, is legal and passes through exactly every view this client was sent —
 * its own tiles after each draw, every tile count, the boneyard's size, the scores, the end.
 */
export function checkHand(e: HandEvidence): HandCheck {
  if (e.commitment === null) return { status: 'unchecked', reason: 'no commitment was seen before the seed was revealed (joined after the hand ended)' };
  if (!isSeed(e.seed)) return { status: 'failed', reason: 'the revealed seed is not a valid seed' };
  if (commitmentOf(e.seed) !== e.commitment) return { status: 'failed', reason: 'the revealed seed does not hash to the commitment published before the hand' };
  const views = e.views.filter((v) => v.hand !== null);
  const last = views.at(-1);
  if (last?.hand == null) return { status: 'unchecked', reason: 'no view of this hand was seen' };
  const { deal, randomLeader } = dealFromSeed(e.rules, e.seed);
  const leader = last.hand.leader;
  const leaderProblem = checkLeader(e, deal, randomLeader, leader);
  if (leaderProblem !== null) return { status: 'failed', reason: leaderProblem };

  const start = startingState(e.rules, last, e.hand);
  if (start === null) return { status: 'failed', reason: 'the views do not say what the scores were before this hand' };
  // The lead is checked above; the replay starts from the leader that was seen.
  let state: GameState;
  const started = startHand(start, deal, leader);
  if (!started.ok) return { status: 'failed', reason: `the remade deal cannot start this hand: ${started.error.message}` };
  state = started.value;

  const seen = new Map<number, TableView[]>();
  for (const v of views) {
    const n = v.hand?.log.length ?? 0;
    seen.set(n, [...(seen.get(n) ?? []), v]);
  }
  const compare = (at: number): string | null => {
    const expected = comparable(view(state, last.seat));
    for (const v of seen.get(at) ?? []) {
      if (comparable(v) !== expected) return `after ${at} events, what was shown differs from what the remade deal gives`;
    }
    seen.delete(at);
    return null;
  };
  const first = compare(0);
  if (first !== null) return { status: 'failed', reason: first };
  const leadWest = westOfLead(last);
  for (const event of last.hand.log) {
    if (event.type === 'handEnd') continue;
    const action = actionOfViewEvent(event, leadWest);
    if (action === null) return { status: 'failed', reason: `event ${event.type} cannot be replayed` };
    const next = apply(state, action);
    if (!next.ok) return { status: 'failed', reason: `the public log does not replay on the remade deal: ${next.error.message}` };
    state = next.value;
    const problem = compare(state.hand?.log.length ?? 0);
    if (problem !== null) return { status: 'failed', reason: problem };
  }
  if (seen.size > 0) return { status: 'failed', reason: 'a view was shown that the replayed hand never passes through' };
  const drawn = state.hand?.drawn ?? 0;
  return {
    status: 'verified',
    reason: `the seed hashes to the commitment shown before the hand, and remakes the deal: ${views.length} views and ${last.hand.log.length} events replayed (${drawn} draws)`,
  };
}

function checkLeader(e: HandEvidence, deal: Deal, randomLeader: Seat, leader: Seat): string | null {
  // A later hand's lead may follow from the one before, which a client that joined late never saw.
  const choice = leaderChoice(e.rules, deal, e.hand === 1 ? null : (e.before ?? 'unknown'));
  if (choice === null) return null;
  const expected = choice.kind === 'decided' ? choice.seat : randomLeader;
  if (expected === leader) return null;
  return `seat ${leader} led, but the rules and the seed give the lead to seat ${expected}`;
}

/** The game as it stood before the hand: the earlier hands' scores, from the view. */
function startingState(rules: Rules, last: TableView, hand: number): GameState | null {
  const earlier = last.handScores.slice(0, hand - 1);
  if (earlier.length !== hand - 1) return null;
  const scores = earlier.at(-1)?.scores ?? new Array<number>(sideCount(rules)).fill(0);
  return {
    // Only `rules` is read from here on; the rules as given are not in a view.
    rulesInput: { preset: rules.preset, players: rules.players },
    // The lead is not decided here (see checkLeader): the replay may start from any seat.
    rules: { ...rules, firstLeader: 'random' },
    status: 'dealing',
    scores: scores.slice(),
    hand: null,
    hands: earlier.map((h) => ({ ...h, scored: h.scored.slice(), scores: h.scores.slice() })),
    winner: null,
  };
}

/** A view as text, without what depends on the leader rule the replay leaves out (the forced lead and its hints). */
function comparable(v: TableView): string {
  const { rules: _rules, ...rest } = v;
  if (rest.hand === null) return JSON.stringify(rest);
  const { forcedLead: _forced, hints: _hints, ...hand } = rest.hand;
  return JSON.stringify({ ...rest, hand });
}

/** Which number the lead showed to the west: the layout keeps it. */
function westOfLead(v: TableView): number | null {
  const lead = v.hand?.log.find((e) => e.type === 'play');
  if (lead === undefined) return null;
  return v.hand?.layout.line.find((p) => p.tile === lead.tile)?.a ?? null;
}

// ---- following a table ---------------------------------------------------------------------------

/** A hand's verdict, as a client reports it. */
export interface HandFairness extends HandCheck {
  readonly tableId: string;
  readonly game: number;
  readonly hand: number;
  /** The commitment seen before the reveal (null when none was). */
  readonly commitment: string | null;
  readonly seed: string;
}

interface Following {
  readonly tableId: string;
  readonly game: number;
  readonly hand: number;
  commitment: string | null;
  /** A second, different commitment for the same hand: the server changed its mind. */
  changed: boolean;
  readonly views: TableView[];
  rules: Rules | null;
}

/** The minimum of a `table:state` the tracker reads. */
export interface FairnessInput {
  readonly tableId: string;
  readonly version: number;
  readonly table: { readonly game: number };
  readonly view: TableView | null;
  readonly fairness: Fairness | null;
}

/**
 * What a client keeps to check every hand it plays or watches: feed it every `table:state` in
 * the order received; it returns the verdicts that state made possible (a hand is decided when
 * its seed is revealed). The web client and `fives client` both use it.
 */
export class FairnessTracker {
  private readonly following = new Map<string, Following>();
  private readonly decided = new Map<string, HandFairness>();
  private readonly ends = new Map<string, HandBefore>();
  private latest = -1;
  private latestTable = '';

  observe(s: FairnessInput): HandFairness[] {
    if (s.tableId !== this.latestTable) {
      this.latestTable = s.tableId;
      this.latest = -1;
    }
    // Late duplicates and reordered states say nothing new.
    if (s.version <= this.latest) return [];
    this.latest = s.version;
    const f = s.fairness;
    if (f === null) return [];
    const out: HandFairness[] = [];
    if (f.previous !== null) {
      const verdict = this.reveal(s.tableId, f.previous.game, f.previous.hand, f.previous.commitment, f.previous.seed);
      if (verdict !== null) out.push(verdict);
    }
    const current = this.follow(s.tableId, f.current.game, f.current.hand);
    if (current !== null) {
      if (f.current.seed === null) {
        if (current.commitment === null) current.commitment = f.current.commitment;
        else if (current.commitment !== f.current.commitment) current.changed = true;
      }
      const v = s.view;
      if (v !== null && v.hand !== null && s.table.game === f.current.game && v.handScores.length === f.current.hand) {
        current.views.push(v);
        current.rules = v.rules;
      }
      if (f.current.seed !== null) {
        const verdict = this.reveal(s.tableId, f.current.game, f.current.hand, f.current.commitment, f.current.seed);
        if (verdict !== null) out.push(verdict);
      }
    }
    return out;
  }

  /** Every verdict so far, oldest first. */
  verdicts(): HandFairness[] {
    return [...this.decided.values()];
  }

  /** The hand being followed now, before its reveal: its commitment as seen. */
  pending(tableId: string): { game: number; hand: number; commitment: string | null } | null {
    let found: Following | null = null;
    for (const h of this.following.values()) if (h.tableId === tableId && (found === null || h.game > found.game || (h.game === found.game && h.hand > found.hand))) found = h;
    return found === null ? null : { game: found.game, hand: found.hand, commitment: found.commitment };
  }

  private follow(tableId: string, game: number, hand: number): Following | null {
    const key = `${tableId}/${game}/${hand}`;
    if (this.decided.has(key)) return null;
    let h = this.following.get(key);
    if (h === undefined) {
      h = { tableId, game, hand, commitment: null, changed: false, views: [], rules: null };
      this.following.set(key, h);
    }
    return h;
  }

  private reveal(tableId: string, game: number, hand: number, commitment: string, seed: string): HandFairness | null {
    const key = `${tableId}/${game}/${hand}`;
    if (this.decided.has(key)) return null;
    const h = this.following.get(key);
    this.following.delete(key);
    const base = { tableId, game, hand, seed, commitment: h?.commitment ?? null };
    let check: HandCheck;
    if (h === undefined || h.rules === null) {
      check = { status: 'unchecked', reason: 'no view of this hand was seen before its seed was revealed' };
    } else if (h.changed) {
      check = { status: 'failed', reason: 'the commitment changed while the hand was being played' };
    } else if (h.commitment !== null && h.commitment !== commitment) {
      check = { status: 'failed', reason: 'the hand was revealed under another commitment than the one published before it' };
    } else {
      check = checkHand({ rules: h.rules, hand, commitment: h.commitment, seed, views: h.views, before: this.ends.get(`${tableId}/${game}/${hand - 1}`) ?? null });
    }
    const last = h?.views.at(-1)?.hand;
    if (last?.end != null) this.ends.set(key, { leader: last.leader, out: last.end.out, pips: last.end.pips });
    const verdict: HandFairness = { ...base, ...check };
    this.decided.set(key, verdict);
    return verdict;
  }
}
