-- Grimoire schema 5: the living table. Each player has one private message per game, kept
-- current by editing; this table remembers which message that is. (The public board's
-- message is games.board_message_id.) Files written by schema 4 read as "no private message
-- yet": the next update of a player's view sends a new one.
CREATE TABLE private_views (
    game_id    INTEGER NOT NULL REFERENCES games (id),
    user_id    INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    message_id INTEGER NOT NULL,
    PRIMARY KEY (game_id, user_id)
) WITHOUT ROWID;

-- Whether a player gets a new DM when it becomes their turn (their private message is kept
-- current either way; the thread pings them regardless). /notify turns:off turns it off.
ALTER TABLE players ADD COLUMN turns INTEGER NOT NULL DEFAULT 1 CHECK (turns IN (0, 1));
