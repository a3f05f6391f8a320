import type { Preset } from '@fives/engine';
import { t } from '../i18n/i18n.svelte.ts';

const KEYS = {
  allFives: ['preset.allFives.name', 'preset.allFives.blurb'],
  allFives150: ['preset.allFives150.name', 'preset.allFives150.blurb'],
  muggins: ['preset.muggins.name', 'preset.muggins.blurb'],
  partners: ['preset.partners.name', 'preset.partners.blurb'],
  cribbage: ['preset.cribbage.name', 'preset.cribbage.blurb'],
  block: ['preset.block.name', 'preset.block.blurb'],
  draw: ['preset.draw.name', 'preset.draw.blurb'],
  fivesAndThrees: ['preset.fivesAndThrees.name', 'preset.fivesAndThrees.blurb'],
  latin: ['preset.latin.name', 'preset.latin.blurb'],
  cuban: ['preset.cuban.name', 'preset.cuban.blurb'],
} as const satisfies Record<Preset, readonly [string, string]>;

/** A preset's name, as the lobby and the table show it, in the player's language. */
export function presetName(preset: Preset): string {
  return t(KEYS[preset][0]);
}

/** One line about a preset: the rules summary under the lobby's choice. */
export function presetBlurb(preset: Preset): string {
  return t(KEYS[preset][1]);
}
