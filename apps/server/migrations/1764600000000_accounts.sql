-- Up Migration
-- Accounts (docs/protocol.md#accounts): a guest who kept their name with a passkey. The account's
-- id is the guest's player id, so their archived games stay theirs; `skeleton` (the name with
-- case and look-alike letters folded, apps/server/src/accounts/skeleton.ts) makes kept names unique.

CREATE TABLE accounts (
  id text COLLATE "C" PRIMARY KEY,
  name text NOT NULL,
  skeleton text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL
);

CREATE TABLE passkeys (
  -- The credential id, base64url: what an authenticator's answer names.
  id text COLLATE "C" PRIMARY KEY,
  account_id text COLLATE "C" NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  public_key bytea NOT NULL,
  counter bigint NOT NULL,
  transports text[] NOT NULL,
  created_at timestamptz NOT NULL,
  last_used_at timestamptz
);

CREATE INDEX passkeys_by_account ON passkeys (account_id);

-- A deleted account's games stay, under "deleted player": the name is gone, the id only says
-- which seats were the same person's.
ALTER TABLE players ADD COLUMN deleted_at timestamptz;

-- Down Migration
ALTER TABLE players DROP COLUMN deleted_at;
DROP TABLE passkeys;
DROP TABLE accounts;
