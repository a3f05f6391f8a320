import { type TableId, tableId } from '../connection/types.ts';

/**
 * The table an address invites to: the server's invite links are `/t/<table id>` (ids are 6–32
 * lowercase letters and digits, as the protocol's TableIdSchema says). Null for any other page.
 */
export function invitedTable(pathname: string): TableId | null {
  const m = /^\/t\/([a-z0-9]{6,32})\/?$/.exec(pathname);
  return m?.[1] === undefined ? null : tableId(m[1]);
}
