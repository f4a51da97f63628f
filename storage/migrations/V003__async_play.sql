-- Grimoire schema 3: asynchronous play. Servers' defaults, players' notification choices and
-- vacations, missed deadlines, nudges and undo requests.
-- Files written by schema 2 read as "server defaults", "nobody away", "nothing missed".

-- A server's defaults for new games (deadline, what happens at it, reminders), set by /settings.
CREATE TABLE servers (
    guild_id   INTEGER PRIMARY KEY,
    settings   TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(settings)),
    updated_at REAL    NOT NULL
);

-- A player's own choices across every server: reminders and digest (/notify), vacation (/away).
CREATE TABLE players (
    user_id    INTEGER PRIMARY KEY,
    reminders  INTEGER NOT NULL DEFAULT 1 CHECK (reminders IN (0, 1)),
    digest     INTEGER NOT NULL DEFAULT 1 CHECK (digest IN (0, 1)),
    away_until REAL,
    updated_at REAL    NOT NULL
);

-- How many deadlines the seat let pass; enough of them and the player is removed.
ALTER TABLE seats ADD COLUMN missed INTEGER NOT NULL DEFAULT 0 CHECK (missed >= 0);

-- When someone last nudged the table, so a slow player is pinged at most so often.
ALTER TABLE games ADD COLUMN nudged_at REAL;

-- A player asking the table to take back their last move; approvals are engine seats.
CREATE TABLE undo_requests (
    game_id    INTEGER PRIMARY KEY REFERENCES games (id),
    seat       INTEGER NOT NULL,
    version    INTEGER NOT NULL,
    to_version INTEGER NOT NULL CHECK (to_version >= 0),
    approvals  TEXT    NOT NULL DEFAULT '[]' CHECK (json_valid(approvals)),
    created_at REAL    NOT NULL
);
