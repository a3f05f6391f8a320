-- Up Migration
-- Reports and blocks (docs/protocol.md#report-and-block). A block is one person's: the blocked
-- person is never matched with the blocker, their reactions are hidden from them, and they may not
-- sit where the blocker sits. A report waits, open, for an operator's console.

CREATE TABLE blocks (
  blocker_id text COLLATE "C" NOT NULL,
  blocked_id text COLLATE "C" NOT NULL,
  -- The name the blocked person had when blocked: their list shows it ("" once they delete their account).
  name text NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (blocker_id, blocked_id),
  CHECK (blocker_id <> blocked_id)
);

-- Who blocks a person: read when they join a queue, sit down or react.
CREATE INDEX blocks_by_blocked ON blocks (blocked_id);

CREATE TABLE reports (
  id text COLLATE "C" PRIMARY KEY,
  reporter_id text COLLATE "C" NOT NULL,
  reported_id text COLLATE "C" NOT NULL,
  reason text NOT NULL,
  note text NOT NULL,
  -- The game it is about (archived, or under way when reported: its id is the one it is archived under).
  game_id text COLLATE "C",
  created_at timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
  closed_at timestamptz
);

-- The console's list: the open reports, oldest first.
CREATE INDEX reports_open ON reports (created_at, id) WHERE status = 'open';
CREATE INDEX reports_by_reporter ON reports (reporter_id, created_at DESC);

-- Down Migration
DROP TABLE reports;
DROP TABLE blocks;
