-- When the game started (NULL for a table that closed in its lobby), so a closed table can be shown again.
ALTER TABLE sessions ADD COLUMN started_at DOUBLE PRECISION;
UPDATE sessions SET started_at = created_at WHERE status IN ('active', 'finished') OR seq > 0;
