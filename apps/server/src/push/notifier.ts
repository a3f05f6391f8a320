import type { PlayerId, PushKind, PushNote } from '@fives/protocol';
import webpush from 'web-push';
import type { SiteKeys } from './keys.ts';
import type { PushStore, PushSubscriber } from './store.ts';

/** A note for a person, before it is written for each of their browsers (their language is the browser's). */
export type Note = Omit<PushNote, 'lang'>;

/**
 * How a feature tells a person something while they are away (a challenge, their turn in a
 * correspondence game): handed to the feature's constructor. Best effort by nature: a push
 * service may be down or slow, so `notify` never fails the caller; what went wrong is logged.
 */
export interface Notifier {
  /** Sends the note to every browser of the person that asked for its kind; resolves with how many push services took it. */
  notify(player: PlayerId, note: Note): Promise<number>;
}

export interface PushNotifierOptions {
  readonly store: PushStore;
  readonly keys: SiteKeys;
  readonly subject: string;
  /** How long a push service keeps a note for a browser that is off, seconds. */
  readonly ttlSeconds: number;
  readonly log: { warn: (fields: object, message: string) => void };
  /** The HTTP client (tests keep the default: the real `fetch`, to a push service of their own). */
  readonly fetch?: typeof fetch;
  /** A push service slower than this is given up on, ms. */
  readonly timeoutMs?: number;
}

/** How urgent each kind is to a push service (RFC 8030 §5.3): a turn or a challenge wakes a phone at once. */
const URGENCY: Record<PushKind, webpush.Urgency> = { turn: 'high', challenge: 'high', tournament: 'normal' };

/**
 * Web Push over HTTP: each note encrypted for one browser (RFC 8291, aes128gcm) and signed with
 * the site's VAPID key (RFC 8292) by the `web-push` library, then sent with `fetch` (web-push's
 * own sender speaks https only, and a test's push service is plain http on loopback). A push
 * service that says the subscription is gone (404, 410) has it forgotten.
 */
export class PushNotifier implements Notifier {
  readonly #fetch: typeof fetch;

  constructor(private readonly o: PushNotifierOptions) {
    this.#fetch = o.fetch ?? fetch;
  }

  async notify(player: PlayerId, note: Note): Promise<number> {
    let subscribers: PushSubscriber[];
    try {
      subscribers = await this.o.store.subscribers(player, note.kind);
    } catch (error) {
      this.o.log.warn({ err: error, player, kind: note.kind }, 'push: could not read the subscriptions; the note is not sent');
      return 0;
    }
    if (subscribers.length === 0) return 0;
    const sent = await Promise.all(subscribers.map((s) => this.#send(s, { ...note, lang: s.lang })));
    return sent.filter(Boolean).length;
  }

  async #send(s: PushSubscriber, note: PushNote): Promise<boolean> {
    try {
      const keys = await this.o.keys.get();
      const request = webpush.generateRequestDetails({ endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } }, JSON.stringify(note), {
        vapidDetails: { subject: this.o.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
        TTL: this.o.ttlSeconds,
        urgency: URGENCY[note.kind],
      });
      const res = await this.#fetch(request.endpoint, {
        method: 'POST',
        // web-push gives some values as numbers (TTL, Content-Length), which fetch takes as text.
        headers: Object.fromEntries(Object.entries(request.headers as Record<string, string | number>).map(([k, v]) => [k, `${v}`])),
        body: new Uint8Array(request.body),
        signal: AbortSignal.timeout(this.o.timeoutMs ?? 10_000),
      });
      await res.body?.cancel();
      if (res.status === 404 || res.status === 410) {
        await this.o.store.drop(s.endpoint);
        return false;
      }
      if (!res.ok) {
        this.o.log.warn({ status: res.status, endpoint: origin(s.endpoint), kind: note.kind }, 'push: the push service refused a note');
        return false;
      }
      return true;
    } catch (error) {
      this.o.log.warn({ err: error, endpoint: origin(s.endpoint), kind: note.kind }, 'push: a note could not be sent');
      return false;
    }
  }
}

/** Only the push service's origin goes to the log: the rest of an endpoint is a browser's secret address. */
function origin(endpoint: string): string {
  try {
    return new URL(endpoint).origin;
  } catch {
    return '(not a URL)';
  }
}
