-- Grimoire schema 10 (PostgreSQL): what profiles and server statistics need to time moves
-- fairly and to count results quickly. See the SQLite schema 10 for the reasoning; the two
-- keep the same rows.

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

-- A vacation set before schema 10 is known only by its end (see the SQLite schema 10).
INSERT INTO vacations (user_id, starts_at, ends_at)
SELECT user_id, updated_at, away_until FROM players WHERE away_until > updated_at;

-- When a game started waiting for a seat, when the seat answered and how long it waited
-- less any vacation, kept by triggers in the transactions that recorded the action or
-- changed whom the game waits for.
CREATE TABLE asks (
    game_id     bigint      NOT NULL REFERENCES games (id),
    seat        integer     NOT NULL,
    asked_at    timestamptz NOT NULL,
    answered_at timestamptz,
    waited      double precision,
    PRIMARY KEY (game_id, seat, asked_at)
);
CREATE INDEX asks_waiting ON asks (game_id, seat) WHERE answered_at IS NULL;

-- Seconds from asked to answered, less the player's time away in between. (plpgsql keeps
-- its plans for the session: a move pays no planning for it.)
CREATE FUNCTION grimoire_waited(p_game_id bigint, p_seat integer, p_asked timestamptz,
                                p_answered timestamptz) RETURNS double precision
LANGUAGE plpgsql STABLE AS $$
BEGIN
    RETURN EXTRACT(EPOCH FROM p_answered - p_asked)::float8 - coalesce((
        SELECT sum(EXTRACT(EPOCH FROM
                   LEAST(v.ends_at, p_answered) - GREATEST(v.starts_at, p_asked))::float8)
        FROM vacations v
        WHERE v.user_id = (SELECT user_id FROM seats WHERE game_id = p_game_id
                           AND seat = p_seat)
          AND v.starts_at < p_answered AND v.ends_at > p_asked), 0);
END;
$$;

-- A move answers the mover's open ask, and asks every seat the game now waits for that has
-- none open (the mover goes on with the same move): one trigger per move. Whatever else
-- changes whom the game waits for (the start, an undo, a resignation: never exactly one
-- version on) asks the seats it adds.
CREATE FUNCTION grimoire_answer_asks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE asks SET answered_at = NEW.at,
                    waited = grimoire_waited(NEW.game_id, NEW.seat, asked_at, NEW.at)
    WHERE game_id = NEW.game_id AND seat = NEW.seat AND answered_at IS NULL
      AND asked_at < NEW.at;
    INSERT INTO asks (game_id, seat, asked_at)
    SELECT NEW.game_id, waiting::integer, NEW.at
    FROM games g, jsonb_array_elements_text(g.to_act) AS waiting
    WHERE g.id = NEW.game_id AND g.status = 'active' AND waiting::integer <> NEW.seat
      AND NOT EXISTS (SELECT 1 FROM asks k WHERE k.game_id = NEW.game_id
                      AND k.seat = waiting::integer AND k.answered_at IS NULL)
    ON CONFLICT DO NOTHING;
    RETURN NULL;
END;
$$;

CREATE TRIGGER asks_answered AFTER INSERT ON actions
FOR EACH ROW EXECUTE FUNCTION grimoire_answer_asks();

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
FOR EACH ROW WHEN (NEW.status = 'active' AND NEW.version <> OLD.version + 1)
EXECUTE FUNCTION grimoire_keep_asks();

-- Moves made before schema 10 (see the SQLite schema 10).
INSERT INTO asks (game_id, seat, asked_at, answered_at, waited)
SELECT a.game_id, a.seat, coalesce(p.at, g.started_at), a.at,
       grimoire_waited(a.game_id, a.seat, coalesce(p.at, g.started_at), a.at)
FROM actions a JOIN games g ON g.id = a.game_id
LEFT JOIN actions p ON p.game_id = a.game_id AND p.seq = a.seq - 1
WHERE g.started_at IS NOT NULL AND (p.seq IS NULL OR p.seat <> a.seat)
ON CONFLICT DO NOTHING;
INSERT INTO asks (game_id, seat, asked_at)
SELECT g.id, waiting::integer,
       coalesce((SELECT max(at) FROM actions WHERE game_id = g.id), g.started_at)
FROM games g, jsonb_array_elements_text(g.to_act) AS waiting WHERE g.status = 'active'
ON CONFLICT DO NOTHING;

-- Every finished game's result, and each person's place in it, in narrow rows (see the
-- SQLite schema 10), written by a trigger in the transaction that finishes the game.
CREATE TABLE results (
    game_id     bigint      PRIMARY KEY REFERENCES games (id),
    guild_id    bigint,
    game_key    text        NOT NULL,
    started_at  timestamptz,
    finished_at timestamptz NOT NULL,
    seconds     double precision,
    moves       integer     NOT NULL,
    seats       integer     NOT NULL,
    first_won   integer,
    resigned    integer     NOT NULL
);
CREATE INDEX results_by_guild ON results (guild_id, game_key, finished_at);
CREATE INDEX results_by_length ON results (guild_id, resigned, seconds);

CREATE TABLE placings (
    game_id     bigint      NOT NULL REFERENCES games (id),
    seat        integer     NOT NULL,
    user_id     bigint      NOT NULL,
    guild_id    bigint,
    game_key    text        NOT NULL,
    finished_at timestamptz NOT NULL,
    seats       integer     NOT NULL,
    rank        integer,
    won         integer     NOT NULL,
    resigned    integer     NOT NULL,
    PRIMARY KEY (game_id, seat)
);
-- With the columns a record adds up, so a profile reads the index alone.
CREATE INDEX placings_by_player
ON placings (guild_id, user_id, game_key, finished_at, seats, won, resigned);

CREATE VIEW finished_results AS
SELECT g.id AS game_id, g.guild_id, g.game_key, g.started_at, g.finished_at,
       EXTRACT(EPOCH FROM g.finished_at - g.started_at)::float8 AS seconds, g.version AS moves,
       (SELECT count(*) FROM seats x WHERE x.game_id = g.id AND x.seat IS NOT NULL) AS seats,
       CASE WHEN json_typeof(g.outcome -> 'teams') IS DISTINCT FROM 'array'
             AND json_array_length(g.outcome -> 'winners') > 0
            THEN CASE WHEN (g.outcome -> 'ranks' ->> 0)::integer = 1 THEN 1 ELSE 0 END
       END AS first_won,
       CASE WHEN EXISTS (SELECT 1 FROM seats x WHERE x.game_id = g.id
                         AND x.resigned_at IS NOT NULL) THEN 1 ELSE 0 END AS resigned
FROM games g WHERE g.status = 'finished' AND g.outcome IS NOT NULL;

CREATE VIEW finished_placings AS
SELECT g.id AS game_id, s.seat, s.user_id, g.guild_id, g.game_key, g.finished_at,
       (SELECT count(*) FROM seats x WHERE x.game_id = g.id AND x.seat IS NOT NULL) AS seats,
       (g.outcome -> 'ranks' ->> s.seat)::integer AS rank,
       CASE WHEN (g.outcome::jsonb -> 'winners') @> to_jsonb(s.seat) THEN 1 ELSE 0 END AS won,
       CASE WHEN s.resigned_at IS NOT NULL THEN 1 ELSE 0 END AS resigned
FROM games g JOIN seats s ON s.game_id = g.id
WHERE g.status = 'finished' AND g.outcome IS NOT NULL
  AND s.user_id IS NOT NULL AND s.seat IS NOT NULL;

CREATE FUNCTION grimoire_keep_results() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO results SELECT * FROM finished_results WHERE game_id = NEW.id
    ON CONFLICT DO NOTHING;
    INSERT INTO placings SELECT * FROM finished_placings WHERE game_id = NEW.id
    ON CONFLICT DO NOTHING;
    RETURN NULL;
END;
$$;

CREATE TRIGGER results_kept AFTER UPDATE OF status ON games
FOR EACH ROW WHEN (NEW.status = 'finished' AND OLD.status IS DISTINCT FROM 'finished')
EXECUTE FUNCTION grimoire_keep_results();

-- Games finished before schema 10.
INSERT INTO results SELECT * FROM finished_results;
INSERT INTO placings SELECT * FROM finished_placings;

CREATE INDEX rating_changes_by_user ON rating_changes (user_id, game_id);
CREATE INDEX games_started ON games (guild_id, started_at, game_key, status);
CREATE INDEX games_played ON games (guild_id, updated_at, status, game_key);
