import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fives } from './run-cli.ts';

const goldenDir = new URL('../../../packages/engine/test/golden/', import.meta.url);
const goldens = readdirSync(goldenDir)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => JSON.parse(readFileSync(new URL(f, goldenDir), 'utf8')) as { record: unknown; expected: { ok: boolean } });

const dir = mkdtempSync(join(tmpdir(), 'fives-replay-'));
function file(name: string, content: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

describe('fives replay', () => {
  it('prints the replay of a legal record and exits 0', () => {
    const r = fives(['replay', file('legal.json', goldens[0]?.record)]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: true, scores: [40, 0], finished: false, winner: null });
  });

  it('exits 1 on an illegal action and says which', () => {
    const illegal = goldens.find((g) => !g.expected.ok);
    const r = fives(['replay', file('illegal.json', illegal?.record)]);
    expect(r.code).toBe(1);
    expect((JSON.parse(r.stdout) as { error: unknown }).error).toMatchObject({ hand: 0, action: 3, code: 'move/must_play' });
  });

  it('exits 2 on a schema error with the path of the bad field', () => {
    const bad = { rules: { preset: 'allFives', players: 2 }, hands: [{ deal: { hands: [['5-10']], boneyard: [] }, leader: 0, actions: [] }] };
    const r = fives(['replay', file('bad.json', bad)]);
    expect(r.code).toBe(2);
    expect((JSON.parse(r.stdout) as { error: unknown }).error).toMatchObject({ code: 'record/invalid', path: 'hands.0.deal.hands.0.0' });
  });

  it('exits 2 on a file that is not JSON, or not there', () => {
    expect(fives(['replay', file('text.json', 'not json')]).code).toBe(2);
    const missing = fives(['replay', join(dir, 'nope.json')]);
    expect(missing.code).toBe(2);
    expect((JSON.parse(missing.stdout) as { error: { message: string } }).error.message).toMatch(/cannot read/);
  });

  it('reads standard input for -', () => {
    const r = fives(['replay', '-'], JSON.stringify(goldens[0]?.record));
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as { ok: boolean }).ok).toBe(true);
  });

  it('prints one line per file, in order, and exits with the highest code', () => {
    const files = goldens.map((g, i) => file(`g${i}.json`, g.record));
    const r = fives(['replay', ...files]);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(goldens.length);
    lines.forEach((line, i) => expect((JSON.parse(line) as { ok: boolean }).ok).toBe(goldens[i]?.expected.ok));
    expect(r.code).toBe(1);
  });

  it('replays a thousand records in one run', () => {
    const legal = goldens.filter((g) => g.expected.ok);
    const files = Array.from({ length: 1000 }, (_, i) => file(`k${i}.json`, legal[i % legal.length]?.record));
    const started = performance.now();
    const r = fives(['replay', ...files]);
    const seconds = (performance.now() - started) / 1000;
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split('\n')).toHaveLength(1000);
    // A figure for people, not an assertion: speed belongs to benchmarks.
    process.stderr.write(`replayed 1000 records in ${seconds.toFixed(2)} s\n`);
  });

  it('explains itself', () => {
    const r = fives(['replay', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Exit codes: 0/);
    const top = fives(['--help']);
    expect(top.stdout).toMatch(/replay/);
    expect(fives(['nonsense']).code).toBe(2);
  });
});

describe('fives bench --engine', () => {
  it('prints one JSON line of figures', () => {
    const r = fives(['bench', '--engine', '--seconds', '0.2']);
    expect(r.code).toBe(0);
    const figures = JSON.parse(r.stdout) as Record<string, number>;
    expect(Object.keys(figures).sort()).toEqual(['handsPerSec', 'legalGenPerSec', 'movesPerSec']);
    for (const v of Object.values(figures)) expect(v).toBeGreaterThan(0);
  });
});

describe('fives bench --apply', () => {
  it('prints one JSON line of figures, and wants exactly one thing to measure', () => {
    const r = fives(['bench', '--apply', '--seconds', '0.2']);
    expect(r.code).toBe(0);
    const figures = JSON.parse(r.stdout) as Record<string, number>;
    expect(Object.keys(figures).sort()).toEqual(['games', 'moves', 'movesPerSec', 'nsPerMove']);
    for (const v of Object.values(figures)) expect(v).toBeGreaterThan(0);
    expect(fives(['bench', '--apply', '--engine']).code).toBe(2);
  });
});

describe('fives bench --peer', () => {
  // Stand-ins for a peer built outside the repository: one whose loop is synchronous, one whose
  // loop is async (as an engine with an awaited turn loop is), and a module that is no peer.
  const peers = mkdtempSync(join(tmpdir(), 'fives-peer-'));
  writeFileSync(join(peers, 'sync.mjs'), 'export function peerBench() { return { movesPerSec: 1000 }; }\n');
  writeFileSync(join(peers, 'async.mjs'), 'export async function peerBench() { await null; return { movesPerSec: 1000 }; }\n');
  writeFileSync(join(peers, 'none.mjs'), 'export const nothing = 1;\n');
  afterAll(() => rmSync(peers, { recursive: true, force: true }));

  it.each([
    ['--engine', 'sync.mjs'],
    ['--apply', 'async.mjs'],
  ])('times %s beside the peer in %s, round by round, with the ratio', (what, file) => {
    const r = fives(['bench', what, '--peer', join(peers, file), '--rounds', '2', '--seconds', '0.2']);
    expect(r.code).toBe(0);
    const rounds = r.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { round: number; movesPerSec: number; peerMovesPerSec: number; ratio: number });
    expect(rounds.map((x) => x.round)).toEqual([1, 2]);
    for (const x of rounds) {
      expect(x.peerMovesPerSec).toBe(1000);
      expect(x.movesPerSec).toBeGreaterThan(0);
      expect(x.ratio).toBe(Math.round(x.movesPerSec / 100) / 10);
    }
  });

  it('says what is wrong with a module that is no peer, or a round count that is none', () => {
    const none = fives(['bench', '--engine', '--peer', join(peers, 'none.mjs'), '--seconds', '0.1']);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/does not export peerBench\(seconds\)/);
    expect(none.stderr).not.toMatch(/\n\s+at /);
    const rounds = fives(['bench', '--apply', '--peer', join(peers, 'sync.mjs'), '--rounds', '0']);
    expect(rounds.code).toBe(2);
    expect(rounds.stderr).toMatch(/--rounds must be a whole number/);
  });
});
