"""Messages nobody reads are not worded, and only where and while they are not read."""

from __future__ import annotations

import random
import threading

import pytest

import games
from games.ai import Budget, Level, choose
from games.core.words import msg, nmsg, pmsg, unworded


def test_messages_are_worded_outside_unworded() -> None:
    line = msg("{who} rests.", who="Ann")
    assert line == "Ann rests."
    assert line.template == "{who} rests."


def test_unworded_messages_are_empty_and_wording_comes_back_after() -> None:
    with unworded():
        assert msg("{who} rests.", who="Ann") == ""
        assert pmsg("button", "Pass") == ""
    assert msg("{who} rests.", who="Ann") == "Ann rests."


def test_wording_comes_back_after_an_error_inside() -> None:
    with pytest.raises(RuntimeError), unworded():
        raise RuntimeError("the search failed")
    assert pmsg("button", "Pass") == "Pass"


def test_another_thread_still_words_its_messages_meanwhile() -> None:
    said: list[str] = []
    with unworded():
        other = threading.Thread(target=lambda: said.append(msg("{n} left", n=3)))
        other.start()
        other.join()
    assert said == ["3 left"]


def test_plural_messages_keep_their_words_inside() -> None:
    # Only the sentences of a move's log are skipped; counted words are rarer and cheap.
    with unworded():
        assert nmsg("{n} card", "{n} cards", 2) == "2 cards"


def test_the_move_a_hard_search_chooses_is_told_in_full() -> None:
    engine = games.get("mandragora")
    state = engine.new_game(2, 3, engine.options({}))
    seat = sorted(engine.to_act(state))[0]
    rng = random.Random(3)
    action = choose(engine, state, seat, Level.HARD, rng=rng, budget=Budget(iterations=50))
    log = engine.apply(state, seat, action).log
    assert log
    assert all(entry.text for entry in log)
