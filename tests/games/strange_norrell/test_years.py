"""The years: preparation, the turn order by prestige, once a year each, 1806 to 1817."""

from __future__ import annotations

from games.strange_norrell import cards
from tests.games.strange_norrell.positions import (
    ENGINE,
    act,
    new_game,
    pass_turn,
    position,
    public_text,
)


def test_after_the_last_turn_the_year_token_moves_and_a_card_of_marseilles_is_revealed() -> None:
    s = position(3, current=2, played=[0, 1], fairy=5)
    s = pass_turn(s)
    assert s.year == 1807
    assert len(s.revealed) == 2
    strength = cards.marseilles()[s.revealed[-1]].strength
    assert s.fairy == 5 + strength
    assert s.played == []


def test_the_new_card_sets_the_years_elements_and_invitations() -> None:
    s = pass_turn(position(3, current=2, played=[0, 1]))
    card = cards.marseilles()[s.revealed[-1]]
    view = ENGINE.view(s, 0)
    assert view.marseilles == card.key
    assert view.earlier_cards == ("emperor",)


def test_the_preparation_is_logged_for_everyone() -> None:
    s = position(3, current=2, played=[0, 1])
    t = ENGINE.apply(s, 2, ENGINE.parse(s, 2, "kings roads")).state
    log = act(t, 2, "end").log
    assert "**1807.** The card of Marseilles is" in public_text(log)


def test_from_the_second_year_the_red_slot_book_is_discarded_and_a_new_one_revealed() -> None:
    s = position(3, current=2, played=[0, 1])
    books = list(s.book_offer)
    top = s.books[-1]
    s = pass_turn(s)
    assert s.book_discard[-1] == books[0]
    assert s.book_offer == [books[1], books[2], top]


def test_the_first_year_neither_moves_the_year_token_nor_rotates_the_books() -> None:
    s = new_game(3)
    assert s.year == 1806
    assert s.book_discard == []


def test_turns_follow_prestige_the_top_of_a_stack_first() -> None:
    s = position(3, prestige=[2, 5, 5], order=[2, 1, 0], current=2)
    assert ENGINE.to_act(s) == {2}
    s = pass_turn(s)
    assert s.current.seat == 1
    s = pass_turn(s)
    assert s.current.seat == 0


def test_each_magician_takes_one_turn_a_year() -> None:
    s = new_game(4, 3)
    seen = []
    for _ in range(4):
        seen.append(s.current.seat)
        s = pass_turn(s)
    assert sorted(seen) == [0, 1, 2, 3]
    assert s.year == 1807


def test_the_game_ends_after_1817() -> None:
    s = position(3, current=2, played=[0, 1], year=1817, fairy=60)
    s = pass_turn(s)
    assert s.finished
    assert s.defeated_by is None
    assert ENGINE.outcome(s) is not None
    assert ENGINE.to_act(s) == frozenset()


def test_nobody_acts_once_the_game_is_over() -> None:
    s = pass_turn(position(3, current=2, played=[0, 1], year=1817, fairy=60))
    assert all(ENGINE.legal_actions(s, seat) == [] for seat in range(3))
