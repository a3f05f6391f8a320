-- Up Migration
-- The archive (docs/protocol.md#the-archive): every finished game once, the people who played
-- them, and one line per person and game that the player statistics add up.

CREATE TABLE players (
  id text COLLATE "C" PRIMARY KEY,
  -- The name of their latest archived game.
  name text NOT NULL,
  name_at timestamptz NOT NULL,
  first_seen timestamptz NOT NULL,
  last_seen timestamptz NOT NULL
);

-- json, not jsonb: the record is served back byte for byte as the server wrote it (jsonb would
-- reorder its keys).
CREATE TABLE games (
  id text COLLATE "C" PRIMARY KEY,
  table_id text COLLATE "C" NOT NULL,
  game integer NOT NULL CHECK (game >= 1),
  rules json NOT NULL,
  preset text NOT NULL,
  players smallint NOT NULL,
  started_at timestamptz NOT NULL,
  finished_at timestamptz NOT NULL,
  seats json NOT NULL,
  winner smallint NOT NULL,
  record json NOT NULL,
  archived_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (table_id, game)
);

CREATE TABLE game_players (
  game_id text COLLATE "C" NOT NULL REFERENCES games (id),
  seat smallint NOT NULL,
  player_id text COLLATE "C" NOT NULL REFERENCES players (id),
  finished_at timestamptz NOT NULL,
  preset text NOT NULL,
  players smallint NOT NULL,
  won boolean NOT NULL,
  hands integer NOT NULL,
  points integer NOT NULL,
  counts_scored integer NOT NULL,
  muggins_made integer NOT NULL,
  muggins_missed integer NOT NULL,
  best_hand integer NOT NULL,
  PRIMARY KEY (game_id, seat)
);

-- A player's games newest first, a page at a time from a (finished_at, game_id) cursor: the
-- index serves the keyset query's WHERE and ORDER BY alike (docs/performance.md, "The archive").
CREATE INDEX game_players_by_player ON game_players (player_id, finished_at DESC, game_id DESC);

-- Down Migration
DROP TABLE game_players;
DROP TABLE games;
DROP TABLE players;
