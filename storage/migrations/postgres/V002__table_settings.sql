-- Grimoire schema 2: a table's own settings and resignations.

-- What the table decides for itself, apart from the engine's options.
ALTER TABLE games ADD COLUMN settings jsonb NOT NULL DEFAULT '{}';

-- When the player resigned; NULL while they still play.
ALTER TABLE seats ADD COLUMN resigned_at timestamptz;

-- "/game list": a server's open games.
CREATE INDEX games_by_guild ON games (guild_id, status);
