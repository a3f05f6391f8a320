import { greedyPolicy, playArena } from '@fives/bots';
import {
  type GameRecord,
  type GameState,
  type RecordHand,
  type Result,
  type RulesInput,
  apply,
  dealFromSeed,
  handToRecord,
  replayRecord,
  seededRandom,
  startHand,
  view,
} from '@fives/engine';

/** A whole game's record played by the greedy bot on both sides, from a seed: real engine output, not hand-written. */
export function playedRecord(rules: RulesInput, seed: string): GameRecord {
  let record: GameRecord | null = null;
  playArena({ a: greedyPolicy, b: greedyPolicy, rules, games: 1, seed, onGame: (_, r) => (record = r) });
  if (record === null) throw new Error('the arena played no game');
  return record;
}

/**
 * A position whose best play is known: a game to 10. Seat 0 leads 5-0 (count 5: 5 points).
 * Seat 1 holds 5-5, which on the 5 end makes the count 10 and wins the game at once; it plays
 * 0-1 instead (count 6, nothing), a plain blunder.
 */
export const BLUNDER: GameRecord = {
  rules: { preset: 'allFives', players: 2, target: 10 },
  hands: [
    {
      deal: {
        hands: [
          ['5-0', '6-6', '6-4', '4-4', '3-3', '2-2', '1-1', '6-2', '4-2'],
          ['5-5', '0-1', '1-2', '1-3', '2-3', '3-4', '6-3', '1-6', '4-1'],
        ],
        boneyard: ['0-0', '0-2', '0-3', '0-4', '0-6', '1-5', '2-5', '3-5', '4-5', '5-6'],
      },
      leader: 0,
      actions: [
        { seat: 0, type: 'play', tile: '5-0' },
        { seat: 1, type: 'play', tile: '0-1', end: 'east' },
      ],
    },
  ],
};

/**
 * BLUNDER played on to the end by the greedy bot on both sides (new hands dealt from seeds):
 * a finished game, as the archive serves, that opens with the known mistake.
 */
export function finishedBlunder(): GameRecord {
  const replayed = replayRecord(BLUNDER).state;
  if (replayed === undefined) throw new Error('BLUNDER does not replay');
  let state: GameState = replayed;
  const hands: RecordHand[] = BLUNDER.hands.slice(0, -1);
  const random = seededRandom('finish-blunder');
  for (let n = 0; state.status !== 'over' && n < 2000; n++) {
    if (state.status === 'dealing') {
      const { deal, randomLeader } = dealFromSeed(state.rules, `finish-blunder:${state.hands.length}`);
      const dealt = startHand(state, deal);
      const next: Result<GameState> = dealt.ok ? dealt : startHand(state, deal, randomLeader);
      if (!next.ok) throw new Error(next.error.message);
      state = next.value;
      continue;
    }
    const hand = state.hand;
    if (hand === null) throw new Error('no hand');
    const action = greedyPolicy(view(state, hand.turn), random);
    if (action === null) throw new Error(`seat ${hand.turn} has nothing to do`);
    const next = apply(state, action);
    if (!next.ok) throw new Error(next.error.message);
    const before = state;
    state = next.value;
    // A hand's record is taken when it ends (or the game does).
    if (state.hand?.end !== null || state.status === 'over') hands.push(handToRecord(state.hand ?? (before.hand as NonNullable<typeof before.hand>)));
  }
  if (state.status !== 'over') throw new Error('the game did not end');
  return { rules: BLUNDER.rules, hands };
}
