// Turn clocks' lengths, without zod: the web client's first page reads them (its budget is tight).

/** A day on a turn clock, in seconds. */
export const DAY_SECONDS = 86_400;

/** The days a correspondence table may give each turn (issue 27): a move a day, or a week. */
export const CORRESPONDENCE_DAYS = [1, 2, 3, 7] as const;

/** Whether a turn clock is a correspondence table's (days a move), not a live one. */
export function isCorrespondence(turnSeconds: number | null): boolean {
  return turnSeconds !== null && turnSeconds >= DAY_SECONDS;
}
