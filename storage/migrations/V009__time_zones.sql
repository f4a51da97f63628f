-- Grimoire schema 9: players' time. Their time zone, quiet hours, digest hour, own reminder
-- points and "you are next" heads-up, as one JSON object; files written by schema 8 read as
-- "UTC, no quiet hours, the table's reminders".
ALTER TABLE players ADD COLUMN choices TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(choices));
