import { describe, expect, it } from 'vitest';
import { type Action, type GameErrorCode, type GameState, GameErrorCode as Codes, apply, newGame, startHand } from '../src/index.ts';
import { SEED003_DEAL, deepFreeze, stateAfter, tile } from './support/fixtures.ts';

function refused(state: GameState, action: Action, code: GameErrorCode): void {
  const before = JSON.stringify(state);
  deepFreeze(state);
  const result = apply(state, action);
  expect(result.ok).toBe(false);
  if (!result.ok) {
    expect(result.error.code).toBe(code);
    expect(result.error.message.length).toBeGreaterThan(10);
  }
  expect(JSON.stringify(state)).toBe(before);
}

const twoPlayers = { preset: 'allFives', players: 2 };
const afterLead = [{ seat: 0, type: 'play', tile: '5-5' }];

describe('every illegal action is refused with its code, the state unchanged', () => {
  it('out of turn', () => {
    refused(stateAfter(twoPlayers, afterLead), { type: 'play', seat: 0, tile: tile('5-3'), end: 'west' }, Codes.notYourTurn);
  });

  it('a tile the seat does not hold', () => {
    refused(stateAfter(twoPlayers, afterLead), { type: 'play', seat: 1, tile: tile('5-3'), end: 'west' }, Codes.tileNotHeld);
  });

  it('a tile on an end it does not fit', () => {
    const s = stateAfter(twoPlayers, [...afterLead, { seat: 1, type: 'play', tile: '5-2', end: 'east' }]);
    refused(s, { type: 'play', seat: 0, tile: tile('2-4'), end: 'west' }, Codes.tileDoesNotFit);
  });

  it('a tile that fits no end at all', () => {
    refused(stateAfter(twoPlayers, afterLead), { type: 'play', seat: 1, tile: tile('0-4') }, Codes.tileDoesNotFit);
  });

  it('an end that is not open (north before the spinner opens)', () => {
    refused(stateAfter(twoPlayers, afterLead), { type: 'play', seat: 1, tile: tile('5-6'), end: 'north' }, Codes.endNotOpen);
  });

  it('no end when the tile fits two', () => {
    refused(stateAfter(twoPlayers, afterLead), { type: 'play', seat: 1, tile: tile('5-2') }, Codes.endRequired);
  });

  it('an end named for the lead', () => {
    refused(stateAfter(twoPlayers, []), { type: 'play', seat: 0, tile: tile('5-5'), end: 'east' }, Codes.endNotAllowedOnLead);
  });

  it('a lead other than the highest double when the rules force it', () => {
    const s = stateAfter({ preset: 'allFives150', players: 2, handSize: 9 }, [], SEED003_DEAL, 1);
    refused(s, { type: 'play', seat: 1, tile: tile('5-6') }, Codes.mustLeadHighest);
  });

  it('drawing while able to play', () => {
    refused(stateAfter(twoPlayers, afterLead), { type: 'draw', seat: 1 }, Codes.mustPlay);
  });

  it('passing while able to play', () => {
    refused(stateAfter(twoPlayers, afterLead), { type: 'pass', seat: 1 }, Codes.mustPlay);
  });

  it('passing while the boneyard has tiles', () => {
    // Seat 1 holds no 3 and no 4 once 3-4 leads... but it does: build a hand where it cannot play.
    const deal = {
      hands: [
        ['6-6', '5-3', '2-4', '3-1', '1-5', '0-0', '0-1', '0-2', '0-3'],
        ['5-2', '5-5', '2-2', '5-4', '0-4', '0-5', '1-4', '1-1', '1-2'],
      ],
      boneyard: ['5-6', '1-6', '0-6', '2-3', '2-6', '3-3', '3-4', '3-6', '4-4', '4-6'],
    };
    refused(stateAfter(twoPlayers, [{ seat: 0, type: 'play', tile: '6-6' }], deal), { type: 'pass', seat: 1 }, Codes.mustDraw);
  });

  it('drawing in the block game', () => {
    const deal = {
      hands: [
        ['6-6', '5-3', '2-4', '3-1', '1-5', '0-0', '0-1'],
        ['5-2', '5-5', '2-2', '5-4', '0-4', '0-5', '1-4'],
      ],
      boneyard: ['0-2', '0-3', '1-1', '1-2', '5-6', '1-6', '0-6', '2-3', '2-6', '3-3', '3-4', '3-6', '4-4', '4-6'],
    };
    refused(stateAfter({ preset: 'block', players: 2 }, [{ seat: 0, type: 'play', tile: '6-6' }], deal), { type: 'draw', seat: 1 }, Codes.noDrawing);
  });

  it('drawing from an empty boneyard', () => {
    const deal = {
      hands: [
        ['6-6', '5-3', '2-4', '3-1', '1-5', '0-0', '0-1', '0-2', '0-3', '2-3', '2-6', '3-3', '3-4', '3-6'],
        ['5-2', '5-5', '2-2', '5-4', '0-4', '0-5', '1-4', '1-1', '1-2', '5-6', '1-6', '0-6', '4-4', '4-6'],
      ],
      boneyard: [],
    };
    const s = stateAfter({ preset: 'draw', players: 2, handSize: 14 }, [{ seat: 0, type: 'play', tile: '3-3' }], deal);
    refused(s, { type: 'draw', seat: 1 }, Codes.boneyardEmpty);
  });

  it('claiming out of turn, and claiming with no play to claim for', () => {
    const muggins = { preset: 'muggins', players: 2, handSize: 9, firstLeader: 'random' };
    const s = stateAfter(muggins, [{ seat: 0, type: 'play', tile: '5-5' }]);
    refused(s, { type: 'claim', seat: 1, points: 10 }, Codes.notYourTurn);
    const claimed = stateAfter(muggins, [
      { seat: 0, type: 'play', tile: '5-5' },
      { seat: 0, type: 'claim', points: 10 },
    ]);
    refused(claimed, { type: 'claim', seat: 1, points: 10 }, Codes.claimNotExpected);
    refused(claimed, { type: 'noScore', seat: 0 }, Codes.claimNotExpected);
  });

  it('playing before claiming under Muggins', () => {
    const s = stateAfter({ preset: 'muggins', players: 2, handSize: 9, firstLeader: 'random' }, [{ seat: 0, type: 'play', tile: '5-5' }]);
    refused(s, { type: 'play', seat: 0, tile: tile('5-3'), end: 'west' }, Codes.mustClaim);
  });

  it('a claim that is not a whole number of points', () => {
    const s = stateAfter({ preset: 'muggins', players: 2, handSize: 9, firstLeader: 'random' }, [{ seat: 0, type: 'play', tile: '5-5' }]);
    refused(s, { type: 'claim', seat: 0, points: 2.5 }, Codes.badClaim);
    refused(s, { type: 'claim', seat: 0, points: -5 }, Codes.badClaim);
  });

  it('calling Muggins when nothing was missed, or on your own side', () => {
    const muggins = { preset: 'muggins', players: 2, handSize: 9, firstLeader: 'random' };
    const rightClaim = stateAfter(muggins, [
      { seat: 0, type: 'play', tile: '5-5' },
      { seat: 0, type: 'claim', points: 10 },
    ]);
    refused(rightClaim, { type: 'muggins', seat: 1 }, Codes.nothingMissed);
    const missed = stateAfter(muggins, [
      { seat: 0, type: 'play', tile: '5-5' },
      { seat: 0, type: 'noScore' },
    ]);
    refused(missed, { type: 'muggins', seat: 0 }, Codes.notAnOpponent);
    expect(apply(missed, { type: 'muggins', seat: 1 }).ok).toBe(true);
  });

  it('claims and Muggins when the rule is off', () => {
    refused(stateAfter(twoPlayers, afterLead), { type: 'claim', seat: 0, points: 10 }, Codes.claimsOff);
    refused(stateAfter(twoPlayers, afterLead), { type: 'muggins', seat: 1 }, Codes.claimsOff);
  });

  it('a seat that is not at the table, and a tile that is not a tile', () => {
    refused(stateAfter(twoPlayers, afterLead), { type: 'pass', seat: 2 }, Codes.badSeat);
    refused(stateAfter(twoPlayers, afterLead), { type: 'play', seat: 1, tile: 99 as never }, Codes.badAction);
  });

  it('any action after the game is over', () => {
    const s = stateAfter({ preset: 'allFives', players: 2, target: 10 }, afterLead);
    expect(s.status).toBe('over');
    refused(s, { type: 'play', seat: 1, tile: tile('5-2'), end: 'east' }, Codes.gameOver);
    refused(s, { type: 'pass', seat: 1 }, Codes.gameOver);
  });

  it('any action before a hand is dealt', () => {
    const game = newGame(twoPlayers);
    if (!game.ok) throw new Error('rules');
    refused(game.value, { type: 'draw', seat: 0 }, Codes.noHand);
  });
});

describe('dealing', () => {
  const fresh = (): GameState => {
    const g = newGame(twoPlayers);
    if (!g.ok) throw new Error('rules');
    return deepFreeze(g.value);
  };
  const deal = { hands: SEED003_DEAL.hands.map((h) => h.map(tile)), boneyard: SEED003_DEAL.boneyard.map(tile) };

  it('refuses a deal that does not hold the 28 tiles once each', () => {
    const twice = { ...deal, boneyard: [...deal.boneyard.slice(1), tile('5-5')] };
    const r = startHand(fresh(), twice, 0);
    expect(r.ok ? null : r.error.code).toBe(Codes.badDeal);
  });

  it('needs a leader when the rules leave the lead to chance, and refuses one the rules contradict', () => {
    const r = startHand(fresh(), deal);
    expect(r.ok ? null : r.error.code).toBe(Codes.wrongLeader);
    const g = newGame({ preset: 'allFives150', players: 2, handSize: 9 });
    if (!g.ok) throw new Error('rules');
    const wrong = startHand(g.value, deal, 0); // seat 1 holds 6-6
    expect(wrong.ok ? null : wrong.error.code).toBe(Codes.wrongLeader);
    const right = startHand(g.value, deal);
    expect(right.ok && right.value.hand?.leader).toBe(1);
  });

  it('refuses a second deal while a hand is being played', () => {
    const started = startHand(fresh(), deal, 0);
    if (!started.ok) throw new Error('deal');
    const again = startHand(started.value, deal, 0);
    expect(again.ok ? null : again.error.code).toBe(Codes.handInProgress);
  });
});
