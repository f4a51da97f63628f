-- Grimoire schema 14 (PostgreSQL): what each player's private message shows. See the SQLite
-- schema 14 for the reasoning; the two keep the same rows.
ALTER TABLE private_views ADD COLUMN shown text;
