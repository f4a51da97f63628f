"""Solicitations: everyone picks at once and in secret, picks are revealed together, packs
pass right in rounds 1, 3, 5 and left in rounds 2, 4, and the Ouroboros keeper swaps packs."""

from __future__ import annotations

import pytest

from games.core import NotYourTurn
from games.core.playout import random_playout
from games.magnum_opus import cards
from tests.games.magnum_opus.positions import (
    ENGINE,
    act,
    fronts,
    new_game,
    pick_all,
    play,
    play_to_round,
    started,
    texts,
)


def test_everyone_picks_at_the_same_time_from_the_pack_in_hand() -> None:
    s = started(4)
    assert ENGINE.to_act(s) == {0, 1, 2, 3}
    assert texts(s, 2) == [f"pick {c.key}" for c in cards.character_set().characters]
    s = act(s, 2, "pick marie").state
    assert ENGINE.to_act(s) == {0, 1, 3}
    s = act(s, 0, "pick lukas").state
    assert ENGINE.to_act(s) == {1, 3}


def test_picks_arriving_in_any_order_give_the_same_table() -> None:
    s = started(3)
    moves = [(0, "pick marie"), (1, "pick johann"), (2, "pick lukas")]
    one = play(s, *moves)
    other = play(s, *reversed(moves))
    assert ENGINE.dump(one) == ENGINE.dump(other)


def test_a_seat_that_has_picked_waits_for_the_others() -> None:
    s = play(started(3), (1, "pick marie"))
    with pytest.raises(NotYourTurn, match=r"already chosen your card; waiting for \{p0\}, \{p2\}"):
        act(s, 1, "pick lukas")
    assert ENGINE.legal_actions(s, 1) == []


def test_a_pick_is_never_seen_by_the_others_before_the_reveal() -> None:
    s = started(3)
    transition = act(s, 0, "pick jezebel")
    s = transition.state
    code = cards.card_code((4, s.alchemists[0].held))
    public = [e for e in transition.log if e.audience is None]
    private = [e for e in transition.log if e.audience is not None]
    assert [e.text for e in public] == ["{p0} has chosen a card."]
    assert [e.audience for e in private] == [frozenset({0})]
    assert "Jezebel" in private[0].text
    assert ENGINE.view(s, 0).my_pick == code
    for viewer in (None, 1, 2):
        view = ENGINE.view(s, viewer)
        assert view.my_pick is None
        assert view.alchemists[0].chosen
        assert view.alchemists[0].front == ()
    assert s.alchemists[0].front == []


def test_picks_are_revealed_together_once_everyone_has_chosen() -> None:
    s = play(started(3), (0, "pick marie"), (1, "pick jezebel"))
    assert all(a.front == [] for a in s.alchemists)
    transition = act(s, 2, "pick lukas")
    s = transition.state
    assert [[c[0] for c in a.front] for a in s.alchemists] == [[7], [4], [9]]
    reveal = [e.text for e in transition.log if e.text.startswith("Cards revealed")]
    assert len(reveal) == 1
    assert "VII Marie" in reveal[0]
    assert "IV Jezebel" in reveal[0]
    assert "IX Lukas" in reveal[0]
    assert ENGINE.view(s, None).alchemists[1].front == (cards.card_code(s.alchemists[1].front[0]),)
    assert ENGINE.to_act(s) == {0, 1, 2}


def test_in_round_1_packs_pass_right_and_the_keeper_swaps_with_the_ouroboros() -> None:
    s = started(3)
    held, under = [a.held for a in s.alchemists], s.under
    assert s.keeper == 0
    s = pick_all(s)
    # Seat 2 passes to seat 1, seat 1 would pass to the keeper (seat 0), who instead takes the
    # pack under the Ouroboros; seat 1's pack goes under it.
    assert [a.held for a in s.alchemists] == [under, held[2], held[0]]
    assert s.under == held[1]


def test_in_round_2_packs_pass_left_and_the_new_keeper_swaps() -> None:
    s = play_to_round(started(3), 2)
    assert s.keeper == 1
    assert s.passes_left()
    held, under = [a.held for a in s.alchemists], s.under
    s = pick_all(s)
    # Seat 0 passes to the keeper (seat 1), whose pack goes to seat 2; seat 0's pack goes
    # under the Ouroboros and the keeper takes the one that was there.
    assert [a.held for a in s.alchemists] == [held[2], under, held[1]]
    assert s.under == held[0]


@pytest.mark.parametrize(("round_number", "left"), [(1, False), (2, True), (3, False), (4, True)])
def test_packs_pass_right_in_odd_rounds_and_left_in_even_rounds(
    round_number: int, left: bool
) -> None:
    s = play_to_round(started(4), round_number)
    assert s.round == round_number
    held = [a.held for a in s.alchemists]
    s = pick_all(s)
    step = 1 if left else -1
    for seat in range(4):
        if seat != s.keeper:
            assert s.alchemists[seat].held == held[(seat - step) % 4]


def test_fifth_round_passes_right() -> None:
    s = play_to_round(started(3), 5)
    assert s.round == 5
    assert not s.passes_left()


def test_two_alchemists_swap_packs_through_the_ouroboros() -> None:
    s = started(2)
    held, under = [a.held for a in s.alchemists], s.under
    s = pick_all(s)
    assert [a.held for a in s.alchemists] == [under, held[0]]
    assert s.under == held[1]


def test_the_pack_under_the_ouroboros_is_seen_by_nobody() -> None:
    s = started(3)
    for viewer in (None, 0, 1, 2):
        view = ENGINE.view(s, viewer)
        assert view.under_size == 9
    assert ENGINE.view(s, 0).hand == tuple(
        cards.card_code((n, s.alchemists[0].held)) for n in cards.NUMERALS
    )
    assert ENGINE.view(s, None).hand is None


def test_six_cards_each_then_the_packs_stay_where_they_are() -> None:
    s = started(3)
    for _ in range(5):
        s = pick_all(s)
    assert s.picks == 5
    assert s.phase == "pick"
    held = [a.held for a in s.alchemists]
    s = pick_all(s, choose="last")
    assert s.phase == "patronage"
    assert [len(a.front) for a in s.alchemists] == [6, 6, 6]
    assert [a.held for a in s.alchemists] == held, "no pass after the sixth card"
    left = sum(len(s.packs[pack]) for pack in (*held, s.under))
    assert left == 4 * 9 - 3 * 6, "the rest stays in the packs, some larger than others"


def test_cards_in_front_are_laid_out_by_numeral() -> None:
    s = play(started(3), (0, "pick lukas"), (1, "pick marie"), (2, "pick marie"))
    s = play(s, (0, "pick wolrad"), (1, "pick 9"), (2, "pick vii"))
    numerals = [[c[0] for c in a.front] for a in s.alchemists]
    assert numerals[0] == [1, 9]
    assert numerals[1] == [7, 9]
    assert numerals[2][0] == 7
    assert fronts(s)[0] == ["wolrad-" + str(cards.shown(s.alchemists[0].front[0])), "lukas"]


@pytest.mark.parametrize("players", [2, 5])
def test_no_move_ever_changes_an_earlier_state(players: int) -> None:
    # Picks share the parts of the table they do not change with the state they came from.
    played = random_playout(ENGINE, players, 23)
    s = new_game(players, 23)
    history = [(s, ENGINE.dump(s))]
    for seat, text in played.actions:
        s = act(s, seat, text).state
        history.append((s, ENGINE.dump(s)))
    assert all(ENGINE.dump(state) == dumped for state, dumped in history)
