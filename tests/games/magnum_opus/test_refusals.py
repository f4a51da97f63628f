"""Refusals name the reason in a sentence a player understands, and change nothing."""

from __future__ import annotations

import pytest

from games.core import ActionNotAllowed
from tests.games.magnum_opus.positions import ENGINE, act, new_game, patronage_table, play, started


def test_keep_phase_refusals_offer_the_two_cards() -> None:
    s = new_game(3)
    first, second = s.alchemists[0].dealt
    other = s.alchemists[1].dealt[0]
    with pytest.raises(
        ActionNotAllowed, match=f"You were not dealt .*: keep {first} or keep {second}"
    ):
        act(s, 0, f"keep {other}")
    with pytest.raises(ActionNotAllowed, match="First keep one of your two Magnum Opus cards"):
        act(s, 0, "pick marie")


def test_pick_refusals_list_the_pack() -> None:
    s = play(started(3), (0, "pick marie"), (1, "pick lukas"), (2, "pick lukas"))
    # Seat 2 now holds the pack seat 3 passed to the right, without its Lukas.
    with pytest.raises(ActionNotAllowed, match=r"Your pack has no IX Lukas: it holds I Wolrad"):
        act(s, 1, "pick lukas")
    with pytest.raises(ActionNotAllowed, match=r"Now choose a card from your pack: I Wolrad"):
        act(s, 0, "pass")


def test_patronage_refusals_say_why_and_list_the_choices() -> None:
    s, _ = patronage_table(fronts=[["venceslas-cinnabar"], [], []], silver=[0, 2, 0], calling=5)
    with pytest.raises(
        ActionNotAllowed, match=r"\{p2\} has no silver to take\. You may: rob 2, rob 2 1, pass\."
    ):
        act(s, 0, "rob 3")
    with pytest.raises(ActionNotAllowed, match="take up to 2 silver from another alchemist"):
        act(s, 0, "discard 2")
    with pytest.raises(ActionNotAllowed, match="There is nothing to take back"):
        act(s, 0, "back")
    with pytest.raises(ActionNotAllowed, match="First choose whom the Favor aims at"):
        act(s, 0, "take marie")
    with pytest.raises(ActionNotAllowed, match="Only Johann's Favor adds a card"):
        act(s, 0, "add marie")
    with pytest.raises(ActionNotAllowed, match="The Clock asks 3 silver; you have 0"):
        act(s, 0, "clock cinnabar")


def test_exchange_refusals_explain_what_is_missing() -> None:
    s, _ = patronage_table(
        fronts=[["ludmila-sulfur", "marie"], ["marie"], ["johann-mercury"]], calling=2
    )
    with pytest.raises(ActionNotAllowed, match=r"No exchange with \{p1\} would change anything"):
        act(s, 0, "exchange 2")
    s = play(s, (0, "exchange 3"), (0, "take johann-mercury"))
    with pytest.raises(ActionNotAllowed, match="You have no IX Lukas in front of you"):
        act(s, 0, "give lukas")
    with pytest.raises(ActionNotAllowed, match="First name the card to give"):
        act(s, 0, "take marie")


def test_bribe_refusals() -> None:
    s, _ = patronage_table(
        fronts=[["jezebel-vitriol"], ["marie", "johann-mercury"], ["lukas"]],
        silver=[1, 0, 0],
        calling=4,
    )
    s = act(s, 0, "bribe 2").state
    with pytest.raises(ActionNotAllowed, match="only cards of a higher numeral than IV"):
        act(s, 0, "take johann-mercury")
    with pytest.raises(ActionNotAllowed, match=r"\{p1\} has no IX Lukas in front of them"):
        act(s, 0, "take lukas")


def test_refusals_leave_the_state_alone() -> None:
    s, _ = patronage_table(fronts=[["wolrad-salt"], ["marie"], []], calling=1)
    dumped = ENGINE.dump(s)
    for text in (
        "discard 1",
        "discard 3",
        "back",
        "clock vitriol",
        "lane salt",
        "rob 2",
        "discard 2 lukas",
    ):
        with pytest.raises(ActionNotAllowed):
            act(s, 0, text)
    assert ENGINE.dump(s) == dumped
