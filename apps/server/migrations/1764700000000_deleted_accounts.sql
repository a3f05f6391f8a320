-- Up Migration
-- The ids of deleted accounts (docs/protocol.md#accounts): a token of one is refused
-- (`auth/account_deleted`), so a device that still holds it starts a new guest instead of playing
-- on under an id whose name is gone. Only the id is kept: the name was forgotten with the account.

CREATE TABLE deleted_accounts (
  id text COLLATE "C" PRIMARY KEY,
  deleted_at timestamptz NOT NULL
);

-- Down Migration
DROP TABLE deleted_accounts;
