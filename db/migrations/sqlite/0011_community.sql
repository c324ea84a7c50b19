-- Community (issue 29): seasons, fair play, rating history, followers and rematches.
-- A server's time zone (IANA name; NULL: UTC): monthly seasons roll over, and a fair-play day begins, at its
-- midnight.
ALTER TABLE guild_settings ADD COLUMN time_zone TEXT;
-- Each member's all-time rating after a rated game (NULL: unrated, or rated before this release): the
-- history a profile draws.
ALTER TABLE results ADD COLUMN mu REAL;
ALTER TABLE results ADD COLUMN sigma REAL;
-- How many members follow a running table (its message shows it), and the table a rematch came from.
ALTER TABLE sessions ADD COLUMN followers INTEGER NOT NULL DEFAULT 0;
ALTER TABLE sessions ADD COLUMN rematch_of INTEGER;
CREATE INDEX sessions_by_rematch_of ON sessions (rematch_of);

-- A server's seasons. One runs at a time (ended_at NULL); a monthly one rolls over by itself at ends_at into
-- the next month's. `name_key` is the name case-folded: a name is used once per server. The podium is posted
-- once: `podium_at` is set by whoever claims it.
CREATE TABLE seasons (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id   INTEGER NOT NULL,
    name       TEXT    NOT NULL,
    name_key   TEXT    NOT NULL,
    started_at REAL    NOT NULL,
    ends_at    REAL,
    ended_at   REAL,
    time_zone  TEXT    NOT NULL,
    channel_id INTEGER,
    podium_at  REAL,
    UNIQUE (guild_id, name_key)
);
CREATE UNIQUE INDEX seasons_one_running ON seasons (guild_id) WHERE ended_at IS NULL;

CREATE TABLE season_ratings (
    season_id INTEGER NOT NULL REFERENCES seasons (id) ON DELETE CASCADE,
    game      TEXT    NOT NULL,
    user_id   INTEGER NOT NULL,
    mu        REAL    NOT NULL,
    sigma     REAL    NOT NULL,
    games     INTEGER NOT NULL DEFAULT 0,
    wins      INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (season_id, game, user_id)
);

CREATE TABLE followers (
    session_id INTEGER NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    user_id    INTEGER NOT NULL,
    at         REAL    NOT NULL,
    PRIMARY KEY (session_id, user_id)
);

-- Each player's answer to a finished table's rematch offer (wants 1: a rematch, 0: declined).
CREATE TABLE rematch_votes (
    session_id INTEGER NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    user_id    INTEGER NOT NULL,
    wants      INTEGER NOT NULL,
    at         REAL    NOT NULL,
    PRIMARY KEY (session_id, user_id)
);
