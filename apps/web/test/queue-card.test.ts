import { render } from 'svelte/server';
import { afterEach, describe, expect, it } from 'vitest';
import { noticeOf, queueBanOf, yourRating } from '../src/connection/wire.ts';
import type { QueueBan, QueueStatus } from '../src/connection/types.ts';
import { locale, useLanguage } from '../src/i18n/i18n.svelte.ts';
import QueueCard from '../src/lobby/QueueCard.svelte';

afterEach(() => {
  locale.current = 'en';
});

/** The card while waiting, its text as a person reads it (tags and the spaces between them gone). */
function waitingCard(rating: string | null): string {
  const queue: QueueStatus = { players: 2, preset: 'allFives', waiting: 1, botsAt: null, rating };
  const { body } = render(QueueCard, { props: { queue, why: null, onjoin: () => {}, onleave: () => {} } });
  return body
    .replace(/<!--[^]*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');
}

/** The card with no queue joined, as a person reads it, kept out of the queues by `ban`. */
function bannedCard(ban: QueueBan | null): string {
  const { body } = render(QueueCard, { props: { queue: null, why: null, ban, onjoin: () => {}, onleave: () => {} } });
  return body
    .replace(/<!--[^]*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');
}

describe('the queue card', () => {
  it("shows your own rating of the queue's key as the table shows ratings: rounded, or ? while unsure", () => {
    const sure = yourRating({ rating: { rating: 1511.6, rd: 80, volatility: 0.06, games: 20 } });
    expect(sure).toBe('1512');
    expect(waitingCard(sure)).toContain('Your rating 1512');
    const newcomer = yourRating({ rating: { rating: 1500, rd: 350, volatility: 0.06, games: 0 } });
    expect(waitingCard(newcomer)).toContain('Your rating ?');
    // The server could not read it (it then matches the player as "?").
    expect(yourRating({ rating: null })).toBe('?');
    // Before the ack has come: nothing rather than a guess.
    expect(waitingCard(null)).not.toContain('Your rating');
  });

  it('says it in Spanish', async () => {
    await useLanguage('es');
    expect(waitingCard('1512')).toContain('Tu puntuación: 1512');
    expect(waitingCard('?')).toContain('Tu puntuación: ?');
  });

  it('says how long a queue ban lasts and why, turns the button off, and forgets a ban that is over', () => {
    const now = Date.now();
    const ban = queueBanOf({ code: 'queue/banned', message: 'banned', until: new Date(now + 600_000).toISOString(), retryAfterMs: 600_000, leaves: 2, windowHours: 24 }, now);
    expect(ban).toEqual({ until: now + 600_000, leaves: 2, windowHours: 24 });
    // Any other refusal is no ban.
    expect(queueBanOf({ code: 'queue/already_playing', message: 'playing' }, now)).toBeNull();
    const text = bannedCard(ban);
    expect(text).toContain('You left 2 rated games in the last 24 hours without coming back, so you cannot look for random opponents until');
    expect(text).toContain('(in 10 min)');
    const { body } = render(QueueCard, { props: { queue: null, why: null, ban, onjoin: () => {}, onleave: () => {} } });
    expect(body).toMatch(/<button class="primary"[^>]*disabled/);
    expect(bannedCard({ until: now - 1, leaves: 2, windowHours: 24 })).not.toContain('You left');
    expect(bannedCard({ until: now + 60_000, leaves: 1, windowHours: 24 })).toContain('You left 1 rated game in the last 24 hours');
    // The refusal's notice points at the card.
    expect(noticeOf({ code: 'queue/banned', message: 'banned' }).message).toBe(
      'You left too many rated games lately: random opponents are closed to you for a while (the card says until when).',
    );
  });

  it('says the ban in Spanish', async () => {
    await useLanguage('es');
    expect(bannedCard({ until: Date.now() + 1_800_000, leaves: 3, windowHours: 24 })).toContain(
      'Abandonaste 3 partidas puntuadas en las últimas 24 horas sin volver, así que no puedes buscar rivales al azar hasta las',
    );
    expect(noticeOf({ code: 'queue/banned', message: 'banned' }).message).toContain('Abandonaste demasiadas partidas puntuadas');
  });
});
