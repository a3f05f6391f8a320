import { mkdirSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { type ArenaSummary, type Budget, LEVELS, POLICIES, playArena, policyByName } from '@fives/bots';
import { PRESETS, resolveRules, type RulesInput } from '@fives/engine';
import { type Command, UsageError, optionsOr, userPath } from './command.ts';
import { progressBar } from './progress.ts';

const NAMES = [...POLICIES, ...LEVELS.filter((l) => l !== 'expert')];

const help = `Usage: pnpm --silent fives arena --a LEVEL --b LEVEL [--preset P] [--players N] [--games G]
                               [--seed S] [--budget-ms M | --samples K] [--fixed] [--clock C]
                               [--records DIR]

Pits two computer players against each other on the same deals with the seats swapped (with
3 or 4 players, one "a" sits in each seat in turn against "b" in all the others; with
partnerships "a" is a team) and prints one JSON line:
  {"games","wins":{"a","b"},"winRate" (a's share),"ci95":[lo,hi],"meanScores":{"a","b"},
   "decisionMs":{"a":{"mean","p50","p95","max"},"b":{…}},
   "searched":{"a":{"decisions","ms":{…},"samples":{…}},"b":{…}}}
Decision times count the moves where a player had a choice; "searched" the moves where it
searched (hard and expert with two or more plays), with the deals each sampled.

  --a, --b LEVEL   ${NAMES.join(', ')}
  --preset P       ${PRESETS.join(', ')} (default allFives)
  --players N      2, 3 or 4 (default 2; partners needs 4)
  --games G        how many games (default 100)
  --seed S         seed of the deals and the players' choices (default "arena")
  --budget-ms M    thinking time per move of the searching levels (default 150)
  --samples K      instead of time, at most K deals sampled per move: reproducible from the seed
  --fixed          sample the whole budget every move, not only until the best play is settled
  --clock C        time decisions by the wall clock (wall, the default) or the process's CPU time (cpu)
  --records DIR    write each game's record (docs/records.md) to DIR/game-NNNN.json, for fives replay

Exit codes: 0 done; 2 bad options.
`;

interface Options {
  readonly a: string;
  readonly b: string;
  readonly rules: RulesInput;
  readonly games: number;
  readonly seed: string;
  readonly budget: Budget;
  readonly clock: 'wall' | 'cpu';
  readonly records: string | null;
}

function positiveInt(text: string, flag: string): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`${flag} must be a whole number ≥ 1, not ${JSON.stringify(text)}`);
  return n;
}

export function parseArenaArgs(args: string[]): Options {
  let values;
  try {
    values = parseArgs({
      args,
      options: {
        a: { type: 'string' },
        b: { type: 'string' },
        preset: { type: 'string', default: 'allFives' },
        players: { type: 'string', default: '2' },
        games: { type: 'string', default: '100' },
        seed: { type: 'string', default: 'arena' },
        'budget-ms': { type: 'string' },
        samples: { type: 'string' },
        fixed: { type: 'boolean', default: false },
        clock: { type: 'string', default: 'wall' },
        records: { type: 'string' },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  for (const flag of ['a', 'b'] as const) {
    const name = values[flag];
    if (name === undefined) throw new UsageError(`--${flag} is required: one of ${NAMES.join(', ')}`);
    if (policyByName(name) === null) throw new UsageError(`--${flag} must be one of ${NAMES.join(', ')}, not ${JSON.stringify(name)}`);
  }
  if (!(PRESETS as readonly string[]).includes(values.preset)) throw new UsageError(`--preset must be one of ${PRESETS.join(', ')}`);
  const players = Number(values.players);
  if (players !== 2 && players !== 3 && players !== 4) throw new UsageError('--players must be 2, 3 or 4');
  const rules = { preset: values.preset as RulesInput['preset'], players } as RulesInput;
  const resolved = resolveRules(rules);
  if (!resolved.ok) throw new UsageError(resolved.error.message);
  if (values['budget-ms'] !== undefined && values.samples !== undefined) throw new UsageError('give --budget-ms or --samples, not both');
  const caps: Budget = values.samples !== undefined ? { samples: positiveInt(values.samples, '--samples') } : { ms: positiveInt(values['budget-ms'] ?? '150', '--budget-ms') };
  const budget: Budget = values.fixed ? { ...caps, adaptive: false } : caps;
  if (values.clock !== 'wall' && values.clock !== 'cpu') throw new UsageError(`--clock must be wall or cpu, not ${JSON.stringify(values.clock)}`);
  return {
    a: values.a as string,
    b: values.b as string,
    rules,
    games: positiveInt(values.games, '--games'),
    seed: values.seed,
    budget,
    clock: values.clock,
    records: values.records === undefined ? null : userPath(values.records),
  };
}

/** The process's CPU time (user and system) in ms: what a decision costs, whatever else runs on the machine. */
function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

export function runArena(o: Options, onProgress?: (done: number) => void): ArenaSummary {
  if (o.records !== null) mkdirSync(o.records, { recursive: true });
  const dir = o.records;
  return playArena(
    {
      a: policyByName(o.a) as NonNullable<ReturnType<typeof policyByName>>,
      b: policyByName(o.b) as NonNullable<ReturnType<typeof policyByName>>,
      rules: o.rules,
      games: o.games,
      seed: o.seed,
      budget: o.budget,
      ...(o.clock === 'cpu' ? { now: cpuMs } : {}),
      ...(dir === null ? {} : { onGame: (i, record) => writeFileSync(`${dir}/game-${String(i + 1).padStart(4, '0')}.json`, `${JSON.stringify(record)}\n`) }),
    },
    onProgress,
  );
}

export const arena: Command = {
  summary: 'pit two computer players against each other and measure them (JSON)',
  help,
  async run(args) {
    const options = await optionsOr('arena', help, () => parseArenaArgs(args));
    if (options === null) return 2;
    const bar = progressBar(`${options.a} v ${options.b}`, options.games);
    const summary = runArena(options, (done) => bar.update(done));
    bar.finish(`a won ${summary.wins.a}/${summary.games}`);
    process.stdout.write(`${JSON.stringify(summary)}\n`);
    return 0;
  },
};
