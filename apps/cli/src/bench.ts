import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { Playout, type RulesInput, randomDeal, resolveRules, seededRandom } from '@fives/engine';
import { applyGames, timeApply } from './bench-apply.ts';
import type { Command } from './command.ts';
import { progressBar } from './progress.ts';

const help = `Usage: pnpm --silent fives bench (--engine | --apply) [--seconds S] [--seed SEED] [--preset P] [--players N]

--engine plays random legal games of All Fives as fast as the engine allows, on the in-place
playout that bots search with, and prints one JSON line:
  {"handsPerSec":…,"movesPerSec":…,"legalGenPerSec":…}
A move is any action (play, draw or pass); legalGen counts calls that list a seat's legal plays.
--apply replays random legal games through apply(), the path of every committed move, timing
only apply, and prints {"games":…,"moves":…,"movesPerSec":…,"nsPerMove":…}.

  --engine        benchmark the in-place playout
  --apply         benchmark apply()
  --seconds S     how long to run (default 3)
  --seed SEED     seed for deals and choices (default "bench")
  --preset P      rules preset (default allFives)
  --players N     2, 3 or 4 (default 2)
  --peer FILE     also time another engine in this process, alternating
                  rounds with ours, and print each round's ratio. FILE is an ES module, built
                  beforehand, exporting peerBench(seconds) → {movesPerSec} (or a promise of
                  it, for an engine whose game loop is async); nothing of a peer is in this
                  repository (docs/performance.md says how its figures were made)
  --rounds N      with --peer: how many alternated rounds (default 3)

With --peer, each round prints {"round","movesPerSec","peerMovesPerSec","ratio"}.
`;

interface PeerModule {
  readonly peerBench: (seconds: number) => { movesPerSec: number } | Promise<{ movesPerSec: number }>;
}

async function loadPeer(file: string): Promise<PeerModule> {
  const mod = (await import(pathToFileURL(resolve(file)).href)) as Partial<PeerModule>;
  if (typeof mod.peerBench !== 'function') throw new Error(`${file} does not export peerBench(seconds)`);
  return mod as PeerModule;
}

/**
 * Times ours and the peer's in turn, `rounds` times, and prints each round's moves/s and their
 * ratio. Each round is ten short slices of each, interleaved, so that a change of the machine's
 * load falls on both: only a ratio within one round means much on a shared machine.
 */
async function alternate(ours: (seconds: number) => number, peer: PeerModule, seconds: number, rounds: number): Promise<void> {
  const slice = seconds / 10;
  for (let round = 1; round <= rounds; round++) {
    let ourMoves = 0;
    let theirMoves = 0;
    for (let i = 0; i < 10; i++) {
      ourMoves += ours(slice);
      theirMoves += (await peer.peerBench(slice)).movesPerSec;
    }
    const movesPerSec = Math.round(ourMoves / 10);
    const peerMovesPerSec = Math.round(theirMoves / 10);
    const ratio = Math.round((movesPerSec / peerMovesPerSec) * 10) / 10;
    process.stdout.write(`${JSON.stringify({ round, movesPerSec, peerMovesPerSec, ratio })}\n`);
  }
}

interface EngineFigures {
  handsPerSec: number;
  movesPerSec: number;
  legalGenPerSec: number;
}

export function benchEngine(opts: { seconds: number; seed: string; preset: string; players: number }, onTick?: (elapsed: number) => void): EngineFigures {
  const resolved = resolveRules({ preset: opts.preset, players: opts.players });
  if (!resolved.ok) throw new Error(resolved.error.message);
  const rules = resolved.value;
  // The seeded source's own class, so that `random.int` is inlined in the loop.
  const random = seededRandom(opts.seed);
  const buf = new Int32Array(64);
  let hands = 0;
  let moves = 0;
  let legalGens = 0;
  const start = performance.now();
  const budgetMs = opts.seconds * 1000;
  let elapsed = 0;
  const game = new Playout(rules, randomDeal(rules, random), random.int(rules.players));
  let first = true;
  while (elapsed < budgetMs) {
    // A batch of hands between clock reads keeps timing out of the measured loop.
    for (let i = 0; i < 50; i++) {
      // The hand is dealt again in place: a new game only once one is won.
      if (!first) game.redeal(random, random.int(rules.players));
      first = false;
      while (!game.done) {
        const n = game.legalPlays(buf);
        legalGens++;
        if (n === 0) game.drawOrPass();
        else game.play(buf[random.int(n)] as number);
        moves++;
      }
      hands++;
    }
    elapsed = performance.now() - start;
    onTick?.(elapsed);
  }
  const perSec = (x: number): number => Math.round((x * 1000) / elapsed);
  return { handsPerSec: perSec(hands), movesPerSec: perSec(moves), legalGenPerSec: perSec(legalGens) };
}

export const bench: Command = {
  summary: 'measure the speed of the engine (JSON)',
  help,
  async run(args) {
    const { values } = parseArgs({
      args,
      options: {
        engine: { type: 'boolean', default: false },
        apply: { type: 'boolean', default: false },
        seconds: { type: 'string', default: '3' },
        seed: { type: 'string', default: 'bench' },
        preset: { type: 'string', default: 'allFives' },
        players: { type: 'string', default: '2' },
        peer: { type: 'string' },
        rounds: { type: 'string', default: '3' },
      },
      strict: true,
    });
    if (values.engine === values.apply) {
      process.stderr.write(`fives bench: say what to measure (--engine or --apply)\n\n${help}`);
      return 2;
    }
    const seconds = Number(values.seconds);
    if (!(seconds > 0)) {
      process.stderr.write('fives bench: --seconds must be a positive number\n');
      return 2;
    }
    const players = Number(values.players);
    const rounds = Number(values.rounds);
    if (values.peer !== undefined && !(Number.isInteger(rounds) && rounds >= 1)) {
      process.stderr.write('fives bench: --rounds must be a whole number of at least 1\n');
      return 2;
    }
    if (values.apply) {
      const rules = { preset: values.preset, players } as RulesInput;
      const games = applyGames(rules, values.seed, 200);
      const now = (): number => performance.now();
      if (values.peer !== undefined) {
        await alternate((s) => timeApply(games, s, now).movesPerSec, await loadPeer(values.peer), seconds, rounds);
        return 0;
      }
      process.stdout.write(`${JSON.stringify(timeApply(games, seconds, now))}\n`);
      return 0;
    }
    if (values.peer !== undefined) {
      const opts = { seed: values.seed, preset: values.preset, players };
      await alternate((s) => benchEngine({ ...opts, seconds: s }).movesPerSec, await loadPeer(values.peer), seconds, rounds);
      return 0;
    }
    const bar = progressBar('bench', Math.round(seconds * 10));
    const figures = benchEngine({ seconds, seed: values.seed, preset: values.preset, players }, (ms) => bar.update(Math.min(Math.round(ms / 100), Math.round(seconds * 10))));
    bar.finish();
    process.stdout.write(`${JSON.stringify(figures)}\n`);
    return 0;
  },
};
