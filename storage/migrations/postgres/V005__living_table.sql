-- Grimoire schema 5: the living table. Each player's one private message per game.
CREATE TABLE private_views (
    game_id    bigint NOT NULL REFERENCES games (id),
    user_id    bigint NOT NULL,
    channel_id bigint NOT NULL,
    message_id bigint NOT NULL,
    PRIMARY KEY (game_id, user_id)
);

ALTER TABLE players ADD COLUMN turns boolean NOT NULL DEFAULT true;
