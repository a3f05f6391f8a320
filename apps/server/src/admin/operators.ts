import { createHash, timingSafeEqual } from 'node:crypto';

/** An operator's token is at least this long: a console that can ban anyone is not guarded by a short word. */
export const MIN_TOKEN_LENGTH = 16;
const NAME = /^[A-Za-z0-9_.-]{1,32}$/;

/** The operators `ADMIN_TOKEN` names, each by the digest of their token. */
export class Operators {
  private constructor(private readonly digests: readonly { readonly name: string; readonly digest: Buffer }[]) {}

  /**
   * `ADMIN_TOKEN`: one token (its operator is logged as "admin"), or `name:token` pairs separated
   * by commas, so that the log says which operator acted. Throws with the reason when the
   * setting is malformed: a console must not start half-guarded.
   */
  static parse(setting: string): Operators {
    const parts = setting.split(',').map((p) => p.trim());
    const pairs = parts.length === 1 && !parts[0]!.includes(':') ? [['admin', parts[0]!]] : parts.map((p) => [p.slice(0, p.indexOf(':')), p.slice(p.indexOf(':') + 1)]);
    const seen = new Set<string>();
    const digests = pairs.map(([name, token], i) => {
      if (name === undefined || token === undefined || !NAME.test(name))
        throw new Error(`ADMIN_TOKEN: entry ${i + 1} needs a name of letters, digits, "_", "." or "-" (up to 32) before its ":"`);
      if (token.length < MIN_TOKEN_LENGTH) throw new Error(`ADMIN_TOKEN: ${name}'s token is shorter than ${MIN_TOKEN_LENGTH} characters`);
      if (seen.has(name)) throw new Error(`ADMIN_TOKEN: the operator ${name} is named twice`);
      seen.add(name);
      return { name, digest: digestOf(token) };
    });
    return new Operators(digests);
  }

  /** The operator whose token this is, or null. Every token is compared, in constant time. */
  who(token: string): string | null {
    const digest = digestOf(token);
    let found: string | null = null;
    for (const operator of this.digests) if (timingSafeEqual(operator.digest, digest)) found = operator.name;
    return found;
  }
}

const digestOf = (token: string): Buffer => createHash('sha256').update(token).digest();
