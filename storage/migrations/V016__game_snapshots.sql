-- Grimoire schema 16: games as they stood at some versions (the thread's posts), so that a game
-- the bot no longer holds in memory is replayed from its latest snapshot, not from its first
-- move. data is the keeper's own JSON (the state, and whom the game waited on at each version
-- up to it); moves taken back drop the snapshots past them.
CREATE TABLE game_snapshots (
    game_id INTEGER NOT NULL REFERENCES games (id),
    version INTEGER NOT NULL,
    data    TEXT NOT NULL,
    PRIMARY KEY (game_id, version)
) WITHOUT ROWID;
