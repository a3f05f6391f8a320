import { z } from 'zod';

/**
 * A tournament's ids, branded apart from each other and from the tables' and players' ids. The
 * tournament's own id is chosen by its runner (random, as a table's); its units and games are
 * numbered by the tournament in the order they come (u1, u2... g1, g2...), so that the same
 * inputs always make the same tournament, without randomness.
 */
export const TournamentIdSchema = z
  .string()
  .regex(/^[a-z0-9]{6,32}$/, { error: 'a tournament id is 6 to 32 lowercase letters and digits' })
  .brand<'TournamentId'>();
export type TournamentId = z.output<typeof TournamentIdSchema>;

/** An entry: one person, or a fixed pair in partnership rules. */
export const UnitIdSchema = z
  .string()
  .regex(/^u[1-9][0-9]{0,5}$/, { error: 'a unit id is "u" and its entry number' })
  .brand<'UnitId'>();
export type UnitId = z.output<typeof UnitIdSchema>;

export const TournamentGameIdSchema = z
  .string()
  .regex(/^g[1-9][0-9]{0,6}$/, { error: 'a tournament game id is "g" and its number' })
  .brand<'TournamentGameId'>();
export type TournamentGameId = z.output<typeof TournamentGameIdSchema>;

export function unitId(n: number): UnitId {
  return `u${n}` as UnitId;
}

export function gameId(n: number): TournamentGameId {
  return `g${n}` as TournamentGameId;
}
