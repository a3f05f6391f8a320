import type { TableSummary } from '../connection/types.ts';
import { locale, t } from '../i18n/i18n.svelte.ts';

/** What the score sheet says of the host's rematch offer, and whether the viewer is asked to answer it. */
export interface RematchLine {
  readonly text: string;
  /** The viewer is seated and has not answered: Accept and Decline. */
  readonly answer: boolean;
  /** The offer stands and waits for others: nothing to offer meanwhile. */
  readonly waiting: boolean;
}

/**
 * The offer (issue 31: a rematch is asked, not imposed) as the viewer at `me` reads it: asked to
 * answer, waiting for the others (by name), or told who declined. Null without an offer.
 */
export function rematchLine(summary: Pick<TableSummary, 'rematch' | 'seats'>, me: number | null, names: readonly string[]): RematchLine | null {
  const offer = summary.rematch;
  if (offer === undefined) return null;
  const name = (seat: number): string => names[seat] ?? t('common.seat', { n: seat + 1 });
  if (offer.declined !== null) return { text: t('rematch.declined', { name: name(offer.declined) }), answer: false, waiting: false };
  const unanswered = summary.seats.filter((s) => s.kind === 'human' && !s.away && !offer.accepted.includes(s.seat)).map((s) => s.seat);
  if (me !== null && unanswered.includes(me)) return { text: t('rematch.offered', { name: name(offer.by) }), answer: true, waiting: false };
  const names_ = new Intl.ListFormat(locale.tag, { type: 'conjunction' }).format(unanswered.map(name));
  return { text: t('rematch.waiting', { names: names_ }), answer: false, waiting: true };
}
