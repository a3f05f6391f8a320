import { type GameState, type Tile, apply, dealFromOrder, formatTile, legalActions, newGame, parseTile, seededRandom, startHand, view } from '@fives/engine';
import { describe, expect, it } from 'vitest';
import { type PlayAction, evaluatePlays, knownDeal, readSeatView, sampledDeals } from '../src/index.ts';

const tile = (t: string): Tile => (parseTile(t) as { tile: Tile }).tile;

/** A game to 10: seat 0 leads 5-0 (5 points); seat 1 wins at once with 5-5 on the 5 (count 10). */
function position(): GameState {
  const game = newGame({ preset: 'allFives', players: 2, target: 10 });
  if (!game.ok) throw new Error(game.error.message);
  const order = [
    ...['5-0', '6-6', '6-4', '4-4', '3-3', '2-2', '1-1', '6-2', '4-2'],
    ...['5-5', '0-1', '1-2', '1-3', '2-3', '3-4', '6-3', '1-6', '4-1'],
    ...['0-0', '0-2', '0-3', '0-4', '0-6', '1-5', '2-5', '3-5', '4-5', '5-6'],
  ].map(tile);
  const dealt = startHand(game.value, dealFromOrder(game.value.rules, order), 0);
  if (!dealt.ok) throw new Error(dealt.error.message);
  const led = apply(dealt.value, { type: 'play', seat: 0, tile: tile('5-0') });
  if (!led.ok) throw new Error(led.error.message);
  return led.value;
}

describe('evaluatePlays: every candidate’s chance to win and points', () => {
  const state = position();
  const v = view(state, 1);
  const sv = readSeatView(v);
  const plays = legalActions(v).filter((a): a is PlayAction => a.type === 'play');
  if (sv === null) throw new Error('no seat view');

  it('gives the winning play a certain win and the points it scores, from sampled deals', () => {
    const e = evaluatePlays(sv, plays, sampledDeals(sv, seededRandom('evaluate')), 30);
    expect(e.samples).toBe(30);
    expect(e.plays.map((p) => p.action)).toEqual(plays);
    const win = e.plays.find((p) => formatTile(p.action.tile) === '5-5');
    expect(win?.win).toBe(1);
    expect(win?.points).toBe(10);
    for (const p of e.plays) if (p !== win) expect(p.win).toBeLessThan(1);
    // Same seed, same numbers.
    expect(evaluatePlays(sv, plays, sampledDeals(sv, seededRandom('evaluate')), 30)).toEqual(e);
  });

  it('reads the true deal in hindsight', () => {
    const hand = state.hand;
    if (hand === null) throw new Error('no hand');
    const e = evaluatePlays(sv, plays, knownDeal({ hands: hand.hands.slice(), boneyard: hand.deal.boneyard.slice(hand.drawn) }), 1);
    const best = e.plays.reduce((a, b) => (b.win > a.win ? b : a));
    expect(formatTile(best.action.tile)).toBe('5-5');
  });
});
