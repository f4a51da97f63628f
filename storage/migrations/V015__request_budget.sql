-- Grimoire schema 15: the bot's shared budget of Discord requests.
--
-- Discord allows a bot's token so many rate-limited requests a second, shared by every
-- process. request_budget is that allowance as a token bucket: tokens (what it holds now),
-- refilled_at (when it was last refilled, epoch seconds), granted (what the last lease got, for
-- the lease's RETURNING). A process leases a few tokens at a time in one upsert; SQLite serves
-- one process, but keeps the same row so that the one contract holds on both databases.
CREATE TABLE request_budget (
    name TEXT PRIMARY KEY,
    tokens REAL NOT NULL,
    refilled_at REAL NOT NULL,
    granted INTEGER NOT NULL DEFAULT 0
);
