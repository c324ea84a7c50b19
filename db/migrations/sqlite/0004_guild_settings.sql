-- A server's own choices: the language of its public table messages (NULL: the server's Discord
-- language) and whether tables are shown as pictures.
CREATE TABLE guild_settings (
    guild_id BIGINT PRIMARY KEY,
    language TEXT,
    pictures BOOLEAN NOT NULL DEFAULT TRUE
);
