-- Up Migration
-- Follows (docs/protocol.md#friends-and-presence): one person's list of the people they follow,
-- one way (the followed person is not asked). Each keeps the name the followed person had when
-- followed, as a block does ("" once they delete their account).

CREATE TABLE follows (
  follower_id text COLLATE "C" NOT NULL,
  followed_id text COLLATE "C" NOT NULL,
  name text NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (follower_id, followed_id),
  CHECK (follower_id <> followed_id)
);

-- A deleted account's follows of it go with it.
CREATE INDEX follows_by_followed ON follows (followed_id);

-- Down Migration
DROP TABLE follows;
