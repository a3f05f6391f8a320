import { type Preset, type Rules, type RulesInput, resolveRules } from '@fives/engine';
import type { BotLevel, GameSetup } from '../connection/types.ts';

/** The lobby's game form, and how it becomes a rules object the engine accepts. */
export interface SetupForm {
  players: 2 | 3 | 4;
  preset: Preset;
  level: BotLevel;
  /** Empty for the preset's own target. */
  target: number | null;
  muggins: boolean;
  partnerships: boolean;
  turnSeconds: number | null;
}

export const PRESET_INFO: Record<Preset, { name: string; blurb: string }> = {
  allFives: { name: 'All Fives', blurb: 'The classic: score every multiple of five, to 250 (2 players) or 200.' },
  allFives150: { name: 'All Fives to 150', blurb: 'Seven tiles each, highest double leads, to 150.' },
  muggins: { name: 'Muggins', blurb: 'Count it yourself: claim your score, or an opponent calls Muggins!' },
  partners: { name: 'Partners', blurb: 'Four players in two teams, sitting across from each other.' },
  cribbage: { name: 'Cribbage scoring', blurb: 'Scores kept in fives, as on a cribbage board, to 61.' },
  block: { name: 'Block', blurb: 'No spinner, no drawing: fewest pips wins the hand.' },
  draw: { name: 'Draw', blurb: 'Like Block, but draw from the boneyard when stuck.' },
};

export const DEFAULT_FORM: SetupForm = { players: 2, preset: 'allFives', level: 'normal', target: null, muggins: false, partnerships: false, turnSeconds: null };

export function rulesInput(form: SetupForm): RulesInput {
  const input: RulesInput = { preset: form.preset, players: form.players };
  if (form.target !== null) input.target = form.target;
  if (form.muggins && form.preset !== 'muggins') input.muggins = true;
  if (form.players === 4 && form.partnerships && form.preset !== 'partners') input.partnerships = true;
  return input;
}

/** The resolved rules, or what is wrong with the form in words. */
export function checkForm(form: SetupForm): { ok: true; rules: Rules } | { ok: false; message: string } {
  const r = resolveRules(rulesInput(form));
  return r.ok ? { ok: true, rules: r.value } : { ok: false, message: r.error.message.replaceAll('rules.', '') };
}

export function setupOf(form: SetupForm, bots: number): GameSetup {
  return { rules: rulesInput(form), bots, level: form.level, turnSeconds: form.turnSeconds };
}
