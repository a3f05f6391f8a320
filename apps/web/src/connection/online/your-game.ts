import type { TableState } from '@fives/protocol';
import { type Api, type KeyValueStore, UNREACHABLE } from '../guest.ts';
import { tableId } from '../types.ts';
import type { StatePort } from './port.ts';

/** Where the game under way this browser's player sits at is remembered, to offer the way back from the lobby. */
const GAME_KEY = 'fives.game';

interface KeptGame {
  readonly id: string;
  readonly code: string | null;
  readonly game: number;
}

/**
 * The game under way this player sits at, remembered in storage: its seat stays theirs until it
 * ends (a computer stands in), so the lobby offers the way back while it is on.
 */
export class YourGame {
  readonly #storage: KeyValueStore | null;
  readonly #api: Api;
  readonly #port: StatePort;

  constructor(storage: KeyValueStore | null, api: Api, port: StatePort) {
    this.#storage = storage;
    this.#api = api;
    this.#port = port;
  }

  /** Remembers the game under way this player sits at (forgets it once it is over). */
  keep(s: TableState): void {
    if (s.seat === null) return;
    try {
      if (s.table.phase === 'playing') this.#storage?.setItem(GAME_KEY, JSON.stringify({ id: s.tableId, code: s.table.code, game: s.table.game } satisfies KeptGame));
      else if (this.#kept()?.id === s.tableId) this.#storage?.removeItem(GAME_KEY);
    } catch {
      // Not kept: the lobby just will not offer the way back.
    }
  }

  /**
   * Whether the game remembered is still under way: then the lobby offers to go back; once it is
   * over, forgotten. `inLobby` says, once the server answers, whether the lobby still shows.
   */
  async lookUp(inLobby: () => boolean): Promise<void> {
    const kept = this.#kept();
    if (kept === null) {
      this.#port.set({ yourGame: null });
      return;
    }
    const answer = await this.#api.table(kept.id);
    if (!inLobby()) return;
    if (answer.ok && answer.value.phase === 'playing' && answer.value.game === kept.game) {
      this.#port.set({ yourGame: { id: tableId(kept.id), code: kept.code } });
      return;
    }
    // Unreachable says nothing about the game: asked again on the next connection.
    if (!answer.ok && answer.error.code === UNREACHABLE.code) return;
    try {
      this.#storage?.removeItem(GAME_KEY);
    } catch {
      // Nothing kept to forget.
    }
    this.#port.set({ yourGame: null });
  }

  #kept(): KeptGame | null {
    try {
      const raw = this.#storage?.getItem(GAME_KEY);
      const kept: unknown = raw ? JSON.parse(raw) : null;
      if (typeof kept !== 'object' || kept === null) return null;
      const { id, code, game } = kept as Record<string, unknown>;
      return typeof id === 'string' && (typeof code === 'string' || code === null) && typeof game === 'number' ? { id, code, game } : null;
    } catch {
      return null;
    }
  }
}
