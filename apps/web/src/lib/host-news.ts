import { t } from '../i18n/i18n.svelte.ts';
import { seatName } from './names.ts';

/**
 * What the table says when the host role has moved from seat `was` to seat `now` (the host left
 * or went away): to the new host that they are it, to the others who is. Nothing when the role
 * did not move, when nobody holds it, or when `was` is undefined (nothing seen before: the
 * viewer just arrived, so the role is not news).
 */
export function hostNews(was: number | null | undefined, now: number | null, me: number | null, names: readonly string[]): string | null {
  if (was === undefined || now === null || now === was) return null;
  return now === me ? t('table.hostYou') : t('table.hostOther', { name: seatName(names, now) });
}
