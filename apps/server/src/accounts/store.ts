import type { AccountInfo, PlayerId } from '@fives/protocol';

/** A passkey of an account: what `@simplewebauthn/server` needs to verify its next signature. */
export interface Passkey {
  /** The credential id, base64url. */
  readonly id: string;
  readonly publicKey: Uint8Array;
  readonly counter: number;
  readonly transports: readonly string[];
  readonly createdAt: string;
  readonly lastUsedAt: string | null;
}

/**
 * A player who kept their name: the guest's player id becomes the account's, so their seats,
 * games and stats stay theirs. `skeleton` (accounts/skeleton.ts) is what makes the name unique.
 */
export interface Account {
  readonly id: PlayerId;
  readonly name: string;
  readonly skeleton: string;
  readonly createdAt: string;
  readonly passkeys: readonly Passkey[];
}

export type Created = 'created' | 'name_taken' | 'exists';
export type Removed = 'removed' | 'not_found' | 'last';
export type Renamed = 'renamed' | 'name_taken' | 'not_found';

/**
 * Where accounts and their passkeys are kept: PostgreSQL beside the archive (DATABASE_URL), or
 * this process's memory for the embedded default. Both pass `test/accounts.contract.ts`.
 */
export interface AccountStore {
  readonly kind: 'postgres' | 'memory';
  /** Makes the player an account with its first passkey; refused when another account keeps the skeleton, or the player is one already. */
  create(account: { id: PlayerId; name: string; skeleton: string; passkey: Passkey }): Promise<Created>;
  account(id: PlayerId): Promise<Account | null>;
  /** The account that keeps a name with this skeleton, if any. */
  holder(skeleton: string): Promise<PlayerId | null>;
  /** The account keeps another name from now on; refused when another account keeps its skeleton. */
  rename(id: PlayerId, name: string, skeleton: string): Promise<Renamed>;
  addPasskey(id: PlayerId, passkey: Passkey): Promise<boolean>;
  /** The account a passkey signs in to. */
  byPasskey(credentialId: string): Promise<Account | null>;
  /** A sign-in with the passkey: its new signature counter and when. */
  used(credentialId: string, counter: number, at: string): Promise<void>;
  /** Never the account's last one (`last`): an account without a passkey could not be signed in to again. */
  removePasskey(id: PlayerId, credentialId: string): Promise<Removed>;
  /** Forgets the account and its passkeys, and remembers only that the id was one (`deleted`); false when there was none. */
  delete(id: PlayerId): Promise<boolean>;
  /** Whether the id was an account that has been deleted: its tokens are refused. */
  deleted(id: PlayerId): Promise<boolean>;
}

export class MemoryAccounts implements AccountStore {
  readonly kind = 'memory';
  private readonly accounts = new Map<PlayerId, Account>();
  private readonly gone = new Set<PlayerId>();

  async create(a: { id: PlayerId; name: string; skeleton: string; passkey: Passkey }): Promise<Created> {
    if (this.accounts.has(a.id)) return 'exists';
    if ((await this.holder(a.skeleton)) !== null) return 'name_taken';
    this.accounts.set(a.id, { id: a.id, name: a.name, skeleton: a.skeleton, createdAt: a.passkey.createdAt, passkeys: [a.passkey] });
    return 'created';
  }

  async account(id: PlayerId): Promise<Account | null> {
    return this.accounts.get(id) ?? null;
  }

  async holder(skeleton: string): Promise<PlayerId | null> {
    for (const a of this.accounts.values()) if (a.skeleton === skeleton) return a.id;
    return null;
  }

  async rename(id: PlayerId, name: string, skeleton: string): Promise<Renamed> {
    const a = this.accounts.get(id);
    if (a === undefined) return 'not_found';
    const holder = await this.holder(skeleton);
    if (holder !== null && holder !== id) return 'name_taken';
    this.accounts.set(id, { ...a, name, skeleton });
    return 'renamed';
  }

  async addPasskey(id: PlayerId, passkey: Passkey): Promise<boolean> {
    const a = this.accounts.get(id);
    if (a === undefined) return false;
    this.accounts.set(id, { ...a, passkeys: [...a.passkeys.filter((p) => p.id !== passkey.id), passkey] });
    return true;
  }

  async byPasskey(credentialId: string): Promise<Account | null> {
    for (const a of this.accounts.values()) if (a.passkeys.some((p) => p.id === credentialId)) return a;
    return null;
  }

  async used(credentialId: string, counter: number, at: string): Promise<void> {
    const a = await this.byPasskey(credentialId);
    if (a === null) return;
    this.accounts.set(a.id, { ...a, passkeys: a.passkeys.map((p) => (p.id === credentialId ? { ...p, counter, lastUsedAt: at } : p)) });
  }

  async removePasskey(id: PlayerId, credentialId: string): Promise<Removed> {
    const a = this.accounts.get(id);
    if (a === undefined || !a.passkeys.some((p) => p.id === credentialId)) return 'not_found';
    if (a.passkeys.length === 1) return 'last';
    this.accounts.set(id, { ...a, passkeys: a.passkeys.filter((p) => p.id !== credentialId) });
    return 'removed';
  }

  async delete(id: PlayerId): Promise<boolean> {
    if (!this.accounts.delete(id)) return false;
    this.gone.add(id);
    return true;
  }

  async deleted(id: PlayerId): Promise<boolean> {
    return this.gone.has(id);
  }
}

/** The account as its player sees it: never a passkey's public key or counter. */
export function infoOf(a: Account): AccountInfo {
  return { id: a.id, name: a.name, createdAt: a.createdAt, passkeys: a.passkeys.map((p) => ({ id: p.id, createdAt: p.createdAt, lastUsedAt: p.lastUsedAt })) };
}
