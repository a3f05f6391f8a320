import { type Invitation, type TableId, tableId } from '../connection/types.ts';

/**
 * The table an address invites to: the server's invite links are `/t/<table id>` (ids are 6–32
 * lowercase letters and digits, as the protocol's TableIdSchema says). Null for any other page.
 */
export function invitedTable(pathname: string): TableId | null {
  const m = /^\/t\/([a-z0-9]{6,32})\/?$/.exec(pathname);
  return m?.[1] === undefined ? null : tableId(m[1]);
}

/**
 * Whether an invitation still has a seat for a person: a free seat while the table waits. Not
 * yet known (null, the server has not answered) counts as open: the join button shows, and the
 * server has the last word. A full table invites to watch only.
 */
export function canSit(invitation: Pick<Invitation, 'free' | 'phase'> | null): boolean {
  return invitation === null || (invitation.free > 0 && invitation.phase === 'waiting');
}
