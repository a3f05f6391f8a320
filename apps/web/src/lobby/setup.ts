import { type Preset, type Result, type Rules, type RulesInput, resolveRules } from '@fives/engine';
import type { BotLevel, GameSetup } from '../connection/types.ts';

export { presetBlurb, presetName } from '../lib/presets.ts';

/** The lobby's game form, and how it becomes a rules object the engine accepts. */
export interface SetupForm {
  players: 2 | 3 | 4;
  preset: Preset;
  level: BotLevel;
  /** Empty for the preset's own target. */
  target: number | null;
  muggins: boolean;
  partnerships: boolean;
  /** The Latin game's capicúa and pase bonuses; ignored where the preset has none. */
  bonuses: boolean;
  turnSeconds: number | null;
}

export const DEFAULT_FORM: SetupForm = {
  players: 2,
  preset: 'allFives',
  level: 'medium',
  target: null,
  muggins: false,
  partnerships: false,
  bonuses: false,
  turnSeconds: null,
};

export function rulesInput(form: SetupForm): RulesInput {
  const input: RulesInput = { preset: form.preset, players: form.players };
  if (form.target !== null) input.target = form.target;
  if (form.muggins && form.preset !== 'muggins') input.muggins = true;
  if (form.players === 4 && form.partnerships && !partnersFixed(form.preset)) input.partnerships = true;
  if (form.bonuses && bonusesPossible(form.preset)) input.bonuses = true;
  return input;
}

/** Whether the preset plays in pairs whatever the form says (partners, the Latin game). */
export function partnersFixed(preset: Preset): boolean {
  const r = resolveRules({ preset, players: 4 });
  return r.ok && r.value.partnerships;
}

/** Whether the capicúa and pase bonuses can go on top of a preset (the Latin game's). */
export function bonusesPossible(preset: Preset): boolean {
  return resolveRules({ preset, players: 4, bonuses: true }).ok;
}

/** The resolved rules, or what is wrong with the form in words. */
export function checkForm(form: SetupForm): Result<Rules, string> {
  const r = resolveRules(rulesInput(form));
  return r.ok ? r : { ok: false, error: r.error.message.replaceAll('rules.', '') };
}

/**
 * Whether Muggins can go on top of a preset: the engine takes it only in games that score during
 * play. Asked at every table size, so that a mistake elsewhere in the form does not grey it out.
 */
export function mugginsPossible(preset: Preset): boolean {
  return ([2, 3, 4] as const).some((players) => resolveRules({ preset, players, muggins: true }).ok);
}

export function setupOf(form: SetupForm, bots: number): GameSetup {
  return { rules: rulesInput(form), bots, level: form.level, turnSeconds: form.turnSeconds };
}
