import { ErrorCode } from '@fives/protocol';
import { t } from '../../i18n/i18n.svelte.ts';
import { type Api, type Guest, type KeyValueStore, UNREACHABLE, loadGuest, saveGuest } from '../guest.ts';
import { noticeOf } from '../wire.ts';
import type { Link } from './link.ts';
import type { StatePort } from './port.ts';

/** A token the server will not take again: its secrets changed, it expired unused, or its account was deleted. */
export function isVoidToken(code: string | undefined): boolean {
  return code === ErrorCode.badToken || code === ErrorCode.tokenExpired || code === ErrorCode.tokenRevoked;
}

/**
 * Who this browser's player is to the server: the guest (name and token) kept in storage, and
 * the names asked for, registered one after another, and not before the server was reached.
 */
export class Identity {
  readonly #storage: KeyValueStore | null;
  readonly #api: Api;
  readonly #link: Link;
  readonly #port: StatePort;
  #guest: Guest | null;
  /** A name asked for before the server could be reached: registered once it can. */
  #wanted: string | null = null;
  #naming: Promise<void> = Promise.resolve();
  /** The server answered a connection once: names are registered from then on. */
  #reached = false;

  constructor(storage: KeyValueStore | null, api: Api, link: Link, port: StatePort) {
    this.#storage = storage;
    this.#api = api;
    this.#link = link;
    this.#port = port;
    this.#guest = loadGuest(storage);
  }

  get guest(): Guest | null {
    return this.#guest;
  }

  /** Connected: a name asked for while the server was away is registered now. */
  reached(): void {
    this.#reached = true;
    if (this.#wanted !== null) void this.named(this.#wanted);
  }

  /** The token is void: forgotten, and a new guest made under the same name (null: there was no name to keep). */
  renew(): Promise<void> | null {
    const name = this.#guest?.name ?? null;
    this.#guest = null;
    saveGuest(this.#storage, null);
    return name === null ? null : this.named(name);
  }

  /**
   * Names one after another: a newcomer's picked name may still be on its way when they type
   * their own, and the later answer must not be the earlier name's (nor make a second guest).
   */
  named(raw: string): Promise<void> {
    this.#naming = this.#naming.then(() => this.#setName(raw));
    return this.#naming;
  }

  async #setName(raw: string): Promise<void> {
    const name = raw.trim();
    if (name === '') {
      this.#port.set({ notice: { code: ErrorCode.badName, message: t('notice.emptyName') } });
      return;
    }
    if (this.#guest?.name === name) {
      this.#port.set({ name });
      return;
    }
    if (!this.#reached) {
      // Registered once the server answers at all: no errors from a page served without one.
      this.#wanted = name;
      return;
    }
    let answer = await this.#api.guest(name, this.#guest?.token);
    if (!answer.ok && isVoidToken(answer.error.code)) answer = await this.#api.guest(name);
    if (!answer.ok) {
      if (answer.error.code === UNREACHABLE.code) this.#wanted = name;
      this.#port.set({ notice: noticeOf(answer.error) });
      return;
    }
    this.#wanted = null;
    this.#guest = { name: answer.value.player.name, token: answer.value.token };
    saveGuest(this.#storage, this.#guest);
    this.#port.set({ notice: null });
    // The socket proves who it is at the handshake: connect again with the new token. The
    // name shows once that connection is up, so nothing is sent in between and refused.
    this.#link.reconnect();
  }
}
