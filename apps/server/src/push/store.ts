import type { PlayerId, PushKind } from '@fives/protocol';

/** A browser's subscription to a person's notes (the Push API's endpoint and keys), and what it asked for. */
export interface PushSubscriber {
  readonly player: PlayerId;
  readonly endpoint: string;
  /** The browser's P-256 public key and authentication secret, base64url, as the browser gave them. */
  readonly p256dh: string;
  readonly auth: string;
  readonly kinds: readonly PushKind[];
  readonly lang: string;
  /** When it was (last) subscribed, ISO 8601: the oldest goes first when a person has too many. */
  readonly since: string;
}

/** The site's VAPID key pair (RFC 8292), base64url: made once, then the same on every node and after every restart. */
export interface VapidKeys {
  readonly publicKey: string;
  readonly privateKey: string;
}

/**
 * Who wants which notes, on which browsers; and the site's VAPID keys. An endpoint is one
 * browser's: subscribing it again (for the same person or, after a sign-in, another) replaces it.
 */
export interface PushStore {
  readonly kind: 'memory' | 'postgres';
  /** Keeps (or replaces) the subscription; beyond `max` of the person's, their oldest go. */
  subscribe(subscriber: PushSubscriber, max: number): Promise<void>;
  /** Forgets the endpoint if it is this person's; true when it was. */
  unsubscribe(player: PlayerId, endpoint: string): Promise<boolean>;
  /** Forgets an endpoint the push service says is gone (404, 410), whoever's it was. */
  drop(endpoint: string): Promise<void>;
  /** The person's browsers that want notes of this kind. */
  subscribers(player: PlayerId, kind: PushKind): Promise<PushSubscriber[]>;
  /** Every subscription of the person (their data export), newest first. */
  subscriptionsOf(player: PlayerId): Promise<PushSubscriber[]>;
  /** The keys kept, or `made` kept and returned when there are none yet (the first node to start makes them; the others read them). */
  vapidKeys(made: VapidKeys): Promise<VapidKeys>;
  /** The person deleted their account: their subscriptions go. */
  forget(player: PlayerId): Promise<void>;
}

export class MemoryPush implements PushStore {
  readonly kind = 'memory';
  private list: PushSubscriber[] = [];
  private keys: VapidKeys | null = null;

  async subscribe(subscriber: PushSubscriber, max: number): Promise<void> {
    const others = this.list.filter((s) => s.endpoint !== subscriber.endpoint);
    const theirs = others.filter((s) => s.player === subscriber.player).toSorted((a, b) => Date.parse(a.since) - Date.parse(b.since));
    const over = new Set(theirs.slice(0, Math.max(0, theirs.length + 1 - max)).map((s) => s.endpoint));
    this.list = [...others.filter((s) => !over.has(s.endpoint)), subscriber];
  }

  async unsubscribe(player: PlayerId, endpoint: string): Promise<boolean> {
    const before = this.list.length;
    this.list = this.list.filter((s) => !(s.player === player && s.endpoint === endpoint));
    return this.list.length < before;
  }

  async drop(endpoint: string): Promise<void> {
    this.list = this.list.filter((s) => s.endpoint !== endpoint);
  }

  async subscribers(player: PlayerId, kind: PushKind): Promise<PushSubscriber[]> {
    return this.list.filter((s) => s.player === player && s.kinds.includes(kind));
  }

  async subscriptionsOf(player: PlayerId): Promise<PushSubscriber[]> {
    return this.list.filter((s) => s.player === player).toReversed();
  }

  async vapidKeys(made: VapidKeys): Promise<VapidKeys> {
    this.keys ??= made;
    return this.keys;
  }

  async forget(player: PlayerId): Promise<void> {
    this.list = this.list.filter((s) => s.player !== player);
  }
}
