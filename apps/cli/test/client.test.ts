import { NAMED_POLICIES } from '@fives/bots';
import { seededRandom } from '@fives/engine';
import { MemoryTableStore, StoreUnavailableError, build } from '@fives/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Line, runSession } from '../src/client/session.ts';

/** A store that cannot be reached for its first `refusals` table creations (`server/busy`), then can. */
class BusyAtFirst extends MemoryTableStore {
  constructor(private refusals: number) {
    super();
  }

  override create(...args: Parameters<MemoryTableStore['create']>): ReturnType<MemoryTableStore['create']> {
    if (this.refusals-- > 0) return Promise.reject(new StoreUnavailableError('not now'));
    return super.create(...args);
  }
}
import { fives } from './run-cli.ts';

describe('fives client', () => {
  let app: Awaited<ReturnType<typeof build>>;
  let url: string;
  beforeAll(async () => {
    app = await build({ store: new MemoryTableStore(), secret: 'cli-test-secret-0123456789', logger: false, botDelayMs: 0, handPauseMs: 0, webRoot: null });
    url = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app.close();
  });

  it('two headless clients and a bot play a whole game: one creates, the other joins by the invite link', async () => {
    const hostLines: Line[] = [];
    let invite: (link: string) => void = () => {};
    const inviteUrl = new Promise<string>((resolve) => (invite = resolve));
    const host = runSession(
      { url, name: 'Host', policy: NAMED_POLICIES.greedy, random: seededRandom('h'), timeoutMs: 30_000, create: { rules: { players: 3 }, seats: 3, bots: 1, level: 'easy' } },
      (line) => {
        hostLines.push(line);
        if (line.type === 'created') invite(line.inviteUrl as string);
      },
    );
    const guestLines: Line[] = [];
    const guest = runSession({ url, name: 'Guest', policy: NAMED_POLICIES.random, random: seededRandom('g'), timeoutMs: 30_000, join: await inviteUrl }, (line) =>
      guestLines.push(line),
    );
    expect(await Promise.all([host, guest])).toEqual([0, 0]);

    // First who each is (their player id is the address of their archived games), then the table.
    expect(hostLines[0]).toEqual({ type: 'guest', playerId: expect.stringMatching(/^p_/), name: 'Host' });
    expect(guestLines[0]).toEqual({ type: 'guest', playerId: expect.stringMatching(/^p_/), name: 'Guest' });
    expect(hostLines[1]).toMatchObject({ type: 'created', tableId: expect.any(String), inviteUrl: expect.stringContaining('/t/') });
    const tableId = hostLines[1]!.tableId as string;
    const [hostFinal, guestFinal] = [hostLines.at(-1)!, guestLines.at(-1)!];
    expect(hostFinal).toMatchObject({ type: 'final', tableId, game: 1, seat: 0 });
    expect(guestFinal).toMatchObject({ type: 'final', tableId, game: 1, seat: 1 });
    // The finished game is in the archive (its job runs just after the finishing move), under the player the first line named.
    const archived = async (): Promise<string[]> => {
      const res = await fetch(`${url}/api/players/${hostLines[0]!.playerId as string}/games`);
      return res.ok ? ((await res.json()) as { games: { id: string }[] }).games.map((g) => g.id) : [];
    };
    let ids: string[] = [];
    for (let i = 0; i < 100 && ids.length === 0; i++) {
      ids = await archived();
      if (ids.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(ids).toEqual([`${tableId}-1`]);
    expect(guestFinal.scores).toEqual(hostFinal.scores);
    expect(hostLines.some((l) => l.type === 'play' && l.seat === 2)).toBe(true);
    expect(hostLines.some((l) => l.type === 'handEnd')).toBe(true);
  });

  it('two headless clients waiting in the same queue are matched and play their table to the end', async () => {
    const lines: Line[][] = [[], []];
    const queue = { rules: { preset: 'allFives' as const, players: 2 as const }, waitSeconds: 600, level: 'easy' as const };
    const sessions = ['Ann', 'Ben'].map((name, i) =>
      runSession({ url, name, policy: NAMED_POLICIES.greedy, random: seededRandom(name), timeoutMs: 30_000, queue }, (line) => lines[i]!.push(line)),
    );
    expect(await Promise.all(sessions)).toEqual([0, 0]);
    // Whoever waited first was told so, with their own rating for the queue: "?" for a newcomer.
    const queued = lines.flat().filter((x) => x.type === 'queued');
    expect(queued.length).toBeGreaterThan(0);
    for (const q of queued) expect(q.rating).toBe('?');
    const matched = lines.map((l) => l.find((x) => x.type === 'matched')!);
    expect(matched[0]!.tableId).toBe(matched[1]!.tableId);
    expect(new Set(matched.map((m) => m.seat))).toEqual(new Set([0, 1]));
    const finals = lines.map((l) => l.at(-1)!);
    for (const f of finals) expect(f).toMatchObject({ type: 'final', tableId: matched[0]!.tableId, game: 1 });
    expect(finals[0]!.scores).toEqual(finals[1]!.scores);
  });

  it('two headless clients queue for Fives-and-Threes, are matched and play it to 61 in whole points', async () => {
    const lines: Line[][] = [[], []];
    const queue = { rules: { preset: 'fivesAndThrees' as const, players: 2 as const }, waitSeconds: 600, level: 'easy' as const };
    const policies = [NAMED_POLICIES.defensive, NAMED_POLICIES.greedy];
    const sessions = ['Cy', 'Di'].map((name, i) =>
      runSession({ url, name, policy: policies[i]!, random: seededRandom(name), timeoutMs: 30_000, queue }, (line) => lines[i]!.push(line)),
    );
    expect(await Promise.all(sessions)).toEqual([0, 0]);
    const matched = lines.map((l) => l.find((x) => x.type === 'matched')!);
    expect(matched[0]!.tableId).toBe(matched[1]!.tableId);
    const finals = lines.map((l) => l.at(-1)!);
    for (const f of finals) expect(f).toMatchObject({ type: 'final', tableId: matched[0]!.tableId, game: 1 });
    const scores = finals[0]!.scores as number[];
    expect(finals[1]!.scores).toEqual(scores);
    expect(Math.max(...scores)).toBeGreaterThanOrEqual(61);
    for (const score of scores) expect(Number.isInteger(score)).toBe(true);
    // Plays, knocks, but no drawing in this game: nobody's log has a draw.
    expect(lines.flat().some((l) => l.type === 'play')).toBe(true);
    expect(lines.flat().some((l) => l.type === 'draw')).toBe(false);
  });

  it('four headless clients queue for the Latin game, are seated as two pairs, play it to 100 and are rated under latin/4', async () => {
    const names = ['Eva', 'Fer', 'Gil', 'Hal'];
    const lines: Line[][] = names.map(() => []);
    const queue = { rules: { preset: 'latin' as const, players: 4 as const, bonuses: true }, waitSeconds: 600, level: 'easy' as const };
    const policies = [NAMED_POLICIES.defensive, NAMED_POLICIES.greedy];
    const sessions = names.map((name, i) =>
      runSession({ url, name, policy: policies[i % 2]!, random: seededRandom(name), timeoutMs: 60_000, queue }, (line) => lines[i]!.push(line)),
    );
    expect(await Promise.all(sessions)).toEqual([0, 0, 0, 0]);
    const matched = lines.map((l) => l.find((x) => x.type === 'matched')!);
    expect(new Set(matched.map((m) => m.tableId)).size).toBe(1);
    expect(new Set(matched.map((m) => m.seat))).toEqual(new Set([0, 1, 2, 3]));
    const finals = lines.map((l) => l.at(-1)!);
    for (const f of finals) expect(f).toMatchObject({ type: 'final', tableId: matched[0]!.tableId, game: 1 });
    const scores = finals[0]!.scores as number[];
    // Two pairs, one score each; nothing is drawn, nothing scores during a hand.
    expect(scores).toHaveLength(2);
    expect(Math.max(...scores)).toBeGreaterThanOrEqual(100);
    for (const f of finals) expect(f.scores).toEqual(scores);
    expect(lines.flat().some((l) => l.type === 'draw')).toBe(false);
    expect(lines.flat().some((l) => l.type === 'pass')).toBe(true);
    // A queue's game is rated, under its preset and player count, once the archive has it.
    const board = async (): Promise<unknown[]> => ((await (await fetch(`${url}/api/leaderboard?preset=latin&players=4`)).json()) as { entries: unknown[] }).entries;
    let entries: unknown[] = [];
    for (let i = 0; i < 100 && entries.length < 4; i++) {
      entries = await board();
      if (entries.length < 4) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(entries).toHaveLength(4);
  });

  it('four headless clients queue for the Cuban game, play a double-nine set to 100 in two pairs and are rated under cuban/4', async () => {
    const names = ['Ines', 'Joel', 'Kai', 'Luz'];
    const lines: Line[][] = names.map(() => []);
    const queue = { rules: { preset: 'cuban' as const, players: 4 as const }, waitSeconds: 600, level: 'easy' as const };
    const policies = [NAMED_POLICIES.defensive, NAMED_POLICIES.greedy];
    const sessions = names.map((name, i) =>
      runSession({ url, name, policy: policies[i % 2]!, random: seededRandom(name), timeoutMs: 60_000, queue }, (line) => lines[i]!.push(line)),
    );
    expect(await Promise.all(sessions)).toEqual([0, 0, 0, 0]);
    const matched = lines.map((l) => l.find((x) => x.type === 'matched')!);
    expect(new Set(matched.map((m) => m.tableId)).size).toBe(1);
    const finals = lines.map((l) => l.at(-1)!);
    for (const f of finals) expect(f).toMatchObject({ type: 'final', tableId: matched[0]!.tableId, game: 1 });
    const scores = finals[0]!.scores as number[];
    expect(scores).toHaveLength(2);
    expect(Math.max(...scores)).toBeGreaterThanOrEqual(100);
    expect(lines.flat().some((l) => l.type === 'draw')).toBe(false);
    // The clients sent (and the server took) tiles with a 7, 8 or 9.
    expect(JSON.stringify(lines)).toMatch(/"[0-9]-[789]"|"[789]-[0-9]"/);
    const board = async (): Promise<unknown[]> => ((await (await fetch(`${url}/api/leaderboard?preset=cuban&players=4`)).json()) as { entries: unknown[] }).entries;
    let entries: unknown[] = [];
    for (let i = 0; i < 100 && entries.length < 4; i++) {
      entries = await board();
      if (entries.length < 4) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(entries).toHaveLength(4);
  });

  it('--queue takes a rules object and refuses a bad one with a usage error', () => {
    const bad = fives(['client', '--url', url, '--name', 'X', '--queue', '{"players":5}']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--queue');
    const both = fives(['client', '--url', url, '--name', 'X', '--queue', '{"players":2}', '--join', `${url}/t/abcdefgh`]);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('exactly one of --create, --join and --queue');
    // Two runs of the command, each starting Node and tsx: seconds on a busy 2-core machine.
  }, 30_000);

  it('asks again, once the server says it may, for a join and a move refused with server/busy, and plays on to the end', async () => {
    // A node whose store "does not answer" until the test says it does again: no probe of its own in between.
    const flaky = await build({
      store: new MemoryTableStore(),
      secret: 'cli-test-secret-0123456789',
      logger: false,
      botDelayMs: 0,
      handPauseMs: 0,
      webRoot: null,
      storeProbeMs: 3_600_000,
    });
    try {
      const flakyUrl = await flaky.listen({ port: 0, host: '127.0.0.1' });
      await flaky.monitor.probe();
      flaky.monitor.failed();
      const lines: Line[] = [];
      let moveRefused = false;
      const code = await runSession(
        {
          url: flakyUrl,
          name: 'Patient',
          policy: NAMED_POLICIES.greedy,
          random: seededRandom('p'),
          timeoutMs: 30_000,
          create: { rules: { players: 2 }, seats: 2, bots: 1, level: 'easy' },
        },
        (line) => {
          lines.push(line);
          // The join is refused first; the store comes back while the client waits to ask again.
          if (line.type === 'retrying') void flaky.monitor.probe();
          // Then the store goes away again just as the first hand is dealt: the next move is refused.
          if (line.type === 'hand' && !moveRefused) {
            moveRefused = true;
            flaky.monitor.failed();
          }
        },
      );
      expect(code).toBe(0);
      const retried = lines.filter((l) => l.type === 'retrying');
      expect(retried.map((l) => l.event)).toEqual(['table:join', 'game:action']);
      for (const r of retried) expect(r).toMatchObject({ code: 'server/busy', afterMs: expect.any(Number) });
      expect(lines.at(-1)).toMatchObject({ type: 'final', game: 1, seat: 0 });
    } finally {
      await flaky.close();
    }
  });

  it('--create asks again, after retryAfterMs, for a table refused with server/busy, and plays it to the end', async () => {
    const busy = await build({ store: new BusyAtFirst(1), secret: 'cli-test-secret-0123456789', logger: false, botDelayMs: 0, handPauseMs: 0, webRoot: null });
    try {
      const busyUrl = await busy.listen({ port: 0, host: '127.0.0.1' });
      const lines: Line[] = [];
      const code = await runSession(
        {
          url: busyUrl,
          name: 'Host',
          policy: NAMED_POLICIES.greedy,
          random: seededRandom('b'),
          timeoutMs: 30_000,
          create: { rules: { players: 2 }, seats: 2, bots: 1, level: 'easy' },
        },
        (line) => lines.push(line),
      );
      expect(code).toBe(0);
      expect(lines.slice(1, 3)).toEqual([
        { type: 'retrying', code: 'server/busy', event: 'POST /api/tables', afterMs: 2000 },
        expect.objectContaining({ type: 'created', tableId: expect.any(String) }),
      ]);
      expect(lines.at(-1)).toMatchObject({ type: 'final', game: 1, seat: 0 });
    } finally {
      await busy.close();
    }
  });
});
