import { z } from 'zod';

/**
 * Web Push (docs/protocol.md#notifications): a browser subscribes with the push service's
 * endpoint and its keys (the Push API's `PushSubscription.toJSON()`), and chooses which kinds of
 * note it wants; the server encrypts each note for that browser alone (RFC 8291) and signs its
 * request with the site's VAPID key (RFC 8292).
 */

/**
 * The kinds of note a person may opt in to, one by one: `turn`, their move in a correspondence
 * game; `challenge`, a friend challenges them to a table; `tournament`, a tournament they joined
 * is starting.
 */
export const PUSH_KINDS = ['turn', 'challenge', 'tournament'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/** How many browsers (devices) one person may have subscribed at once: a new one beyond it replaces their oldest. */
export const PUSH_SUBSCRIPTIONS_MAX = 10;
/** The longest endpoint taken, in characters (the push services' own are well under 1,000). */
export const PUSH_ENDPOINT_MAX = 2048;

/** How many bytes base64url text holds (no Buffer: the web client reads this module too). */
function decodedLength(text: string): number {
  const n = text.replace(/=+$/, '').length;
  return n % 4 === 1 ? -1 : Math.floor((n * 3) / 4);
}

const base64url = (what: string, bytes: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, { error: `${what} is base64url` })
    .refine((text) => decodedLength(text) === bytes, { error: `${what} is ${bytes} bytes` });

/** `PUT /api/push/subscription`: the browser's subscription, the kinds it wants and the language its notes are written in. */
export const PushSubscribeRequestSchema = z.strictObject({
  endpoint: z.url({ error: 'endpoint is the push service URL the browser gave' }).max(PUSH_ENDPOINT_MAX, { error: `an endpoint is at most ${PUSH_ENDPOINT_MAX} characters` }),
  /** The Push API's `expirationTime`: kept to the protocol, not used (the push service says when a subscription is gone). */
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject({
    /** The browser's P-256 public key, uncompressed (65 bytes). */
    p256dh: base64url('keys.p256dh', 65),
    /** The browser's authentication secret (16 bytes). */
    auth: base64url('keys.auth', 16),
  }),
  kinds: z.array(z.enum(PUSH_KINDS, { error: `a kind is one of ${PUSH_KINDS.join(', ')}` })).max(PUSH_KINDS.length),
  /** The language of the web client when it subscribed: the notes are written in it. */
  lang: z.string().regex(/^[a-z]{2}(-[A-Z]{2})?$/, { error: 'lang is a language tag such as "en" or "pt-BR"' }),
});
export type PushSubscribeRequest = z.input<typeof PushSubscribeRequestSchema>;

/** `DELETE /api/push/subscription`: which browser no longer wants notes. */
export const PushUnsubscribeRequestSchema = z.strictObject({ endpoint: z.string().min(1).max(PUSH_ENDPOINT_MAX) });

/** `GET /api/push`: the site's VAPID public key (base64url), the browser's `applicationServerKey`; and the kinds of note this server sends. */
export interface PushInfo {
  readonly publicKey: string;
  readonly kinds: readonly PushKind[];
}

/**
 * What a note carries to the service worker, which writes it in the subscriber's language from
 * the web client's catalogue: the kind, the words that fill it (a name, a table), the page it
 * opens and a tag (a newer note of the same tag replaces the older one on the device).
 */
export interface PushNote {
  readonly kind: PushKind;
  readonly lang: string;
  readonly params: Readonly<Record<string, string>>;
  readonly url: string;
  readonly tag: string;
}

/** The notification routes (docs/protocol.md#notifications). */
export const pushPaths = {
  info: '/api/push',
  subscription: '/api/push/subscription',
} as const;
