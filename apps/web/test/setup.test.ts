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
    expect(PRESETS.filter((p) => !mugginsPossible(p))).toEqual(['block', 'draw', 'fivesAndThrees', 'latin']);
  });

  it('offers the bonuses where the engine takes them, the Latin game, and plays it in pairs of four', () => {
    expect(PRESETS.filter((p) => bonusesPossible(p))).toEqual(['latin']);
    expect(PRESETS.filter((p) => partnersFixed(p))).toEqual(['partners', 'latin']);
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
});
