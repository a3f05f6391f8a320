import type { Result, RulesInput } from '@fives/engine';
import type { PlayerId, Problem, PushNote, TableId, TournamentDealt } from '@fives/protocol';
import { type Tournament, type TournamentGame, type TournamentId, nextStep, seating } from '@fives/tournament';
import type { Player } from '../identity/token.ts';
import { SerialPoll } from '../jobs/serial-poll.ts';
import { type TournamentService, dueAt } from './service.ts';
import type { TournamentStore } from './store.ts';

/** The tournament's page in the web client. */
export const tournamentPagePath = (id: string): string => `/tournaments/${id}`;

/** How long a node holds a due tournament it took: past it, another node takes the step over. */
export const TOURNAMENT_LEASE_MS = 30_000;

/** The tables of tournament games, from the table service. */
export interface TournamentTables {
  /** Deals a table for a tournament game, these people seated in this order and nobody else (no computer player takes a tournament seat). */
  open(people: readonly Player[], rules: RulesInput): Promise<Result<TableId, Problem>>;
  /** Takes away a table opened for a game another node had already opened one for. */
  close(id: TableId): Promise<void>;
}

export interface TournamentRunnerOptions {
  readonly service: TournamentService;
  readonly store: TournamentStore;
  readonly tables: TournamentTables;
  /** A live message to every connection of a person, on any node (the sockets' rooms): their game's table is dealt. */
  readonly dealt: (player: PlayerId, message: TournamentDealt) => void;
  /** A note to a person's browsers, when they asked for this kind (Web Push); it never fails the caller. */
  readonly notify: (player: PlayerId, note: Omit<PushNote, 'lang'>) => Promise<unknown>;
  readonly now: () => number;
  readonly log: (event: Record<string, unknown>, message: string) => void;
  /** How often this node looks for a due tournament, ms. */
  readonly pollMs: number;
  /** A poll that failed (the store away): it is tried again at the next. */
  readonly failed: (error: unknown) => void;
}

/**
 * The tournaments' own steps, as jobs: the store's due times are the schedule, and `runDue` takes
 * one due tournament at a time (exactly one node holds it, for a lease), then does what is due:
 * the tables of games paired without one, else the start, a pairing or the end `nextStep` names.
 * Every step is decided on the tournament as stored now, so a step run again after a node's
 * death finds it done and does nothing more.
 */
export class TournamentRunner {
  readonly #o: TournamentRunnerOptions;

  readonly #poll: SerialPoll;

  constructor(options: TournamentRunnerOptions) {
    this.#o = options;
    // One poll at a time on a node: a slow one is not overtaken by the next.
    this.#poll = new SerialPoll(() => this.runDue(), options.pollMs, options.failed);
  }

  start(): void {
    this.#poll.start();
  }

  /** Stops polling; resolves once the poll under way is done. */
  close(): Promise<void> {
    return this.#poll.close();
  }

  /** Runs every tournament step due now; how many it ran. */
  async runDue(): Promise<number> {
    let ran = 0;
    for (;;) {
      const id = await this.#o.store.claimDue(this.#o.now(), TOURNAMENT_LEASE_MS);
      if (id === null) return ran;
      await this.#step(id);
      ran++;
    }
  }

  async #step(id: TournamentId): Promise<void> {
    const t = await this.#o.store.get(id);
    if (t === null) return;
    const now = this.#o.now();
    const tableless = t.games.filter((g) => g.table === null && g.result === null);
    if (tableless.length > 0) {
      for (const game of tableless) await this.#openTable(t, game);
      return;
    }
    const step = nextStep(t, now);
    if (step !== null && step.at <= now) {
      const done = await this.#o.service.change(id, { type: step.action });
      if (!done.ok) {
        // Left due at the end of its lease: tried again then, and said each time.
        this.#o.log({ tournamentId: id, step: step.action, code: done.error.code, event: 'step_refused' }, done.error.message);
        return;
      }
      this.#o.log({ tournamentId: id, version: done.value.version, event: step.action }, 'tournament event');
      if (step.action === 'start' && done.value.status === 'running') this.#started(done.value);
      return;
    }
    // Taken early, or a change since made nothing due: only the due time is put right.
    await this.#o.store.commit(t, t.version, dueAt(t, now));
  }

  /** Everyone entered is told it has started, on the browsers where they asked to be (the `tournament` kind). */
  #started(t: Tournament): void {
    const note = { kind: 'tournament' as const, params: { name: t.settings.name }, url: tournamentPagePath(t.id), tag: `tournament-${t.id}` };
    for (const unit of t.units) if (unit.withdrawnAt === null) for (const m of unit.members) void this.#o.notify(m.playerId, note);
  }

  /** A game's table: dealt with its people seated, then named in the tournament; a table dealt twice (two nodes) is taken away again. */
  async #openTable(t: Tournament, game: TournamentGame): Promise<void> {
    const seats = seating(t, game);
    if (seats === null) return;
    const opened = await this.#o.tables.open(
      seats.map((m) => ({ id: m.playerId, name: m.name })),
      t.settings.rules,
    );
    if (!opened.ok) {
      this.#o.log({ tournamentId: t.id, game: game.id, code: opened.error.code, event: 'table_refused' }, opened.error.message);
      return;
    }
    const named = await this.#o.service.change(t.id, { type: 'tableOpened', game: game.id, table: opened.value });
    if (named.ok && named.value.games.find((g) => g.id === game.id)?.table === opened.value) {
      this.#o.log({ tournamentId: t.id, game: game.id, tableId: opened.value, event: 'table' }, 'tournament event');
      // Told live, wherever they are on the site: the web client takes them to the table.
      for (const m of seats) this.#o.dealt(m.playerId, { tournamentId: t.id, tableId: opened.value });
      return;
    }
    await this.#o.tables.close(opened.value);
  }
}
