import { CORRESPONDENCE_DAYS, DAY_SECONDS, isCorrespondence } from '@fives/protocol';
import { t } from '../i18n/i18n.svelte.ts';
import { longTimeLeft } from './turn-clock.ts';

/** The live turn times a table may be made with (0: none), in seconds. */
export const LIVE_TURN_CHOICES: readonly number[] = [0, 15, 30, 60];

/** The correspondence ones (issue 27): days a move. */
export const CORRESPONDENCE_CHOICES: readonly number[] = CORRESPONDENCE_DAYS.map((days) => days * DAY_SECONDS);

/** A turn time as a choice in a list: "Off", "30 seconds", "2 days a move". */
export function turnChoiceLabel(seconds: number): string {
  if (seconds === 0) return t('common.off');
  return isCorrespondence(seconds) ? t('common.days', { count: seconds / DAY_SECONDS }) : t('common.seconds', { count: seconds });
}

/** A table's turn time beside its rules ("30 s a turn", "1 day a move"); empty for none. */
export function perTurnText(seconds: number | null): string {
  if (seconds === null) return '';
  return isCorrespondence(seconds) ? t('common.days', { count: seconds / DAY_SECONDS }) : t('common.perTurn', { seconds });
}

/**
 * A turn clock's face and what it says to a screen reader, `seconds` left: the seconds, or a
 * correspondence turn's days and hours ("1d 0h", "23h 59m left"), where seconds would say nothing.
 */
export function clockWords(seconds: number): { readonly text: string; readonly label: string } {
  const long = longTimeLeft(seconds);
  return long === null ? { text: String(seconds), label: t('timer.left', { count: seconds }) } : { text: long, label: t('timer.leftTime', { time: long }) };
}
