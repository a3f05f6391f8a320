-- Up Migration
-- Leaving rated games (docs/protocol.md#queue-bans): one row per person and rated game they left
-- and did not come back to before it ended. Written in the transaction that archives and rates
-- the game (only the writer whose games row went in), so once however many nodes archive it; a
-- queue ban is counted from the rows of a sliding window.

CREATE TABLE leaves (
  player_id text COLLATE "C" NOT NULL REFERENCES players (id),
  game_id text COLLATE "C" NOT NULL REFERENCES games (id),
  -- The game's finish: a leave is one once the game ends without them.
  at timestamptz NOT NULL,
  PRIMARY KEY (player_id, game_id)
);

CREATE INDEX leaves_by_time ON leaves (player_id, at DESC);

-- Down Migration
DROP TABLE leaves;
