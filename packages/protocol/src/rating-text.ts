// The rating rules a client shows, without zod (the web's first page imports this): the key a
// rating is kept under and when a rating is too uncertain to show.

/** The key of a rating (and of a `stats.byRules` entry): preset and player count, e.g. `allFives/2`. */
export function ratingKey(preset: string, players: number): string {
  return `${preset}/${players}`;
}

/** Above this RD a rating is shown as "?" and kept off the leaderboard. */
export const SHOWN_RD = 110;

/** A rating as shown beside a name: rounded, or "?" while its RD is above SHOWN_RD. */
export function ratingText(r: { readonly rating: number; readonly rd: number } | null | undefined): string {
  if (r == null || r.rd > SHOWN_RD) return '?';
  return String(Math.round(r.rating));
}

/**
 * A rating written out in full, with "?" after it while it is provisional (RD above SHOWN_RD):
 * "1662?". Where a number is shown rather than hidden (a player's own page, its chart, the
 * leaderboard's provisional rows), the same rating reads the same everywhere.
 */
export function ratingWithDoubt(r: { readonly rating: number; readonly rd: number }): string {
  return `${Math.round(r.rating)}${r.rd > SHOWN_RD ? '?' : ''}`;
}
