import { type GameState, type Tile, parseTile, replayRecord } from '../../src/index.ts';

/** The seed-003 deal of docs/rules.md#the-count, 2 players, seat 0 leading. */
export const SEED003_DEAL = {
  hands: [
    ['5-5', '5-3', '2-4', '3-1', '1-5', '0-0', '0-1', '0-2', '0-3'],
    ['5-2', '5-6', '6-6', '5-4', '0-4', '0-5', '0-6', '1-1', '1-2'],
  ],
  boneyard: ['1-4', '1-6', '2-2', '2-3', '2-6', '3-3', '3-4', '3-6', '4-4', '4-6'],
};

/** The state after replaying `actions` of one hand dealt with `deal` (must all be legal). */
export function stateAfter(rules: Record<string, unknown>, actions: unknown[], deal: { hands: string[][]; boneyard: string[] } = SEED003_DEAL, leader = 0): GameState {
  const replayed = replayRecord({ rules, hands: [{ deal, leader, actions }] });
  if (replayed.exitCode !== 0 || !replayed.state) throw new Error(`fixture does not replay: ${JSON.stringify(replayed.output)}`);
  return replayed.state;
}

export function tile(text: string): Tile {
  const parsed = parseTile(text);
  if (!parsed) throw new Error(`not a tile: ${text}`);
  return parsed.tile;
}

/** Freezes a state all the way down, so that any attempt to change it throws. */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
