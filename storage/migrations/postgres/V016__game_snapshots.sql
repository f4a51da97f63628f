-- Grimoire schema 16 (PostgreSQL): games as they stood at some versions. See the SQLite schema
-- 16 for the reasoning; the two keep the same rows.
CREATE TABLE game_snapshots (
    game_id bigint NOT NULL REFERENCES games (id),
    version integer NOT NULL,
    data    text NOT NULL,
    PRIMARY KEY (game_id, version)
);
