-- Deadline claims: a process that handles a due deadline first claims the table until `claimed_until`
-- (unix seconds); a process that dies holding a claim loses it when the claim expires.
ALTER TABLE sessions ADD COLUMN claimed_until REAL;
