import { loadavg } from 'node:os';
import { NAMED_POLICIES } from '@fives/bots';
import { type RulesInput, RulesInputSchema, seededRandom } from '@fives/engine';
import { BOT_LEVELS, type BotLevel } from '@fives/protocol';
import { type Command, UsageError, optionsOr } from './command.ts';
import { allFigures } from './loadtest/server-metrics.ts';
import { LoadStats, percentile } from './loadtest/stats.ts';
import { TableDriver } from './loadtest/table-driver.ts';

const help = `Usage: pnpm --silent fives loadtest --url URL[,URL...] --tables N --duration SECONDS
         [--players 2] [--humans 1] [--level easy] [--rules JSON] [--think MS] [--ramp 50] [--seed TEXT]

Drives N tables at once, each with headless clients (the public protocol, as \`fives client\`)
and computer players, every move made the moment the rules allow it and a rematch when a game
ends; measures for SECONDS once every table is under way, then prints one JSON line:

  {"tables":N,"moves":…,"movesPerSec":…,"latencyMs":{"p50":…,"p95":…,"p99":…},"errors":…,"cpuUsPerMove":…,
   "clientCpuUsPerMove":…,"loadAverage":…,"loopLagP99Ms":…}

  moves         game actions the servers committed while measuring (computer players' too),
                from their /metrics (fives_moves_total), summed over the URLs
  latencyMs     a client's move round trip: game:action sent → its answer received
  errors        refusals, failed requests, lost connections and refused handshakes
  cpuUsPerMove  the servers' CPU time (process_cpu_seconds_total) per move, µs
  clientCpuUsPerMove  this load generator's own CPU time per move, µs (one thread: when it
                nears a core, the latencies are its queue, not the servers')
  loadAverage   the machine's one-minute load average at the end (os.loadavg): a latency
                measured beside other work is that work's as much as the servers'
  loopLagP99Ms  the worst node's event-loop lag p99 over the measured seconds only
                (nodejs_eventloop_lag_p99_seconds, read at their start and end), ms

Tables are spread over the URLs in turn: give every node's own URL to read every node's
metrics (through a load balancer, /metrics would be one node's, chosen by the balancer).
The servers must be started for it (docs/performance.md): BOT_DELAY_MS=0 HAND_PAUSE_MS=0
and the rate limits off — RATE_GUESTS=0 RATE_TABLES=0 RATE_ADDRESS_CONNECTIONS=0
RATE_ADDRESS_MESSAGES=0 RATE_CONNECTION_MESSAGES=0 SOCKETS_PER_ADDRESS=0.

  --players P   seats per table (default 2)
  --humans H    of them, headless clients (default 1); the rest computer players
  --level L     the computer players' level: ${BOT_LEVELS.join(', ')} (default easy)
  --rules JSON  the rules (docs/rules.md; default {"preset":"allFives"}), players set from --players
  --think MS    a person's pause before each move, on average: 0.5 to 1.5 times MS
                (default 0: as fast as the rules allow);
                a human pace is some 1000-3000, with the servers' BOT_DELAY_MS at its default
  --ramp K      tables set up at once before measuring (default 50)
  --seed TEXT   seed of the clients' move choices (default loadtest)

Exit codes: 0 measured (errors or not: they are in the line); 2 bad options; 1 could not start.
`;

interface LoadOptions {
  readonly urls: string[];
  readonly tables: number;
  readonly durationMs: number;
  readonly players: number;
  readonly humans: number;
  readonly level: BotLevel;
  readonly rules: RulesInput;
  readonly ramp: number;
  readonly thinkMs: number;
  readonly seed: string;
}

function parse(args: string[]): LoadOptions {
  const flags = new Map<string, string>();
  for (let i = 0; i < args.length; i += 2) {
    const flag = args[i] as string;
    const value = args[i + 1];
    if (!flag.startsWith('--') || value === undefined) throw new UsageError(`expected --option value, got ${flag}`);
    flags.set(flag.slice(2), value);
  }
  const known = ['url', 'tables', 'duration', 'players', 'humans', 'level', 'rules', 'think', 'ramp', 'seed'];
  const unknown = [...flags.keys()].find((k) => !known.includes(k));
  if (unknown !== undefined) throw new UsageError(`unknown option --${unknown}`);
  const count = (k: string, fallback: number | null, min = 1): number => {
    const v = flags.get(k);
    if (v === undefined) {
      if (fallback === null) throw new UsageError(`--${k} is required`);
      return fallback;
    }
    if (!/^\d+$/.test(v) || Number(v) < min) throw new UsageError(`--${k} must be a whole number ≥ ${min}`);
    return Number(v);
  };
  const url = flags.get('url');
  if (url === undefined) throw new UsageError('--url is required');
  const urls = url
    .split(',')
    .map((u) => u.trim().replace(/\/+$/, ''))
    .filter((u) => u !== '');
  for (const u of urls) if (!/^https?:\/\//.test(u)) throw new UsageError(`--url: ${u} is not an http(s) URL`);
  const players = count('players', 2, 2);
  const humans = count('humans', 1);
  if (humans > players) throw new UsageError('--humans cannot be more than --players');
  const level = (flags.get('level') ?? 'easy') as BotLevel;
  if (!BOT_LEVELS.includes(level)) throw new UsageError(`--level must be one of ${BOT_LEVELS.join(', ')}`);
  let json: unknown;
  try {
    json = JSON.parse(flags.get('rules') ?? '{"preset":"allFives"}');
  } catch {
    throw new UsageError('--rules must be a JSON rules object');
  }
  const rules = RulesInputSchema.safeParse({ ...(json as object), players });
  if (!rules.success) throw new UsageError(`--rules: ${rules.error.issues.map((i) => `${i.path.join('.') || 'rules'}: ${i.message}`).join('; ')}`);
  return {
    urls,
    tables: count('tables', null),
    durationMs: count('duration', null) * 1000,
    players,
    humans,
    level,
    rules: rules.data,
    ramp: count('ramp', 50),
    thinkMs: count('think', 0, 0),
    seed: flags.get('seed') ?? 'loadtest',
  };
}

/** Sets every table up (`ramp` at a time), measures for the duration, and says what it saw. */
export async function runLoadTest(o: LoadOptions, say: (text: string) => void = () => {}): Promise<Record<string, unknown>> {
  const stats = new LoadStats();
  const random = seededRandom(o.seed);
  const drivers = Array.from(
    { length: o.tables },
    (_, i) =>
      new TableDriver(
        {
          url: o.urls[i % o.urls.length]!,
          rules: o.rules,
          players: o.players,
          humans: o.humans,
          level: o.level,
          policy: NAMED_POLICIES.greedy,
          random,
          thinkMs: o.thinkMs,
        },
        stats,
      ),
  );
  let running = 0;
  for (let i = 0; i < drivers.length; i += o.ramp) {
    const batch = drivers.slice(i, i + o.ramp);
    const started = await Promise.allSettled(batch.map((d) => d.start()));
    for (const s of started) {
      if (s.status === 'fulfilled') running++;
      else stats.error(`setup: ${s.reason instanceof Error ? s.reason.message : String(s.reason)}`);
    }
    say(`${Math.min(i + o.ramp, drivers.length)}/${drivers.length} tables set up`);
  }
  const before = await allFigures(o.urls);
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  stats.measuring = true;
  await new Promise((resolve) => setTimeout(resolve, o.durationMs));
  stats.measuring = false;
  const clientCpu = process.cpuUsage(cpu0);
  const after = await allFigures(o.urls);
  const seconds = (performance.now() - t0) / 1000;
  for (const d of drivers) d.stop();
  const moves = after.moves - before.moves;
  const sorted = [...stats.latencies].sort((a, b) => a - b);
  const round = (x: number, places = 1): number => Math.round(x * 10 ** places) / 10 ** places;
  for (const e of stats.examples) say(`error: ${e}`);
  if (stats.examples.some((e) => e.includes('rate/limited') || e.includes('connection/too_many'))) {
    say(
      "the servers' rate limits refused the load test: start them with RATE_GUESTS=0 RATE_TABLES=0 RATE_ADDRESS_CONNECTIONS=0 RATE_ADDRESS_MESSAGES=0 RATE_CONNECTION_MESSAGES=0 SOCKETS_PER_ADDRESS=0",
    );
  }
  return {
    tables: running,
    moves,
    movesPerSec: round(moves / seconds),
    latencyMs: { p50: round(percentile(sorted, 50)), p95: round(percentile(sorted, 95)), p99: round(percentile(sorted, 99)) },
    errors: stats.errors,
    cpuUsPerMove: moves === 0 ? null : round(((after.cpuSeconds - before.cpuSeconds) * 1e6) / moves),
    // Both figures say what a latency was measured beside (issue 14's easy-bot baseline: the
    // same code's p99 differs eightfold between a quiet machine and a busy one).
    clientCpuUsPerMove: moves === 0 ? null : round((clientCpu.user + clientCpu.system) / moves),
    loadAverage: round(loadavg()[0] ?? 0, 2),
    // The worst node's, over the measured seconds only (server-metrics.ts).
    loopLagP99Ms: after.loopLagP99Seconds === null ? null : round(after.loopLagP99Seconds * 1000),
  };
}

export const loadtest: Command = {
  summary: 'drive N tables of headless clients and bots against servers; one JSON line of figures',
  help,
  async run(args) {
    const options = await optionsOr('loadtest', help, () => parse(args));
    if (options === null) return 2;
    try {
      await allFigures(options.urls);
    } catch (error) {
      process.stderr.write(`fives loadtest: cannot read the servers' /metrics (${error instanceof Error ? error.message : String(error)})\n`);
      return 1;
    }
    const result = await runLoadTest(options, (text) => process.stderr.write(`${text}\n`));
    process.stdout.write(`${JSON.stringify(result)}\n`);
    return 0;
  },
};
