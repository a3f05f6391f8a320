import type { FairnessInput } from '@fives/protocol';
import type { FairnessReport, TableFairness } from '../fairness.ts';

/** What the badge shows while the checker loads: no hand checked, none followed yet. */
const NOTHING_YET: FairnessReport = { pending: null, hands: [] };

/**
 * The online table's deal checker, fetched the first time a table state comes rather than with
 * the first page: checking a hand replays it on the rules engine (docs/fairness.md), which the
 * lobby has no other use for. States that arrive while it loads are kept and given to it in
 * order once it is here, so no hand goes unchecked; `checked` then hands the report over.
 */
export class LazyFairness {
  #fairness: TableFairness | null = null;
  readonly #waiting: FairnessInput[] = [];
  #loading = false;
  readonly #checked: (tableId: string, report: FairnessReport) => void;
  readonly #load: () => Promise<TableFairness>;

  /**
   * @param checked called with the report once the states held while loading are checked
   * @param load how the checker comes (a test may hand one over without a network)
   */
  constructor(checked: (tableId: string, report: FairnessReport) => void, load: () => Promise<TableFairness> = loadChecker) {
    this.#checked = checked;
    this.#load = load;
  }

  observe(state: FairnessInput): FairnessReport {
    if (this.#fairness !== null) return this.#fairness.observe(state);
    this.#waiting.push(state);
    if (!this.#loading) {
      this.#loading = true;
      void this.#load().then(
        (fairness) => this.#ready(fairness),
        // A chunk that cannot load (the network went as it came) keeps what it holds, and the
        // next state asks again.
        () => {
          this.#loading = false;
        },
      );
    }
    return NOTHING_YET;
  }

  #ready(fairness: TableFairness): void {
    const held = this.#waiting.splice(0);
    this.#fairness = fairness;
    let last: { tableId: string; report: FairnessReport } | null = null;
    for (const s of held) last = { tableId: s.tableId, report: fairness.observe(s) };
    if (last !== null) this.#checked(last.tableId, last.report);
  }
}

async function loadChecker(): Promise<TableFairness> {
  const { TableFairness } = await import('../fairness.ts');
  return new TableFairness();
}
