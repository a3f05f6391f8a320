import { render } from 'svelte/server';
import { afterEach, describe, expect, it } from 'vitest';
import { yourRating } from '../src/connection/wire.ts';
import type { QueueStatus } from '../src/connection/types.ts';
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
});
