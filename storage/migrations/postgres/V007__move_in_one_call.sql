-- Grimoire schema 7 (PostgreSQL): a move recorded in one call to the server.
--
-- grimoire_record_move does what the store's record_move used to do statement by statement,
-- in the same order and with the same locks, so a move costs one round trip instead of one
-- per row. It returns the game's row and its seats as they are after the move, or no row
-- at all when the game is not at the expected version or not being played (nothing is
-- written then; the caller reads the game to say which).
CREATE FUNCTION grimoire_record_move(
    p_game_id          bigint,
    p_expected_version integer,
    p_state            text,
    p_to_act           text,
    p_outcome          text,
    p_status           text,
    p_now              timestamptz,
    p_seat             integer,
    p_notation         text,
    p_missed           boolean,
    -- Whether the game's pending timers are replaced by the timers given (a finished game
    -- keeps none; a game without a clock leaves its timers alone).
    p_replace_timers   boolean,
    -- Advisory locks taken, in this order, before any row is queued: (namespace, name).
    p_lock_spaces      integer[],
    p_lock_names       text[],
    -- The deliveries queued, in order.
    p_outbox_game_ids  bigint[],
    p_outbox_kinds     text[],
    p_outbox_targets   bigint[],
    p_outbox_lanes     text[],
    p_outbox_payloads  text[],
    -- The timers scheduled, in order; a keyed one replaces its namesake.
    p_timer_keys       text[],
    p_timer_game_ids   bigint[],
    p_timer_kinds      text[],
    p_timer_due        timestamptz[],
    p_timer_payloads   text[]
) RETURNS TABLE (game games, seat_rows seats[])
LANGUAGE plpgsql AS $$
DECLARE
    moved games;
BEGIN
    -- The version check is the update's own condition: of two racing moves the second
    -- waits for the first's row lock, then finds the version changed.
    UPDATE games SET version = version + 1, state = p_state::json, to_act = p_to_act::jsonb,
        outcome = p_outcome::json, status = p_status,
        finished_at = CASE WHEN p_status = 'finished' THEN p_now END, updated_at = p_now
    WHERE id = p_game_id AND version = p_expected_version AND status = 'active'
    RETURNING * INTO moved;
    IF NOT FOUND THEN
        RETURN;
    END IF;
    -- Lanes and keys are locked before ids are handed out (see storage/postgres/writes.py).
    FOR i IN 1 .. coalesce(array_length(p_lock_names, 1), 0) LOOP
        PERFORM pg_advisory_xact_lock(p_lock_spaces[i], hashtext(p_lock_names[i]));
    END LOOP;
    INSERT INTO actions (game_id, seq, seat, notation, at)
    VALUES (p_game_id, p_expected_version + 1, p_seat, p_notation, p_now);
    IF p_missed THEN
        UPDATE seats SET missed = missed + 1 WHERE game_id = p_game_id AND seat = p_seat;
    END IF;
    -- Whatever the table was asked to take back no longer applies to this game.
    DELETE FROM undo_requests WHERE game_id = p_game_id;
    INSERT INTO outbox (game_id, kind, target_id, lane, payload, created_at, available_at)
    SELECT d.game_id, d.kind, d.target_id, d.lane, d.payload::jsonb, p_now, p_now
    FROM unnest(p_outbox_game_ids, p_outbox_kinds, p_outbox_targets, p_outbox_lanes,
                p_outbox_payloads) WITH ORDINALITY AS d(game_id, kind, target_id, lane, payload, n)
    ORDER BY d.n;
    IF p_replace_timers THEN
        DELETE FROM timers WHERE game_id = p_game_id AND fired_at IS NULL;
        FOR i IN 1 .. coalesce(array_length(p_timer_kinds, 1), 0) LOOP
            IF p_timer_keys[i] IS NOT NULL THEN
                DELETE FROM timers WHERE key = p_timer_keys[i];
            END IF;
            INSERT INTO timers (key, game_id, kind, due_at, payload)
            VALUES (p_timer_keys[i], p_timer_game_ids[i], p_timer_kinds[i], p_timer_due[i],
                    p_timer_payloads[i]::jsonb);
        END LOOP;
    END IF;
    RETURN QUERY SELECT moved, ARRAY(SELECT s FROM seats s WHERE s.game_id = p_game_id);
END;
$$;
