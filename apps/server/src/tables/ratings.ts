import { resolveRules, type RulesInput } from '@fives/engine';
import { ratingKey } from '@fives/protocol';
import type { Person } from '@fives/table';
import type { Player } from '../identity/token.ts';
import type { TableContext } from './context.ts';

/**
 * The people with their ratings of the table's key, for the seats to show beside their names
 * (through the one table summary every client gets). A rating is shown, not decided on: when
 * the archive cannot answer, they sit down without one.
 */
export async function withRatings(context: TableContext, people: readonly Player[], rulesInput: RulesInput): Promise<Person[]> {
  const rules = resolveRules(rulesInput);
  if (!rules.ok || people.length === 0) return people.slice();
  try {
    const ratings = await context.options.archive.ratings(
      people.map((p) => p.id),
      ratingKey(rules.value.preset, rules.value.players),
    );
    return people.map((p) => {
      const r = ratings.get(p.id);
      return r === undefined ? p : { ...p, rating: { rating: r.rating, rd: r.rd } };
    });
  } catch (error) {
    context.options.log.warn({ err: error }, 'ratings could not be read: seated without them');
    return people.slice();
  }
}
