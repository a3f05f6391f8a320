import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { ErrorCode, NameSchema, type PlayerId, PlayerIdSchema } from '@fives/protocol';
import { z } from 'zod';

/**
 * A player's identity: a player id and a display name, signed with the server's secret
 * (HMAC-SHA256) so that a client can keep it and prove later which seats are its own. The
 * token is `base64url(json).base64url(mac)`; there is nothing secret in it, only nothing forgeable.
 * The same token names a guest and a player who kept their name with a passkey: whether an id
 * is an account is the account store's to say, never the token's.
 */
export interface Player {
  readonly id: PlayerId;
  readonly name: string;
}

// v1 (before expiry) carried no times: still accepted, and always due for rotation, so that the
// tokens handed out before this version turn into v2 ones the next time their client asks.
const V1Schema = z.strictObject({ v: z.literal(1), id: PlayerIdSchema, name: NameSchema });
const V2Schema = z.strictObject({ v: z.literal(2), id: PlayerIdSchema, name: NameSchema, iat: z.int().min(0), exp: z.int().min(0) });

export function newPlayerId(): PlayerId {
  return `p_${randomBytes(12).toString('base64url')}` as PlayerId;
}

export interface TokenTimes {
  /** How long a token verifies after it is signed, ms. */
  readonly ttlMs: number;
  /** A token older than this is re-issued when its client next asks (POST /api/guests), ms. */
  readonly rotateAfterMs: number;
}

/** What a token says: who, and whether it is old enough to be re-issued; or why it is refused. */
export type TokenCheck =
  { readonly ok: true; readonly player: Player; readonly rotate: boolean } | { readonly ok: false; readonly code: typeof ErrorCode.badToken | typeof ErrorCode.tokenExpired };

/**
 * Secrets as `FIVES_SECRET` lists them, comma-separated: the first signs, every one verifies.
 * Changing the secret is putting the new one first and keeping the old one after it until the
 * tokens it signed have been rotated (at most `rotateAfterMs` of a client's activity) or have
 * expired — so a new secret does not orphan every seat.
 */
export function parseSecrets(text: string): string[] {
  const secrets = text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (secrets.length === 0) throw new Error('the token secret is empty');
  for (const s of secrets) if (s.length < 16) throw new Error('each token secret must be at least 16 characters');
  return secrets;
}

export class TokenSigner {
  private readonly secrets: readonly string[];

  constructor(
    secret: string,
    private readonly times: TokenTimes = { ttlMs: 365 * 86_400_000, rotateAfterMs: 7 * 86_400_000 },
    private readonly now: () => number = Date.now,
  ) {
    this.secrets = parseSecrets(secret);
  }

  sign(player: Player): string {
    const iat = Math.floor(this.now() / 1000);
    const exp = Math.floor((this.now() + this.times.ttlMs) / 1000);
    const payload = Buffer.from(JSON.stringify({ v: 2, id: player.id, name: player.name, iat, exp })).toString('base64url');
    return `${payload}.${mac(this.secrets[0] as string, payload)}`;
  }

  /** The player a token names, or null when it is malformed, not signed with any of the secrets, or expired. */
  verify(token: string): Player | null {
    const checked = this.check(token);
    return checked.ok ? checked.player : null;
  }

  check(token: string): TokenCheck {
    const bad = { ok: false, code: ErrorCode.badToken } as const;
    const [payload, given, extra] = token.split('.');
    if (payload === undefined || given === undefined || extra !== undefined) return bad;
    if (!this.secrets.some((secret) => sameMac(mac(secret, payload), given))) return bad;
    let json: unknown;
    try {
      json = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      return bad;
    }
    const v1 = V1Schema.safeParse(json);
    if (v1.success) return { ok: true, player: { id: v1.data.id, name: v1.data.name }, rotate: true };
    const v2 = V2Schema.safeParse(json);
    if (!v2.success) return bad;
    const nowSeconds = this.now() / 1000;
    if (nowSeconds >= v2.data.exp) return { ok: false, code: ErrorCode.tokenExpired };
    const rotate = nowSeconds - v2.data.iat >= this.times.rotateAfterMs / 1000 || !sameMac(mac(this.secrets[0] as string, payload), given);
    return { ok: true, player: { id: v2.data.id, name: v2.data.name }, rotate };
  }
}

function mac(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url');
}

function sameMac(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The token in an `Authorization: Bearer …` header, if any. */
export function bearerToken(header: string | undefined): string | null {
  const m = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return m?.[1] ?? null;
}
