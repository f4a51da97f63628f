-- Grimoire schema 8 (PostgreSQL): what profiles and server statistics need to time moves
-- fairly. See the SQLite schema 8 for the reasoning; the two keep the same rows.

-- When a game started waiting for a seat, kept by a trigger in the transaction that changed
-- games.to_act (start, move, undo, resignation alike).
CREATE TABLE asks (
    game_id  bigint      NOT NULL REFERENCES games (id),
    seat     integer     NOT NULL,
    asked_at timestamptz NOT NULL,
    PRIMARY KEY (game_id, seat, asked_at)
);

CREATE FUNCTION grimoire_keep_asks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO asks (game_id, seat, asked_at)
    SELECT NEW.id, waiting::integer, NEW.updated_at
    FROM jsonb_array_elements_text(NEW.to_act) AS waiting
    WHERE NOT OLD.to_act @> to_jsonb(waiting::integer)
    ON CONFLICT DO NOTHING;
    RETURN NULL;
END;
$$;

CREATE TRIGGER asks_kept AFTER UPDATE OF to_act ON games
FOR EACH ROW WHEN (NEW.status = 'active') EXECUTE FUNCTION grimoire_keep_asks();

-- Each vacation (/away), kept by a trigger in the same transaction as /away.
CREATE TABLE vacations (
    user_id   bigint      NOT NULL,
    starts_at timestamptz NOT NULL,
    ends_at   timestamptz NOT NULL,
    PRIMARY KEY (user_id, starts_at)
);

CREATE FUNCTION grimoire_keep_vacations() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE vacations SET ends_at = NEW.updated_at
    WHERE user_id = NEW.user_id AND ends_at > NEW.updated_at;
    IF NEW.away_until > NEW.updated_at THEN
        INSERT INTO vacations (user_id, starts_at, ends_at)
        VALUES (NEW.user_id, NEW.updated_at, NEW.away_until)
        ON CONFLICT (user_id, starts_at) DO UPDATE SET ends_at = excluded.ends_at;
    END IF;
    RETURN NULL;
END;
$$;

CREATE TRIGGER vacations_kept AFTER UPDATE OF away_until ON players
FOR EACH ROW EXECUTE FUNCTION grimoire_keep_vacations();

-- A vacation set under schema 7 is known only by its end (see the SQLite schema 8).
INSERT INTO vacations (user_id, starts_at, ends_at)
SELECT user_id, updated_at, away_until FROM players WHERE away_until > updated_at;

CREATE INDEX rating_changes_by_user ON rating_changes (user_id, game_id);
CREATE INDEX games_by_guild_finished ON games (guild_id, status, finished_at);
