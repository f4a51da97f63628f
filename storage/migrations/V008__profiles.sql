-- Grimoire schema 8: what profiles and server statistics need to time moves fairly.
--
-- A seat is "asked" when the game starts waiting for it: the start, or the move (or undo,
-- or resignation) that added it to games.to_act. Its time to move runs from then to its
-- first action. asks keeps that moment, written by a trigger in the same transaction as
-- the change of to_act, so every path that changes whom a game waits for keeps it alike.
-- Games played under schema 7 have no asks: their moves are timed from the previous action
-- on the table (or the start), which is exact for games played one seat at a time.
CREATE TABLE asks (
    game_id  INTEGER NOT NULL REFERENCES games (id),
    seat     INTEGER NOT NULL,
    asked_at REAL    NOT NULL,
    PRIMARY KEY (game_id, seat, asked_at)
) WITHOUT ROWID;

CREATE TRIGGER asks_kept AFTER UPDATE OF to_act ON games WHEN NEW.status = 'active'
BEGIN
    INSERT OR IGNORE INTO asks (game_id, seat, asked_at)
    SELECT NEW.id, waiting.value, NEW.updated_at FROM json_each(NEW.to_act) AS waiting
    WHERE waiting.value NOT IN (SELECT before.value FROM json_each(OLD.to_act) AS before);
END;

-- Each vacation (/away), so time away is left out of a player's time to move. players keeps
-- only the end of the latest one; this keeps them all, written by a trigger in the same
-- transaction as /away: a new vacation closes any running one, coming back early ends it.
CREATE TABLE vacations (
    user_id   INTEGER NOT NULL,
    starts_at REAL    NOT NULL,
    ends_at   REAL    NOT NULL,
    PRIMARY KEY (user_id, starts_at)
) WITHOUT ROWID;

CREATE TRIGGER vacations_kept AFTER UPDATE OF away_until ON players
BEGIN
    UPDATE vacations SET ends_at = NEW.updated_at
    WHERE user_id = NEW.user_id AND ends_at > NEW.updated_at;
    INSERT OR REPLACE INTO vacations (user_id, starts_at, ends_at)
    SELECT NEW.user_id, NEW.updated_at, NEW.away_until WHERE NEW.away_until > NEW.updated_at;
END;

-- A vacation set under schema 7 is known only by its end: it is taken to have begun when the
-- player's choices were last changed, which is when /away was used unless /notify came after.
INSERT INTO vacations (user_id, starts_at, ends_at)
SELECT user_id, updated_at, away_until FROM players WHERE away_until > updated_at;

-- A player's rating over time (the profile's sparkline), and their games by server.
CREATE INDEX rating_changes_by_user ON rating_changes (user_id, game_id);
CREATE INDEX games_by_guild_finished ON games (guild_id, status, finished_at);
