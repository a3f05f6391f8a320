import { PRESETS } from '@fives/engine';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FORM, checkForm, mugginsPossible } from '../src/lobby/setup.ts';

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
    expect(PRESETS.filter((p) => !mugginsPossible(p))).toEqual(['block', 'draw', 'fivesAndThrees']);
  });
});
