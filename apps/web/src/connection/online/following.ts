import { type Detached, type Presence, type Reaction, type Reply, type TableState, type Timeout, invitePath } from '@fives/protocol';
import { TableVersions } from '@fives/protocol/client';
import type { KeyValueStore } from '../guest.ts';
import { type StoodIn, loadSeen, saveSeen, seenOf, stoodIn } from '../stood-in.ts';
import { type Notice, type TableId, type TableReaction, tableId } from '../types.ts';
import { TIMED_OUT, noticeOf, summaryOf, tableOf } from '../wire.ts';
import { LazyFairness } from './lazy-fairness.ts';
import type { Link } from './link.ts';
import { standInNotice } from './notices.ts';
import type { StatePort } from './port.ts';
import type { YourGame } from './your-game.ts';

/** How many of the latest reactions the state keeps (the screen shows the newest of each seat). */
const KEPT_REACTIONS = 8;

/** Everything a table needs for a place in the client state. */
export interface FollowingOptions {
  readonly link: Link;
  readonly port: StatePort;
  readonly yourGame: YourGame;
  /** Where the seat's last sight of its table is kept, to tell a returning player what was played for them. */
  readonly storage: KeyValueStore | null;
  /** The server's origin, for a table's invite link. */
  readonly origin: string;
  readonly now: () => number;
}

/**
 * The table this client follows, joined again on every (re)connection, so a lost network or a
 * reload comes back to the same seat; and what arrives for it: its states (older versions than
 * the one applied change nothing), who is connected, its reactions, timeouts and a takeover by
 * another tab.
 */
export class Following {
  readonly #link: Link;
  readonly #port: StatePort;
  readonly #yourGame: YourGame;
  readonly #storage: KeyValueStore | null;
  readonly #origin: string;
  readonly #now: () => number;
  /**
   * The table joined on every connection, and whether as a spectator. The id is null for a
   * moment after "play now" or a code, until the table's first state says which it is.
   */
  #following: { readonly id: TableId | null; readonly watch: boolean } | null = null;
  /** The followed table's newest version applied; an older state arriving late changes nothing. */
  readonly #versions = new TableVersions();
  #connected: readonly boolean[] | null = null;
  /** The last summary as the server sent it, and when, kept so presence can be merged into it again. */
  #wireSummary: { readonly summary: TableState['table']; readonly at: number } | null = null;
  readonly #invites = new Map<TableId, string>();
  /** Checks every hand's deal against the commitment seen before it (docs/fairness.md). */
  readonly #fairness: LazyFairness;
  #reactionId = 0;
  /** A join was just asked for: its first state says what the computer did with the seat meanwhile. */
  #returning = false;
  /** That notice, held until the join's answer (an accepted join clears the notice) if the state came first. */
  #held: { notice: Notice | null; answered: boolean } = { notice: null, answered: true };

  constructor(options: FollowingOptions) {
    this.#link = options.link;
    this.#port = options.port;
    this.#yourGame = options.yourGame;
    this.#storage = options.storage;
    this.#origin = options.origin;
    this.#now = options.now;
    this.#fairness = new LazyFairness((id, fairness) => {
      const table = this.#port.state.table;
      if (table !== null && table.summary.id === id) this.#port.set({ table: { ...table, fairness } });
    });
  }

  /** The table followed, once known (null: none, or its first state has not said yet). */
  get id(): TableId | null {
    return this.#following?.id ?? null;
  }

  /** On the way to a table whose first state has not come ("play now", a code). */
  get arriving(): boolean {
    return this.#following !== null && this.#following.id === null;
  }

  /** The newest version of `id` applied: a move is made on it. */
  version(id: TableId): number {
    return this.#versions.applied(id);
  }

  /** A table made here: its invite link as the server gave it. */
  invited(id: TableId, url: string): void {
    this.#invites.set(id, url);
  }

  follow(id: TableId, watch: boolean): void {
    if (this.#following !== null && this.#following.id !== id) this.leave();
    this.#following = { id, watch };
    this.#forgetTable();
    this.#port.set({ joining: id, table: null, detached: null, sending: false, notice: null, reactions: [] });
    // Not connected yet: the connection's `connect` joins.
    if (this.#link.connected) this.#join(id, watch);
    else this.#link.connect();
  }

  /** About to join a table whose id the server will tell: its first state is adopted. */
  followUnknown(): void {
    if (this.#following !== null) this.leave();
    this.#following = { id: null, watch: false };
    this.#forgetTable();
    this.#port.set({ joining: null, table: null, detached: null, sending: false, notice: null, reactions: [] });
  }

  /** A join's answer: on a refusal, back to the lobby with the reason. */
  joined(reply: Reply<unknown>): void {
    if (reply.ok) return;
    this.#following = null;
    this.#port.set({ joining: null, table: null, notice: noticeOf(reply.error) });
  }

  leave(): void {
    const following = this.#following;
    this.#following = null;
    this.#versions.forget();
    if (following?.id != null && this.#link.connected) this.#link.ordered('table:leave', { tableId: following.id });
    this.#port.set({ table: null, joining: null, detached: null, sending: false, notice: null, reactions: [] });
    void this.#lookUpGame();
  }

  /** Connected (again): the table followed is joined afresh; with none, the lobby's way back is looked up. */
  rejoin(): void {
    const following = this.#following;
    if (following?.id != null) this.#join(following.id, following.watch);
    else if (following !== null) this.#following = null;
    if (this.#following === null) void this.#lookUpGame();
  }

  /** `table:state`. */
  state(s: TableState): void {
    let following = this.#following;
    if (following === null) return;
    if (following.id === null) {
      // The first state of the table "play now" or a code led to: this is the table.
      following = { id: tableId(s.tableId), watch: following.watch };
      this.#following = following;
    }
    // A state sent again (after a reconnection, or by a node back from Redis) is applied again:
    // its clock is newer. An older one is not applied: the table is asked for afresh.
    if (s.tableId !== following.id) return;
    if (this.#versions.observe(s) === 'older') {
      // Late, or a failover lost versions this client saw: the table asked for afresh.
      const id = following.id;
      if (this.#versions.resync(id) && this.#link.connected) this.#join(id, following.watch);
      return;
    }
    const at = this.#now();
    this.#wireSummary = { summary: s.table, at };
    const id = following.id;
    const table = tableOf(s, this.#fairness, this.#connected, this.#invites.get(id) ?? `${this.#origin}${invitePath(id)}`, at);
    this.#yourGame.keep(s);
    const stood = this.#seen(s);
    const notice = stood === null ? null : standInNotice(stood);
    if (notice !== null && !this.#held.answered) this.#held = { notice, answered: false };
    this.#port.set({ table, joining: null, detached: null, yourGame: null, ...(notice === null || !this.#held.answered ? {} : { notice }) });
  }

  /** `table:presence`: who is connected, merged into the summary last sent. */
  presence(p: Presence): void {
    if (p.tableId !== this.#following?.id) return;
    this.#connected = p.connected;
    const table = this.#port.state.table;
    const wire = this.#wireSummary;
    if (table !== null && wire !== null) {
      this.#port.set({ table: { ...table, summary: summaryOf(wire.summary, p.connected, table.summary.inviteUrl, wire.at) } });
    }
  }

  /** `table:detached`: another tab took the seat. */
  detached(d: Detached): void {
    if (d.tableId !== this.#following?.id) return;
    // Not followed any more, so a reconnection does not take the seat back from the other tab.
    this.#following = null;
    this.#port.set({ detached: tableId(d.tableId), joining: null });
  }

  /** `table:timeout`: this seat's turn timed out, said on the status line. */
  timeout(timeout: Timeout): void {
    if (timeout.tableId === this.#following?.id && timeout.seat === this.#port.state.table?.seat) {
      this.#port.set({ notice: TIMED_OUT() });
    }
  }

  /** `table:reaction`: heard, and the latest few kept. */
  reaction(r: Reaction): void {
    if (r.tableId !== this.#following?.id) return;
    const heard: TableReaction = { id: ++this.#reactionId, seat: r.seat, player: r.player, reaction: r.reaction };
    this.#port.set({ reactions: [...this.#port.state.reactions.slice(-(KEPT_REACTIONS - 1)), heard] });
  }

  #forgetTable(): void {
    this.#versions.forget();
    this.#connected = null;
    this.#wireSummary = null;
  }

  #join(id: TableId, watch: boolean): void {
    this.#returning = true;
    this.#held = { notice: null, answered: false };
    this.#link.ordered('table:join', { tableId: id, ...(watch ? { as: 'spectator' as const } : {}) }, (reply) => {
      const held = this.#held.notice;
      this.#held = { notice: null, answered: true };
      if (reply.ok && held !== null && this.#following?.id === id) this.#port.set({ notice: held });
      if (reply.ok || this.#following?.id !== id) return;
      this.joined(reply);
    });
  }

  /** Keeps where this seat's player has seen the table to; on a join's first state, what was played for them since. */
  #seen(s: TableState): StoodIn | null {
    const returning = this.#returning;
    this.#returning = false;
    if (s.seat === null || s.view === null) return null;
    const now = seenOf(s.tableId, s.table.game, s.view);
    const stood = returning ? stoodIn(loadSeen(this.#storage), now, s.view, s.seat) : null;
    saveSeen(this.#storage, now);
    return stood;
  }

  #lookUpGame(): Promise<void> {
    return this.#yourGame.lookUp(() => this.#following === null);
  }
}
