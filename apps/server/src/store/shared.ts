import { type ChallengeStore, MemoryChallenges, RedisChallenges } from '../accounts/challenges.ts';
import { MemoryOpenSockets, type OpenSocketCounter, RedisOpenSockets } from '../guard/open-sockets.ts';
import { MemoryRateCounter, type RateCounter, RedisRateCounter } from '../guard/rates.ts';
import { type ChallengeBox, MemoryChallengeBox, RedisChallengeBox } from '../friends/challenges.ts';
import { MemoryPresenceBoard, type PresenceBoard, RedisPresenceBoard } from '../friends/presence.ts';
import { MemoryRoster, RedisRoster, type Roster } from '../admin/roster.ts';
import type { RedisClient } from '../redis/script.ts';
import { RedisTableStore } from './redis.ts';
import type { TableStore } from './store.ts';

/**
 * What the nodes share that is never written in a table's commit: the per-address rate limits'
 * counters, each address's open sockets, and passkey challenges handed out. Kept beside the
 * table store, on the same connection (as colyseus keeps its Presence beside its driver), not
 * in it: the table store holds only what is atomic with a commit.
 */
export interface SharedCounters {
  /** The per-address rate limits' counters (shared by every node on the same Redis). */
  readonly rates: RateCounter;
  /** How many sockets each address holds open across the nodes (the per-address cap). */
  readonly sockets: OpenSocketCounter;
  /** Passkey challenges handed out and not yet answered (`accounts/challenges.ts`). */
  readonly challenges: ChallengeStore;
  /** The nodes alive and their figures, from their heartbeats (the operator's console). */
  readonly roster: Roster;
  /** Who has a socket open on which live node (friends' presence). */
  readonly presence: PresenceBoard;
  /** Friends' challenges waiting for their answer (`friends/challenges.ts`). */
  readonly friendChallenges: ChallengeBox;
}

/** In this process only (a store in memory: one node); `now` is the clock challenges expire on. */
export function memoryShared(now: () => number = Date.now): SharedCounters {
  return {
    rates: new MemoryRateCounter(),
    sockets: new MemoryOpenSockets(),
    challenges: new MemoryChallenges(),
    roster: new MemoryRoster(),
    presence: new MemoryPresenceBoard(),
    friendChallenges: new MemoryChallengeBox(now),
  };
}

/** In Redis, under `prefix` (`rl:`, `so:`, `ch:`, `fc:`, `{nodes}` and `{presence}` keys), on the connection `client`. */
export function redisShared(client: RedisClient, prefix: string): SharedCounters {
  return {
    rates: new RedisRateCounter(client, prefix),
    sockets: new RedisOpenSockets(client, prefix),
    challenges: new RedisChallenges(client, prefix),
    roster: new RedisRoster(client, prefix),
    presence: new RedisPresenceBoard(client, prefix),
    friendChallenges: new RedisChallengeBox(client, prefix),
  };
}

/** Beside `store`: on its Redis connection and key prefix, or in memory (on the clock `now`) with a store in memory. */
export function sharedBeside(store: TableStore, now: () => number = Date.now): SharedCounters {
  return store instanceof RedisTableStore ? redisShared(store.client, store.prefix) : memoryShared(now);
}
