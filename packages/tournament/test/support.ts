import type { Result } from '@fives/engine';
import type { PlayerId } from '@fives/protocol';
import { expect } from 'vitest';
import { type TournamentAction } from '../src/actions.ts';
import { apply, createTournament } from '../src/apply.ts';
import type { TournamentError } from '../src/errors.ts';
import type { TournamentId, UnitId } from '../src/ids.ts';
import type { TournamentSettingsInput } from '../src/settings.ts';
import type { Member, Tournament } from '../src/state.ts';

export const T0 = Date.parse('2026-12-05T10:00:00Z');
export const START = T0 + 3600_000;
export const MINUTE = 60_000;
export const ID = 'tour000001' as TournamentId;
export const HOST = 'p_host0000' as PlayerId;

export function person(n: number): Member {
  return { playerId: `p_player${String(n).padStart(3, '0')}` as PlayerId, name: `Player ${n}` };
}

export const HEAD_TO_HEAD = { players: 2 } as const;
export const PARTNERS = { preset: 'partners', players: 4 } as const;

export function swissSettings(rounds: number, over: Partial<TournamentSettingsInput> = {}): TournamentSettingsInput {
  return {
    name: 'Friday Swiss',
    rules: HEAD_TO_HEAD,
    format: 'swiss',
    rounds,
    startsAt: new Date(START).toISOString(),
    access: 'open',
    entry: 'individuals',
    ...over,
  } as TournamentSettingsInput;
}

export function arenaSettings(minutes: number, over: Partial<TournamentSettingsInput> = {}): TournamentSettingsInput {
  return {
    name: 'Friday Arena',
    rules: HEAD_TO_HEAD,
    format: 'arena',
    minutes,
    startsAt: new Date(START).toISOString(),
    access: 'open',
    entry: 'individuals',
    ...over,
  } as TournamentSettingsInput;
}

export function value<T>(out: Result<T, TournamentError>): T {
  if (!out.ok) throw new Error(`refused: ${out.error.code}: ${out.error.message}`);
  return out.value;
}

export function created(settings: unknown): Tournament {
  return value(createTournament({ id: ID, by: HOST, settings, now: T0 }));
}

export function act(t: Tournament, action: TournamentAction, now: number): Tournament {
  return value(apply(t, action, now));
}

/** A tournament with `n` entries: n people, or n pairs of consecutive people. */
export function entered(t: Tournament, n: number, now = T0): Tournament {
  const size = t.settings.entry === 'pairs' ? 2 : 1;
  let out = t;
  for (let i = 0; i < n; i++) {
    out = act(out, { type: 'join', members: Array.from({ length: size }, (_, k) => person(i * size + k + 1)) }, now);
  }
  return out;
}

/** The refusal `action` must get; the tournament must be left as it was (the caller keeps it). */
export function refused(t: Tournament, action: TournamentAction, now: number, code: TournamentError['code']): void {
  const before = structuredClone(t);
  const out = apply(t, action, now);
  expect(out.ok ? 'accepted' : out.error.code).toBe(code);
  expect(t).toEqual(before);
}

/** Every way to pair `units` (an even count) in twos, for checking a pairing against all the others. */
export function allMatchings<T>(units: readonly T[]): (readonly [T, T])[][] {
  if (units.length === 0) return [[]];
  const [first, ...rest] = units as [T, ...T[]];
  const out: (readonly [T, T])[][] = [];
  rest.forEach((other, i) => {
    const remaining = rest.filter((_, j) => j !== i);
    for (const m of allMatchings(remaining)) out.push([[first, other], ...m]);
  });
  return out;
}

export function pairKey(a: UnitId, b: UnitId): string {
  return a < b ? `${a}|${b}` : `${b}|${a}`;
}
