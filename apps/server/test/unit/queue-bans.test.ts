import { describe, expect, it } from 'vitest';
import { ConfigError, configFromEnv } from '../../src/config.ts';
import { DEFAULTS } from '../../src/defaults.ts';
import { queueBan } from '../../src/lobby/queue-bans.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const NOW = Date.UTC(2026, 11, 4, 12, 0);
const RULES = DEFAULTS.queueBans;

describe('queue bans for leaving rated games', () => {
  it('lets the first leave of a day go; the second bans 10 minutes from it, each further one three times longer, up to the window', () => {
    expect(queueBan([], NOW, RULES)).toBeNull();
    expect(queueBan([NOW - MINUTE], NOW, RULES)).toBeNull();
    expect(queueBan([NOW - MINUTE, NOW - HOUR], NOW, RULES)).toEqual({ until: NOW - MINUTE + 10 * MINUTE, leaves: 2 });
    expect(queueBan([NOW, NOW - HOUR, NOW - 2 * HOUR], NOW, RULES)).toEqual({ until: NOW + 30 * MINUTE, leaves: 3 });
    expect(queueBan([NOW, NOW - HOUR, NOW - 2 * HOUR, NOW - 3 * HOUR], NOW, RULES)?.until).toBe(NOW + 90 * MINUTE);
    // Never longer than the window: 10 × 3⁵ minutes would be 40.5 hours.
    const seven = Array.from({ length: 7 }, (_, i) => NOW - i * MINUTE);
    expect(queueBan(seven, NOW, RULES)?.until).toBe(NOW + 24 * HOUR);
  });

  it('counts over a sliding window: old leaves fall out of it, and a ban served is over', () => {
    const leaves = [NOW - 5 * MINUTE, NOW - 23 * HOUR];
    expect(queueBan(leaves, NOW, RULES)?.until).toBe(NOW + 5 * MINUTE);
    expect(queueBan(leaves, NOW + 5 * MINUTE, RULES)).toBeNull();
    // The older leave slides out: one left, no ban, even before the ten minutes would be up.
    expect(queueBan([NOW - MINUTE, NOW - 24 * HOUR + MINUTE], NOW + MINUTE, RULES)).toBeNull();
    // A leave stamped later than now (another node's clock) is not counted yet.
    expect(queueBan([NOW + MINUTE, NOW - MINUTE], NOW, RULES)).toBeNull();
  });

  it('is switched off by LEAVE_BAN_AFTER=0, and its settings are read in their units or refused', () => {
    expect(queueBan([NOW, NOW, NOW], NOW, { ...RULES, after: 0 })).toBeNull();
    expect(configFromEnv({}).options.queueBans).toEqual({ windowMs: 24 * HOUR, after: 2, firstMs: 10 * MINUTE });
    expect(configFromEnv({ LEAVE_BAN_WINDOW_HOURS: '72', LEAVE_BAN_AFTER: '3', LEAVE_BAN_MINUTES: '5' }).options.queueBans).toEqual({
      windowMs: 72 * HOUR,
      after: 3,
      firstMs: 5 * MINUTE,
    });
    expect(() => configFromEnv({ LEAVE_BAN_WINDOW_HOURS: '0' })).toThrow(ConfigError);
    expect(() => configFromEnv({ LEAVE_BAN_AFTER: 'two' })).toThrow(/LEAVE_BAN_AFTER/);
    expect(() => configFromEnv({ LEAVE_BAN_MINUTES: '-1' })).toThrow(/LEAVE_BAN_MINUTES/);
  });
});
