import type { Budget } from '@fives/bots';
import type { Action, TableView } from '@fives/engine';
import type { BotLevel } from '@fives/protocol';

/**
 * One computer player's decision, as it crosses to a thinker (a worker thread, maybe in another
 * process): the seat's own view (exactly what `view(state, seat)` shows that seat, never more),
 * its level, the seed its randomness starts from (`botSeed`: the same table, version and seat
 * think the same every run) and the budget. Plain data: it is structured-cloned to the thread.
 */
export interface ThinkTask {
  readonly level: BotLevel;
  readonly view: TableView;
  readonly seed: string;
  /** `@fives/bots`' Budget without its clock (a function does not cross to a thread). */
  readonly budget: Omit<Budget, 'now'>;
}

/** A message that only starts a thread's module (the pool's first message to each thread); answered null. */
export const WARM_UP = 'warm-up';

/** What the thread answers: the policy's choice (null: nothing to do) and how long it took, ms. */
export interface ThinkReply {
  readonly action: Action | null;
  readonly ms: number;
}

/** Why a thought gave no answer: the thread threw, it ran past its deadline, or the pool is closing. */
export type ThinkFailure = 'threw' | 'hung' | 'closed';

export type Thought = ({ readonly ok: true } & ThinkReply) | { readonly ok: false; readonly failure: ThinkFailure; readonly message: string };

/** Where a node's computer players think: a pool of worker threads (`pool.ts`). */
export interface BotThinker {
  /** Thinks once; never rejects (a failure is an answer: the table decides what to do about it). */
  think(task: ThinkTask): Promise<Thought>;
  /** Decisions waiting for a free thread now. */
  waiting(): number;
  close(): Promise<void>;
}
