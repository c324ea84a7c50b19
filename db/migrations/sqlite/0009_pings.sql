-- Pings that call only the members who are away, and at most one standing per table.
-- `seats.touched_at` (unix seconds): the seat's member last touched the table by something other than a move
-- (My hand, a refused click, joining, starting) — a move's own time is in its `events` row, so a move writes
-- nothing more; a touch is stored at most once in 30 seconds. `sessions.ping_message_id`: the table's ping
-- standing in its channel, which named the seats `ping_seats` (a JSON list) whose decisions began by move
-- `ping_seq`; it is deleted when they have all acted, or when the next ping goes out.
ALTER TABLE seats ADD COLUMN touched_at REAL;
ALTER TABLE sessions ADD COLUMN ping_message_id INTEGER;
ALTER TABLE sessions ADD COLUMN ping_seq INTEGER;
ALTER TABLE sessions ADD COLUMN ping_seats TEXT;
