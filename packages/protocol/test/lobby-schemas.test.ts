import { resolveRules } from '@fives/engine';
import { describe, expect, it } from 'vitest';
import { ClientMessageSchemas, QueueJoinedSchema, QueueStatusSchema, TABLE_CODE_ALPHABET, TableCodeSchema, ratingText } from '../src/index.ts';

describe('table codes', () => {
  it('read any case, with spaces or dashes, as the canonical code', () => {
    for (const typed of ['K7QM3X', 'k7qm3x', 'k7q-m3x', ' K7Q M3X ']) expect(TableCodeSchema.parse(typed)).toBe('K7QM3X');
  });

  it('refuse characters a person could mistake for others, and wrong lengths', () => {
    for (const bad of ['K7QM3', 'K7QM3XX', 'K7QM0X', 'K7QMOX', 'K7QM1X', 'K7QMIX', 'K7QMLX', 'K7QMUX', '']) {
      expect(TableCodeSchema.safeParse(bad).success, bad).toBe(false);
    }
    expect(TABLE_CODE_ALPHABET).not.toMatch(/[01ILOU]/);
    expect(new Set(TABLE_CODE_ALPHABET).size).toBe(TABLE_CODE_ALPHABET.length);
  });
});

describe('lobby messages', () => {
  const join = ClientMessageSchemas['table:join'];

  it('table:join names its table by exactly one of tableId and code', () => {
    expect(join.safeParse({ tableId: 'abcdefgh' }).success).toBe(true);
    expect(join.parse({ code: 'k7q-m3x', as: 'player' })).toEqual({ code: 'K7QM3X', as: 'player' });
    expect(join.safeParse({ tableId: 'abcdefgh', code: 'K7QM3X' }).success).toBe(false);
    expect(join.safeParse({}).success).toBe(false);
  });

  it('queue:join checks its rules and bounds the wait', () => {
    const queue = ClientMessageSchemas['queue:join'];
    expect(queue.safeParse({ rules: { players: 2 } }).success).toBe(true);
    expect(queue.safeParse({ rules: { players: 2 }, waitSeconds: 0, level: 'hard' }).success).toBe(true);
    expect(queue.safeParse({ rules: { players: 5 } }).success).toBe(false);
    expect(queue.safeParse({ rules: { players: 2, partnerships: true } }).success).toBe(false);
    expect(queue.safeParse({ rules: { players: 2 }, waitSeconds: 601 }).success).toBe(false);
    expect(queue.safeParse({ rules: { players: 2 }, waitSeconds: 1.5 }).success).toBe(false);
  });

  it("queue:join's ack is the queue's status and your own rating (null: the archive could not say); queue:status has no rating", () => {
    const rules = resolveRules({ players: 2 });
    if (!rules.ok) return expect.fail(rules.error.message);
    const status = { queue: 'q3f0a9c2b7d41', rules: rules.value, waiting: 1, botsAt: { at: '2026-11-29T11:00:30.000Z', remainingMs: 30000 } };
    const newcomer = { rating: 1500, rd: 350, volatility: 0.06, games: 0 };
    const parsedStatus = QueueStatusSchema.safeParse(status);
    if (!parsedStatus.success) return expect.fail(parsedStatus.error.message);
    const ack = QueueJoinedSchema.parse({ ...parsedStatus.data, rating: newcomer });
    expect(ratingText(ack.rating)).toBe('?');
    expect(QueueJoinedSchema.parse({ ...parsedStatus.data, rating: { ...newcomer, rating: 1512.4, rd: 80, games: 12 } }).rating?.games).toBe(12);
    expect(QueueJoinedSchema.parse({ ...parsedStatus.data, rating: null }).rating).toBeNull();
    expect(QueueJoinedSchema.safeParse(parsedStatus.data).success).toBe(false);
    expect(QueueJoinedSchema.safeParse({ ...parsedStatus.data, rating: newcomer, extra: 1 }).success).toBe(false);
    expect(QueueStatusSchema.safeParse({ ...parsedStatus.data, rating: newcomer }).success).toBe(false);
  });

  it('table:settings changes something, within bounds', () => {
    const settings = ClientMessageSchemas['table:settings'];
    expect(settings.safeParse({ tableId: 'abcdefgh', turnSeconds: null }).success).toBe(true);
    expect(settings.safeParse({ tableId: 'abcdefgh', turnSeconds: 4 }).success).toBe(false);
    expect(settings.safeParse({ tableId: 'abcdefgh' }).success).toBe(false);
  });
});
