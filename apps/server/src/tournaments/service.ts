import { type Result, ok } from '@fives/engine';
import { type ArchivedGame, ErrorCode, type PlayerId, type Problem, type TableId } from '@fives/protocol';
import { type Tournament, type TournamentAction, type TournamentId, apply, createTournament, nextStep } from '@fives/tournament';
import type { Player } from '../identity/token.ts';
import { refuse } from '../tables/problems.ts';
import type { TournamentStore } from './store.ts';

/** How many times a change is decided again on a newer version before the request is told the server is busy. */
const ATTEMPTS = 8;
/** The most tournaments the list gives. */
export const LISTED = 50;

export interface TournamentServiceOptions {
  readonly store: TournamentStore;
  readonly now: () => number;
  readonly newId: () => TournamentId;
  readonly log: (event: Record<string, unknown>, message: string) => void;
}

/**
 * Tournaments run around their store, as tables are around theirs: load, decide with the pure
 * `@fives/tournament`, commit on the version loaded (deciding again on a newer one when another
 * change got there first). People's changes come from the routes, a game's result from its
 * table's archive job (`gameArchived`), and the tournament's own steps from `TournamentRunner`.
 */
export class TournamentService {
  readonly #o: TournamentServiceOptions;

  constructor(options: TournamentServiceOptions) {
    this.#o = options;
  }

  async create(by: Player, settings: unknown): Promise<Result<Tournament, Problem>> {
    const now = this.#o.now();
    const made = createTournament({ id: this.#o.newId(), by: by.id, settings, now });
    if (!made.ok) return made;
    await this.#o.store.create(made.value, dueAt(made.value, now));
    this.#o.log({ tournamentId: made.value.id, by: by.id, event: 'created' }, 'tournament event');
    return made;
  }

  get(id: TournamentId): Promise<Tournament | null> {
    return this.#o.store.get(id);
  }

  listed(): Promise<Tournament[]> {
    return this.#o.store.listed(LISTED);
  }

  join(id: TournamentId, player: Player): Promise<Result<Tournament, Problem>> {
    return this.change(id, { type: 'join', members: [{ playerId: player.id, name: player.name }] });
  }

  /** In a tournament of pairs: asks `partner` to enter with `player`, or enters both if `partner` asked first. */
  pairWith(id: TournamentId, player: Player, partner: PlayerId): Promise<Result<Tournament, Problem>> {
    return this.change(id, { type: 'pairWith', by: { playerId: player.id, name: player.name }, partner });
  }

  withdraw(id: TournamentId, player: PlayerId): Promise<Result<Tournament, Problem>> {
    return this.change(id, { type: 'withdraw', playerId: player });
  }

  /**
   * A finished game went to the archive: if a tournament game was played at its table, its result
   * counts (once: a job run twice is refused `tournament/game_over` the second time).
   */
  async gameArchived(game: ArchivedGame): Promise<void> {
    const at = await this.#o.store.byTable(game.tableId);
    if (at === null || game.game !== 1) return;
    const [first, second] = game.seats;
    if (first === undefined || second === undefined) return;
    // Seating puts the game's first unit at seat 0 (and 2), the second at seat 1 (and 3); a seat's score is its side's.
    const done = await this.change(at.tournament, { type: 'gameFinished', game: at.game, points: [Math.max(0, first.score), Math.max(0, second.score)] });
    if (!done.ok && done.error.code !== ErrorCode.tournamentGameOver) {
      this.#o.log({ tournamentId: at.tournament, game: at.game, code: done.error.code, event: 'result_refused' }, done.error.message);
    }
  }

  /**
   * A person left their table in the middle of a game: at a tournament's table that is leaving the
   * tournament (rules.md, "Entries and withdrawals"): withdrawn for good, the game forfeited.
   */
  async leftGame(tableId: TableId, player: PlayerId): Promise<void> {
    const at = await this.#o.store.byTable(tableId);
    if (at === null) return;
    const t = await this.#o.store.get(at.tournament);
    if (t?.games.find((g) => g.id === at.game)?.result !== null) return;
    const out = await this.change(at.tournament, { type: 'withdraw', playerId: player });
    this.#o.log({ tournamentId: at.tournament, player, event: out.ok ? 'withdrawn' : 'withdraw_refused' }, out.ok ? 'tournament event' : out.error.message);
  }

  /** `action` on the tournament as stored now, committed on the version it was decided on; decided again on a newer one (a few times). */
  async change(id: TournamentId, action: TournamentAction): Promise<Result<Tournament, Problem>> {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const t = await this.#o.store.get(id);
      if (t === null) return refuse(ErrorCode.tournamentNotFound, `no tournament ${id}`);
      const now = this.#o.now();
      const next = apply(t, action, now);
      if (!next.ok) return next;
      if (await this.#o.store.commit(next.value, t.version, dueAt(next.value, now))) return ok(next.value);
    }
    return refuse(ErrorCode.busy, 'the tournament changed too often at once: try again');
  }
}

/** When the runner next has something to do: at once for a game without its table, else the tournament's next step. */
export function dueAt(t: Tournament, now: number): number | null {
  if (t.games.some((g) => g.table === null && g.result === null)) return now;
  return nextStep(t, now)?.at ?? null;
}
