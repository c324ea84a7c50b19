-- Computer levels (issue 28): how a computer seat plays, 'easy', 'normal' or 'hard' (bot/games/levels.py). Every
-- seat has one; a member's seat keeps 'normal', what its autopilot (and the computer that takes it over when the
-- member leaves) plays. Existing seats, computers included, are 'normal': today's computer.
ALTER TABLE seats ADD COLUMN level TEXT NOT NULL DEFAULT 'normal';
