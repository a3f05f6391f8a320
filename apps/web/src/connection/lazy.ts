import type { GameRecord } from '@fives/engine';
import { practiceName } from './practice-name.ts';
import { type ClientAction, type ClientState, type Connection, EMPTY_STATE } from './types.ts';

/**
 * A connection whose real implementation is loaded the first time it is used: the practice table
 * (engine, computer players and all) is a chunk of its own, fetched when the player starts a
 * practice game, so the first page does not carry it. Until then the player's name is kept here
 * (by the practice table's own rule) and handed over, with any action sent meanwhile, once the
 * module has arrived. A chunk that cannot be fetched (offline, no service worker yet) leaves a
 * notice and is tried again on the next action.
 */
export class LazyConnection implements Connection {
  readonly kind: Connection['kind'];
  #state: ClientState = EMPTY_STATE;
  #listeners = new Set<(s: ClientState) => void>();
  #real: Connection | null = null;
  #loading = false;
  #closed = false;
  #name: string | null = null;
  #queued: ClientAction[] = [];
  readonly #load: () => Promise<Connection>;

  constructor(kind: Connection['kind'], load: () => Promise<Connection>) {
    this.kind = kind;
    this.#load = load;
  }

  get state(): ClientState {
    return this.#real?.state ?? this.#state;
  }

  /** Whether the real connection has arrived (tests and the app shell's loading state). */
  get loaded(): boolean {
    return this.#real !== null;
  }

  subscribe(listener: (s: ClientState) => void): () => void {
    this.#listeners.add(listener);
    listener(this.state);
    return () => this.#listeners.delete(listener);
  }

  send(action: ClientAction): void {
    if (this.#real !== null) return this.#real.send(action);
    if (action.type === 'setName') {
      const rule = practiceName(action.name);
      if ('refused' in rule) return this.#set({ ...this.#state, notice: rule.refused });
      this.#name = action.name;
      return this.#set({ ...this.#state, name: rule.name, notice: null });
    }
    this.#queued.push(action);
    void this.#start();
  }

  currentGame(): GameRecord | null {
    return this.#real?.currentGame?.() ?? null;
  }

  /** Fetches the real connection now, before any action (a practice game kept in the browser comes back on load). */
  preload(): void {
    void this.#start();
  }

  close(): void {
    this.#closed = true;
    this.#real?.close();
    this.#listeners.clear();
  }

  async #start(): Promise<void> {
    if (this.#loading) return;
    this.#loading = true;
    let real: Connection;
    try {
      real = await this.#load();
    } catch {
      this.#loading = false;
      this.#queued = [];
      this.#set({ ...this.#state, notice: { code: 'practice/unavailable', message: 'Practice could not be loaded. Check the connection and try again.' } });
      return;
    }
    if (this.#closed) {
      real.close();
      return;
    }
    if (this.#name !== null) real.send({ type: 'setName', name: this.#name });
    this.#real = real;
    // The real connection calls back at once with its state, and on every change after.
    real.subscribe((s) => {
      for (const l of this.#listeners) l(s);
    });
    const queued = this.#queued;
    this.#queued = [];
    for (const action of queued) real.send(action);
  }

  #set(state: ClientState): void {
    this.#state = state;
    for (const l of this.#listeners) l(state);
  }
}
