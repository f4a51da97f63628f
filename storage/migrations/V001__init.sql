-- Grimoire schema 1: games and their seats, the action log, the outbox and timers.
-- Times are Unix epoch seconds (REAL, UTC). JSON columns are checked with json_valid.

CREATE TABLE games (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    game_key         TEXT    NOT NULL,
    guild_id         INTEGER,
    channel_id       INTEGER NOT NULL,
    thread_id        INTEGER UNIQUE,
    lobby_message_id INTEGER,
    board_message_id INTEGER,
    host_id          INTEGER NOT NULL,
    options          TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(options)),
    status           TEXT    NOT NULL DEFAULT 'lobby'
                     CHECK (status IN ('lobby', 'active', 'finished', 'cancelled')),
    seed             INTEGER,
    version          INTEGER NOT NULL DEFAULT 0 CHECK (version >= 0),
    state            TEXT    CHECK (state IS NULL OR json_valid(state)),
    to_act           TEXT    NOT NULL DEFAULT '[]' CHECK (json_valid(to_act)),
    outcome          TEXT    CHECK (outcome IS NULL OR json_valid(outcome)),
    created_at       REAL    NOT NULL,
    updated_at       REAL    NOT NULL,
    started_at       REAL,
    finished_at      REAL,
    CHECK (status IN ('lobby', 'cancelled') OR (state IS NOT NULL AND seed IS NOT NULL))
);
CREATE INDEX games_by_channel ON games (channel_id, status);
CREATE INDEX games_by_status ON games (status);

CREATE TABLE seats (
    game_id   INTEGER NOT NULL REFERENCES games (id),
    position  INTEGER NOT NULL CHECK (position >= 0),
    user_id   INTEGER,
    seat      INTEGER CHECK (seat >= 0),
    team      INTEGER,
    ai_level  TEXT,
    joined_at REAL    NOT NULL,
    PRIMARY KEY (game_id, position),
    UNIQUE (game_id, seat),
    CHECK (user_id IS NOT NULL OR ai_level IS NOT NULL)
) WITHOUT ROWID;
CREATE UNIQUE INDEX seats_one_per_user ON seats (game_id, user_id) WHERE user_id IS NOT NULL;
CREATE INDEX seats_by_user ON seats (user_id);

-- The log a game replays from: seed + these moves, in seq order, rebuild the state.
CREATE TABLE actions (
    game_id  INTEGER NOT NULL REFERENCES games (id),
    seq      INTEGER NOT NULL CHECK (seq >= 1),
    seat     INTEGER NOT NULL,
    notation TEXT    NOT NULL,
    at       REAL    NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;

-- Discord deliveries, written in the same transaction as the change they announce.
CREATE TABLE outbox (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id       INTEGER REFERENCES games (id),
    kind          TEXT    NOT NULL,
    target_id     INTEGER NOT NULL,
    lane          TEXT    NOT NULL,
    payload       TEXT    NOT NULL CHECK (json_valid(payload)),
    created_at    REAL    NOT NULL,
    available_at  REAL    NOT NULL,
    attempts      INTEGER NOT NULL DEFAULT 0,
    claimed_by    TEXT,
    claimed_until REAL,
    done_at       REAL,
    failed_at     REAL,
    last_error    TEXT
);
CREATE INDEX outbox_waiting ON outbox (available_at) WHERE done_at IS NULL AND failed_at IS NULL;
CREATE INDEX outbox_lanes ON outbox (lane, id) WHERE done_at IS NULL AND failed_at IS NULL;

CREATE TABLE timers (
    id       INTEGER PRIMARY KEY AUTOINCREMENT,
    key      TEXT    UNIQUE,
    game_id  INTEGER REFERENCES games (id),
    kind     TEXT    NOT NULL,
    due_at   REAL    NOT NULL,
    payload  TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(payload)),
    fired_at REAL
);
CREATE INDEX timers_due ON timers (due_at) WHERE fired_at IS NULL;
CREATE INDEX timers_by_game ON timers (game_id) WHERE fired_at IS NULL;
