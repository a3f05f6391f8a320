-- Up Migration
-- Ratings (docs/protocol.md#ratings): Glicko-2 per person and rules key (`preset/players`), as
-- of their last rated game, and the rating after each rated game for the player page's chart.
-- A game is rated in the transaction that archives it, so once: the games row decides.

-- Games archived before ratings were not rated.
ALTER TABLE games ADD COLUMN rated boolean NOT NULL DEFAULT false;

CREATE TABLE ratings (
  player_id text COLLATE "C" NOT NULL REFERENCES players (id),
  key text COLLATE "C" NOT NULL,
  rating double precision NOT NULL,
  rd double precision NOT NULL,
  volatility double precision NOT NULL,
  games integer NOT NULL,
  -- The finish of their latest rated game of the key: RD grows from it (one whole day, one period).
  last_at timestamptz NOT NULL,
  PRIMARY KEY (player_id, key)
);

-- The leaderboard: a key's ratings best first.
CREATE INDEX ratings_by_key ON ratings (key, rating DESC);

CREATE TABLE rating_history (
  player_id text COLLATE "C" NOT NULL REFERENCES players (id),
  key text COLLATE "C" NOT NULL,
  game_id text COLLATE "C" NOT NULL REFERENCES games (id),
  at timestamptz NOT NULL,
  rating double precision NOT NULL,
  rd double precision NOT NULL,
  PRIMARY KEY (player_id, key, game_id)
);

CREATE INDEX rating_history_by_time ON rating_history (player_id, key, at DESC);

-- Down Migration
DROP TABLE rating_history;
DROP TABLE ratings;
ALTER TABLE games DROP COLUMN rated;
