-- Grimoire schema 4: server-hosted tournaments, and ratings per game per server.
-- Files written by schema 3 read as "no tournaments yet" and "nobody rated yet"; their finished
-- games are rated by the bot once, oldest first, at its next start.

-- A tournament of one game in one server channel: sign-ups, then rounds of tables.
CREATE TABLE tournaments (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id     INTEGER NOT NULL,
    channel_id   INTEGER NOT NULL,
    organiser_id INTEGER NOT NULL,
    game_key     TEXT    NOT NULL,
    format       TEXT    NOT NULL CHECK (format IN ('swiss', 'round-robin', 'knockout')),
    rounds       INTEGER CHECK (rounds IS NULL OR rounds >= 1),
    settings     TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(settings)),
    status       TEXT    NOT NULL DEFAULT 'signup'
                 CHECK (status IN ('signup', 'running', 'finished', 'cancelled')),
    round        INTEGER NOT NULL DEFAULT 0 CHECK (round >= 0),
    seed         INTEGER,
    message_id   INTEGER,
    champion_id  INTEGER,
    created_at   REAL    NOT NULL,
    updated_at   REAL    NOT NULL,
    started_at   REAL,
    finished_at  REAL
);
CREATE INDEX tournaments_by_guild ON tournaments (guild_id, status);
CREATE INDEX tournaments_by_status ON tournaments (status);

-- Who signed up, in order; a player who drops out keeps their results.
CREATE TABLE entrants (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    user_id       INTEGER NOT NULL,
    number        INTEGER NOT NULL CHECK (number >= 1),
    joined_at     REAL    NOT NULL,
    dropped_at    REAL,
    PRIMARY KEY (tournament_id, user_id),
    UNIQUE (tournament_id, number)
) WITHOUT ROWID;

-- Each round's tables (players in seat order) and the game each one plays; one player: a bye.
CREATE TABLE tournament_tables (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    round         INTEGER NOT NULL CHECK (round >= 1),
    number        INTEGER NOT NULL CHECK (number >= 1),
    players       TEXT    NOT NULL CHECK (json_valid(players)),
    game_id       INTEGER UNIQUE REFERENCES games (id),
    PRIMARY KEY (tournament_id, round, number)
) WITHOUT ROWID;

-- A player's skill at one game in one server (openskill's Plackett–Luce mu and sigma).
CREATE TABLE ratings (
    guild_id   INTEGER NOT NULL,
    game_key   TEXT    NOT NULL,
    user_id    INTEGER NOT NULL,
    mu         REAL    NOT NULL,
    sigma      REAL    NOT NULL CHECK (sigma > 0),
    games      INTEGER NOT NULL DEFAULT 0 CHECK (games >= 0),
    wins       INTEGER NOT NULL DEFAULT 0 CHECK (wins >= 0),
    updated_at REAL    NOT NULL,
    PRIMARY KEY (guild_id, game_key, user_id)
) WITHOUT ROWID;
CREATE INDEX ratings_by_user ON ratings (guild_id, user_id);

-- Every finished game looked at for ratings, once: rated, or not (an AI seat, no server).
CREATE TABLE rated_games (
    game_id INTEGER PRIMARY KEY REFERENCES games (id),
    rated   INTEGER NOT NULL CHECK (rated IN (0, 1)),
    at      REAL    NOT NULL
);
