import { type Standing, standings } from './standings.ts';
import type { Tournament } from './state.ts';

/** A tournament as the API shows it (docs/protocol.md#tournaments): the whole of its plain data, and its standings now. */
export interface TournamentPage {
  readonly tournament: Tournament;
  readonly standings: readonly Standing[];
}

/** One line of the tournaments' list: enough to choose one to open. */
export interface TournamentListing {
  readonly id: Tournament['id'];
  readonly name: string;
  readonly length: Tournament['settings']['length'];
  readonly rules: Tournament['settings']['rules'];
  readonly entry: Tournament['settings']['entry'];
  /** ISO 8601. */
  readonly startsAt: string;
  readonly status: Tournament['status'];
  /** Entries not withdrawn. */
  readonly entries: number;
}

export function pageOf(t: Tournament): TournamentPage {
  return { tournament: t, standings: standings(t) };
}

export function listingOf(t: Tournament): TournamentListing {
  const s = t.settings;
  return {
    id: t.id,
    name: s.name,
    length: s.length,
    rules: s.rules,
    entry: s.entry,
    startsAt: new Date(s.startsAt).toISOString(),
    status: t.status,
    entries: t.units.filter((u) => u.withdrawnAt === null).length,
  };
}

/** The API's addresses, for the server's routes and the client's calls alike. */
export const tournamentPaths = {
  list: '/api/tournaments',
  one: (id: string): string => `/api/tournaments/${encodeURIComponent(id)}`,
  join: (id: string): string => `/api/tournaments/${encodeURIComponent(id)}/join`,
  pair: (id: string): string => `/api/tournaments/${encodeURIComponent(id)}/pair`,
  withdraw: (id: string): string => `/api/tournaments/${encodeURIComponent(id)}/withdraw`,
} as const;
