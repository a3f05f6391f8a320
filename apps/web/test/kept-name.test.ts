import { describe, expect, it } from 'vitest';
import type { KeyValueStore } from '../src/connection/guest.ts';
import { forgetName, keepName, keptName, startingName } from '../src/lobby/kept-name.ts';
import { pickName, pickedName } from '../src/lobby/picked-name.ts';

function memoryStore(entries: Record<string, string> = {}): KeyValueStore & { map: Map<string, string> } {
  const map = new Map(Object.entries(entries));
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) };
}

/** Storage a private window refuses: every call throws. */
const refusing: KeyValueStore = {
  getItem: () => {
    throw new Error('denied');
  },
  setItem: () => {
    throw new Error('denied');
  },
  removeItem: () => {
    throw new Error('denied');
  },
};

const GUEST = JSON.stringify({ name: 'Server Ada', token: 'a.b' });

describe("the name this browser's player keeps", () => {
  it('is kept trimmed, read back, and forgotten on signing out', () => {
    const store = memoryStore();
    expect(keptName(store)).toBeNull();
    keepName(store, '  Ada  ');
    expect(store.map.get('fives.name')).toBe('Ada');
    expect(keptName(store)).toBe('Ada');
    forgetName(store);
    expect(keptName(store)).toBeNull();
    expect(store.map.size).toBe(0);
  });

  it('is none when kept empty, when there is no storage, or when storage refuses', () => {
    expect(keptName(memoryStore({ 'fives.name': '' }))).toBeNull();
    expect(keptName(null)).toBeNull();
    expect(keptName(refusing)).toBeNull();
    expect(() => keepName(refusing, 'Ada')).not.toThrow();
    expect(() => forgetName(refusing)).not.toThrow();
    expect(() => keepName(null, 'Ada')).not.toThrow();
  });
});

describe('the name a visit starts under', () => {
  it("is the server's name first, then this browser's, and picks none", () => {
    const both = memoryStore({ 'fives.guest': GUEST, 'fives.name': 'Browser Ada' });
    expect(startingName(both, () => 0)).toEqual({ name: 'Server Ada', picked: false });
    const kept = memoryStore({ 'fives.name': 'Browser Ada' });
    expect(startingName(kept, () => 0)).toEqual({ name: 'Browser Ada', picked: false });
    expect(pickedName(both)).toBeNull();
    expect(pickedName(kept)).toBeNull();
  });

  it('is one picked for a newcomer, remembered as picked, from the random it is given', () => {
    const store = memoryStore();
    expect(startingName(store, () => 0)).toEqual({ name: pickName(() => 0), picked: true });
    expect(pickedName(store)).toBe('Panda 100');
    // Picking is not keeping: the name is kept once it is shown.
    expect(keptName(store)).toBeNull();
  });

  it('is still picked, for this visit only, when storage refuses or there is none', () => {
    expect(startingName(refusing, () => 0.999999)).toEqual({ name: 'Coyote 999', picked: true });
    expect(startingName(null, () => 0)).toEqual({ name: 'Panda 100', picked: true });
  });
});
