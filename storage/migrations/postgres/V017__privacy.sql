-- Grimoire schema 17 (PostgreSQL): servers the bot was removed from, and values the bot keeps
-- for itself. See the SQLite schema 17 for the reasoning; the two keep the same rows.
CREATE TABLE departed_guilds (
    guild_id bigint      PRIMARY KEY,
    left_at  timestamptz NOT NULL
);

CREATE TABLE bot_values (
    name       text        PRIMARY KEY,
    value      text        NOT NULL,
    updated_at timestamptz NOT NULL
);
