/**
 * The notice the site's operator shows in every lobby (`GET /api/notice`, docs/protocol.md "The
 * operator's console"): its text, or null when there is none or the server cannot say. Read by
 * hand, not with the protocol's schema: the lobby is the first page, which carries no zod.
 */
export async function siteNotice(fetcher: typeof fetch = fetch): Promise<string | null> {
  try {
    const res = await fetcher('/api/notice');
    if (!res.ok) return null;
    const body: unknown = await res.json();
    if (typeof body !== 'object' || body === null || !('notice' in body)) return null;
    const notice = body.notice;
    if (typeof notice !== 'object' || notice === null || !('text' in notice) || typeof notice.text !== 'string') return null;
    return notice.text.trim() === '' ? null : notice.text;
  } catch {
    return null;
  }
}

/** How often a lobby left open reads the notice again (it is also read whenever the link comes up). */
export const SITE_NOTICE_EVERY_MS = 5 * 60_000;
