import type { RedisClient } from '../redis/script.ts';

/**
 * Passkey challenges, kept server-side: each one is handed out once (`put`) with what it is for,
 * and answered at most once (`take` removes it, whoever asks first — on any node when the store
 * is Redis), within `ttlMs`. A challenge the server does not hold is never accepted, so an
 * answer cannot be replayed nor a challenge made up by the client.
 */
export interface ChallengeStore {
  put(challenge: string, value: string, ttlMs: number, now: number): Promise<void>;
  /** What the challenge was put with, and it is gone; null when it is unknown, taken or expired. */
  take(challenge: string, now: number): Promise<string | null>;
}

export class MemoryChallenges implements ChallengeStore {
  private readonly held = new Map<string, { value: string; until: number }>();

  async put(challenge: string, value: string, ttlMs: number, now: number): Promise<void> {
    if (this.held.size > 10_000) for (const [k, c] of this.held) if (c.until <= now) this.held.delete(k);
    this.held.set(challenge, { value, until: now + ttlMs });
  }

  async take(challenge: string, now: number): Promise<string | null> {
    const c = this.held.get(challenge);
    this.held.delete(challenge);
    return c === undefined || c.until <= now ? null : c.value;
  }
}

/** `{prefix}ch:<challenge>` with a TTL; GETDEL makes taking it atomic across nodes. */
export class RedisChallenges implements ChallengeStore {
  constructor(
    private readonly client: RedisClient,
    private readonly prefix: string,
  ) {}

  async put(challenge: string, value: string, ttlMs: number): Promise<void> {
    await this.client.set(this.key(challenge), value, { expiration: { type: 'PX', value: ttlMs } });
  }

  async take(challenge: string): Promise<string | null> {
    const value = await this.client.getDel(this.key(challenge));
    return typeof value === 'string' ? value : null;
  }

  private key(challenge: string): string {
    return `${this.prefix}ch:${challenge.slice(0, 128)}`;
  }
}
