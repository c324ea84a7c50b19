-- Nothing to change on SQLite: its driver checks row counts itself (PostgreSQL gets a server function).
-- Kept so both backends number their migrations alike.
SELECT 1;
