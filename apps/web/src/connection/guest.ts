import type { Result } from '@fives/engine';
import type { CreateTableRequest, CreateTableResponse, GuestResponse, Problem, TableSummary } from '@fives/protocol';
import { t } from '../i18n/i18n.svelte.ts';
import type { Notice } from './types.ts';

/**
 * Who this browser is to the server: a guest's name and the signed token that proves which
 * seats are theirs, kept in local storage so a reload, a lost network or a new tab comes back
 * as the same player.
 */
export interface Guest {
  readonly name: string;
  readonly token: string;
}

/** The part of `Storage` used here; `localStorage` fits, and tests pass a Map-backed one. */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

const GUEST_KEY = 'fives.guest';

export function loadGuest(store: KeyValueStore | null): Guest | null {
  try {
    const raw = store?.getItem(GUEST_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { name, token } = parsed as Record<string, unknown>;
    return typeof name === 'string' && typeof token === 'string' && name !== '' && token !== '' ? { name, token } : null;
  } catch {
    // Storage refused (a private window) or garbled: a new guest, then.
    return null;
  }
}

export function saveGuest(store: KeyValueStore | null, guest: Guest | null): void {
  try {
    if (guest === null) store?.removeItem(GUEST_KEY);
    else store?.setItem(GUEST_KEY, JSON.stringify(guest));
  } catch {
    // Kept for this page only.
  }
}

/** The server's HTTP API (`docs/protocol.md`): guests and tables. */
export class Api {
  readonly #origin: string;
  readonly #fetch: typeof fetch;

  constructor(origin: string, fetcher: typeof fetch = globalThis.fetch.bind(globalThis)) {
    this.#origin = origin.replace(/\/+$/, '');
    this.#fetch = fetcher;
  }

  /** A token for `name`; with an earlier token, the same player under the new name. */
  guest(name: string, token?: string): Promise<Result<GuestResponse, Notice>> {
    return this.#post<GuestResponse>('/api/guests', token === undefined ? { name } : { name, token });
  }

  createTable(token: string, body: CreateTableRequest): Promise<Result<CreateTableResponse, Notice>> {
    return this.#post<CreateTableResponse>('/api/tables', body, token);
  }

  /** A table's public summary (`GET /api/tables/:id`): its phase and game, to see whether a game left is still on. */
  table(id: string): Promise<Result<TableSummary, Notice>> {
    return this.#send<TableSummary>(`/api/tables/${encodeURIComponent(id)}`, { method: 'GET' });
  }

  #post<T>(path: string, body: unknown, token?: string): Promise<Result<T, Notice>> {
    return this.#send<T>(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) },
      body: JSON.stringify(body),
    });
  }

  async #send<T>(path: string, init: RequestInit): Promise<Result<T, Notice>> {
    let res: Response;
    try {
      res = await this.#fetch(`${this.#origin}${path}`, init);
    } catch {
      return { ok: false, error: UNREACHABLE };
    }
    let json: unknown = null;
    try {
      json = await res.json();
    } catch {
      // Not JSON: a proxy's error page, say. Reported by status below.
    }
    if (res.ok && json !== null) return { ok: true, value: json as T };
    const problem = (json as { error?: Problem } | null)?.error;
    return {
      ok: false,
      error: problem ? { code: problem.code, message: problem.message } : { code: 'server/unreachable', message: t('notice.httpStatus', { status: String(res.status) }) },
    };
  }
}

export const UNREACHABLE: Notice = {
  code: 'server/unreachable',
  // Read when said, in the player's language at that moment.
  get message(): string {
    return t('notice.unreachable');
  },
};
