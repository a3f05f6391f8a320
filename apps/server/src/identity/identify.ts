import { ErrorCode } from '@fives/protocol';
import type { AccountStore } from '../accounts/store.ts';
import type { Ban, ModerationStore, Standing } from '../admin/moderation.ts';
import type { Player, TokenCheck, TokenSigner } from './token.ts';

/** What a token says once the stores have had their say: a deleted account's token is refused, and a banned player's. */
export type Identity =
  | {
      readonly ok: true;
      readonly player: Player;
      readonly rotate: boolean;
      /** An operator named this player (`player.name` is theirs, not the token's): the name is not the player's to change. */
      readonly operatorNamed?: true;
    }
  | Exclude<TokenCheck, { ok: true }>
  | { readonly ok: false; readonly code: typeof ErrorCode.tokenRevoked }
  | { readonly ok: false; readonly code: typeof ErrorCode.banned; readonly ban: Ban };

/**
 * Every place a token is shown checks it here: its signature and expiry (the signer), whether its
 * player deleted the account they kept (the account store), and whether an operator banned them
 * (the moderation store), who may also have given them another name. A token names a guest or an account alike.
 */
export class Identities {
  constructor(
    private readonly signer: TokenSigner,
    private readonly accounts: AccountStore,
    private readonly moderation: Pick<ModerationStore, 'standing'>,
    private readonly now: () => Date,
    private readonly storeFailed: (error: unknown) => void = () => {},
  ) {}

  async check(token: string): Promise<Identity> {
    const checked = this.signer.check(token);
    if (!checked.ok) return checked;
    let deleted: boolean;
    let standing: Standing;
    try {
      [deleted, standing] = await Promise.all([this.accounts.deleted(checked.player.id), this.moderation.standing(checked.player.id, this.now())]);
    } catch (error) {
      // Accounts live in PostgreSQL, tables in Redis: an archive outage must not stop every
      // game, so the token stands on its signature alone until the store answers again.
      this.storeFailed(error);
      return checked;
    }
    if (deleted) return { ok: false, code: ErrorCode.tokenRevoked };
    if (standing.ban !== null) return { ok: false, code: ErrorCode.banned, ban: standing.ban };
    // An operator's name for the player stands over the one their token was signed with.
    return standing.name === null ? checked : { ...checked, player: { ...checked.player, name: standing.name }, operatorNamed: true };
  }
}

/** The sentence that goes with a refused token. */
export function refusalOf(refused: Exclude<Identity, { ok: true }>): string {
  switch (refused.code) {
    case ErrorCode.badToken:
      return 'the token is not valid';
    case ErrorCode.tokenExpired:
      return 'the token has expired';
    case ErrorCode.tokenRevoked:
      return "the token's account has been deleted";
    case ErrorCode.banned: {
      const { reason, until } = refused.ban;
      return `this player is banned from the site ${until === null ? 'for good' : `until ${until.toISOString()}`}: ${reason}`;
    }
  }
}
