import { randomBytes } from 'node:crypto';
import type { ChallengeId, FriendChallenge } from '@fives/protocol';
import type { RedisClient } from '../redis/script.ts';

export function newChallengeId(): ChallengeId {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  // ~82 bits from crypto: only the one challenged (and the challenger) learn it.
  return `c_${[...randomBytes(16)].map((b) => alphabet[b % 36]).join('')}` as ChallengeId;
}

/**
 * Challenges waiting for their answer, shared by the nodes (the challenger and the challenged may
 * be on different ones), each gone after its life: Redis with the table store, or memory.
 */
export interface ChallengeBox {
  put(challenge: FriendChallenge, ttlMs: number): Promise<void>;
  /** The challenge, still waiting; null when none is. */
  get(id: ChallengeId): Promise<FriendChallenge | null>;
  /** Takes it out: the one answer it gets (of two at once, one has it, the other null). */
  take(id: ChallengeId): Promise<FriendChallenge | null>;
}

export class MemoryChallengeBox implements ChallengeBox {
  private readonly waiting = new Map<ChallengeId, { challenge: FriendChallenge; until: number }>();
  constructor(private readonly now: () => number) {}

  async put(challenge: FriendChallenge, ttlMs: number): Promise<void> {
    this.waiting.set(challenge.id, { challenge, until: this.now() + ttlMs });
  }

  async get(id: ChallengeId): Promise<FriendChallenge | null> {
    const held = this.waiting.get(id);
    if (held === undefined) return null;
    if (held.until <= this.now()) {
      this.waiting.delete(id);
      return null;
    }
    return held.challenge;
  }

  async take(id: ChallengeId): Promise<FriendChallenge | null> {
    const held = await this.get(id);
    this.waiting.delete(id);
    return held;
  }
}

/** In Redis: one key per challenge (`fc:<id>`), expiring with it; taken with GETDEL, so it is answered once. */
export class RedisChallengeBox implements ChallengeBox {
  constructor(
    private readonly client: RedisClient,
    private readonly prefix: string,
  ) {}

  private key(id: ChallengeId): string {
    return `${this.prefix}fc:${id}`;
  }

  async put(challenge: FriendChallenge, ttlMs: number): Promise<void> {
    await this.client.set(this.key(challenge.id), JSON.stringify(challenge), { expiration: { type: 'PX', value: ttlMs } });
  }

  async get(id: ChallengeId): Promise<FriendChallenge | null> {
    const text = await this.client.get(this.key(id));
    return text === null ? null : (JSON.parse(text) as FriendChallenge);
  }

  async take(id: ChallengeId): Promise<FriendChallenge | null> {
    const text = await this.client.getDel(this.key(id));
    return text === null ? null : (JSON.parse(text) as FriendChallenge);
  }
}
