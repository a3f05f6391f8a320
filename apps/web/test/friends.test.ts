import { FriendChallengeSchema } from '@fives/protocol';
import { render } from 'svelte/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { locale, useLanguage } from '../src/i18n/i18n.svelte.ts';
import FollowButton from '../src/friends/FollowButton.svelte';
import FriendsCard from '../src/friends/FriendsCard.svelte';
import { friendsApi } from '../src/friends/api.ts';

afterEach(() => {
  locale.current = 'en';
  vi.unstubAllGlobals();
});

/** What the client sent: each fetch's path, method, headers and body. */
function recordFetches(answer: unknown): { path: string; method: string; auth: string | undefined; body: unknown }[] {
  const sent: { path: string; method: string; auth: string | undefined; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (path: string, init: { method: string; headers: Record<string, string>; body?: string }) => {
    sent.push({ path, method: init.method, auth: init.headers.authorization, body: init.body === undefined ? undefined : JSON.parse(init.body) });
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  return sent;
}

const text = (body: string): string =>
  body
    .replace(/<!--[^]*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

const named = (): void => {
  const kept = new Map([['fives.guest', JSON.stringify({ name: 'Ada', token: 'tok' })]]);
  vi.stubGlobal('localStorage', { getItem: (k: string) => kept.get(k) ?? null, setItem: () => {}, removeItem: () => {} });
};

describe('friends in the web client', () => {
  it('sends the follow and challenge requests as the protocol has them', async () => {
    const sent = recordFetches({ friends: [] });
    await friendsApi.friends('tok');
    await friendsApi.follow('tok', 'p_bob0000000');
    await friendsApi.unfollow('tok', 'p_bob0000000');
    await friendsApi.followSeat('tok', 'abcdef1234', 2);
    await friendsApi.challenge('tok', 'p_bob0000000', { preset: 'allFives', players: 2 }, 86_400);
    await friendsApi.answer('tok', 'c_0123456789abcdef', true);
    await friendsApi.answer('tok', 'c_0123456789abcdef', false);
    expect(sent).toEqual([
      { path: '/api/friends', method: 'GET', auth: 'Bearer tok', body: undefined },
      { path: '/api/follows/p_bob0000000', method: 'PUT', auth: 'Bearer tok', body: {} },
      { path: '/api/follows/p_bob0000000', method: 'DELETE', auth: 'Bearer tok', body: undefined },
      { path: '/api/follows', method: 'POST', auth: 'Bearer tok', body: { tableId: 'abcdef1234', seat: 2 } },
      { path: '/api/challenges', method: 'POST', auth: 'Bearer tok', body: { playerId: 'p_bob0000000', rules: { preset: 'allFives', players: 2 }, turnSeconds: 86_400 } },
      { path: '/api/challenges/c_0123456789abcdef/accept', method: 'POST', auth: 'Bearer tok', body: undefined },
      { path: '/api/challenges/c_0123456789abcdef/decline', method: 'POST', auth: 'Bearer tok', body: undefined },
    ]);
  });

  it('offers Follow only to a browser with a name, in English and Spanish', async () => {
    const props = { target: { playerId: 'p_bob0000000' }, name: 'Bob' };
    expect(text(render(FollowButton, { props }).body).trim()).toBe('');
    named();
    const en = render(FollowButton, { props }).body;
    expect(text(en).trim()).toBe('Follow');
    expect(en).toContain('aria-label="Follow Bob"');
    await useLanguage('es');
    expect(render(FollowButton, { props }).body).toContain('aria-label="Seguir a Bob"');
  });

  it('shows a challenge that came in, its rules and days a move, with Accept and Decline, in English and Spanish', async () => {
    named();
    const incoming = FriendChallengeSchema.parse({
      id: 'c_0123456789abcdef',
      from: { playerId: 'p_bob0000000', name: 'Bob' },
      to: { playerId: 'p_ada0000000', name: 'Ada' },
      rules: { preset: 'allFives', players: 2 },
      turnSeconds: 86_400,
      expiresAt: '2026-12-05T12:00:00.000Z',
    });
    const props = { online: true, rules: { players: 2 as const }, turnSeconds: null, incoming, onwatch: () => {} };
    const en = text(render(FriendsCard, { props }).body);
    expect(en).toContain('Bob challenges you to a game');
    expect(en).toContain('All Fives · 1 day a move');
    expect(en).toContain('Accept');
    expect(en).toContain('Decline');
    await useLanguage('es');
    const es = text(render(FriendsCard, { props }).body);
    expect(es).toContain('Bob te desafía a una partida');
    expect(es).toContain('1 día por jugada');
    expect(es).toContain('Aceptar');
  });
});
