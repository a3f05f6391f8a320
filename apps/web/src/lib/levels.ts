import type { BotLevel } from '../connection/types.ts';
import { t } from '../i18n/i18n.svelte.ts';

const KEYS = { beginner: 'level.beginner', easy: 'level.easy', medium: 'level.medium', hard: 'level.hard', expert: 'level.expert' } as const satisfies Record<BotLevel, string>;

/** A computer player's level in the player's language: "medium", "medio". */
export function levelName(level: BotLevel): string {
  return t(KEYS[level]);
}
