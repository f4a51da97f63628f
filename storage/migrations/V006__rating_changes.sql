-- Grimoire schema 6: how each rated game moved its players' ratings, so its final post can
-- say "Alice 3.1 → 5.4 (+2.3)" whenever it is sent. Ratings are shown as mu - 3 sigma.
-- Games rated under schema 5 have no rows here: their final posts leave the change out.
CREATE TABLE rating_changes (
    game_id INTEGER NOT NULL REFERENCES games (id),
    user_id INTEGER NOT NULL,
    before  REAL    NOT NULL,
    after   REAL    NOT NULL,
    PRIMARY KEY (game_id, user_id)
) WITHOUT ROWID;
