-- Grimoire schema 13 (PostgreSQL): what the table's messages were made of. See the SQLite
-- schema 13 for the reasoning; the two keep the same rows.
ALTER TABLE games ADD COLUMN board_post text;
ALTER TABLE undo_messages ADD COLUMN settled text;
