-- Grimoire schema 8: nothing changes here; the number is kept in step on every database,
-- so schema 9 follows it everywhere. (Player profiles came with schema 10.)
SELECT 8;
