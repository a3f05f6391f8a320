import { describe, expect, it } from 'vitest';
import { invitedTable } from '../src/lib/invite.ts';

describe('invite links', () => {
  it('finds the table in /t/<id> and nothing elsewhere', () => {
    expect(invitedTable('/t/k3v9q2m7xa')).toBe('k3v9q2m7xa');
    expect(invitedTable('/t/k3v9q2m7xa/')).toBe('k3v9q2m7xa');
    expect(invitedTable('/')).toBeNull();
    expect(invitedTable('/t/AB')).toBeNull();
    expect(invitedTable('/t/abcdef/extra')).toBeNull();
  });
});
