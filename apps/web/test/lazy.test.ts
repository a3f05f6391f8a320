import { describe, expect, it } from 'vitest';
import { LazyConnection } from '../src/connection/lazy.ts';
import { type ClientAction, type ClientState, type Connection, EMPTY_STATE } from '../src/connection/types.ts';

/** A stand-in for the practice table: records what it is sent, names itself as it is told. */
class Recorder implements Connection {
  readonly kind = 'practice' as const;
  state: ClientState = EMPTY_STATE;
  readonly sent: ClientAction[] = [];
  closed = false;
  #listeners = new Set<(s: ClientState) => void>();
  subscribe(listener: (s: ClientState) => void): () => void {
    this.#listeners.add(listener);
    listener(this.state);
    return () => this.#listeners.delete(listener);
  }
  send(action: ClientAction): void {
    this.sent.push(action);
    if (action.type === 'setName') this.state = { ...this.state, name: action.name };
    if (action.type === 'playNow') this.state = { ...this.state, sending: true };
    for (const l of this.#listeners) l(this.state);
  }
  close(): void {
    this.closed = true;
  }
}

const playNow: ClientAction = { type: 'playNow', setup: { rules: { players: 2 }, bots: 1, level: 'easy', turnSeconds: null } };

describe('LazyConnection', () => {
  it('keeps the name without loading anything, then hands it over with the first action once the module arrives', async () => {
    const real = new Recorder();
    let loads = 0;
    const lazy = new LazyConnection('practice', () => {
      loads++;
      return Promise.resolve(real);
    });
    const seen: ClientState[] = [];
    lazy.subscribe((s) => seen.push(s));
    lazy.send({ type: 'setName', name: '  Rosa  ' });
    expect(loads).toBe(0);
    expect(lazy.state.name).toBe('Rosa');
    expect(lazy.loaded).toBe(false);

    lazy.send(playNow);
    lazy.send({ type: 'nextHand' });
    await Promise.resolve();
    await Promise.resolve();
    expect(loads).toBe(1);
    expect(lazy.loaded).toBe(true);
    expect(real.sent.map((a) => a.type)).toEqual(['setName', 'playNow', 'nextHand']);
    expect(seen.at(-1)?.sending).toBe(true);
    expect(lazy.state).toBe(real.state);
    lazy.send({ type: 'leaveTable' });
    expect(real.sent.at(-1)?.type).toBe('leaveTable');
  });

  it('refuses an empty name by the practice table’s rule, before loading', () => {
    const lazy = new LazyConnection('practice', () => Promise.reject(new Error('not to be loaded')));
    lazy.send({ type: 'setName', name: '   ' });
    expect(lazy.state.name).toBeNull();
    expect(lazy.state.notice?.code).toBe('auth/invalid_name');
  });

  it('says so when the module cannot be fetched, and tries again on the next action', async () => {
    const real = new Recorder();
    let fail = true;
    const lazy = new LazyConnection('practice', () => (fail ? Promise.reject(new Error('offline')) : Promise.resolve(real)));
    lazy.send(playNow);
    await new Promise((r) => setTimeout(r, 0));
    expect(lazy.state.notice?.code).toBe('practice/unavailable');
    expect(lazy.loaded).toBe(false);
    fail = false;
    lazy.send(playNow);
    await new Promise((r) => setTimeout(r, 0));
    expect(lazy.loaded).toBe(true);
    // The action sent while the fetch failed is not played later by surprise.
    expect(real.sent.map((a) => a.type)).toEqual(['playNow']);
  });

  it('closes a connection that arrives after it was closed', async () => {
    const real = new Recorder();
    const lazy = new LazyConnection('practice', () => Promise.resolve(real));
    lazy.send(playNow);
    lazy.close();
    await new Promise((r) => setTimeout(r, 0));
    expect(real.closed).toBe(true);
    expect(real.sent).toEqual([]);
  });
});
