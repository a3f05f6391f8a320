import { describe, expect, it } from 'vitest';
import { TournamentActionSchema } from '../src/actions.ts';
import { MAX_UNITS, createTournament } from '../src/apply.ts';
import type { TournamentGameId } from '../src/ids.ts';
import { nextStep } from '../src/next-step.ts';
import { standings } from '../src/standings.ts';
import { HOST, ID, MINUTE, PARTNERS, START, T0, act, arenaSettings, created, entered, person, refused, swissSettings } from './support.ts';

function refusedSettings(settings: unknown, code: string, message?: RegExp): void {
  const out = createTournament({ id: ID, by: HOST, settings, now: T0 });
  expect(out.ok ? 'accepted' : out.error.code).toBe(code);
  if (!out.ok && message !== undefined) expect(out.error.message).toMatch(message);
}

describe('a new tournament’s settings', () => {
  it('a Swiss of 0 rounds is a typed error that names the field', () => {
    refusedSettings(swissSettings(0), 'tournament/bad_settings', /^rounds: /);
    refusedSettings(swissSettings(21), 'tournament/bad_settings', /^rounds: /);
    refusedSettings(swissSettings(2.5), 'tournament/bad_settings', /^rounds: /);
  });

  it('every other bad setting is a typed error too', () => {
    refusedSettings(arenaSettings(0), 'tournament/bad_settings', /^minutes: /);
    refusedSettings(arenaSettings(721), 'tournament/bad_settings', /^minutes: /);
    refusedSettings({ ...swissSettings(3), rounds: undefined }, 'tournament/bad_settings', /rounds/);
    refusedSettings({ ...swissSettings(3), minutes: 30 }, 'tournament/bad_settings', /minutes/);
    refusedSettings({ ...swissSettings(3), format: 'knockout' }, 'tournament/bad_settings');
    refusedSettings(swissSettings(3, { name: '   ' }), 'tournament/bad_settings', /^name: /);
    refusedSettings(swissSettings(3, { access: 'secret' as never }), 'tournament/bad_settings', /^access: /);
    refusedSettings(swissSettings(3, { startsAt: 'tomorrow' }), 'tournament/bad_settings', /^startsAt: /);
    refusedSettings(swissSettings(3, { startsAt: new Date(T0 - 2 * MINUTE).toISOString() }), 'tournament/bad_settings', /in the past/);
    refusedSettings(swissSettings(3, { startsAt: new Date(T0 + 31 * 24 * 60 * MINUTE).toISOString() }), 'tournament/bad_settings', /within 30 days/);
    refusedSettings(swissSettings(3, { rules: { players: 2, handSize: 0 } }), 'tournament/bad_settings', /^rules\.handSize: /);
    refusedSettings(null, 'tournament/bad_settings');
  });

  it('rules must seat two people, or two fixed pairs; the entry must match them', () => {
    refusedSettings(swissSettings(3, { rules: { players: 3 } }), 'tournament/not_head_to_head');
    refusedSettings(swissSettings(3, { rules: { players: 4 } }), 'tournament/not_head_to_head');
    refusedSettings(swissSettings(3, { rules: PARTNERS }), 'tournament/entry_mismatch');
    refusedSettings(swissSettings(3, { entry: 'pairs' }), 'tournament/entry_mismatch');
    expect(created(swissSettings(3, { rules: { preset: 'latin', players: 4 }, entry: 'pairs' })).settings.entry).toBe('pairs');
  });

  it('makes a tournament waiting for its start, at version 0; a start a few seconds past is taken as now', () => {
    const t = created(arenaSettings(30, { startsAt: new Date(T0 - 10_000).toISOString() }));
    expect(t).toMatchObject({ version: 0, status: 'created', createdBy: HOST, units: [], games: [], rounds: [] });
    expect(t.settings).toMatchObject({ startsAt: T0, length: { format: 'arena', minutes: 30 }, access: 'open', entry: 'individuals' });
    expect(nextStep(t, T0)).toEqual({ action: 'start', at: T0 });
  });
});

describe('bad actions are typed errors that change nothing', () => {
  const swiss = entered(created(swissSettings(2)), 3);
  const running = act(swiss, { type: 'start' }, START);
  const paired = act(running, { type: 'pair' }, START);
  const game = paired.games[0]!;

  it('entries', () => {
    refused(swiss, { type: 'join', members: [person(1)] }, T0, 'tournament/already_entered');
    refused(swiss, { type: 'join', members: [person(7), person(8)] }, T0, 'tournament/bad_entry');
    refused(swiss, { type: 'join', members: [] }, T0, 'tournament/bad_entry');
    const pairs = created(swissSettings(2, { rules: PARTNERS, entry: 'pairs' }));
    refused(pairs, { type: 'join', members: [person(1)] }, T0, 'tournament/bad_entry');
    refused(pairs, { type: 'join', members: [person(1), person(1)] }, T0, 'tournament/bad_entry');
    refused(entered(pairs, 1), { type: 'join', members: [person(3), person(2)] }, T0, 'tournament/already_entered');
    refused(swiss, { type: 'withdraw', playerId: person(9).playerId }, T0, 'tournament/not_entered');
    refused(entered(created(swissSettings(2)), MAX_UNITS), { type: 'join', members: [person(999)] }, T0, 'tournament/full');
  });

  it('pairs that enter by asking each other: an ask waits, the answer enters both, and asks that could never be answered are refused', () => {
    const pairs = created(swissSettings(2, { rules: PARTNERS, entry: 'pairs' }));
    const [ana, bea, cai] = [person(1), person(2), person(3)];
    const asked = act(pairs, { type: 'pairWith', by: ana, partner: bea.playerId }, T0);
    expect(asked.units).toEqual([]);
    expect(asked.offers).toEqual([{ from: ana, to: bea.playerId, at: T0 }]);
    // Asking someone else instead replaces the ask.
    const reAsked = act(asked, { type: 'pairWith', by: ana, partner: cai.playerId }, T0 + 1);
    expect(reAsked.offers).toEqual([{ from: ana, to: cai.playerId, at: T0 + 1 }]);
    // Bea asks Ana back: both are entered, as one pair, Ana first; no ask of either is left.
    const both = act(act(asked, { type: 'pairWith', by: cai, partner: bea.playerId }, T0), { type: 'pairWith', by: bea, partner: ana.playerId }, T0 + 2);
    expect(both.units.map((u) => u.members)).toEqual([[ana, bea]]);
    expect(both.offers).toEqual([]);
    refused(both, { type: 'pairWith', by: cai, partner: ana.playerId }, T0, 'tournament/already_entered');
    refused(both, { type: 'pairWith', by: ana, partner: cai.playerId }, T0, 'tournament/already_entered');
    refused(pairs, { type: 'pairWith', by: ana, partner: ana.playerId }, T0, 'tournament/bad_entry');
    refused(swiss, { type: 'pairWith', by: person(8), partner: person(9).playerId }, T0, 'tournament/bad_entry');
    // Started with nobody in it, it is over at once: no ask is taken any more.
    refused(act(pairs, { type: 'start' }, START), { type: 'pairWith', by: ana, partner: bea.playerId }, START, 'tournament/finished');
  });

  it('steps out of turn', () => {
    refused(swiss, { type: 'start' }, START - 1, 'tournament/too_early');
    refused(swiss, { type: 'pair' }, START, 'tournament/not_started');
    refused(swiss, { type: 'finish' }, START, 'tournament/not_started');
    refused(running, { type: 'start' }, START, 'tournament/already_started');
    refused(paired, { type: 'pair' }, START, 'tournament/round_under_way');
    refused(paired, { type: 'finish' }, START, 'tournament/not_over');
  });

  it('results', () => {
    refused(paired, { type: 'gameFinished', game: 'g99' as TournamentGameId, points: [1, 0] }, START, 'tournament/unknown_game');
    for (const points of [
      [-1, 10],
      [1.5, 10],
      [Number.NaN, 10],
      [10, 2_000_000],
    ] as const) {
      refused(paired, { type: 'gameFinished', game: game.id, points }, START, 'tournament/bad_result');
    }
    const done = act(paired, { type: 'gameFinished', game: game.id, points: [10, 0] }, START);
    refused(done, { type: 'gameFinished', game: game.id, points: [10, 0] }, START, 'tournament/game_over');
    refused(paired, { type: 'tableOpened', game: 'g99' as TournamentGameId, table: 'tbl1' }, START, 'tournament/unknown_game');
    const seated = act(paired, { type: 'tableOpened', game: game.id, table: 'tbl1' }, START);
    expect(seated.games[0]!.table).toBe('tbl1');
    refused(seated, { type: 'tableOpened', game: game.id, table: 'tbl2' }, START, 'tournament/bad_action');
  });

  it('after the last round and after the end', () => {
    let t = paired;
    t = act(t, { type: 'gameFinished', game: game.id, points: [10, 0] }, START);
    t = act(t, { type: 'pair' }, START);
    refused(t, { type: 'join', members: [person(5)] }, START, 'tournament/entries_closed');
    for (const g of t.games.filter((x) => x.result === null)) t = act(t, { type: 'gameFinished', game: g.id, points: [0, 10] }, START);
    refused(t, { type: 'pair' }, START, 'tournament/rounds_done');
    expect(nextStep(t, START)).toEqual({ action: 'finish', at: START });
    t = act(t, { type: 'finish' }, START);
    expect(nextStep(t, START)).toBeNull();
    refused(t, { type: 'finish' }, START, 'tournament/finished');
    refused(t, { type: 'withdraw', playerId: person(1).playerId }, START, 'tournament/finished');
    refused(t, { type: 'join', members: [person(5)] }, START, 'tournament/finished');
  });

  it('the action schema refuses what is not an action', () => {
    for (const bad of [
      { type: 'explode' },
      { type: 'gameFinished', game: 'g1', points: [1] },
      { type: 'join', members: [{ playerId: 'nobody', name: 'X' }] },
      { type: 'start', extra: 1 },
    ]) {
      expect(TournamentActionSchema.safeParse(bad).success).toBe(false);
    }
    expect(TournamentActionSchema.safeParse({ type: 'gameFinished', game: 'g1', points: [1, 0] }).success).toBe(true);
  });
});

describe('entries', () => {
  it('a withdrawal before the start strikes the entry out, and it may be made again', () => {
    let t = entered(created(swissSettings(2)), 3);
    t = act(t, { type: 'withdraw', playerId: person(2).playerId }, T0);
    expect(t.units.map((u) => u.id)).toEqual(['u1', 'u3']);
    t = act(t, { type: 'join', members: [person(2)] }, T0);
    expect(t.units.map((u) => u.id)).toEqual(['u1', 'u3', 'u4']);
    expect(t.version).toBe(5);
  });

  it('a Swiss takes late entries until its last round is paired; they start from nothing', () => {
    let t = act(act(entered(created(swissSettings(3)), 4), { type: 'start' }, START), { type: 'pair' }, START);
    t = act(t, { type: 'join', members: [person(5)] }, START + MINUTE);
    expect(t.games.flatMap((g) => g.units)).not.toContain('u5');
    for (const g of t.games) t = act(t, { type: 'gameFinished', game: g.id, points: [10, 0] }, START + MINUTE);
    t = act(t, { type: 'pair' }, START + MINUTE);
    expect([...t.games.slice(2).flatMap((g) => g.units), t.rounds[1]!.bye]).toContain('u5');
    expect(standings(t).find((s) => s.unit === 'u5')).toMatchObject({ played: 0, score: t.rounds[1]!.bye === 'u5' ? 2 : 0 });
  });

  it('a tournament with fewer than two entries at its start ends at once', () => {
    const t = act(entered(created(arenaSettings(30)), 1), { type: 'start' }, START);
    expect(t).toMatchObject({ status: 'finished', endReason: 'tooFewPlayers', startedAt: START, finishedAt: START });
  });
});
