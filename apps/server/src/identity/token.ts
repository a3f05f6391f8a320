import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { NameSchema, type PlayerId, PlayerIdSchema } from '@fives/protocol';
import { z } from 'zod';

/**
 * A guest's identity: a player id and a display name, signed with the server's secret
 * (HMAC-SHA256) so that a client can keep it and prove later which seats are its own. The
 * token is `base64url(json).base64url(mac)`; there is nothing secret in it, only nothing forgeable.
 */
export interface Player {
  readonly id: PlayerId;
  readonly name: string;
}

const PayloadSchema = z.strictObject({ v: z.literal(1), id: PlayerIdSchema, name: NameSchema });

export function newPlayerId(): PlayerId {
  return `p_${randomBytes(12).toString('base64url')}` as PlayerId;
}

export class TokenSigner {
  constructor(private readonly secret: string) {
    if (secret.length < 16) throw new Error('the token secret must be at least 16 characters');
  }

  sign(player: Player): string {
    const payload = Buffer.from(JSON.stringify({ v: 1, id: player.id, name: player.name })).toString('base64url');
    return `${payload}.${this.mac(payload)}`;
  }

  /** The player a token names, or null when it is malformed or not signed with this secret. */
  verify(token: string): Player | null {
    const [payload, mac, extra] = token.split('.');
    if (payload === undefined || mac === undefined || extra !== undefined) return null;
    const expected = Buffer.from(this.mac(payload));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    let json: unknown;
    try {
      json = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      return null;
    }
    const parsed = PayloadSchema.safeParse(json);
    return parsed.success ? { id: parsed.data.id, name: parsed.data.name } : null;
  }

  private mac(payload: string): string {
    return createHmac('sha256', this.secret).update(payload).digest('base64url');
  }
}

/** The token in an `Authorization: Bearer …` header, if any. */
export function bearerToken(header: string | undefined): string | null {
  const m = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return m?.[1] ?? null;
}
