-- Grimoire schema 7: nothing changes in SQLite. PostgreSQL's schema 7 adds a function that
-- records a move in one call to the server; the number is kept in step on both backends,
-- and this step's one statement changes nothing.
SELECT 7;
