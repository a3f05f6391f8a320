import { describe, expect, it } from 'vitest';
import { tournamentPath, tournamentRoute } from '../src/tournaments/route.ts';

describe('the tournaments’ addresses', () => {
  it('reads the list and one tournament, and names a bad id rather than guess', () => {
    expect(tournamentRoute('/tournaments')).toEqual({ kind: 'list' });
    expect(tournamentRoute('/tournaments/')).toEqual({ kind: 'list' });
    expect(tournamentRoute('/tournaments/abc234def567')).toEqual({ kind: 'one', id: 'abc234def567' });
    expect(tournamentRoute('/tournaments/NOT-ONE')).toEqual({ kind: 'bad', text: 'NOT-ONE' });
    expect(tournamentRoute('/tournaments/a/b')).toBeNull();
    expect(tournamentRoute('/leaderboard')).toBeNull();
    expect(tournamentRoute(tournamentPath('abc234def567'))).toEqual({ kind: 'one', id: 'abc234def567' });
  });
});
