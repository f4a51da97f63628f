-- Grimoire schema 8: nothing changes here; the number is kept in step with the schema that
-- brings player profiles, so schema 9 follows it on every database.
SELECT 8;
