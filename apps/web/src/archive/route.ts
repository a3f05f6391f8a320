import { type GameId, type PlayerId, asGameId, asPlayerId } from '@fives/protocol';

/** The archive's addresses: `/p/<playerId>` a player's page, `/g/<gameId>` a game's replay, `/leaderboard` (its choice in the query). */
export type ArchiveRoute =
  | { readonly kind: 'player'; readonly id: PlayerId }
  | { readonly kind: 'game'; readonly id: GameId }
  | { readonly kind: 'leaderboard' }
  | { readonly kind: 'bad'; readonly text: string };

export const LEADERBOARD_PATH = '/leaderboard';

export function archiveRoute(path: string): ArchiveRoute | null {
  if (path === LEADERBOARD_PATH || path === `${LEADERBOARD_PATH}/`) return { kind: 'leaderboard' };
  const m = /^\/(p|g)\/([^/]*)\/?$/.exec(path);
  if (!m) return null;
  let text: string;
  try {
    text = decodeURIComponent(m[2] ?? '');
  } catch {
    return { kind: 'bad', text: m[2] ?? '' };
  }
  if (m[1] === 'p') {
    const id = asPlayerId(text);
    return id === null ? { kind: 'bad', text } : { kind: 'player', id };
  }
  const id = asGameId(text);
  return id === null ? { kind: 'bad', text } : { kind: 'game', id };
}

export const playerPath = (id: string): string => `/p/${encodeURIComponent(id)}`;
export const gamePath = (id: string): string => `/g/${encodeURIComponent(id)}`;

/** The address of a game's replay with the analysis chosen (`?seat=&seed=`), other parameters kept: to share it. */
export function analysisAddress(path: string, search: string, seat: number, seed: string): string {
  const params = new URLSearchParams(search);
  params.set('seat', String(seat));
  params.set('seed', seed);
  return `${path}?${params.toString()}`;
}
