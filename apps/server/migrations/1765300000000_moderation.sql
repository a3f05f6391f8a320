-- Up Migration
-- What the operators of a site decide and do (docs/protocol.md, "The operator's console"): players
-- turned away (every token of theirs refused with `auth/banned` until `until`, null for good), the
-- notice shown in every lobby (one row at most), and the log of every action, with who and when.

CREATE TABLE bans (
  player_id text COLLATE "C" PRIMARY KEY,
  reason text NOT NULL,
  by_operator text NOT NULL,
  at timestamptz NOT NULL,
  until timestamptz
);

-- The name an operator gave a player in place of theirs: every token of theirs plays under it.
CREATE TABLE player_names (
  player_id text COLLATE "C" PRIMARY KEY,
  name text NOT NULL
);

CREATE TABLE site_notice (
  only_one boolean PRIMARY KEY DEFAULT true CHECK (only_one),
  text text NOT NULL,
  by_operator text NOT NULL,
  at timestamptz NOT NULL
);

CREATE TABLE admin_actions (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL,
  operator text NOT NULL,
  action text NOT NULL,
  target text NOT NULL,
  detail jsonb NOT NULL
);

-- Down Migration
DROP TABLE admin_actions;
DROP TABLE site_notice;
DROP TABLE player_names;
DROP TABLE bans;
