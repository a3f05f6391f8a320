import { type RedisClient, runScript, script } from '../redis/script.ts';

/** At most `limit` hits per `windowMs`; a limit of 0 switches the rule off. */
export interface RateRule {
  readonly limit: number;
  readonly windowMs: number;
}

export type RateVerdict = { readonly ok: true } | { readonly ok: false; readonly retryAfterMs: number };

/**
 * Fixed-window counters shared by every server node (per-address limits must hold however a
 * load balancer spreads one address's connections). `hit` counts one and says whether the key
 * is still within its rule. Redis and memory implementations, like the rest of the store.
 */
export interface RateCounter {
  hit(key: string, rule: RateRule, now: number): Promise<RateVerdict>;
}

// KEYS: counter ; ARGV: windowMs limit → {count, pttl}
const HIT = script(`
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {n, ttl}
`);

export class RedisRateCounter implements RateCounter {
  constructor(
    private readonly client: RedisClient,
    private readonly prefix: string,
  ) {}

  async hit(key: string, rule: RateRule): Promise<RateVerdict> {
    if (rule.limit <= 0) return { ok: true };
    const [n, ttl] = (await runScript(this.client, HIT, [`${this.prefix}rl:${key}`], [String(rule.windowMs), String(rule.limit)])) as [number, number];
    return n <= rule.limit ? { ok: true } : { ok: false, retryAfterMs: Math.max(1, ttl) };
  }
}

export class MemoryRateCounter implements RateCounter {
  private readonly windows = new Map<string, { count: number; until: number }>();

  async hit(key: string, rule: RateRule, now: number): Promise<RateVerdict> {
    if (rule.limit <= 0) return { ok: true };
    let w = this.windows.get(key);
    if (w === undefined || w.until <= now) {
      if (this.windows.size > 100_000) for (const [k, old] of this.windows) if (old.until <= now) this.windows.delete(k);
      w = { count: 0, until: now + rule.windowMs };
      this.windows.set(key, w);
    }
    w.count++;
    return w.count <= rule.limit ? { ok: true } : { ok: false, retryAfterMs: Math.max(1, w.until - now) };
  }
}

/**
 * One connection's messages: a token bucket in this process (a connection lives on one node).
 * `burst` messages at once, then `burst` per `windowMs`.
 */
export class TokenBucket {
  private tokens: number;
  private at: number;

  constructor(
    private readonly rule: RateRule,
    now: number,
  ) {
    this.tokens = rule.limit;
    this.at = now;
  }

  take(now: number): RateVerdict {
    if (this.rule.limit <= 0) return { ok: true };
    const perMs = this.rule.limit / this.rule.windowMs;
    this.tokens = Math.min(this.rule.limit, this.tokens + Math.max(0, now - this.at) * perMs);
    this.at = now;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return { ok: true };
    }
    return { ok: false, retryAfterMs: Math.max(1, Math.ceil((1 - this.tokens) / perMs)) };
  }
}
