"""A. Choose one of the six actions not covered by a disc, or still the waters."""

from __future__ import annotations

from games.strange_norrell import magic
from tests.games.strange_norrell.positions import (
    ENGINE,
    act,
    pass_turn,
    play,
    position,
    public_text,
    refusal,
    texts,
)

ALL_COVERED = ["acquire", "kings-roads", "rain-hills", "birds-stones", "trees-wind", "unique"]


def test_a_turn_starts_with_one_of_the_six_actions() -> None:
    s = position(3, current=1)  # Mr Norrell
    books = [f"acquire {b}" for b in s.book_offer]
    libraries = [f"libraries {b}" for b in s.book_offer]
    assert texts(s, 1) == [
        *books,
        "kings roads",
        "study rain hills",
        "study birds stones",
        "study trees wind",
        *libraries,
    ]


def test_nothing_but_an_action_may_come_first() -> None:
    s = position(3, hands=[["york-wind"], [], []], locations=["york", None, None])
    assert refusal(s, 0, "attend york-wind") == (
        "First choose an action for this turn, or still the waters."
    )


def test_the_chosen_action_covers_its_symbol_at_the_end_of_the_turn() -> None:
    s = pass_turn(position(3))
    assert s.magicians[0].covered == ["kings-roads"]


def test_a_covered_action_cannot_be_chosen() -> None:
    s = position(3, covered=[["kings-roads"], [], []])
    assert "kings roads" not in texts(s, 0)
    assert refusal(s, 0, "kings roads") == (
        "Take the King's Roads is covered by a disc: choose another action or still the waters."
    )


def test_still_the_waters_returns_every_disc_to_the_basin_and_uses_no_action() -> None:
    s = position(3, covered=[["kings-roads", "acquire"], [], []])
    s = play(s, (0, "still waters"))
    assert s.magicians[0].covered == []
    assert s.current.action == "still"
    s = play(s, (0, "end"))
    assert s.magicians[0].covered == [], "stilling the waters covers nothing"


def test_still_the_waters_needs_a_covered_disc() -> None:
    s = position(3)
    assert "still waters" not in texts(s, 0)
    assert refusal(s, 0, "still waters") == (
        "None of your action discs is covered yet: there is nothing to still."
    )


def test_with_every_action_covered_only_still_the_waters_remains() -> None:
    s = position(3, covered=[ALL_COVERED, [], []])
    assert texts(s, 0) == ["still waters"]


def test_on_the_turn_after_stilling_the_waters_every_action_is_available() -> None:
    s = position(3, covered=[ALL_COVERED, [], []], current=0, order=[0, 1, 2])
    s = pass_turn(s)  # stills the waters
    s = pass_turn(pass_turn(s))
    assert s.current.seat == 0
    assert "kings roads" in texts(s, 0)
    assert len(texts(s, 0)) > 20


def test_acquire_takes_a_book_and_reveals_a_new_one_in_the_fairy_slot() -> None:
    s = position(3)
    first, second, third = s.book_offer
    top = s.books[-1]
    s = play(s, (0, f"acquire {second}"))
    assert s.magicians[0].books == [second]
    assert s.book_offer == [first, third, top]


def test_the_king_s_roads_open_one_move_to_anywhere() -> None:
    s = play(position(3, locations=["newcastle", None, None]), (0, "kings roads"))
    assert s.current.roads
    assert "ride" in texts(s, 0)


def test_each_study_action_makes_its_two_elements_available() -> None:
    for text, pair in [
        ("study rain hills", {"rain", "hills"}),
        ("study birds stones", {"birds", "stones"}),
        ("study trees wind", {"trees", "wind"}),
    ]:
        s = play(position(3, card="pope"), (0, text))
        assert magic.available(s) == {"birds", "rain"} | pair


def test_strange_battlefield_magic_makes_any_two_elements_available() -> None:
    s = position(3, card="pope")
    assert sum(t.startswith("battlefield") for t in texts(s, 0)) == 15
    s = play(s, (0, "battlefield trees wind"))
    assert magic.available(s) == {"birds", "rain", "trees", "wind"}
    assert s.current.action == "unique"


def test_norrell_buys_up_the_libraries() -> None:
    s = position(3, current=1)
    first, second, third = s.book_offer
    fresh = s.books[-3:]
    s = play(s, (1, f"libraries {first}"))
    assert s.magicians[1].books == [first]
    assert s.book_discard[-2:] == [second, third]
    assert s.book_offer == list(reversed(fresh))


def test_childermass_reads_last_year_s_card_of_marseilles() -> None:
    s = position(3, current=2, card="pope", earlier=["tower"])
    s = play(s, (2, "read cards"))
    assert magic.available(s) == {"birds", "rain", "wind", "hills", "stones"}


def test_childermass_finds_no_earlier_card_in_1806() -> None:
    s = position(3, current=2, card="pope")
    log = act(s, 2, "read cards").log
    assert "no earlier card" in public_text(log)
    assert magic.available(act(s, 2, "read cards").state) == {"birds", "rain"}


def test_segundus_opens_the_school_for_this_turn() -> None:
    s = play(position(4, current=3), (3, "school"))
    assert s.current.school


def test_another_magician_s_unique_action_is_refused() -> None:
    s = position(3, current=2)  # John Childermass
    assert refusal(s, 2, "battlefield birds rain") == (
        "That is not your unique action: yours is Read the Cards."
    )


def test_the_action_is_told_to_everyone() -> None:
    log = act(position(3, card="pope"), 0, "study trees wind").log
    assert public_text(log) == "{p0} studies 🌳 trees, 🌬️ wind."
    assert ENGINE.view(play(position(3), (0, "kings roads")), 1).turn is not None
