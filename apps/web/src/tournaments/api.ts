import type { RulesInput } from '@fives/engine';
import type { TournamentListing, TournamentPage } from '@fives/tournament';
import { tournamentPaths } from '@fives/tournament';
import { type Answer, send } from '../account/api.ts';

/** What the form sends (docs/protocol.md#tournaments): the server checks it and names what does not hold. */
export interface NewTournament {
  readonly name: string;
  readonly rules: RulesInput;
  readonly format: 'swiss' | 'arena';
  readonly rounds?: number;
  readonly minutes?: number;
  readonly startsAt: string;
  readonly access: 'open' | 'link';
  readonly entry: 'individuals' | 'pairs';
}

/** The tournament routes. */
export const tournamentsApi = {
  list: (): Promise<Answer<{ tournaments: TournamentListing[] }>> => send(tournamentPaths.list, { method: 'GET' }),
  one: (id: string): Promise<Answer<TournamentPage>> => send(tournamentPaths.one(id), { method: 'GET' }),
  create: (token: string, settings: NewTournament): Promise<Answer<TournamentPage>> => send(tournamentPaths.list, { method: 'POST', token, body: settings }),
  join: (token: string, id: string): Promise<Answer<TournamentPage>> => send(tournamentPaths.join(id), { method: 'POST', token }),
  /** A tournament of pairs: asks `partner` to enter together, or enters both when they asked first. */
  pair: (token: string, id: string, partner: string): Promise<Answer<TournamentPage>> => send(tournamentPaths.pair(id), { method: 'POST', token, body: { partner } }),
  withdraw: (token: string, id: string): Promise<Answer<TournamentPage>> => send(tournamentPaths.withdraw(id), { method: 'POST', token }),
};
