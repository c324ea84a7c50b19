-- Clocks (issue 27): a clock per seat, time banks, away days and the vote to replace an absent member.
-- `sessions.clock`: 'fixed' (a deadline per move, the default) or 'bank' (each seat's time bank).
-- `sessions.away`: 1 — the members' away days stop their clocks here (not at live tables); 0 — the host chose
-- away:off. `seats.deadline_at`: when this seat's decision times out (NULL: not running; a table from before this
-- release keeps its own `deadline_at` for the seats to act, so an upgraded database keeps every deadline).
-- `seats.bank`: a bank clock's seconds (while the seat acts: the bank its turn began with). `seats.away_until`:
-- its member is away until then (their clock at this table is stopped). The table's `deadline_at` stays the
-- earliest of its seats' deadlines, so claiming what is due is unchanged.
ALTER TABLE sessions ADD COLUMN clock TEXT NOT NULL DEFAULT 'fixed';
ALTER TABLE sessions ADD COLUMN away INTEGER NOT NULL DEFAULT 1;
ALTER TABLE seats ADD COLUMN deadline_at REAL;
ALTER TABLE seats ADD COLUMN bank REAL;
ALTER TABLE seats ADD COLUMN away_until REAL;

-- A member's away days: the budget left (whole days; +2 on the first of each month up to 21, counted from
-- `granted_month`, 'YYYY-MM' in UTC), and the absence running (NULL: none), with the days it reserved.
CREATE TABLE away_members (
    user_id       INTEGER PRIMARY KEY,
    days_left     INTEGER NOT NULL,
    granted_month TEXT    NOT NULL,
    away_from     REAL,
    away_until    REAL,
    days_reserved INTEGER NOT NULL DEFAULT 0
);

-- The other members' votes on a seat the computer plays for its absent member: replace them for the rest of the
-- game, or end the table unrated.
CREATE TABLE replace_votes (
    session_id INTEGER NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    seat       INTEGER NOT NULL,
    user_id    INTEGER NOT NULL,
    choice     TEXT    NOT NULL,
    at         REAL    NOT NULL,
    PRIMARY KEY (session_id, seat, user_id)
);
