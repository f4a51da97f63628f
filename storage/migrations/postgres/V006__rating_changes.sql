-- Grimoire schema 6: how each rated game moved its players' ratings (shown as mu - 3 sigma).
CREATE TABLE rating_changes (
    game_id bigint NOT NULL REFERENCES games (id),
    user_id bigint NOT NULL,
    before  double precision NOT NULL,
    after   double precision NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
