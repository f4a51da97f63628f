-- Grimoire schema 2: a table's own settings and resignations.
-- Games and seats written by schema 1 read as "no settings" and "nobody resigned".

-- What the table decides for itself, apart from the engine's options: how seats are dealt,
-- later turn deadlines. Kept apart so replaying a game needs only its options.
ALTER TABLE games ADD COLUMN settings TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(settings));

-- When the player resigned; NULL while they still play. A resignation is not an engine move,
-- so it is kept on the seat and never in the action log.
ALTER TABLE seats ADD COLUMN resigned_at REAL;

-- "/game list": a server's open games.
CREATE INDEX games_by_guild ON games (guild_id, status);
