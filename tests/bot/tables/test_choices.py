"""What a panel offers and how many clicks a move takes through it."""

from __future__ import annotations

from collections.abc import Sequence

import games
from bot.tables.choices import automatic_followers, clicks_for, panel_choices
from tests.bot.card_fakes import STONES_CARDS, StonesWithCards
from tests.bot.tables.test_panel import StonesInWords
from tests.games.tiny_game import ENGINE as STONES
from tests.games.tiny_game.actions import Take
from tests.games.tiny_game.state import StonesState

MANDRAGORA = games.get("mandragora")


def _after(moves: list[tuple[int, str]]) -> object:
    state = MANDRAGORA.new_game(2, 7, MANDRAGORA.options())
    for seat, text in moves:
        state = MANDRAGORA.apply(state, seat, MANDRAGORA.parse(state, seat, text)).state
    return state


def test_a_game_without_words_shows_its_notation_and_one_click_per_decision() -> None:
    state = STONES.new_game(2, 1, STONES.options())
    (seat,) = STONES.to_act(state)
    panel = panel_choices(STONES, state, seat)
    assert [c.label for c in panel.steps] == ["take 1", "take 2", "take 3"]
    assert panel.whole == ()
    assert panel.back is None
    assert panel.steps_as_buttons
    assert clicks_for(STONES, state, seat, [STONES.legal_actions(state, seat)[1]]) == 1


def test_a_whole_move_is_one_pick() -> None:
    engine = StonesInWords()
    state = engine.new_game(2, 1, engine.options())
    (seat,) = engine.to_act(state)
    panel = panel_choices(engine, state, seat)
    assert [c.label for c in panel.whole] == [
        f"Take {n} (leaves {{p{1 - seat}}} {7 - n})" for n in (1, 2, 3)
    ]
    assert clicks_for(engine, state, seat, [engine.legal_actions(state, seat)[2]]) == 1


def test_prompts_with_one_answer_are_taken_without_asking() -> None:
    state = _after([(0, "move 1"), (1, "move 3")])
    cast = MANDRAGORA.parse(state, 0, "cast mandrake")
    after_cast = MANDRAGORA.apply(state, 0, cast).state
    followers = automatic_followers(MANDRAGORA, after_cast, 0)
    assert [MANDRAGORA.notation(a) for a in followers] == ["add red", "power 1"]
    assert clicks_for(MANDRAGORA, state, 0, [cast, *followers]) == 1
    # Nothing is taken for a seat at the start of its turn, nor for a seat not deciding.
    assert automatic_followers(MANDRAGORA, state, 1) == []


def test_a_decision_that_differs_from_the_automatic_one_still_costs_a_click() -> None:
    state = _after([(0, "move 1"), (1, "move 3")])
    cast = MANDRAGORA.parse(state, 0, "cast mandrake")
    after_cast = MANDRAGORA.apply(state, 0, cast).state
    back = MANDRAGORA.parse(after_cast, 0, "back")
    assert clicks_for(MANDRAGORA, state, 0, [cast, back]) == 2


class StonesNamingCards(StonesWithCards):
    """Stones with cards whose "take 3" also names a card its catalogue does not list."""

    def card_keys(self, state: StonesState, seat: int, action: Take) -> Sequence[str]:
        extra = ("unlisted",) if action.stones == 3 else ()
        return (*extra, *super().card_keys(state, seat, action))


def test_each_choice_names_its_cards_and_the_panel_holds_only_listed_ones() -> None:
    engine = StonesNamingCards()
    state = engine.new_game(2, 1, engine.options())
    (seat,) = engine.to_act(state)
    panel = panel_choices(engine, state, seat)
    assert [c.cards for c in panel.steps] == [("one",), ("two",), ("unlisted", "three")]
    assert [c.cards for c in panel.whole] == [c.cards for c in panel.steps]
    assert sorted(panel.catalogue) == ["one", "three", "two"]
    assert [panel.card_of(c) for c in panel.steps] == list(STONES_CARDS[:3])
    # Counting clicks does not ask for cards, and counts the same.
    assert panel_choices(engine, state, seat, cards=False).catalogue == {}
    assert clicks_for(engine, state, seat, [engine.legal_actions(state, seat)[2]]) == 1
