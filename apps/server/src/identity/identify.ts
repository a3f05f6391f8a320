import { ErrorCode } from '@fives/protocol';
import type { AccountStore } from '../accounts/store.ts';
import type { TokenCheck, TokenSigner } from './token.ts';

/** What a token says once the account store has had its say: a deleted account's token is refused too. */
export type Identity = TokenCheck | { readonly ok: false; readonly code: typeof ErrorCode.accountDeleted };

/**
 * Every place a token is shown checks it here: its signature and expiry (the signer), then
 * whether its player deleted the account they kept (the account store). A token names a guest
 * or an account alike, so only a deleted account's id — remembered, nameless — is refused.
 */
export class Identities {
  constructor(
    private readonly signer: TokenSigner,
    private readonly accounts: AccountStore,
    private readonly storeFailed: (error: unknown) => void = () => {},
  ) {}

  async check(token: string): Promise<Identity> {
    const checked = this.signer.check(token);
    if (!checked.ok) return checked;
    let deleted: boolean;
    try {
      deleted = await this.accounts.deleted(checked.player.id);
    } catch (error) {
      // Accounts live in PostgreSQL, tables in Redis: an archive outage must not stop every
      // game, so the token stands on its signature alone until the store answers again.
      this.storeFailed(error);
      return checked;
    }
    return deleted ? { ok: false, code: ErrorCode.accountDeleted } : checked;
  }
}

/** The sentence that goes with a refused token. */
export function refusalOf(code: Exclude<Identity, { ok: true }>['code']): string {
  switch (code) {
    case ErrorCode.badToken:
      return 'the token is not valid';
    case ErrorCode.tokenExpired:
      return 'the token has expired';
    case ErrorCode.accountDeleted:
      return "the token's account has been deleted";
  }
}
