import { FairnessTracker, type FairnessInput, type HandFairness } from '@fives/protocol';
import { t } from '../i18n/i18n.svelte.ts';

/**
 * How the deals at the table check out (docs/fairness.md): the hand being played, with the
 * commitment this client saw before its seed was revealed, and every hand checked so far.
 * Every table has one: the practice table deals in the browser with the server's dealer and
 * its commitments, so an offline deal is checked the same way.
 */
export interface FairnessReport {
  readonly pending: { readonly game: number; readonly hand: number; readonly commitment: string | null } | null;
  /** Oldest first. */
  readonly hands: readonly HandFairness[];
}

/**
 * What an online connection keeps to check every hand: give it each `table:state` as it comes
 * (`observe`) and put what it returns in the client state's table (`fairness`).
 */
export class TableFairness {
  private readonly tracker = new FairnessTracker();

  observe(state: FairnessInput): FairnessReport {
    this.tracker.observe(state);
    return { pending: this.tracker.pending(state.tableId), hands: this.tracker.verdicts().filter((v) => v.tableId === state.tableId) };
  }
}

/** What the badge says about the latest hand checked. */
export function badgeOf(report: FairnessReport): { mark: '✓' | '✗' | '…' | '–'; tone: 'good' | 'bad' | 'neutral'; title: string } {
  const failed = report.hands.find((h) => h.status === 'failed');
  if (failed !== undefined) return { mark: '✗', tone: 'bad', title: t('fair.failed', { hand: failed.hand, game: failed.game, reason: failed.reason }) };
  const last = report.hands.at(-1);
  if (last === undefined) return { mark: '…', tone: 'neutral', title: t('fair.waitingSeed') };
  if (last.status === 'verified') {
    const n = report.hands.filter((h) => h.status === 'verified').length;
    return { mark: '✓', tone: 'good', title: t('fair.verified', { count: n }) };
  }
  return { mark: '–', tone: 'neutral', title: t('fair.unchecked', { hand: last.hand, reason: last.reason }) };
}
