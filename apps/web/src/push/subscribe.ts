import { PUSH_KINDS, type PushInfo, type PushKind, pushPaths } from '@fives/protocol';
import { type Answer, send } from '../account/api.ts';

/**
 * This browser's notifications (docs/protocol.md#notifications): the Push API's subscription,
 * made with the site's key and handed to the server with the kinds the person wants. What this
 * device asked for is kept beside it, since a browser's subscription carries no kinds.
 */

const KINDS_KEY = 'fives.push';

export interface PushChoice {
  readonly kinds: readonly PushKind[];
  /** The language the notes were asked in: asked again when the player changes language. */
  readonly lang: string;
}

/** Why notifications cannot be had here: no service worker or Push API (an old or private browser), or the person said no. */
export type PushBlocker = 'unsupported' | 'denied';

export function pushBlocker(): PushBlocker | null {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || typeof PushManager === 'undefined' || typeof Notification === 'undefined') return 'unsupported';
  return Notification.permission === 'denied' ? 'denied' : null;
}

export function keptChoice(store: Pick<Storage, 'getItem'> | null): PushChoice {
  try {
    const raw: unknown = JSON.parse(store?.getItem(KINDS_KEY) ?? 'null');
    if (typeof raw !== 'object' || raw === null) return { kinds: [], lang: '' };
    const { kinds, lang } = raw as Record<string, unknown>;
    return {
      kinds: Array.isArray(kinds) ? PUSH_KINDS.filter((k) => kinds.includes(k)) : [],
      lang: typeof lang === 'string' ? lang : '',
    };
  } catch {
    return { kinds: [], lang: '' };
  }
}

function keep(store: Pick<Storage, 'setItem'> | null, choice: PushChoice): void {
  try {
    store?.setItem(KINDS_KEY, JSON.stringify(choice));
  } catch {
    // Storage refused: the server still has the choice; this page just will not show it next time.
  }
}

/** base64url to the bytes `applicationServerKey` takes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const text = atob(base64);
  const out = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
  return out;
}

/** What came of a choice: the kinds the server keeps for this browser, or why not (the person said no; the browser, its push service or the server failed). */
export type PushOutcome = { readonly ok: true; readonly kinds: readonly PushKind[] } | { readonly ok: false; readonly why: 'denied' | 'failed'; readonly detail: string };

const failed = (answer: Answer<unknown>): PushOutcome => ({ ok: false, why: 'failed', detail: answer.ok ? '' : answer.error.message || answer.error.code });

/**
 * Asks for `kinds` on this browser: none unsubscribes it (here and at the server); some asks the
 * browser's permission (from the click that called this, as browsers require), subscribes with
 * the site's key if it is not yet, and tells the server.
 */
export async function choosePush(token: string, kinds: readonly PushKind[], lang: string, store: Storage | null): Promise<PushOutcome> {
  try {
    const registration = await navigator.serviceWorker.ready;
    const existing = await registration.pushManager.getSubscription();
    if (kinds.length === 0) {
      if (existing !== null) {
        const answer = await send<{ kinds: PushKind[] }>(pushPaths.subscription, { method: 'DELETE', token, body: { endpoint: existing.endpoint } });
        if (!answer.ok) return failed(answer);
        await existing.unsubscribe();
      }
      keep(store, { kinds: [], lang });
      return { ok: true, kinds: [] };
    }
    if ((await Notification.requestPermission()) !== 'granted') return { ok: false, why: 'denied', detail: '' };
    let subscription = existing;
    if (subscription === null) {
      const info = await send<PushInfo>(pushPaths.info, { method: 'GET' });
      if (!info.ok) return failed(info);
      subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(info.value.publicKey) });
    }
    const answer = await send<{ kinds: PushKind[] }>(pushPaths.subscription, { method: 'PUT', token, body: { ...subscription.toJSON(), kinds, lang } });
    if (!answer.ok) return failed(answer);
    keep(store, { kinds: answer.value.kinds, lang });
    return { ok: true, kinds: answer.value.kinds };
  } catch (error) {
    // The browser's push service refused (or is out of reach): its words, for the person to see.
    return { ok: false, why: 'failed', detail: error instanceof Error ? error.message : String(error) };
  }
}
