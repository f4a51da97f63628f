-- Grimoire schema 12 (PostgreSQL): "first player's advantage" counts the seat that took the
-- first turn of each game, not seat 0. See the SQLite schema 12 for the reasoning; the two
-- keep the same rows.
ALTER TABLE results ADD COLUMN first_seat integer;

DROP VIEW finished_results;
CREATE VIEW finished_results AS
SELECT g.id AS game_id, g.guild_id, g.game_key, g.started_at, g.finished_at,
       EXTRACT(EPOCH FROM g.finished_at - g.started_at)::float8 AS seconds, g.version AS moves,
       (SELECT count(*) FROM seats x WHERE x.game_id = g.id AND x.seat IS NOT NULL) AS seats,
       CASE WHEN json_typeof(g.outcome -> 'teams') IS DISTINCT FROM 'array'
             AND json_array_length(g.outcome -> 'winners') > 0
             AND g.first_seat IS NOT NULL
            THEN CASE WHEN (g.outcome -> 'ranks' ->> g.first_seat)::integer = 1 THEN 1 ELSE 0 END
       END AS first_won,
       CASE WHEN EXISTS (SELECT 1 FROM seats x WHERE x.game_id = g.id
                         AND x.resigned_at IS NOT NULL) THEN 1 ELSE 0 END AS resigned,
       g.first_seat
FROM (SELECT games.*,
             (SELECT CASE WHEN count(*) = 1 THEN min(k.seat) END FROM asks k
              WHERE k.game_id = games.id AND k.asked_at = games.started_at) AS first_seat
      FROM games WHERE status = 'finished' AND outcome IS NOT NULL) AS g;

UPDATE results SET
    first_seat = f.first_seat,
    first_won = f.first_won
FROM finished_results f WHERE f.game_id = results.game_id;
