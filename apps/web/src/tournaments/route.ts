/** The tournaments' addresses: `/tournaments` the list (and the form to create one), `/tournaments/<id>` one tournament. */
export type TournamentRoute = { readonly kind: 'list' } | { readonly kind: 'one'; readonly id: string } | { readonly kind: 'bad'; readonly text: string };

export const TOURNAMENTS_PATH = '/tournaments';
const ID = /^[a-z0-9]{6,32}$/;

export function tournamentRoute(path: string): TournamentRoute | null {
  if (path === TOURNAMENTS_PATH || path === `${TOURNAMENTS_PATH}/`) return { kind: 'list' };
  const m = /^\/tournaments\/([^/]*)\/?$/.exec(path);
  if (!m) return null;
  const text = m[1] ?? '';
  return ID.test(text) ? { kind: 'one', id: text } : { kind: 'bad', text };
}

export const tournamentPath = (id: string): string => `${TOURNAMENTS_PATH}/${encodeURIComponent(id)}`;
