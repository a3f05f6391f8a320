import { afterEach, describe, expect, it, vi } from 'vitest';
import { choosePush, keptChoice, keyBytes } from '../src/push/subscribe.ts';

/** A stand-in for the browser: its push manager, its permission answer, and the server's routes. */
function browser(permission: 'granted' | 'denied', pushService: 'up' | 'down' = 'up') {
  let subscription: { endpoint: string; toJSON: () => object; unsubscribe: () => Promise<boolean> } | null = null;
  const requests: { method: string; url: string; body: unknown }[] = [];
  const subscribedWith: Uint8Array[] = [];
  const pushManager = {
    getSubscription: () => Promise.resolve(subscription),
    subscribe: (o: { applicationServerKey: Uint8Array }) => {
      if (pushService === 'down') return Promise.reject(new Error('Registration failed - push service not available'));
      subscribedWith.push(o.applicationServerKey);
      subscription = {
        endpoint: 'https://push.example.org/send/1',
        toJSON: () => ({ endpoint: 'https://push.example.org/send/1', expirationTime: null, keys: { p256dh: 'P', auth: 'A' } }),
        unsubscribe: () => {
          subscription = null;
          return Promise.resolve(true);
        },
      };
      return Promise.resolve(subscription);
    },
  };
  vi.stubGlobal('navigator', { serviceWorker: { ready: Promise.resolve({ pushManager }) } });
  vi.stubGlobal('Notification', { permission: 'default', requestPermission: () => Promise.resolve(permission) });
  vi.stubGlobal('fetch', (url: string, init: { method: string; body?: string }) => {
    const body: unknown = init.body === undefined ? undefined : JSON.parse(init.body);
    requests.push({ method: init.method, url, body });
    const answer = url === '/api/push' ? { publicKey: 'AQID', kinds: ['turn', 'challenge', 'tournament'] } : { kinds: (body as { kinds?: unknown }).kinds ?? [] };
    return Promise.resolve(new Response(JSON.stringify(answer), { status: 200 }));
  });
  const store = new Map<string, string>();
  const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) } as Storage;
  return { requests, subscribedWith, storage, current: () => subscription };
}

afterEach(() => vi.unstubAllGlobals());

describe("this browser's notifications", () => {
  it("subscribes with the site's key, tells the server the kinds and language, and keeps the choice", async () => {
    const b = browser('granted');
    expect(await choosePush('tok', ['challenge'], 'es', b.storage)).toEqual({ ok: true, kinds: ['challenge'] });
    expect([...(b.subscribedWith[0] ?? [])]).toEqual([1, 2, 3]);
    expect(b.requests.at(-1)).toEqual({
      method: 'PUT',
      url: '/api/push/subscription',
      body: { endpoint: 'https://push.example.org/send/1', expirationTime: null, keys: { p256dh: 'P', auth: 'A' }, kinds: ['challenge'], lang: 'es' },
    });
    expect(keptChoice(b.storage)).toEqual({ kinds: ['challenge'], lang: 'es' });

    // Nothing wanted any more: the server forgets the endpoint and the browser unsubscribes.
    expect(await choosePush('tok', [], 'es', b.storage)).toEqual({ ok: true, kinds: [] });
    expect(b.requests.at(-1)).toMatchObject({ method: 'DELETE', body: { endpoint: 'https://push.example.org/send/1' } });
    expect(b.current()).toBeNull();
  });

  it('says so when the person refuses, or the push service cannot be reached, and keeps nothing', async () => {
    const no = browser('denied');
    expect(await choosePush('tok', ['turn'], 'en', no.storage)).toEqual({ ok: false, why: 'denied', detail: '' });
    expect(no.requests).toEqual([]);
    const down = browser('granted', 'down');
    expect(await choosePush('tok', ['turn'], 'en', down.storage)).toEqual({ ok: false, why: 'failed', detail: 'Registration failed - push service not available' });
    expect(keptChoice(down.storage)).toEqual({ kinds: [], lang: '' });
  });

  it('reads a base64url key into the bytes the Push API takes', () => {
    expect([...keyBytes('BP-_')]).toEqual([4, 255, 191]);
  });
});
