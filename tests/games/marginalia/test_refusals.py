"""Refusals name the reason in a sentence a player understands, and change nothing."""

from __future__ import annotations

import pytest

from games.core import ActionNotAllowed, IllegalAction
from games.marginalia.state import MarginaliaState
from tests.games.marginalia.positions import ENGINE, act, play, position


def _refused(s: MarginaliaState, text: str, message: str, seat: int = 0) -> None:
    dumped = ENGINE.dump(s)
    with pytest.raises(ActionNotAllowed, match=message):
        act(s, seat, text)
    assert ENGINE.dump(s) == dumped


def _table() -> MarginaliaState:
    return position(
        hands=[["cancer", "vis-vitae"], []],
        page={
            "c2": "saint",
            "c1": "bishop-of-lyons",
            "a3": "ziz",
            "b2": "wrathful-abbot",
            "d2": "heron-friar",
        },
        turns=(1, 1),
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("play ziz", "You have no Ziz in your hand."),
        ("play vis-vitae target p1", "Vis Vitae targets a marginalis, not a player."),
        ("play cancer to c1", "c1 is occupied."),
        ("play cancer to a3", "a3 is on the other side of the page."),
        ("use c1", "Bishop of Lyons is in the back line"),
        ("use a3", "Ziz on a3 is not yours."),
        ("use d2", "Heron Friar's Vigil is not used at will: it works by itself."),
        ("use e2", "There is no marginalis on e2."),
        ("attack", "choose where the attack starts: attack from a, or attack from e"),
        ("end turn", "You have not attacked yet."),
        ("back", "There is nothing to take back."),
        ("to c2", "Nothing is waiting for a space."),
        ("target p1", "Nothing is waiting for a target."),
        ("summon token", "No search is under way."),
        ("decline", "No card has been revealed."),
    ],
)
def test_play_phase_refusals(text: str, message: str) -> None:
    _refused(_table(), text, message)


def test_the_play_limit_is_explained() -> None:
    s = play(_table(), (0, "play cancer"), (0, "to a2"))
    _refused(s, "play vis-vitae", "You have already played the 1 card allowed this turn.")


def test_a_direction_is_refused_when_it_makes_no_difference() -> None:
    _refused(position(page={"c2": "saint"}), "attack from a", "1 marginalis on your front line")


def test_an_incantation_with_nothing_to_act_on_is_explained() -> None:
    _refused(position(hands=[["vis-vitae"], []]), "play vis-vitae", "nothing to act on")


def test_a_full_side_is_explained() -> None:
    full = {f"{f}{r}": "great-snail" for f in "abcde" for r in "12"}
    _refused(position(hands=[["ziz"], []], page=full), "play ziz", "no free space")


def test_a_pending_decision_is_named() -> None:
    s = play(position(hands=[["salamander"], []]), (0, "play salamander"), (0, "to c2"))
    _refused(s, "back", "This effect has begun and must have a target.")
    _refused(s, "attack", r"First choose a target\.")
    _refused(s, "target c3", "There is no marginalis on c3.")


def test_placing_refusals() -> None:
    s = play(position(hands=[["cancer"], []], page={"c2": "saint"}), (0, "play cancer"))
    _refused(s, "to a1", "a1 is in the back line: a marginalis goes there only behind one.")
    _refused(s, "attack", r"First choose the space for the card, or go back.")


def test_search_refusals() -> None:
    s = position(hands=[["pure-virgin"], []], decks=[["white-unicorn", "saint"] * 3, []])
    s = play(s, (0, "play pure-virgin"), (0, "to c2"))
    _refused(s, "summon saint", "Saint is not a unicorn.")
    _refused(s, "summon wild-unicorn", "There is no Wild Unicorn in your deck.")


def test_fortune_refusals() -> None:
    s = position(hands=[["rota-fortuna"], []], decks=[["palimpsest"], []])
    s = play(s, (0, "play rota-fortuna"))
    _refused(s, "play palimpsest", "Palimpsest cannot be played now: decline it.")
    _refused(s, "play ziz", "Rota Fortuna revealed Palimpsest: play palimpsest or decline.")


def test_reset_phase_refusals() -> None:
    s = play(position(page={"c2": "smiting-angel", "b2": "wrathful-abbot"}), (0, "attack from a"))
    _refused(s, "play ziz", "The play phase is over.")
    _refused(s, "attack", "You have already attacked this turn.")
    _refused(s, "use b2", "Wrathful Abbot's Rebuke is used during your play phase.")
    s = play(s, (0, "use c2"))
    _refused(s, "to b2", "b2 is occupied.")


def test_between_fights_refusals() -> None:
    page = {"a2": "bishop-of-lyons", "c2": "saint", "d2": "wrathful-abbot"}
    s = play(position(page=page, hands=[["ziz"], []]), (0, "attack from a"))
    assert s.phase == "between-fights"
    _refused(s, "play ziz", "The play phase is over.")
    _refused(s, "attack from e", "The attack has begun in the direction you chose")
    _refused(s, "end turn", "The attack is not over yet.")
    _refused(s, "use d2", "Wrathful Abbot's Rebuke is used during your play phase.")


def test_refusals_in_the_other_players_reset_phase() -> None:
    page = {"c3": "smiting-angel", "d3": "bishop-of-lyons", "a2": "ziz"}
    s = play(position(page=page, hands=[[], ["ziz"]]), (0, "attack"))
    assert s.phase == "other-reset"
    _refused(s, "play ziz", "It is not your turn.", seat=1)
    _refused(s, "attack", "It is not your turn.", seat=1)
    _refused(s, "use d3", "Bishop of Lyons's Bless is used during your reset phase.", seat=1)


def test_once_per_turn_is_explained() -> None:
    s = play(position(page={"c2": "wrathful-abbot"}), (0, "use c2"), (0, "target p2"))
    _refused(s, "use c2", "Wrathful Abbot has already used Rebuke this turn.")


def test_every_refusal_leaves_the_state_alone() -> None:
    s = _table()
    dumped = ENGINE.dump(s)
    for text in ("play ziz", "use c1", "to c2", "attack", "back", "play cancer to c1"):
        with pytest.raises(IllegalAction):
            act(s, 0, text)
    assert ENGINE.dump(s) == dumped
