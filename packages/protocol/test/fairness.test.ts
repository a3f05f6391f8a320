import { type Deal, type GameState, type RulesInput, type Seat, apply, dealFromSeed, leaderFor, legalActions, newGame, seededRandom, startHand, view } from '@fives/engine';
import { describe, expect, it } from 'vitest';
import { type Fairness, FairnessSchema } from '../src/fairness-schema.ts';
import { type FairnessInput, FairnessTracker, type HandFairness, commitmentOf } from '../src/fairness.ts';

/** How a dishonest server could cheat; each is one way, applied to one hand (`hand`, or every hand when absent). */
interface Cheat {
  readonly hand?: number;
  /** Reveals another seed than the one committed to. */
  readonly reveal?: (seed: string) => string;
  /** Publishes another commitment than the seed's. */
  readonly publish?: (commitment: string) => string;
  /** Deals from another seed than the one committed to and revealed. */
  readonly dealFrom?: (seed: string) => string;
  /** Gives the lead (when it is left to chance) to another seat. */
  readonly leader?: (random: Seat, players: number) => Seat;
  /** Publishes a second commitment halfway through the hand. */
  readonly recommit?: boolean;
}

/**
 * A whole game as a server would send it to `seat`: every state, each with its fairness field,
 * the moves chosen at random among the legal ones (seeded). `cheat` makes the server dishonest.
 */
function serverStates(rulesInput: RulesInput, seat: Seat | null, seed: string, cheat: Cheat = {}): FairnessInput[] {
  const random = seededRandom(seed);
  const seeds = seededRandom(`${seed}/seeds`);
  const created = newGame(rulesInput);
  if (!created.ok) throw new Error(created.error.message);
  let state: GameState = created.value;
  const out: FairnessInput[] = [];
  let version = 0;
  let previous: Fairness['previous'] = null;
  for (let hand = 1; state.status !== 'over'; hand++) {
    const applies = cheat.hand === undefined || cheat.hand === hand;
    const handSeed = Array.from({ length: 4 }, () => seeds.int(0x1_0000_0000).toString(16).padStart(8, '0')).join('');
    const made = dealFromSeed(state.rules, applies && cheat.dealFrom ? cheat.dealFrom(handSeed) : handSeed);
    const deal: Deal = made.deal;
    const choice = leaderFor(state, deal);
    const leader = choice.kind === 'decided' ? choice.seat : applies && cheat.leader ? cheat.leader(made.randomLeader, state.rules.players) : made.randomLeader;
    const started = startHand(state, deal, leader);
    if (!started.ok) throw new Error(started.error.message);
    state = started.value;
    const commitment = applies && cheat.publish ? cheat.publish(commitmentOf(handSeed)) : commitmentOf(handSeed);
    const revealed = applies && cheat.reveal ? cheat.reveal(handSeed) : handSeed;
    const emit = (shown: string): void => {
      const over = state.hand?.end !== null || state.status === 'over';
      const fairness: Fairness = { current: { game: 1, hand, commitment: shown, seed: over ? revealed : null }, previous };
      expect(FairnessSchema.safeParse(fairness).success).toBe(true);
      out.push({ tableId: 'k3v9q2m7xa', version: ++version, table: { game: 1 }, view: view(state, seat), fairness });
    };
    emit(commitment);
    let moves = 0;
    while (state.status === 'playing') {
      const turn = state.hand!.turn;
      const legal = legalActions(view(state, turn)).filter((a) => a.type !== 'muggins');
      const action = legal[random.int(legal.length)]!;
      const next = apply(state, action);
      if (!next.ok) throw new Error(next.error.message);
      state = next.value;
      moves++;
      emit(applies && cheat.recommit && moves > 3 ? commitmentOf(`${handSeed}x`) : commitment);
    }
    previous = { game: 1, hand, commitment, seed: revealed };
  }
  return out;
}

function verdictsOf(states: readonly FairnessInput[]): HandFairness[] {
  const tracker = new FairnessTracker();
  const out: HandFairness[] = [];
  for (const s of states) out.push(...tracker.observe(s));
  return out;
}

const flip = (hex: string): string => (hex[0] === '0' ? '1' : '0') + hex.slice(1);

describe('the fairness tracker', () => {
  for (const [name, rules, seat] of [
    ['All Fives, 2 players, a seat', { players: 2 }, 1],
    ['All Fives, 4 players, a spectator', { players: 4 }, null],
    ['Muggins, 3 players (claims, hidden counts)', { preset: 'muggins', players: 3 }, 0],
    ['Draw game, 2 players', { preset: 'draw', players: 2 }, 0],
    ['Block game, partners', { preset: 'partners', players: 4 }, 2],
    ['the Latin game, bonuses, a seat (leads decided by the hand before, blocked ones by its pips)', { preset: 'latin', players: 4, bonuses: true, target: 300 }, 3],
    // The commitment covers a deal of the 55 tiles: ten each and the fifteen nobody sees.
    ['the Cuban game, a seat (a double-nine set, the highest double dealt leading the first hand)', { preset: 'cuban', players: 4, target: 300 }, 1],
  ] as const) {
    it(`verifies every hand of an honest game (${name})`, () => {
      const states = serverStates(rules, seat, `honest/${name}`);
      const verdicts = verdictsOf(states);
      const hands = Math.max(...states.map((s) => s.fairness!.current.hand));
      expect(hands).toBeGreaterThan(1);
      expect(verdicts.map((v) => v.hand)).toEqual(Array.from({ length: hands }, (_, i) => i + 1));
      for (const v of verdicts) expect(v, v.reason).toMatchObject({ status: 'verified', game: 1 });
    });
  }

  it('reports a revealed seed that does not hash to the commitment', () => {
    const verdicts = verdictsOf(serverStates({ players: 2 }, 0, 'reveal', { hand: 2, reveal: flip }));
    expect(verdicts[0]!.status).toBe('verified');
    expect(verdicts[1]).toMatchObject({ hand: 2, status: 'failed', reason: expect.stringContaining('does not hash') });
    expect(verdicts[2]!.status).toBe('verified');
  });

  it('reports a commitment that is not the seed’s', () => {
    const verdicts = verdictsOf(serverStates({ players: 3 }, 2, 'publish', { hand: 1, publish: flip }));
    expect(verdicts[0]).toMatchObject({ hand: 1, status: 'failed', reason: expect.stringContaining('does not hash') });
  });

  it('reports a deal that is not the one the seed makes, even when seed and commitment agree', () => {
    for (const seat of [0, 1, null]) {
      const verdicts = verdictsOf(serverStates({ players: 2 }, seat, 'deal', { hand: 1, dealFrom: (s) => flip(s) }));
      expect(verdicts[0], `seat ${seat}`).toMatchObject({ hand: 1, status: 'failed' });
      expect(verdicts.slice(1).every((v) => v.status === 'verified')).toBe(true);
    }
  });

  it('reports a lead left to chance that is not the seed’s', () => {
    const verdicts = verdictsOf(serverStates({ players: 3 }, 0, 'leader', { hand: 1, leader: (r, n) => (r + 1) % n }));
    expect(verdicts[0]).toMatchObject({ status: 'failed', reason: expect.stringContaining('lead') });
  });

  it('reports a commitment that changes in the middle of a hand', () => {
    const verdicts = verdictsOf(serverStates({ players: 2 }, 0, 'recommit', { hand: 1, recommit: true }));
    expect(verdicts[0]).toMatchObject({ status: 'failed', reason: expect.stringContaining('changed') });
  });

  it('reports a view that the remade deal never passes through (tiles swapped in a hand)', () => {
    const states = serverStates({ players: 2 }, 0, 'swap');
    const i = states.findIndex((s) => s.view?.hand?.log.length === 2);
    const s = states[i]!;
    const tiles = s.view!.hand!.tiles!;
    // One tile in this seat's hand shown as another that no one holds… yet: the boneyard's first.
    const other = ['0-0', '1-1', '2-2', '3-3', '4-4', '5-5', '6-6', '0-1'].find((t) => !tiles.includes(t))!;
    const forged = { ...s, view: { ...s.view!, hand: { ...s.view!.hand!, tiles: [other, ...tiles.slice(1)] } } };
    const verdicts = verdictsOf([...states.slice(0, i), forged, ...states.slice(i + 1)]);
    expect(verdicts[0]).toMatchObject({ status: 'failed', reason: expect.stringContaining('differs') });
  });

  it('leaves a hand unchecked when it joined after the hand was over; ignores late duplicates', () => {
    const states = serverStates({ players: 2 }, 0, 'late');
    const endOfFirst = states.findIndex((s) => s.fairness!.current.seed !== null);
    const verdicts = verdictsOf([...states.slice(endOfFirst), states[0]!]);
    expect(verdicts[0]).toMatchObject({ hand: 1, status: 'unchecked' });
    expect(verdicts.slice(1).every((v) => v.status === 'verified')).toBe(true);
  });

  it('decides a hand from the next hand’s `previous` when it missed the state that ended it', () => {
    const states = serverStates({ players: 2 }, 1, 'missed');
    const endOfFirst = states.findIndex((s) => s.fairness!.current.seed !== null);
    const verdicts = verdictsOf(states.filter((_, i) => i !== endOfFirst));
    expect(verdicts[0]).toMatchObject({ hand: 1, status: 'verified' });
  });
});
