import { arenaPairing, gamesUnderWay } from './apply.ts';
import type { Tournament } from './state.ts';
import { ARENA_PAIRINGS_CLOSE_MS, arenaEndsAt } from './timing.ts';

/** A step the runner's job takes, and from when it is due. */
export interface DueStep {
  readonly action: 'start' | 'pair' | 'finish';
  readonly at: number;
}

/**
 * The tournament's next step of its own, for the runner to set as a job (one pending job per
 * tournament, committed with the change that made it due); null: nothing is due until a game ends
 * or a unit joins (each of which is a change, which asks again). `now` is the change's time.
 */
export function nextStep(t: Tournament, now: number): DueStep | null {
  switch (t.status) {
    case 'created':
      return { action: 'start', at: t.settings.startsAt };
    case 'finished':
      return null;
    case 'running':
      break;
    default:
      return t.status satisfies never;
  }
  const endsAt = arenaEndsAt(t);
  if (endsAt !== null) {
    const pairable = now < endsAt - ARENA_PAIRINGS_CLOSE_MS && arenaPairing(t).pairs.length > 0;
    return pairable ? { action: 'pair', at: now } : { action: 'finish', at: endsAt };
  }
  if (gamesUnderWay(t).length > 0) return null;
  const rounds = t.settings.length.format === 'swiss' ? t.settings.length.rounds : 0;
  return { action: t.rounds.length < rounds ? 'pair' : 'finish', at: now };
}
