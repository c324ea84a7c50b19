-- Gatherings: game nights and tournaments (bot/gatherings, bot/service/gatherings). A gathering goes planned →
-- checking_in (a game night's check-in) → playing (its `round`) → finished, or cancelled on the way; `rev` orders
-- its changes (each checks the revision it was computed from, so a round is seated once whatever races it).
-- `due_at`: when the timer must look at it next (its start, the end of its check-in, a table of it that ended, a
-- notice the edge has not acted on yet), claimed by one process at a time (`claimed_until`); `wakes` counts the
-- ends of its tables, so a claim that read the round before one of them never clears the wake it brought.
-- `told`: the last notice the edge acted on. The messages and the Discord scheduled event are the edge's.
CREATE TABLE gatherings (
    id                   INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id             INTEGER NOT NULL,
    channel_id           INTEGER NOT NULL,
    kind                 TEXT    NOT NULL,
    game                 TEXT    NOT NULL,
    title                TEXT    NOT NULL,
    host_id              INTEGER NOT NULL,
    options              TEXT    NOT NULL,
    seats                INTEGER NOT NULL,
    pace_seconds         INTEGER NOT NULL,
    clock                TEXT    NOT NULL,
    away                 INTEGER NOT NULL,
    rounds               INTEGER NOT NULL,
    round                INTEGER NOT NULL DEFAULT 0,
    state                TEXT    NOT NULL,
    starts_at            REAL    NOT NULL,
    check_in_seconds     INTEGER NOT NULL,
    check_in_ends_at     REAL,
    created_at           REAL    NOT NULL,
    started_at           REAL,
    ended_at             REAL,
    end_reason           TEXT,
    rev                  INTEGER NOT NULL DEFAULT 0,
    due_at               REAL,
    wakes                INTEGER NOT NULL DEFAULT 0,
    claimed_until        REAL,
    told                 TEXT,
    scheduled_event_id   INTEGER,
    announcement_id      INTEGER,
    check_in_message_id  INTEGER,
    standings_message_id INTEGER
);
CREATE UNIQUE INDEX gatherings_one_open_per_channel ON gatherings (channel_id)
    WHERE state IN ('planned', 'checking_in', 'playing');
CREATE INDEX gatherings_by_due ON gatherings (due_at);
CREATE INDEX gatherings_by_guild ON gatherings (guild_id, id);

-- Who came: joined (a Join button, or Discord's Interested read at check-in), checked in, the round they play from
-- (a late member: the next one), dropped (by leaving, or removed by the host); `seed` their place at the start.
CREATE TABLE gathering_members (
    gathering_id  INTEGER NOT NULL REFERENCES gatherings (id) ON DELETE CASCADE,
    user_id       INTEGER NOT NULL,
    name          TEXT    NOT NULL,
    joined_at     REAL    NOT NULL,
    checked_in_at REAL,
    first_round   INTEGER NOT NULL DEFAULT 1,
    dropped_at    REAL,
    seed          INTEGER,
    PRIMARY KEY (gathering_id, user_id)
);

-- A round's tables, each an ordinary table (`sessions`) once the edge gave it a thread; its seats (user_id NULL: a
-- computer) with their points once it ended with a result; the round's byes with theirs.
CREATE TABLE gathering_tables (
    gathering_id INTEGER NOT NULL REFERENCES gatherings (id) ON DELETE CASCADE,
    round        INTEGER NOT NULL,
    table_no     INTEGER NOT NULL,
    session_id   INTEGER UNIQUE REFERENCES sessions (id),
    PRIMARY KEY (gathering_id, round, table_no)
);
CREATE TABLE gathering_seats (
    gathering_id INTEGER NOT NULL,
    round        INTEGER NOT NULL,
    table_no     INTEGER NOT NULL,
    seat         INTEGER NOT NULL,
    user_id      INTEGER,
    session_id   INTEGER,
    points       REAL,
    PRIMARY KEY (gathering_id, round, table_no, seat),
    FOREIGN KEY (gathering_id, round, table_no) REFERENCES gathering_tables (gathering_id, round, table_no)
        ON DELETE CASCADE
);
CREATE INDEX gathering_seats_by_session ON gathering_seats (session_id);
CREATE TABLE gathering_byes (
    gathering_id INTEGER NOT NULL REFERENCES gatherings (id) ON DELETE CASCADE,
    round        INTEGER NOT NULL,
    user_id      INTEGER NOT NULL,
    points       REAL    NOT NULL,
    PRIMARY KEY (gathering_id, round, user_id)
);

-- A server's defaults per game (/settings defaults): what a new table or a gathering starts from where its own
-- choice says nothing (NULL: the bot's own default). `options`: the game's options, as JSON.
CREATE TABLE game_defaults (
    guild_id     INTEGER NOT NULL,
    game         TEXT    NOT NULL,
    pace_seconds INTEGER,
    clock        TEXT,
    away         INTEGER,
    options      TEXT    NOT NULL DEFAULT '{}',
    PRIMARY KEY (guild_id, game)
);
