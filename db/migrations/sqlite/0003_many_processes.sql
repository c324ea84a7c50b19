-- Many processes on one database. `rev` counts every committed change of a table: a change commits only if
-- the row still has the revision it was computed from. A process that handles a due deadline first claims
-- the table until `claimed_until` (unix seconds); if it dies holding the claim, the claim simply expires.
ALTER TABLE sessions ADD COLUMN rev INTEGER NOT NULL DEFAULT 0;
ALTER TABLE sessions ADD COLUMN claimed_until REAL;
