import { LEVELS } from '@fives/bots';

// What the web client's first page needs of the table's vocabulary, without the schemas of
// table.ts (a module it imports comes whole into it, classic zod with it).

/** The computer players' levels, as the bots define them (one list: a level the bots lack cannot be asked for). */
export const BOT_LEVELS = LEVELS;

/** The path of a table's invite link; the link is the server's public origin plus this. */
export function invitePath(tableId: string): string {
  return `/t/${tableId}`;
}
