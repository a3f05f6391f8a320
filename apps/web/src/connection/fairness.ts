import { FairnessTracker, type FairnessInput, type HandFairness } from '@fives/protocol';

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
  if (failed !== undefined) return { mark: '✗', tone: 'bad', title: `Hand ${failed.hand} of game ${failed.game} did not check out: ${failed.reason}.` };
  const last = report.hands.at(-1);
  if (last === undefined) return { mark: '…', tone: 'neutral', title: 'Each hand is checked when it ends and the server reveals its seed.' };
  if (last.status === 'verified') {
    const n = report.hands.filter((h) => h.status === 'verified').length;
    return { mark: '✓', tone: 'good', title: `${n === 1 ? 'The hand' : `All ${n} hands`} checked so far: dealt exactly as the seeds committed to beforehand make them.` };
  }
  return { mark: '–', tone: 'neutral', title: `Hand ${last.hand} could not be checked: ${last.reason}.` };
}
