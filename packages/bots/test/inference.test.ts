import { type GameState, type RulesInput, type Tile, apply, countTiles, dealHand, newGame, seededRandom, startHand, tilesOf, view } from '@fives/engine';
import { describe, expect, it } from 'vitest';
import { type BotPolicy, PASSED_OVER_WEIGHT, Sampler, defensivePolicy, determinize, greedyPolicy, readSeatView } from '../src/index.ts';

function unwrap<T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/**
 * The positions of seeded games played by `policy` in every seat: each state where the seat on
 * turn has a play to choose, with the seat. Whole games, so what players pass over is what a
 * real opponent of that kind passes over.
 */
function playedPositions(rules: RulesInput, policy: BotPolicy, seed: string, games: number): GameState[] {
  const out: GameState[] = [];
  for (let g = 0; g < games; g++) {
    const random = seededRandom(`${seed}:${g}`);
    let state = unwrap(newGame(rules));
    for (let hands = 0; state.status !== 'over' && hands < 40; hands++) {
      const { deal, leader } = dealHand(state, `${seed}:${g}:${hands}`);
      state = unwrap(startHand(state, deal, leader));
      while (state.status === 'playing' && state.hand !== null) {
        const seat = state.hand.turn;
        const action = policy(view(state, seat), random, { samples: 1 });
        if (action === null) throw new Error('no action on its turn');
        if (action.type === 'play' && state.hand.board.tiles > 0) out.push(state);
        state = unwrap(apply(state, action));
      }
    }
  }
  return out;
}

const SAMPLES = 200;

/**
 * The sampler's mean log-likelihood of the true hidden hands: per position (seen by the seat on
 * turn), per tile an opponent really holds, the log of the share of `SAMPLES` deals that gave it
 * that tile (add-a-half smoothed, so a tile never dealt costs log(0.5/201), not −∞). Higher is
 * better: the deals look more like the truth.
 */
function logLikelihood(states: readonly GameState[], weight: number): number {
  let sum = 0;
  let n = 0;
  const counts = new Int32Array(4 * 32);
  for (const [i, state] of states.entries()) {
    const hand = state.hand;
    if (hand === null) continue;
    const me = hand.turn;
    const sv = readSeatView(view(state, me));
    if (sv === null) continue;
    const sampler = new Sampler(sv, weight);
    const random = seededRandom(`ll:${i}`);
    counts.fill(0);
    for (let k = 0; k < SAMPLES; k++) {
      sampler.next(random);
      for (let s = 0; s < state.rules.players; s++) {
        if (s === me) continue;
        for (const t of tilesOf(sampler.hands[s] as number)) counts[s * 32 + t] = (counts[s * 32 + t] as number) + 1;
      }
    }
    for (let s = 0; s < state.rules.players; s++) {
      if (s === me) continue;
      for (const t of tilesOf(hand.hands[s] as number)) {
        sum += Math.log(((counts[s * 32 + t] as number) + 0.5) / (SAMPLES + 1));
        n++;
      }
    }
  }
  return sum / n;
}

describe('what a seat infers from the scores a player passed over', () => {
  const twoGreedy = playedPositions({ players: 2 }, greedyPolicy, 'inference:greedy', 4);

  it('notes only unseen tiles, and none for the viewer', () => {
    let noted = 0;
    for (const state of twoGreedy) {
      const me = state.hand?.turn ?? 0;
      const sv = readSeatView(view(state, me));
      if (sv === null) continue;
      expect(sv.passedOver[me]).toBe(0);
      for (const m of sv.passedOver) expect(m & ~sv.unseen).toBe(0);
      noted += sv.passedOver.reduce((a, m) => a + countTiles(m), 0);
    }
    expect(noted).toBeGreaterThan(0);
  });

  it('a greedy player that has not drawn never holds a tile it passed over', () => {
    let checked = 0;
    for (const state of twoGreedy) {
      const hand = state.hand;
      if (hand === null) continue;
      const me = hand.turn;
      const them = 1 - me;
      if (hand.log.some((e) => e.type === 'draw' && e.seat === them)) continue;
      const sv = readSeatView(view(state, me));
      if (sv === null) continue;
      expect((sv.passedOver[them] as number) & (hand.hands[them] as number)).toBe(0);
      if ((sv.passedOver[them] as number) !== 0) checked++;
    }
    expect(checked).toBeGreaterThan(5);
  });

  it('notes nothing in Block, where no play scores', () => {
    for (const state of playedPositions({ preset: 'block', players: 2 }, greedyPolicy, 'inference:block', 2)) {
      const sv = readSeatView(view(state, state.hand?.turn ?? 0));
      expect(sv?.passedOver.every((m) => m === 0)).toBe(true);
    }
  });

  it('the weighted deals still keep every hard constraint and every count', () => {
    const states = playedPositions({ players: 3 }, greedyPolicy, 'inference:three', 2);
    let weighted = 0;
    for (const [i, state] of states.entries()) {
      const me = state.hand?.turn ?? 0;
      const sv = readSeatView(view(state, me));
      if (sv === null) continue;
      if (sv.passedOver.some((m) => m !== 0)) weighted++;
      const random = seededRandom(`w${i}`);
      for (let k = 0; k < 5; k++) {
        const d = determinize(sv, random);
        let all = 0;
        for (const [s, h] of d.hands.entries()) {
          expect(countTiles(h)).toBe(s === me ? countTiles(sv.mine) : (sv.tileCounts[s] as number));
          expect(all & h).toBe(0);
          all |= h;
          if (s === me) continue;
          // Every group of the seat could hold the tiles: no tile shows a number all its groups lack.
          const lacksAll = (sv.groups[s] ?? []).reduce((a, g) => a & g.lacks, 0x7f);
          for (const t of tilesOf(h)) expect(numbers(t) & lacksAll).toBe(0);
        }
        for (const t of d.boneyard) all |= 1 << t;
        expect(all).toBe(sv.unseen | sv.mine);
      }
    }
    expect(weighted).toBeGreaterThan(0);
  });

  it('deals a passed-over tile to the player less often, but still sometimes', () => {
    const state = twoGreedy.find((s) => {
      const sv = readSeatView(view(s, s.hand?.turn ?? 0));
      return sv !== null && (sv.passedOver[1 - (s.hand?.turn ?? 0)] as number) !== 0 && sv.boneyard > 4;
    });
    expect(state).toBeDefined();
    if (state === undefined) return;
    const me = state.hand?.turn ?? 0;
    const sv = readSeatView(view(state, me));
    if (sv === null) return;
    const t = tilesOf(sv.passedOver[1 - me] as number)[0] as Tile;
    const share = (weight: number): number => {
      const sampler = new Sampler(sv, weight);
      const random = seededRandom('share');
      let held = 0;
      for (let k = 0; k < 2000; k++) {
        sampler.next(random);
        if (((sampler.hands[1 - me] as number) & (1 << t)) !== 0) held++;
      }
      return held / 2000;
    };
    const plain = share(1);
    const weighted = share(PASSED_OVER_WEIGHT);
    expect(weighted).toBeGreaterThan(0);
    expect(weighted).toBeLessThan(plain * 0.6);
  });

  // The measure of issue 29: do the deals look more like the true hands than before?
  it('raises the log-likelihood of the true hands against greedy players', () => {
    const before = logLikelihood(twoGreedy, 1);
    const after = logLikelihood(twoGreedy, PASSED_OVER_WEIGHT);
    expect(after).toBeGreaterThan(before + 0.01);
  });

  it('raises it against the defensive player, and in a partnership game', () => {
    const two = playedPositions({ players: 2 }, defensivePolicy, 'inference:defensive', 3);
    const before = logLikelihood(two, 1);
    const after = logLikelihood(two, PASSED_OVER_WEIGHT);
    const partners = playedPositions({ preset: 'partners', players: 4 }, defensivePolicy, 'inference:partners', 1);
    const beforeP = logLikelihood(partners, 1);
    const afterP = logLikelihood(partners, PASSED_OVER_WEIGHT);
    expect(after).toBeGreaterThan(before);
    expect(afterP).toBeGreaterThan(beforeP);
  });
});

function numbers(t: Tile): number {
  for (let a = 0, id = 0; a <= 6; a++) for (let b = a; b <= 6; b++, id++) if (id === t) return (1 << a) | (1 << b);
  throw new Error('not a tile');
}
