import { randomBytes } from 'node:crypto';
import { NAMED_POLICIES, POLICIES, type PolicyName } from '@fives/bots';
import { type RulesInput, RulesInputSchema, seededRandom } from '@fives/engine';
import { BOT_LEVELS, type BotLevel, DEFAULT_QUEUE_WAIT_SECONDS, MAX_QUEUE_WAIT_SECONDS } from '@fives/protocol';
import { type Command, UsageError, optionsOr } from './command.ts';
import { type SessionOptions, runSession } from './client/session.ts';

const help = `Usage: pnpm --silent fives client --url URL --name NAME [--policy greedy]
         (--create RULES_JSON [--seats N] [--bots K] [--level LEVEL] | --join INVITE_URL
          | --queue RULES_JSON [--wait SECONDS] [--level LEVEL])

Plays one whole game as a person would, over the server's public protocol (HTTP and Socket.IO),
choosing its moves with a bot policy. Prints one JSON line per event it sees and, last,
{"type":"final","tableId",…,"game",…,"scores":[…],"winner":…}. Reconnects by itself when the
connection drops, and at once when its server node says it is shutting down ({"type":"draining"}). Checks every hand's deal once its seed is revealed and prints
{"type":"fairness","game":G,"hand":N,"verified":true|false} (with a "reason" when not verified;
see docs/fairness.md).

  --url URL          the server, e.g. http://localhost:3000
  --name NAME        the display name to play under
  --create JSON      create a table with these rules (docs/rules.md), e.g. '{"preset":"allFives"}';
                     the first line is {"type":"created","tableId":…,"inviteUrl":…}, and the
                     game starts as soon as every seat is taken
  --seats N          seats at the new table (default: the rules' players; sets them if absent)
  --bots K           how many of them are computer players (the last K; default 0)
  --level LEVEL      their level: ${BOT_LEVELS.join(', ')} (default medium)
  --join URL         join the table of an invite link (…/t/<table id>)
  --queue JSON       wait for random opponents who want these rules (docs/rules.md, players
                     required), e.g. '{"preset":"muggins","players":3}'; prints
                     {"type":"queued","rating":"1512" or "?",…} and {"type":"queue","waiting":…}
                     while waiting, then
                     {"type":"matched","tableId":…,"seat":…} and plays that table
  --wait SECONDS     how long to wait for people before computer players (of --level) fill
                     the table (default 30)
  --policy NAME      how to choose moves: ${POLICIES.join(', ')} (default greedy)
  --seed TEXT        seed for the policy's random choices (default: random)
  --timeout SECONDS  give up after this long (default 600); exit code 1

Exit codes: 0 the game was played to its end; 1 refused, timed out or taken over; 2 bad options.
`;

function parse(args: string[]): SessionOptions {
  const flags = new Map<string, string>();
  for (let i = 0; i < args.length; i++) {
    const flag = args[i] as string;
    const value = args[i + 1];
    if (!flag.startsWith('--') || value === undefined) throw new UsageError(`expected --option value, got ${flag}`);
    flags.set(flag.slice(2), value);
    i++;
  }
  const known = ['url', 'name', 'policy', 'create', 'seats', 'bots', 'level', 'join', 'queue', 'wait', 'seed', 'timeout'];
  const unknown = [...flags.keys()].find((k) => !known.includes(k));
  if (unknown !== undefined) throw new UsageError(`unknown option --${unknown}`);
  const need = (k: string): string => {
    const v = flags.get(k);
    if (v === undefined) throw new UsageError(`--${k} is required`);
    return v;
  };
  const count = (k: string, fallback: number): number => {
    const v = flags.get(k);
    if (v === undefined) return fallback;
    if (!/^\d+$/.test(v)) throw new UsageError(`--${k} must be a whole number`);
    return Number(v);
  };
  const policyName = flags.get('policy') ?? 'greedy';
  // The list, not `in` on the record: every object answers to "toString" and "constructor".
  if (!(POLICIES as readonly string[]).includes(policyName)) throw new UsageError(`--policy must be one of ${POLICIES.join(', ')}`);
  const level = (flags.get('level') ?? 'medium') as BotLevel;
  if (!BOT_LEVELS.includes(level)) throw new UsageError(`--level must be one of ${BOT_LEVELS.join(', ')}`);
  const base = {
    url: need('url'),
    name: need('name'),
    policy: NAMED_POLICIES[policyName as PolicyName],
    random: seededRandom(flags.get('seed') ?? randomBytes(8).toString('hex')),
    timeoutMs: count('timeout', 600) * 1000,
  };
  const create = flags.get('create');
  const join = flags.get('join');
  const queue = flags.get('queue');
  if ([create, join, queue].filter((x) => x !== undefined).length !== 1) throw new UsageError('give exactly one of --create, --join and --queue');
  if (join !== undefined) return { ...base, join };
  if (queue !== undefined) {
    const rules = RulesInputSchema.safeParse(jsonObject(queue, '--queue'));
    if (!rules.success) throw new UsageError(`--queue: ${rules.error.issues.map((i) => `${i.path.join('.') || 'rules'}: ${i.message}`).join('; ')}`);
    const waitSeconds = count('wait', DEFAULT_QUEUE_WAIT_SECONDS);
    if (waitSeconds > MAX_QUEUE_WAIT_SECONDS) throw new UsageError(`--wait is at most ${MAX_QUEUE_WAIT_SECONDS} seconds`);
    return { ...base, queue: { rules: rules.data, waitSeconds, level } };
  }
  const json = jsonObject(create as string, '--create');
  const seats = count('seats', (json as { players?: number }).players ?? 0);
  const rules = { ...json, players: (json as { players?: number }).players ?? seats };
  const parsed = RulesInputSchema.safeParse(rules);
  if (!parsed.success) throw new UsageError(`--create: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'rules'}: ${i.message}`).join('; ')}`);
  if (seats !== parsed.data.players) throw new UsageError(`--seats ${seats} does not match the rules' ${parsed.data.players} players`);
  const bots = count('bots', 0);
  if (bots >= seats) throw new UsageError('--bots must leave at least one seat for this client');
  return { ...base, create: { rules: rules as RulesInput, seats, bots, level } };
}

function jsonObject(text: string, flag: string): object {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new UsageError(`${flag} must be a JSON rules object`);
  }
  if (json === null || typeof json !== 'object' || Array.isArray(json)) throw new UsageError(`${flag} must be a JSON rules object`);
  return json;
}

export const client: Command = {
  summary: 'play a whole game over the network as a headless client (JSON lines)',
  help,
  async run(args) {
    const options = await optionsOr('client', help, () => parse(args));
    if (options === null) return 2;
    return runSession(options, (line) => process.stdout.write(`${JSON.stringify(line)}\n`));
  },
};
