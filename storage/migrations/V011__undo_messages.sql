-- Grimoire schema 11: the messages asking a table to take a move back, while they still show
-- Approve and Refuse. A click settles a request and edits its own message; a request that
-- lapses instead (the game moved on, was asked again, or ended) has its message edited after
-- the game's next update by whichever process sends that update, after a restart too: the
-- message is kept here, not in one process's memory. Whoever removes a row edits its message,
-- so it is edited once. Files written by schema 10 read as "no such message": a request
-- posted before the upgrade keeps its buttons until clicked, and a click is answered.
CREATE TABLE undo_messages (
    game_id    INTEGER NOT NULL REFERENCES games (id),
    version    INTEGER NOT NULL CHECK (version >= 0),
    channel_id INTEGER NOT NULL,
    message_id INTEGER NOT NULL,
    content    TEXT    NOT NULL,
    PRIMARY KEY (game_id, message_id)
) WITHOUT ROWID;
