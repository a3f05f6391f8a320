import type { Preset } from '@fives/engine';
import { locale, t } from '../i18n/i18n.svelte.ts';
import { presetName } from '../lib/presets.ts';

/**
 * What the archive's pages write beyond the catalogue's messages: dates in the player's language
 * (the one chosen in the settings, as everywhere else in the client), a seat's name, a rules key.
 */

/** A date as the player's language writes it. */
export function dateText(iso: string): string {
  return new Date(iso).toLocaleDateString(locale.tag, { year: 'numeric', month: 'short', day: 'numeric' });
}

/** The name a seat shows: a deleted account's seats show as a deleted player. */
export function seatName(seat: { readonly name: string; readonly deleted?: true | undefined }): string {
  return seat.deleted === true ? t('archive.deletedPlayer') : seat.name;
}

/** A seat without a name of its own: "Seat 1" for seat 0. */
export function seatLabel(seat: number): string {
  return t('common.seat', { n: seat + 1 });
}

/** A rules key as the pages name it: "All Fives · 2 players". */
export function rulesName(preset: Preset, players: number): string {
  return `${presetName(preset)} · ${t('common.players', { count: players })}`;
}

/** Where a number has nothing to show (no games, no rating). */
export const NONE = '—';
