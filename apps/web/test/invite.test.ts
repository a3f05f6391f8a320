import { describe, expect, it } from 'vitest';
import { canSit, invitedTable } from '../src/lib/invite.ts';

describe('invite links', () => {
  it('finds the table in /t/<id> and nothing elsewhere', () => {
    expect(invitedTable('/t/k3v9q2m7xa')).toBe('k3v9q2m7xa');
    expect(invitedTable('/t/k3v9q2m7xa/')).toBe('k3v9q2m7xa');
    expect(invitedTable('/')).toBeNull();
    expect(invitedTable('/t/AB')).toBeNull();
    expect(invitedTable('/t/abcdef/extra')).toBeNull();
  });
});

describe('an invitation', () => {
  it('offers a seat only while the table waits with one free; a full or started table is for watching', () => {
    expect(canSit(null)).toBe(true);
    expect(canSit({ free: 1, phase: 'waiting' })).toBe(true);
    expect(canSit({ free: 0, phase: 'waiting' })).toBe(false);
    expect(canSit({ free: 1, phase: 'playing' })).toBe(false);
    expect(canSit({ free: 0, phase: 'over' })).toBe(false);
  });
});
