import { type GameRecord, type GameState, type HandEvent, type ReplayOutput, type Result, ok, parseRecord, replayRecord } from '@fives/engine';

/**
 * A finished game's record as steps to walk through: the state just after each deal and after
 * each action, as the engine's own replay (`replayRecord`) makes them. Nothing here applies a
 * rule: the viewer and the analysis only read these states.
 */
export interface Frame {
  /** The hand, from 0. */
  readonly hand: number;
  /** The index of the action just applied in the record's hand; null just after the deal. */
  readonly action: number | null;
  readonly state: GameState;
  /** What the action did (the log's newest event), or null just after the deal. */
  readonly event: HandEvent | null;
  /** The end of the hand, when this action ended it. */
  readonly handEnd: Extract<HandEvent, { type: 'handEnd' }> | null;
}

export interface Replay {
  readonly record: GameRecord;
  readonly frames: readonly Frame[];
  /** The engine's verdict on the whole record (an illegal action stops the frames there). */
  readonly output: ReplayOutput;
}

export type ReplayProblem = { readonly kind: 'invalid'; readonly path: string; readonly message: string } | { readonly kind: 'empty' };

export function replayOf(input: unknown): Result<Replay, ReplayProblem> {
  const parsed = parseRecord(input);
  if (!parsed.ok) return { ok: false, error: { kind: 'invalid', ...parsed.error } };
  const frames: Frame[] = [];
  const replayed = replayRecord(parsed.value.record, ({ hand, action, state }) => {
    const log = state.hand?.log ?? [];
    const last = log.at(-1) ?? null;
    const handEnd = last?.type === 'handEnd' ? last : null;
    // A hand's end follows the action that caused it in the log: the action's own event is before it.
    const event = action === null ? null : handEnd !== null ? (log.at(-2) ?? null) : last;
    frames.push({ hand, action, state, event, handEnd });
  });
  if (frames.length === 0) return { ok: false, error: { kind: 'empty' } };
  return ok({ record: parsed.value.record, frames, output: replayed.output });
}

/** A step index kept inside the frames. */
export function clampStep(replay: Replay, step: number): number {
  return Math.max(0, Math.min(replay.frames.length - 1, Math.trunc(step)));
}

/** The first frame of the hand after (or before) the one `step` is in; the same step at either end. */
export function handStep(replay: Replay, step: number, direction: 1 | -1): number {
  const at = replay.frames[clampStep(replay, step)] as Frame;
  const hand = at.hand + direction;
  const first = replay.frames.findIndex((f) => f.hand === hand);
  if (first >= 0) return first;
  return direction === 1 ? replay.frames.length - 1 : 0;
}
