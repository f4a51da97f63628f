-- Grimoire schema 13: what the table's messages were made of, so that editing one keeps its
-- words.
--
-- games.board_post: how the thread's newest post (games.board_message_id) was made, as JSON
-- ({"version", "lines", "heading", "missed"}): a post made out of the turn order (a game picked
-- up in a new thread, a take-back, a catch-up) keeps its own words when later moves of the same
-- turn edit its board. Files written by schema 11 read as "a post of the turn order".
ALTER TABLE games ADD COLUMN board_post TEXT;

-- undo_messages.settled: how a request was settled (neutral text: taken back, refused, lapsed),
-- once it was. A settled message is kept, so a click on it that lost the race writes nothing
-- but these same words; only unsettled messages still show their buttons.
ALTER TABLE undo_messages ADD COLUMN settled TEXT;
