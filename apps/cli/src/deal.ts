import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { RecordSchema, type Rules, RulesInputSchema, dealFromSeed, formatTile, resolveRules } from '@fives/engine';
import { SeedSchema, commitmentOf } from '@fives/protocol';
import { type Command, UsageError, optionsOr, userPath } from './command.ts';

const help = `Usage: pnpm --silent fives deal --seed SEED (--rules RULES_JSON | --record FILE --hand N)
                               [--commitment HEX]

Remakes a hand's deal from the seed the server revealed after the hand (docs/fairness.md):
the deal is the engine's dealFromSeed(rules, seed), so anyone can check it. Prints

  {"seed", "commitment": SHA-256 of the seed, "commitmentMatches"?: true|false,
   "deal": {"hands": [["1-5", …], …], "boneyard": [… in drawing order]},
   "randomLeader": the seat that leads when the rules leave the lead to chance,
   "record"?: {"hand": N, "dealMatches": true|false, "leader": L}}

  --seed SEED          the hand's revealed seed (32 to 128 hex digits)
  --rules JSON         the table's rules (docs/rules.md), e.g. '{"preset":"muggins","players":3}'
  --record FILE        a game record (GET /api/tables/<id>/games/<n>/record): its rules, and
  --hand N             its hand N (from 1) to compare with the remade deal
  --commitment HEX     the commitment shown before the hand, to compare with the seed's

Exit codes: 0 everything given matches; 1 the commitment or the record's deal does not;
2 bad options or an unreadable record.
`;

interface Options {
  readonly seed: string;
  readonly rules: Rules;
  readonly commitment: string | null;
  readonly record: { readonly hand: number; readonly deal: { hands: string[][]; boneyard: string[] }; readonly leader: number } | null;
}

async function parse(args: string[]): Promise<Options> {
  let values;
  try {
    values = parseArgs({
      args,
      options: { seed: { type: 'string' }, rules: { type: 'string' }, record: { type: 'string' }, hand: { type: 'string' }, commitment: { type: 'string' } },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const seed = SeedSchema.safeParse(values.seed);
  if (!seed.success) throw new UsageError('--seed must be the revealed seed: 32 to 128 lowercase hex digits');
  const commitment = values.commitment?.toLowerCase() ?? null;
  if (commitment !== null && !/^[0-9a-f]{64}$/.test(commitment)) throw new UsageError('--commitment must be 64 hex digits');
  if ((values.rules === undefined) === (values.record === undefined)) throw new UsageError('give exactly one of --rules and --record');
  if (values.rules !== undefined) {
    if (values.hand !== undefined) throw new UsageError('--hand goes with --record');
    return { seed: seed.data, rules: rulesOf(jsonOf(values.rules, '--rules')), commitment, record: null };
  }
  const hand = Number(values.hand);
  if (!Number.isInteger(hand) || hand < 1) throw new UsageError('--record needs --hand N (from 1)');
  let text: string;
  try {
    text = await readFile(userPath(values.record as string), 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read ${values.record}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const record = RecordSchema.safeParse(jsonOf(text, '--record'));
  if (!record.success) throw new UsageError(`--record is not a game record: ${record.error.issues[0]?.message ?? ''}`);
  const entry = record.data.hands[hand - 1];
  if (entry === undefined) throw new UsageError(`the record has ${record.data.hands.length} hands, not ${hand}`);
  return { seed: seed.data, rules: rulesOf(record.data.rules), commitment, record: { hand, deal: entry.deal, leader: entry.leader } };
}

function jsonOf(text: string, flag: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new UsageError(`${flag} is not JSON`);
  }
}

function rulesOf(json: unknown): Rules {
  const input = RulesInputSchema.safeParse(json);
  const rules = input.success ? resolveRules(input.data) : null;
  if (rules === null || !rules.ok) throw new UsageError('the rules are not a valid rules object (docs/rules.md)');
  return rules.value;
}

/** A tile as written in a record ("5-2" and "2-5" are the same tile). */
function sameTile(a: string, b: string): boolean {
  return a.split('-').sort().join('-') === b.split('-').sort().join('-');
}

export const deal: Command = {
  summary: 'remake a hand’s deal from its revealed seed and check it (provably fair deals)',
  help,
  async run(args) {
    const o = await optionsOr('deal', help, () => parse(args));
    if (o === null) return 2;
    const made = dealFromSeed(o.rules, o.seed);
    const hands = made.deal.hands.map((h) => h.map(formatTile));
    const boneyard = made.deal.boneyard.map(formatTile);
    const commitment = commitmentOf(o.seed);
    const out: Record<string, unknown> = { seed: o.seed, commitment };
    if (o.commitment !== null) out.commitmentMatches = o.commitment === commitment;
    out.deal = { hands, boneyard };
    out.randomLeader = made.randomLeader;
    let ok = o.commitment === null || o.commitment === commitment;
    if (o.record !== null) {
      const r = o.record.deal;
      const dealMatches =
        r.hands.length === hands.length &&
        r.hands.every((h, s) => h.length === hands[s]?.length && h.every((t, i) => sameTile(t, hands[s]?.[i] ?? ''))) &&
        r.boneyard.length === boneyard.length &&
        r.boneyard.every((t, i) => sameTile(t, boneyard[i] ?? ''));
      out.record = { hand: o.record.hand, dealMatches, leader: o.record.leader };
      ok &&= dealMatches;
    }
    process.stdout.write(`${JSON.stringify(out)}\n`);
    return ok ? 0 : 1;
  },
};
