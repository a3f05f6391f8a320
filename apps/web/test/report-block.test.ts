import { render } from 'svelte/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { locale, useLanguage } from '../src/i18n/i18n.svelte.ts';
import ReportBlock from '../src/safety/ReportBlock.svelte';
import { safetyApi } from '../src/safety/api.ts';

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

describe('report and block in the web client', () => {
  it('names a seat’s person by seat and game, a player page’s by id, and leaves an empty note out', async () => {
    const sent = recordFetches({ blocks: [] });
    await safetyApi.report('tok', { kind: 'seat', tableId: 'abcdef1234', seat: 2, gameId: 'abcdef1234-1' }, 'abusive_reactions', 'rude');
    await safetyApi.report('tok', { kind: 'player', playerId: 'p_bob0000000' }, 'offensive_name', '   ');
    await safetyApi.block('tok', { kind: 'seat', tableId: 'abcdef1234', seat: 2, gameId: 'abcdef1234-1' });
    await safetyApi.block('tok', { kind: 'player', playerId: 'p_bob0000000' });
    await safetyApi.unblock('tok', 'p_bob0000000');
    expect(sent).toEqual([
      { path: '/api/reports', method: 'POST', auth: 'Bearer tok', body: { seat: 2, gameId: 'abcdef1234-1', reason: 'abusive_reactions', note: 'rude' } },
      { path: '/api/reports', method: 'POST', auth: 'Bearer tok', body: { playerId: 'p_bob0000000', reason: 'offensive_name' } },
      { path: '/api/blocks', method: 'POST', auth: 'Bearer tok', body: { tableId: 'abcdef1234', seat: 2 } },
      { path: '/api/blocks/p_bob0000000', method: 'PUT', auth: 'Bearer tok', body: {} },
      { path: '/api/blocks/p_bob0000000', method: 'DELETE', auth: 'Bearer tok', body: undefined },
    ]);
  });

  it('offers report and block, in English and Spanish, only to a browser with a name', async () => {
    const props = { target: { kind: 'player', playerId: 'p_bob0000000' } as const, name: 'Bob' };
    expect(text(render(ReportBlock, { props }).body).trim()).toBe('');
    const kept = new Map([['fives.guest', JSON.stringify({ name: 'Ada', token: 'tok' })]]);
    vi.stubGlobal('localStorage', { getItem: (k: string) => kept.get(k) ?? null, setItem: () => {}, removeItem: () => {} });
    const en = render(ReportBlock, { props }).body;
    expect(text(en)).toContain('Report');
    expect(text(en)).toContain('Block');
    expect(en).toContain('aria-label="Report Bob"');
    await useLanguage('es');
    const es = render(ReportBlock, { props }).body;
    expect(text(es)).toContain('Denunciar');
    expect(es).toContain('aria-label="Bloquear a Bob"');
  });
});
