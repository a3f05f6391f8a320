import type { ClientState } from './types.ts';

/**
 * What every connection does the same way, whatever carries its table: it holds the client
 * state, hands each new one to its listeners (the Svelte store contract) and forgets them when
 * closed. The online and practice connections differ only in where the state comes from.
 */
export abstract class StateConnection {
  #state: ClientState;
  readonly #listeners = new Set<(s: ClientState) => void>();

  protected constructor(initial: ClientState) {
    this.#state = initial;
  }

  get state(): ClientState {
    return this.#state;
  }

  subscribe(listener: (s: ClientState) => void): () => void {
    this.#listeners.add(listener);
    listener(this.#state);
    return () => this.#listeners.delete(listener);
  }

  protected set(patch: Partial<ClientState>): void {
    this.#state = { ...this.#state, ...patch };
    for (const l of this.#listeners) l(this.#state);
  }

  protected forgetListeners(): void {
    this.#listeners.clear();
  }
}

/** The end of an exhaustive switch over the client's actions. */
export function assertNever(x: never): never {
  throw new Error(`unexpected action ${JSON.stringify(x)}`);
}
