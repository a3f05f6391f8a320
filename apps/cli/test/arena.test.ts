import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseArenaArgs } from '../src/arena.ts';
import { fives } from './run-cli.ts';

const dir = mkdtempSync(join(tmpdir(), 'fives-arena-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('fives arena', () => {
  it('plays the games, prints one JSON line, and writes records that fives replay accepts', () => {
    const run = fives(['arena', '--a', 'expert', '--b', 'greedy', '--players', '3', '--preset', 'muggins', '--games', '3', '--seed', 't', '--samples', '8', '--records', dir]);
    expect(run.stderr).toContain('expert v greedy');
    expect(run.code).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const out = JSON.parse(lines[0] as string) as Record<string, unknown>;
    expect(Object.keys(out)).toEqual(['games', 'wins', 'winRate', 'ci95', 'meanScores', 'decisionMs', 'searched']);
    expect(out.games).toBe(3);
    const wins = out.wins as { a: number; b: number };
    expect(wins.a + wins.b).toBe(3);
    expect(out.decisionMs).toMatchObject({ a: { mean: expect.any(Number), p50: expect.any(Number), p95: expect.any(Number), max: expect.any(Number) } });
    // The expert searched, never past its cap of 8 deals; greedy never searches.
    const searched = out.searched as Record<'a' | 'b', { decisions: number; samples: { max: number } }>;
    expect(searched.a.decisions).toBeGreaterThan(0);
    expect(searched.a.samples.max).toBeLessThanOrEqual(8);
    expect(searched.b.decisions).toBe(0);
    const files = readdirSync(dir).sort();
    expect(files).toEqual(['game-0001.json', 'game-0002.json', 'game-0003.json']);
    const replayed = fives(['replay', join(dir, 'game-0002.json')]);
    expect(replayed.code).toBe(0);
    expect(JSON.parse(replayed.stdout)).toMatchObject({ ok: true, finished: true });
  });

  it('is reproducible with a sample budget, the samples searched included', () => {
    const args = ['arena', '--a', 'hard', '--b', 'medium', '--games', '2', '--seed', 'r', '--samples', '6', '--clock', 'cpu'];
    const strip = (s: string): unknown => {
      const o = JSON.parse(s) as { decisionMs?: unknown; searched: Record<'a' | 'b', { ms?: unknown }> };
      delete o.decisionMs;
      delete o.searched.a.ms;
      delete o.searched.b.ms;
      return o;
    };
    expect(strip(fives(args).stdout)).toEqual(strip(fives(args).stdout));
  });

  it('with --fixed, spends every sample of its budget', () => {
    const run = fives(['arena', '--a', 'expert', '--b', 'random', '--games', '1', '--seed', 'f', '--samples', '5', '--fixed']);
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout) as { searched: { a: { samples: { mean: number; max: number } } } };
    expect(out.searched.a.samples).toMatchObject({ mean: 5, max: 5 });
  });

  it('refuses bad options with a clear message and exit code 2', () => {
    const run = fives(['arena', '--a', 'grandmaster', '--b', 'greedy']);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('--a must be one of');
  });

  it.each([
    [['--b', 'greedy'], '--a is required'],
    [['--a', 'greedy', '--b', 'greedy', '--players', '5'], '--players must be 2, 3 or 4'],
    [['--a', 'greedy', '--b', 'greedy', '--preset', 'partners', '--players', '2'], 'partnerships need 4 players'],
    [['--a', 'greedy', '--b', 'greedy', '--preset', 'dominoes'], '--preset must be one of'],
    [['--a', 'greedy', '--b', 'greedy', '--games', '0'], '--games must be'],
    [['--a', 'greedy', '--b', 'greedy', '--budget-ms', 'soon'], '--budget-ms must be'],
    [['--a', 'greedy', '--b', 'greedy', '--budget-ms', '10', '--samples', '5'], 'not both'],
    [['--a', 'greedy', '--b', 'greedy', '--frobnicate'], 'Unknown option'],
    [['--a', 'greedy', '--b', 'greedy', '--clock', 'sundial'], '--clock must be wall or cpu'],
  ])('refuses %j', (args, message) => {
    expect(() => parseArenaArgs(args)).toThrow(message);
  });
});
