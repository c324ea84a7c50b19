-- Tables (game sessions), their seats, the append-only move log, results and ratings.
CREATE TABLE sessions (
    id            INTEGER PRIMARY KEY,
    guild_id      INTEGER,
    channel_id    INTEGER NOT NULL,
    game          TEXT    NOT NULL,
    rules_version INTEGER NOT NULL,
    options       TEXT    NOT NULL,             -- JSON object of the game's lobby options
    status        TEXT    NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'ended')),
    host_id       INTEGER NOT NULL,
    seed          TEXT    NOT NULL,             -- secret: with the move number, fixes every die
    seq           INTEGER NOT NULL DEFAULT 0,   -- moves applied
    pace_seconds  INTEGER NOT NULL,
    message_id    INTEGER,                      -- the table message
    deadline_at   REAL,                         -- unix seconds: turn deadline, or lobby expiry
    reminder_at   REAL,                         -- unix seconds: half-time reminder still to send
    created_at    REAL    NOT NULL,
    ended_at      REAL,
    end_reason    TEXT
);
-- At most one open table per channel or thread.
CREATE UNIQUE INDEX sessions_one_open_per_channel ON sessions (channel_id) WHERE status IN ('lobby', 'active');
CREATE INDEX sessions_open_deadlines ON sessions (status, deadline_at);

CREATE TABLE seats (
    session_id    INTEGER NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    seat          INTEGER NOT NULL,
    user_id       INTEGER,                      -- NULL for a computer player
    name          TEXT    NOT NULL,
    is_computer   INTEGER NOT NULL DEFAULT 0,   -- a computer plays this seat (also after its owner left)
    autopilot     INTEGER NOT NULL DEFAULT 0,   -- after 3 timeouts in a row, until the owner is back
    timeouts      INTEGER NOT NULL DEFAULT 0,   -- timeouts in a row
    dm_message_id INTEGER,
    dm_channel_id INTEGER,
    PRIMARY KEY (session_id, seat)
);
CREATE INDEX seats_by_user ON seats (user_id);

CREATE TABLE events (
    session_id INTEGER NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    seq        INTEGER NOT NULL,
    seat       INTEGER NOT NULL,
    action     TEXT    NOT NULL,                -- core.encode_action
    by         TEXT    NOT NULL CHECK (by IN ('player', 'timeout', 'computer', 'autopilot')),
    at         REAL    NOT NULL,
    PRIMARY KEY (session_id, seq)
);

CREATE TABLE results (
    session_id INTEGER NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    guild_id   INTEGER,
    game       TEXT    NOT NULL,
    user_id    INTEGER NOT NULL,
    seat       INTEGER NOT NULL,
    placing    INTEGER NOT NULL,
    score      INTEGER NOT NULL,
    players    INTEGER NOT NULL,
    rated      INTEGER NOT NULL,
    at         REAL    NOT NULL,
    PRIMARY KEY (session_id, seat)
);
CREATE INDEX results_by_member ON results (guild_id, user_id, at);

CREATE TABLE ratings (
    guild_id INTEGER NOT NULL,
    game     TEXT    NOT NULL,
    user_id  INTEGER NOT NULL,
    mu       REAL    NOT NULL,
    sigma    REAL    NOT NULL,
    games    INTEGER NOT NULL DEFAULT 0,
    wins     INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (guild_id, game, user_id)
);
