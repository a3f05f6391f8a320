import { PRESETS, type Preset } from '@fives/engine';
import { LEADERBOARD_PATH } from './route.ts';

// The leaderboard page's address: kept out of route.ts, which the first page loads, so that the engine's presets load with the page.

/** The leaderboard's choice from its address (`?preset=&players=`), the default where one is missing or not one. */
export function leaderboardChoice(search: string): { preset: Preset; players: 2 | 3 | 4 } {
  const params = new URLSearchParams(search);
  const preset = params.get('preset') ?? '';
  const players = Number(params.get('players'));
  return {
    preset: (PRESETS as readonly string[]).includes(preset) ? (preset as Preset) : 'allFives',
    players: players === 3 || players === 4 ? players : 2,
  };
}

export const leaderboardAddress = (preset: Preset, players: number): string => `${LEADERBOARD_PATH}?${new URLSearchParams({ preset, players: String(players) }).toString()}`;
