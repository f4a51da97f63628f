-- Grimoire schema 17: servers the bot was removed from, kept for a grace period and then
-- purged (docs/privacy.md); and values the bot keeps for itself, such as the digest of the
-- slash commands it last synced, so that an unchanged set is not synced again.
CREATE TABLE departed_guilds (
    guild_id INTEGER PRIMARY KEY,
    left_at  REAL    NOT NULL
);

CREATE TABLE bot_values (
    name       TEXT PRIMARY KEY,
    value      TEXT NOT NULL,
    updated_at REAL NOT NULL
);
