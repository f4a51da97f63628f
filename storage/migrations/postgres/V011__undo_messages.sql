-- Grimoire schema 11 (PostgreSQL): the messages asking a table to take a move back, while they
-- still show Approve and Refuse. See the SQLite schema 11 for the reasoning; the two keep the
-- same rows.
CREATE TABLE undo_messages (
    game_id    bigint  NOT NULL REFERENCES games (id),
    version    integer NOT NULL CHECK (version >= 0),
    channel_id bigint  NOT NULL,
    message_id bigint  NOT NULL,
    content    text    NOT NULL,
    PRIMARY KEY (game_id, message_id)
);
