import {
  type ArchivedGame,
  ArchivedGameSchema,
  type Leaderboard,
  LeaderboardSchema,
  type PlayerGames,
  PlayerGamesSchema,
  type PlayerProfile,
  PlayerProfileSchema,
  type RatingHistory,
  RatingHistorySchema,
  archivePaths,
} from '@fives/protocol';
import type { z } from 'zod';

/** The archive's HTTP API (docs/protocol.md#the-archive), each answer checked against the contract's schemas. */
export type Fetched<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly status: number | null; readonly code: string | null; readonly message: string };

export class ArchiveApi {
  readonly #origin: string;
  readonly #fetch: typeof fetch;

  constructor(origin: string, fetcher: typeof fetch = globalThis.fetch.bind(globalThis)) {
    this.#origin = origin.replace(/\/+$/, '');
    this.#fetch = fetcher;
  }

  game(id: string): Promise<Fetched<ArchivedGame>> {
    return this.#get(archivePaths.game(id), ArchivedGameSchema);
  }

  player(id: string): Promise<Fetched<PlayerProfile>> {
    return this.#get(archivePaths.player(id), PlayerProfileSchema);
  }

  games(id: string, before: string | null, limit: number): Promise<Fetched<PlayerGames>> {
    return this.#get(archivePaths.playerGames(id, { before, limit }), PlayerGamesSchema);
  }

  ratings(id: string): Promise<Fetched<RatingHistory>> {
    return this.#get(archivePaths.playerRatings(id), RatingHistorySchema);
  }

  leaderboard(preset: string, players: number, limit?: number): Promise<Fetched<Leaderboard>> {
    return this.#get(archivePaths.leaderboard({ preset, players, ...(limit === undefined ? {} : { limit }) }), LeaderboardSchema);
  }

  async #get<S extends z.ZodType>(path: string, schema: S): Promise<Fetched<z.output<S>>> {
    let res: Response;
    try {
      res = await this.#fetch(`${this.#origin}${path}`, { headers: { accept: 'application/json' } });
    } catch {
      return { ok: false, status: null, code: null, message: 'unreachable' };
    }
    let json: unknown = null;
    try {
      json = await res.json();
    } catch {
      // Not JSON (a proxy's error page): reported by its status below.
    }
    if (!res.ok) {
      const error = (json as { error?: { code?: unknown; message?: unknown } } | null)?.error;
      return {
        ok: false,
        status: res.status,
        code: typeof error?.code === 'string' ? error.code : null,
        message: typeof error?.message === 'string' ? error.message : res.statusText,
      };
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return { ok: false, status: res.status, code: null, message: `unexpected answer at ${(issue?.path ?? []).join('.')}: ${issue?.message ?? ''}` };
    }
    return { ok: true, value: parsed.data };
  }
}
