import type { RulesInput } from '@fives/engine';
import type { Person } from '@fives/table';
import type { Player } from '../identity/token.ts';
import type { TableContext } from './context.ts';
import { withRatings } from './ratings.ts';

/**
 * The people as they sit down: with their ratings of the table's key and whether they kept their
 * name, both for the seat to show through the one table summary. Like a rating, `kept` is shown,
 * not decided on: when the account store cannot answer they sit down as guests.
 */
export async function seatedPeople(context: TableContext, people: readonly Player[], rulesInput: RulesInput): Promise<Person[]> {
  const rated = await withRatings(context, people, rulesInput);
  try {
    const kept = await Promise.all(rated.map(async (p) => (await context.options.accounts.account(p.id)) !== null));
    return rated.map((p, i) => (kept[i] === true ? { ...p, kept: true } : p));
  } catch (error) {
    context.options.log.warn({ err: error }, 'accounts could not be read: seated as guests');
    return rated;
  }
}
