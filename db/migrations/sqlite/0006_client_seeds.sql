-- Provably fair dice: every seat's client seed (chosen with `/game join seed:`, else drawn when it is taken),
-- and each table's dice derivation. NULL: a table that began before client seeds, whose dice keep the old
-- derivation (its seed and the move number) so it replays exactly as before; 'fair-1': HMAC-SHA256 of the
-- secret seed over every seat's client seed (bot/games/rng.py FairRng).
ALTER TABLE seats ADD COLUMN client_seed TEXT;
ALTER TABLE sessions ADD COLUMN derivation TEXT;
