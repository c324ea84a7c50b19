-- What the bot last synced as its slash commands, per application and scope ("global" or a server): a
-- SHA-256 of the payload, so a start whose commands are unchanged sends Discord nothing.
CREATE TABLE command_syncs (
    scope     TEXT PRIMARY KEY,
    digest    TEXT NOT NULL,
    synced_at REAL NOT NULL
);
