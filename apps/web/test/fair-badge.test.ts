import { type GameState, type RulesInput, apply, dealHand, legalActions, newGame, resolveRules, seededRandom, startHand, view } from '@fives/engine';
import { type Fairness, type FairnessInput, commitmentOf } from '@fives/protocol';
import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import FairBadge from '../src/components/FairBadge.svelte';
import { type FairnessReport, TableFairness, badgeOf } from '../src/connection/fairness.ts';
import { LazyFairness } from '../src/connection/online/lazy-fairness.ts';

/** A two-hand stretch of a game as a server sends it to seat 0; `forge` reveals another seed for hand 2. */
function states(forge: boolean): FairnessInput[] {
  const rulesInput: RulesInput = { players: 2 };
  const random = seededRandom('badge');
  let state = (newGame(rulesInput) as { ok: true; value: GameState }).value;
  const out: FairnessInput[] = [];
  let previous: Fairness['previous'] = null;
  let version = 0;
  for (let hand = 1; hand <= 2 && state.status !== 'over'; hand++) {
    const seed = `${hand}`.repeat(32);
    const made = dealHand(state, seed);
    state = (startHand(state, made.deal, made.leader) as { ok: true; value: GameState }).value;
    const revealed = forge && hand === 2 ? 'f'.repeat(32) : seed;
    const push = (): void => {
      const over = state.hand?.end !== null || state.status === 'over';
      out.push({
        tableId: 't1',
        version: ++version,
        table: { game: 1 },
        view: view(state, 0),
        fairness: { current: { game: 1, hand, commitment: commitmentOf(seed), seed: over ? revealed : null }, previous },
      });
    };
    push();
    while (state.status === 'playing') {
      const legal = legalActions(view(state, state.hand!.turn));
      state = (apply(state, legal[random.int(legal.length)]!) as { ok: true; value: GameState }).value;
      push();
    }
    previous = { game: 1, hand, commitment: commitmentOf(seed), seed: revealed };
  }
  return out;
}

function follow(all: FairnessInput[]): FairnessReport[] {
  const fair = new TableFairness();
  return all.map((s) => fair.observe(s));
}

describe('the fair deal badge', () => {
  it('waits for the first reveal, then says ✓ for honest hands and ✗ (with the reason) for a forged seed', () => {
    const honest = follow(states(false));
    expect(badgeOf(honest[0]!)).toMatchObject({ mark: '…', tone: 'neutral' });
    expect(honest[0]!.pending).toMatchObject({ game: 1, hand: 1, commitment: commitmentOf('1'.repeat(32)) });
    const end = honest.at(-1)!;
    expect(end.hands.map((h) => h.status)).toEqual(['verified', 'verified']);
    expect(badgeOf(end)).toMatchObject({ mark: '✓', tone: 'good' });
    const forged = follow(states(true)).at(-1)!;
    expect(forged.hands.map((h) => h.status)).toEqual(['verified', 'failed']);
    expect(badgeOf(forged)).toMatchObject({ mark: '✗', tone: 'bad', title: expect.stringContaining('does not hash') });
  });

  it('renders the mark, and the explanation with the seeds and the command to check them by hand', () => {
    const rules = (resolveRules({ players: 2 }) as { ok: true; value: Parameters<typeof FairBadge>[1]['rules'] }).value;
    const report = follow(states(false)).at(-1)!;
    const { body } = render(FairBadge, { props: { report, rules } });
    expect(body).toContain('fair deal');
    expect(body).toContain('✓');
    const bad = render(FairBadge, { props: { report: follow(states(true)).at(-1)!, rules } }).body;
    expect(bad).toContain('✗');
    expect(bad).toContain('class="fair bad');
  });

  it('online, the checker loads with the first state: what comes meanwhile is checked in order once it is here, and nothing is lost', async () => {
    const all = states(true);
    const checked: { tableId: string; report: FairnessReport }[] = [];
    let arrive: (f: TableFairness) => void = () => {};
    let loads = 0;
    const lazy = new LazyFairness(
      (tableId, report) => checked.push({ tableId, report }),
      () => {
        loads++;
        return new Promise((resolve) => (arrive = resolve));
      },
    );
    const half = Math.floor(all.length / 2);
    // While it loads the badge waits, and asks for the checker once.
    for (const s of all.slice(0, half)) expect(lazy.observe(s)).toEqual({ pending: null, hands: [] });
    expect(loads).toBe(1);
    expect(checked).toEqual([]);
    arrive(new TableFairness());
    await Promise.resolve();
    const eager = follow(all);
    expect(checked).toEqual([{ tableId: 't1', report: eager[half - 1] }]);
    // From then on every state is checked as it comes, as if the checker had always been here.
    const later = all.slice(half).map((s) => lazy.observe(s));
    expect(later).toEqual(eager.slice(half));
    expect(later.at(-1)!.hands.map((h) => h.status)).toEqual(['verified', 'failed']);
  });

  it('online, a checker that fails to load is asked for again by the next state, and still checks what came before', async () => {
    const all = states(false);
    let loads = 0;
    const lazy = new LazyFairness(
      () => {},
      () => (++loads === 1 ? Promise.reject(new Error('offline')) : Promise.resolve(new TableFairness())),
    );
    lazy.observe(all[0]!);
    await new Promise((r) => setTimeout(r, 0));
    expect(loads).toBe(1);
    const rest = all.slice(1, -1).map((s) => lazy.observe(s));
    await new Promise((r) => setTimeout(r, 0));
    expect(loads).toBe(2);
    expect(rest.at(-1)).toEqual({ pending: null, hands: [] });
    expect(lazy.observe(all.at(-1)!)).toEqual(follow(all).at(-1));
    expect(
      follow(all)
        .at(-1)!
        .hands.map((h) => h.status),
    ).toEqual(['verified', 'verified']);
  });
});
