-- Member preferences (issue 27), set once for every table in every server: a member's time zone (IANA name),
-- quiet hours (minutes after local midnight, start and end; NULL: none), reminders ('table': the table's
-- half-time one; 'off'; '1h', '4h', '12h', '24h' before the deadline) and where they go ('channel', 'dm',
-- 'both'), and the daily digest's local hour (NULL: none) with its next due time; the digest is claimed by one
-- process (`digest_claimed_until`, which lapses by itself).
CREATE TABLE member_prefs (
    user_id              INTEGER PRIMARY KEY,
    time_zone            TEXT    NOT NULL DEFAULT 'UTC',
    quiet_start          INTEGER,
    quiet_end            INTEGER,
    reminders            TEXT    NOT NULL DEFAULT 'table',
    reminders_via        TEXT    NOT NULL DEFAULT 'channel',
    digest_hour          INTEGER,
    digest_at            REAL,
    digest_claimed_until REAL
);
CREATE INDEX member_prefs_by_digest_at ON member_prefs (digest_at) WHERE digest_at IS NOT NULL;
-- A seat's own reminder (the table's `reminder_at` is the earliest of its seats'), and the move number by which
-- the decision its member silenced ("not this turn") began: no reminder, ping or digest line until the next.
ALTER TABLE seats ADD COLUMN reminder_at REAL;
ALTER TABLE seats ADD COLUMN silenced_since INTEGER;
-- An open table's pending reminder becomes its seats' (each decided anew, on its member's preferences, when due).
UPDATE seats SET reminder_at = (SELECT reminder_at FROM sessions WHERE sessions.id = seats.session_id
                                AND sessions.status = 'active');
