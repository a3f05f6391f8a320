-- Up Migration
-- Correspondence tables (issue 27): a table with days a move lives here between moves, not in
-- Redis. Each commit of such a table writes its row (the stored document, the game's hands so
-- far); a table nobody touched for a while leaves Redis (asleep) and comes back when someone
-- opens it or its turn clock runs out.
CREATE TABLE correspondence_tables (
  id text PRIMARY KEY,
  code text NOT NULL,
  version integer NOT NULL,
  doc jsonb NOT NULL,
  hands jsonb NOT NULL,
  playing boolean NOT NULL,
  turn_player text,
  due_at bigint,
  asleep boolean NOT NULL DEFAULT false,
  awake_until bigint NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX correspondence_tables_code ON correspondence_tables (code);
CREATE INDEX correspondence_tables_turn ON correspondence_tables (turn_player) WHERE playing;
CREATE INDEX correspondence_tables_due ON correspondence_tables (due_at) WHERE asleep AND playing;
CREATE INDEX correspondence_tables_awake ON correspondence_tables (awake_until) WHERE NOT asleep AND playing;

-- Down Migration
DROP TABLE correspondence_tables;
