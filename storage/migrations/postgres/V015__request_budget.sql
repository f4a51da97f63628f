-- Grimoire schema 15 (PostgreSQL): the bot's shared budget of Discord requests, a token
-- bucket every process leases from. See the SQLite schema 15 for the reasoning; the two keep
-- the same rows.
CREATE TABLE request_budget (
    name text PRIMARY KEY,
    tokens double precision NOT NULL,
    refilled_at double precision NOT NULL,
    granted integer NOT NULL DEFAULT 0
);
