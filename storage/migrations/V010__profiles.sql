-- Grimoire schema 10: what profiles and server statistics need to time moves fairly and to
-- count results quickly.

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

-- A vacation set before schema 10 is known only by its end: it is taken to have begun when the
-- player's choices were last changed, which is when /away was used unless /notify came after.
INSERT INTO vacations (user_id, starts_at, ends_at)
SELECT user_id, updated_at, away_until FROM players WHERE away_until > updated_at;

-- A seat is "asked" when the game starts waiting for it: the start, or the move (or undo,
-- or resignation) that added it to games.to_act; it "answers" with its first action after
-- that (later decisions of the same move do not count again). asks keeps both moments and
-- the time waited, less any vacation in between, written by triggers in the same
-- transaction as the action or the change of whom the game waits for.
CREATE TABLE asks (
    game_id     INTEGER NOT NULL REFERENCES games (id),
    seat        INTEGER NOT NULL,
    asked_at    REAL    NOT NULL,
    answered_at REAL,
    waited      REAL,
    PRIMARY KEY (game_id, seat, asked_at)
) WITHOUT ROWID;
CREATE INDEX asks_waiting ON asks (game_id, seat) WHERE answered_at IS NULL;

-- A move answers the mover's open ask, and asks every seat the game now waits for that has
-- none open (the mover itself goes on with the same move). One trigger on the action does
-- both, so a move pays for one; whatever else changes whom the game waits for (the start,
-- an undo, a resignation: never exactly one version on) asks the seats it adds.
CREATE TRIGGER asks_answered AFTER INSERT ON actions
BEGIN
    UPDATE asks SET answered_at = NEW.at, waited = NEW.at - asked_at - coalesce((
        SELECT sum(max(0.0, min(v.ends_at, NEW.at) - max(v.starts_at, asks.asked_at)))
        FROM vacations v
        WHERE v.user_id = (SELECT user_id FROM seats WHERE game_id = NEW.game_id
                           AND seat = NEW.seat)
          AND v.starts_at < NEW.at AND v.ends_at > asks.asked_at), 0)
    WHERE game_id = NEW.game_id AND seat = NEW.seat AND answered_at IS NULL
      AND asked_at < NEW.at;
    INSERT OR IGNORE INTO asks (game_id, seat, asked_at)
    SELECT NEW.game_id, waiting.value, NEW.at FROM games g, json_each(g.to_act) AS waiting
    WHERE g.id = NEW.game_id AND g.status = 'active' AND waiting.value <> NEW.seat
      AND NOT EXISTS (SELECT 1 FROM asks k WHERE k.game_id = NEW.game_id
                      AND k.seat = waiting.value AND k.answered_at IS NULL);
END;

CREATE TRIGGER asks_kept AFTER UPDATE OF to_act ON games
WHEN NEW.status = 'active' AND NEW.version <> OLD.version + 1
BEGIN
    INSERT OR IGNORE INTO asks (game_id, seat, asked_at)
    SELECT NEW.id, waiting.value, NEW.updated_at FROM json_each(NEW.to_act) AS waiting
    WHERE waiting.value NOT IN (SELECT before.value FROM json_each(OLD.to_act) AS before);
END;

-- Moves made before schema 10 are asked by the previous action on the table (or the start):
-- exact for games played one seat at a time, and for simultaneous choices the time since
-- the last of the others' choices. Seats a running game waits for now were asked by its
-- latest action.
INSERT OR IGNORE INTO asks (game_id, seat, asked_at, answered_at)
SELECT a.game_id, a.seat, coalesce(p.at, g.started_at), a.at
FROM actions a JOIN games g ON g.id = a.game_id
LEFT JOIN actions p ON p.game_id = a.game_id AND p.seq = a.seq - 1
WHERE g.started_at IS NOT NULL AND (p.seq IS NULL OR p.seat <> a.seat);
UPDATE asks SET waited = answered_at - asked_at - coalesce((
    SELECT sum(max(0.0, min(v.ends_at, asks.answered_at) - max(v.starts_at, asks.asked_at)))
    FROM vacations v
    WHERE v.user_id = (SELECT user_id FROM seats WHERE game_id = asks.game_id
                       AND seat = asks.seat)
      AND v.starts_at < asks.answered_at AND v.ends_at > asks.asked_at), 0)
WHERE answered_at IS NOT NULL;
INSERT OR IGNORE INTO asks (game_id, seat, asked_at)
SELECT g.id, waiting.value,
       coalesce((SELECT max(at) FROM actions WHERE game_id = g.id), g.started_at)
FROM games g, json_each(g.to_act) AS waiting WHERE g.status = 'active';

-- Every finished game's result in a few narrow columns, and each person's place in it, so
-- profiles and server statistics read small rows by index instead of the games' stored
-- states and outcomes. A trigger writes both in the transaction that finishes the game.
-- first_won: whether seat 0 won, for games with winners and no teams (else NULL).
CREATE TABLE results (
    game_id     INTEGER PRIMARY KEY REFERENCES games (id),
    guild_id    INTEGER,
    game_key    TEXT    NOT NULL,
    started_at  REAL,
    finished_at REAL    NOT NULL,
    seconds     REAL,
    moves       INTEGER NOT NULL,
    seats       INTEGER NOT NULL,
    first_won   INTEGER,
    resigned    INTEGER NOT NULL
);
CREATE INDEX results_by_guild ON results (guild_id, game_key, finished_at);
-- The longest and the fastest games played to the end.
CREATE INDEX results_by_length ON results (guild_id, resigned, seconds);

CREATE TABLE placings (
    game_id     INTEGER NOT NULL REFERENCES games (id),
    seat        INTEGER NOT NULL,
    user_id     INTEGER NOT NULL,
    guild_id    INTEGER,
    game_key    TEXT    NOT NULL,
    finished_at REAL    NOT NULL,
    seats       INTEGER NOT NULL,
    rank        INTEGER,
    won         INTEGER NOT NULL,
    resigned    INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;
-- With the columns a record adds up, so a profile reads the index alone.
CREATE INDEX placings_by_player
ON placings (guild_id, user_id, game_key, finished_at, seats, won, resigned);

CREATE VIEW finished_results AS
SELECT g.id AS game_id, g.guild_id, g.game_key, g.started_at, g.finished_at,
       g.finished_at - g.started_at AS seconds, g.version AS moves,
       (SELECT count(*) FROM seats x WHERE x.game_id = g.id AND x.seat IS NOT NULL) AS seats,
       CASE WHEN json_extract(g.outcome, '$.teams') IS NULL
             AND json_array_length(g.outcome, '$.winners') > 0
            THEN json_extract(g.outcome, '$.ranks[0]') = 1 END AS first_won,
       EXISTS (SELECT 1 FROM seats x WHERE x.game_id = g.id AND x.resigned_at IS NOT NULL)
           AS resigned
FROM games g WHERE g.status = 'finished' AND g.outcome IS NOT NULL;

CREATE VIEW finished_placings AS
SELECT g.id AS game_id, s.seat, s.user_id, g.guild_id, g.game_key, g.finished_at,
       (SELECT count(*) FROM seats x WHERE x.game_id = g.id AND x.seat IS NOT NULL) AS seats,
       json_extract(g.outcome, '$.ranks[' || s.seat || ']') AS rank,
       EXISTS (SELECT 1 FROM json_each(g.outcome, '$.winners') w WHERE w.value = s.seat) AS won,
       s.resigned_at IS NOT NULL AS resigned
FROM games g JOIN seats s ON s.game_id = g.id
WHERE g.status = 'finished' AND g.outcome IS NOT NULL
  AND s.user_id IS NOT NULL AND s.seat IS NOT NULL;

CREATE TRIGGER results_kept AFTER UPDATE OF status ON games
WHEN NEW.status = 'finished' AND OLD.status <> 'finished'
BEGIN
    INSERT OR IGNORE INTO results SELECT * FROM finished_results WHERE game_id = NEW.id;
    INSERT OR IGNORE INTO placings SELECT * FROM finished_placings WHERE game_id = NEW.id;
END;

-- Games finished before schema 10.
INSERT INTO results SELECT * FROM finished_results;
INSERT INTO placings SELECT * FROM finished_placings;

-- A player's rating over time (the profile's sparkline); a server's games by when they
-- started and when they were last played ("active players"), read from the index alone.
CREATE INDEX rating_changes_by_user ON rating_changes (user_id, game_id);
CREATE INDEX games_started ON games (guild_id, started_at, game_key, status);
CREATE INDEX games_played ON games (guild_id, updated_at, status, game_key);
