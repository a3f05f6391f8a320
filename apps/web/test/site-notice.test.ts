import { describe, expect, it } from 'vitest';
import { siteNotice } from '../src/lobby/site-notice.ts';

const answering =
  (status: number, body: unknown): typeof fetch =>
  async () =>
    new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });

describe("the lobby's notice from the site's operator", () => {
  it('reads the text of GET /api/notice', async () => {
    expect(await siteNotice(answering(200, { notice: { text: 'Maintenance at 22:00', at: '2026-12-05T10:00:00.000Z' } }))).toBe('Maintenance at 22:00');
  });

  it('is none when there is none, when the answer is not one, or when the server cannot be reached', async () => {
    expect(await siteNotice(answering(200, { notice: null }))).toBeNull();
    expect(await siteNotice(answering(200, { notice: { text: '   ' } }))).toBeNull();
    expect(await siteNotice(answering(200, { notice: { text: 42 } }))).toBeNull();
    expect(await siteNotice(answering(200, 'not json'))).toBeNull();
    expect(await siteNotice(answering(404, { error: { code: 'http/not_found' } }))).toBeNull();
    expect(await siteNotice(async () => Promise.reject(new TypeError('offline')))).toBeNull();
  });
});
