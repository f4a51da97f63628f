-- Grimoire schema 12: "first player's advantage" counts the seat that took the first turn of
-- each game, not seat 0: Marginalia draws its first player, Jonathan Strange & Mr Norrell
-- orders its magicians, and a table may start with anyone.
--
-- The first turn is the game's when it started waiting for one seat alone: the one seat asked
-- at the start (asks, schema 10). A game that opened with choices made by everyone at once
-- (Magnum Opus's secret picks) had no first turn, and says nothing of a first player's
-- advantage. Games started before schema 10 were asked, by schema 10, from their first
-- recorded move, so theirs is the seat of that move.
--
-- results.first_seat keeps that seat; results.first_won now says whether it won (it said
-- whether seat 0 did). Rows already written are filled in below from the same reading.
ALTER TABLE results ADD COLUMN first_seat INTEGER;

DROP VIEW finished_results;
CREATE VIEW finished_results AS
SELECT g.id AS game_id, g.guild_id, g.game_key, g.started_at, g.finished_at,
       g.finished_at - g.started_at AS seconds, g.version AS moves,
       (SELECT count(*) FROM seats x WHERE x.game_id = g.id AND x.seat IS NOT NULL) AS seats,
       CASE WHEN json_extract(g.outcome, '$.teams') IS NULL
             AND json_array_length(g.outcome, '$.winners') > 0
             AND g.first_seat IS NOT NULL
            THEN json_extract(g.outcome, '$.ranks[' || g.first_seat || ']') = 1 END AS first_won,
       EXISTS (SELECT 1 FROM seats x WHERE x.game_id = g.id AND x.resigned_at IS NOT NULL)
           AS resigned,
       g.first_seat
FROM (SELECT games.*,
             (SELECT CASE WHEN count(*) = 1 THEN min(k.seat) END FROM asks k
              WHERE k.game_id = games.id AND k.asked_at = games.started_at) AS first_seat
      FROM games WHERE status = 'finished' AND outcome IS NOT NULL) AS g;

UPDATE results SET
    first_seat = (SELECT f.first_seat FROM finished_results f WHERE f.game_id = results.game_id),
    first_won = (SELECT f.first_won FROM finished_results f WHERE f.game_id = results.game_id);
