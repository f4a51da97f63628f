-- Grimoire schema 3: asynchronous play. Servers' defaults, players' notification choices and
-- vacations, missed deadlines, nudges and undo requests.

CREATE TABLE servers (
    guild_id   bigint PRIMARY KEY,
    settings   jsonb  NOT NULL DEFAULT '{}',
    updated_at timestamptz NOT NULL
);

CREATE TABLE players (
    user_id    bigint  PRIMARY KEY,
    reminders  boolean NOT NULL DEFAULT true,
    digest     boolean NOT NULL DEFAULT true,
    away_until timestamptz,
    updated_at timestamptz NOT NULL
);

ALTER TABLE seats ADD COLUMN missed integer NOT NULL DEFAULT 0 CHECK (missed >= 0);

ALTER TABLE games ADD COLUMN nudged_at timestamptz;

CREATE TABLE undo_requests (
    game_id    bigint  PRIMARY KEY REFERENCES games (id),
    seat       integer NOT NULL,
    version    integer NOT NULL,
    to_version integer NOT NULL CHECK (to_version >= 0),
    approvals  jsonb   NOT NULL DEFAULT '[]',
    created_at timestamptz NOT NULL
);
