import { PRESETS } from '@fives/engine';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FORM, bonusesPossible, checkForm, mugginsPossible, partnersFixed, rulesInput } from '../src/lobby/setup.ts';

describe('the game form', () => {
  it('offers the Muggins switch exactly where ticking it gives rules the engine takes', () => {
    let checked = 0;
    for (const preset of PRESETS) {
      for (const players of [2, 3, 4] as const) {
        const form = { ...DEFAULT_FORM, preset, players };
        if (!checkForm(form).ok) continue;
        expect(checkForm({ ...form, muggins: true }).ok, `${preset}, ${players} players`).toBe(mugginsPossible(preset));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(PRESETS.length);
    // Block and Draw score nothing during a hand, so there is no count to claim.
    expect(PRESETS.filter((p) => !mugginsPossible(p))).toEqual(['block', 'draw', 'fivesAndThrees', 'latin', 'cuban']);
  });

  it('offers the bonuses where the engine takes them, the Latin game, and plays it in pairs of four', () => {
    expect(PRESETS.filter((p) => bonusesPossible(p))).toEqual(['latin', 'cuban']);
    expect(PRESETS.filter((p) => partnersFixed(p))).toEqual(['partners', 'latin', 'cuban']);
    const latin = { ...DEFAULT_FORM, preset: 'latin' as const, players: 4 as const, bonuses: true };
    expect(rulesInput(latin)).toEqual({ preset: 'latin', players: 4, bonuses: true });
    const checked = checkForm(latin);
    expect(checked.ok && checked.value).toMatchObject({ partnerships: true, bonuses: true, handSize: 7, target: 100 });
    // Ticked on another preset, the switch is not shown and says nothing.
    expect(rulesInput({ ...DEFAULT_FORM, bonuses: true })).toEqual({ preset: 'allFives', players: 2 });
    // The Latin game with two players: refused, saying why.
    const two = checkForm({ ...latin, players: 2 });
    expect(two.ok ? 'accepted' : two.error).toMatch(/played by four in two fixed pairs/);
  });

  it('sets up the Cuban game: four in pairs, ten tiles each from a double-nine set, to 100', () => {
    const cuban = { ...DEFAULT_FORM, preset: 'cuban' as const, players: 4 as const };
    expect(rulesInput(cuban)).toEqual({ preset: 'cuban', players: 4 });
    const checked = checkForm(cuban);
    expect(checked.ok && checked.value).toMatchObject({ maxPip: 9, partnerships: true, handSize: 10, target: 100 });
    const three = checkForm({ ...cuban, players: 3 });
    expect(three.ok ? 'accepted' : three.error).toMatch(/partnerships need 4 players|played by four in two fixed pairs/);
  });
});
