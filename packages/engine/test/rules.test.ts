import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { PRESETS, type Rules, resolveRules } from '../src/index.ts';

function rules(input: unknown): Rules {
  const r = resolveRules(input);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

function problem(input: unknown): string {
  const r = resolveRules(input);
  if (r.ok) throw new Error(`accepted: ${JSON.stringify(input)}`);
  return r.error.message;
}

describe('presets (docs/rules.md#the-rules-object)', () => {
  it.each([
    [
      { preset: 'allFives', players: 2 },
      { handSize: 9, target: 250, firstLeader: 'random', nextLeader: 'winner', blockedScoring: 'others' },
    ],
    [
      { preset: 'allFives', players: 3 },
      { handSize: 7, target: 200 },
    ],
    [
      { preset: 'allFives', players: 4 },
      { handSize: 5, target: 200, partnerships: false },
    ],
    [
      { preset: 'allFives150', players: 3 },
      { handSize: 7, target: 150, firstLeader: 'highestDouble', blockedScoring: 'othersMinusOwn', muggins: false },
    ],
    [
      { preset: 'muggins', players: 2 },
      { handSize: 7, target: 150, firstLeader: 'highestDouble', blockedScoring: 'othersMinusOwn', muggins: true },
    ],
    [
      { preset: 'partners', players: 4 },
      { handSize: 5, target: 200, partnerships: true },
    ],
    [
      { preset: 'cribbage', players: 2 },
      { handSize: 9, target: 61, scoreUnit: 'fives' },
    ],
    [
      { preset: 'cribbage', players: 4 },
      { handSize: 5, target: 61, scoreUnit: 'fives' },
    ],
    [
      { preset: 'block', players: 2 },
      { variant: 'block', handSize: 7, target: 100 },
    ],
    [
      { preset: 'block', players: 3 },
      { variant: 'block', handSize: 7, target: 61 },
    ],
    [
      { preset: 'draw', players: 4 },
      { variant: 'draw', handSize: 7, target: 61 },
    ],
    [
      { preset: 'draw', players: 4, partnerships: true },
      { variant: 'draw', target: 100, partnerships: true },
    ],
    [
      { preset: 'fivesAndThrees', players: 2 },
      { variant: 'fivesAndThrees', handSize: 7, target: 61, firstLeader: 'random', nextLeader: 'nextSeat', scoreUnit: 'points', muggins: false },
    ],
    [
      { preset: 'fivesAndThrees', players: 3 },
      { variant: 'fivesAndThrees', handSize: 5, target: 61 },
    ],
    [
      { preset: 'fivesAndThrees', players: 4, partnerships: true },
      { variant: 'fivesAndThrees', handSize: 5, target: 61, partnerships: true },
    ],
    [
      { preset: 'latin', players: 4 },
      { variant: 'latin', handSize: 7, target: 100, firstLeader: 'highestDouble', nextLeader: 'winner', partnerships: true, bonuses: false, muggins: false },
    ],
    [
      { preset: 'latin', players: 4, target: 200, bonuses: true },
      { variant: 'latin', handSize: 7, target: 200, partnerships: true, bonuses: true },
    ],
    [
      { preset: 'cuban', players: 4 },
      { variant: 'latin', maxPip: 9, handSize: 10, target: 100, firstLeader: 'highestDouble', nextLeader: 'winner', partnerships: true, bonuses: false, muggins: false },
    ],
    [
      { preset: 'cuban', players: 4, target: 200, bonuses: true, firstLeader: 'random' },
      { variant: 'latin', maxPip: 9, handSize: 10, target: 200, firstLeader: 'random', partnerships: true, bonuses: true },
    ],
    [{ players: 2 }, { preset: 'allFives', variant: 'allFives', spinnerOpens: 'afterBothSides', scoreUnit: 'points', bonuses: false }],
  ])('%j', (input, expected) => {
    expect(rules(input)).toMatchObject(expected);
  });
});

describe('each option on its own, on top of a preset', () => {
  it.each([
    [{ handSize: 6 }, 'handSize', 6],
    [{ target: 300 }, 'target', 300],
    [{ firstLeader: 'highestDouble' }, 'firstLeader', 'highestDouble'],
    [{ nextLeader: 'nextSeat' }, 'nextLeader', 'nextSeat'],
    [{ nextLeader: 'highestDouble' }, 'nextLeader', 'highestDouble'],
    [{ blockedScoring: 'othersMinusOwn' }, 'blockedScoring', 'othersMinusOwn'],
    [{ spinnerOpens: 'immediately' }, 'spinnerOpens', 'immediately'],
    [{ scoreUnit: 'fives' }, 'scoreUnit', 'fives'],
    [{ muggins: true }, 'muggins', true],
    [{ variant: 'draw' }, 'variant', 'draw'],
  ])('%j', (option, key, value) => {
    const r = rules({ preset: 'allFives', players: 2, ...option });
    expect(r[key as keyof Rules]).toBe(value);
    // Everything else stays as the preset has it.
    const base = rules({ preset: 'allFives', players: 2 });
    for (const k of Object.keys(base) as (keyof Rules)[]) {
      if (k !== key && k !== 'target' && k !== 'handSize') expect(r[k]).toBe(base[k]);
    }
  });

  it('a target given with fives is in fives; without one, fives play to 61', () => {
    expect(rules({ players: 2, scoreUnit: 'fives' }).target).toBe(61);
    expect(rules({ players: 2, scoreUnit: 'fives', target: 50 }).target).toBe(50);
  });

  it('a double-nine set only in the Cuban game: every other rules object is as it was, with no maxPip', () => {
    for (const preset of PRESETS) {
      const r = rules({ preset, players: 4 });
      expect('maxPip' in r).toBe(preset === 'cuban');
    }
  });

  it('partnerships on plain All Fives', () => {
    expect(rules({ players: 4, partnerships: true })).toMatchObject({ partnerships: true, handSize: 5, target: 200 });
  });
});

describe('rules that are refused, with a message that says why', () => {
  it.each([
    [{ players: 2, colour: 'red' }, /Unrecognized key.*colour/],
    [{ preset: 'allFours', players: 2 }, /rules\.preset/],
    [{ players: 5 }, /players must be 2, 3 or 4/],
    [{ preset: 'allFives' }, /players/],
    [{ players: 2, handSize: 0 }, /rules\.handSize/],
    [{ players: 2, handSize: 2.5 }, /rules\.handSize/],
    [{ players: 4, handSize: 8 }, /4 hands of 8 tiles need 32 tiles/],
    [{ players: 2, partnerships: true }, /partnerships need 4 players, not 2/],
    [{ preset: 'partners', players: 3 }, /rules\.preset: partnerships need 4 players/],
    [{ preset: 'block', players: 2, muggins: true }, /muggins needs All Fives scoring/],
    [{ preset: 'muggins', players: 2, variant: 'draw' }, /rules\.preset: muggins needs All Fives scoring/],
    [{ preset: 'draw', players: 2, scoreUnit: 'fives' }, /scoreUnit 'fives' exists for All Fives only/],
    [{ preset: 'block', players: 2, spinnerOpens: 'immediately' }, /has no spinner/],
    [{ preset: 'draw', players: 2, blockedScoring: 'others' }, /blockedScoring cannot apply/],
    [{ preset: 'fivesAndThrees', players: 2, muggins: true }, /muggins needs All Fives scoring; variant 'fivesAndThrees' scores threes as well as fives/],
    [{ preset: 'fivesAndThrees', players: 2, scoreUnit: 'fives' }, /scoreUnit 'fives' exists for All Fives only/],
    [{ preset: 'fivesAndThrees', players: 2, blockedScoring: 'others' }, /scores one point for going out and nothing for a blocked hand; blockedScoring cannot apply/],
    [{ preset: 'fivesAndThrees', players: 2, spinnerOpens: 'immediately' }, /has no spinner/],
    [{ preset: 'latin', players: 2 }, /rules\.players: variant 'latin' is played by four in two fixed pairs, seven tiles each: not 2 players/],
    [{ preset: 'latin', players: 3 }, /not 3 players/],
    [{ preset: 'latin', players: 4, partnerships: false }, /rules\.partnerships: .*partnerships cannot be turned off/],
    [{ preset: 'latin', players: 4, handSize: 6 }, /rules\.handSize: .*not 6 tiles, which would leave some out/],
    [{ preset: 'latin', players: 4, handSize: 8 }, /4 hands of 8 tiles need 32 tiles/],
    [{ preset: 'latin', players: 4, blockedScoring: 'others' }, /gives every pip left to the pair that won the hand; blockedScoring cannot apply/],
    [{ preset: 'latin', players: 4, muggins: true }, /muggins needs All Fives scoring/],
    [{ preset: 'latin', players: 4, bonuses: 'yes' }, /rules\.bonuses: expected true or false/],
    [{ preset: 'partners', players: 4, bonuses: true }, /rules\.bonuses: the capicúa and pase bonuses belong to the Latin game/],
    [{ preset: 'block', players: 4, variant: 'latin' }, /partnerships cannot be turned off/],
    [{ preset: 'cuban', players: 2 }, /rules\.players: variant 'latin' is played by four in two fixed pairs, ten tiles each from a double-nine set: not 2 players/],
    [{ preset: 'cuban', players: 3 }, /rules\.preset: partnerships need 4 players, not 3/],
    [{ preset: 'cuban', players: 4, partnerships: false }, /rules\.partnerships: .*partnerships cannot be turned off/],
    [{ preset: 'cuban', players: 4, handSize: 7 }, /rules\.handSize: .*ten tiles each from a double-nine set: not 7 tiles, which is not the Cuban game/],
    [{ preset: 'cuban', players: 4, handSize: 11 }, /rules\.handSize: .*not 11 tiles/],
    [{ preset: 'cuban', players: 4, handSize: 14 }, /4 hands of 14 tiles need 56 tiles; the set has 55/],
    [{ preset: 'cuban', players: 4, variant: 'allFives' }, /rules\.variant: preset 'cuban' is the latin game on a double-nine set; variant 'allFives' is not played on it/],
    [{ preset: 'cuban', players: 4, variant: 'draw' }, /variant 'draw' is not played on it/],
    [{ preset: 'cuban', players: 4, blockedScoring: 'others' }, /blockedScoring cannot apply/],
    [{ preset: 'cuban', players: 4, muggins: true }, /muggins needs All Fives scoring/],
    [{ preset: 'cuban', players: 4, scoreUnit: 'fives' }, /scoreUnit 'fives' exists for All Fives only/],
    [{ players: 2, target: -5 }, /rules\.target/],
    [{ players: 2, muggins: 'yes' }, /rules\.muggins/],
    ['allFives', /rules/],
  ])('%j', (input, message) => {
    expect(problem(input)).toMatch(message);
  });

  it('names every problem at once', () => {
    expect(problem({ preset: 'block', players: 2, muggins: true, scoreUnit: 'fives' })).toMatch(/muggins.*;.*scoreUnit/);
  });
});

describe('the presets in the docs', () => {
  it("README's preset table and docs/rules.md's list every preset, once", () => {
    const read = (path: string): string => readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8');
    const rows = (text: string, heading: string): string[] => {
      const section = text.slice(text.indexOf(heading));
      return Array.from(section.slice(0, section.indexOf('\n\n', section.indexOf('| preset'))).matchAll(/^\| `([A-Za-z0-9]+)`/gm), (m) => m[1] as string);
    };
    expect(rows(read('README.md'), '## The games')).toEqual([...PRESETS]);
    expect(rows(read('docs/rules.md'), '## The rules object')).toEqual([...PRESETS]);
  });
});
