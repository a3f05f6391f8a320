-- Up Migration
-- Web Push (docs/protocol.md#notifications): which browsers want which notes, and the site's VAPID
-- keys, made by the first node to start and read by every other, so a subscription made through
-- one node is signed for by all of them, after every restart.

CREATE TABLE push_subscriptions (
  -- One browser's: subscribing it again (another person signed in there) replaces the row.
  endpoint text COLLATE "C" PRIMARY KEY,
  player_id text COLLATE "C" NOT NULL,
  p256dh text NOT NULL,
  auth text NOT NULL,
  kinds text[] NOT NULL,
  lang text NOT NULL,
  since timestamptz NOT NULL
);

CREATE INDEX push_subscriptions_by_player ON push_subscriptions (player_id, since);

CREATE TABLE push_keys (
  -- One row: the site's key pair.
  id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  public_key text NOT NULL,
  private_key text NOT NULL
);

-- Down Migration
DROP TABLE push_keys;
DROP TABLE push_subscriptions;
