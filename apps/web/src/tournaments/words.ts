import { type RulesInput, resolveRules } from '@fives/engine';
import type { Tournament, TournamentListing } from '@fives/tournament';
import { locale, t } from '../i18n/i18n.svelte.ts';
import { presetName } from '../lib/presets.ts';

/** "Swiss · 5 rounds", "Arena · 60 minutes". */
export function lengthText(length: TournamentListing['length']): string {
  return length.format === 'swiss' ? t('tournaments.swissLength', { count: length.rounds }) : t('tournaments.arenaLength', { minutes: length.minutes });
}

/** The game a tournament plays, as the lobby names a preset. */
export function gameText(rules: RulesInput): string {
  const resolved = resolveRules(rules);
  return resolved.ok ? presetName(resolved.value.preset) : '';
}

/** A start time in the player's language, with the day. */
export function timeText(iso: string | number): string {
  return new Date(iso).toLocaleString(locale.tag, { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
}

export function statusText(status: Tournament['status']): string {
  switch (status) {
    case 'created':
      return t('tournaments.status.created');
    case 'running':
      return t('tournaments.status.running');
    case 'finished':
      return t('tournaments.status.finished');
    default:
      return status satisfies never;
  }
}

/** A unit's name in the standings: one person's, or a pair's two. */
export function unitName(t: Tournament, id: string): string {
  return (
    t.units
      .find((u) => u.id === id)
      ?.members.map((m) => m.name)
      .join(' & ') ?? id
  );
}
