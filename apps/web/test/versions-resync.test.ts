import type { TableState } from '@fives/protocol';
import { TableVersions } from '@fives/protocol/client';
import { describe, expect, it } from 'vitest';

/** Only what version tracking reads of a state. */
function state(version: number, tableId = 't1'): TableState {
  return { tableId, version } as TableState;
}

/**
 * The online connection's rule for a lower version (`online/following.ts`, `state`): a failover can lose
 * the last versions a client saw, and the table goes on from an earlier one. The client asks
 * for the table afresh once, and applies the answer whatever its version.
 */
describe('a lower version than the one applied', () => {
  it('is not applied, and asks once for the table afresh, whose answer applies whatever its version', () => {
    const v = new TableVersions();
    expect(v.observe(state(5))).toBe('newer');
    expect(v.observe(state(7))).toBe('newer');
    // The store went back to 4: this client saw 7.
    expect(v.observe(state(4))).toBe('older');
    expect(v.resync('t1')).toBe(true);
    // One resync at a time: another older state meanwhile asks nothing more.
    expect(v.resync('t1')).toBe(false);
    // The join's answer: the stored table, lower than what was seen, applied.
    expect(v.observe(state(4))).toBe('newer');
    expect(v.applied('t1')).toBe(4);
    // From there on, as usual: the next versions apply, a repeat is the same.
    expect(v.observe(state(8))).toBe('newer');
    expect(v.observe(state(8))).toBe('same');
    // And a later loss resyncs again.
    expect(v.observe(state(6))).toBe('older');
    expect(v.resync('t1')).toBe(true);
  });

  it('is one table’s business: the others keep their versions', () => {
    const v = new TableVersions();
    v.observe(state(3, 'a'));
    v.observe(state(9, 'b'));
    expect(v.observe(state(2, 'a'))).toBe('older');
    expect(v.resync('a')).toBe(true);
    expect(v.applied('a')).toBe(-1);
    expect(v.applied('b')).toBe(9);
    expect(v.observe(state(8, 'b'))).toBe('older');
  });
});
