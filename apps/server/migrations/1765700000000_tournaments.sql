-- Up Migration
-- Tournaments (docs/rules.md#tournaments, docs/protocol.md#tournaments): each is one document
-- (packages/tournament's plain data, versioned) with when its runner is next due. The due time is
-- the runner's job schedule: a node takes a due tournament with FOR UPDATE SKIP LOCKED and moves
-- its due time past a lease, so no two nodes run the same step, and a node's death between two
-- Swiss rounds only delays the next until the lease is over.

CREATE TABLE tournaments (
  id text COLLATE "C" PRIMARY KEY,
  version integer NOT NULL CHECK (version >= 0),
  doc jsonb NOT NULL,
  listed boolean NOT NULL,
  finished boolean NOT NULL,
  starts_at timestamptz NOT NULL,
  finished_at timestamptz,
  due_at timestamptz
);

CREATE INDEX tournaments_due ON tournaments (due_at) WHERE due_at IS NOT NULL;
CREATE INDEX tournaments_listed ON tournaments (finished, starts_at) WHERE listed;

-- A tournament game's table: the game finished there reports its result to this tournament.
CREATE TABLE tournament_tables (
  table_id text COLLATE "C" PRIMARY KEY,
  tournament_id text COLLATE "C" NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
  game_id text COLLATE "C" NOT NULL
);

-- Down Migration
DROP TABLE tournament_tables;
DROP TABLE tournaments;
