"""What a missed deadline plays (``Engine.pass_action``): silence is "no" to whatever a
student may leave undone (another weave, more jettisoning, an offer), and leaves the turn's
own action, and the choices a begun action must finish, to the table's chooser."""

from __future__ import annotations

from games.magic_spell.actions import BACK, DONE, Decline
from games.magic_spell.state import MagicSpellState
from tests.games.magic_spell.positions import ENGINE, play, position


def _notation(s: MagicSpellState, seat: int) -> str | None:
    action = ENGINE.pass_action(s, seat)
    return None if action is None else ENGINE.notation(action)


def test_after_a_weave_no_more_is_woven() -> None:
    # "Once you've finished weaving, you may immediately spend a point of spirit to take
    # another weave action."
    s = play(
        position(cabinets=[["E", "K"], [], []], homework=[["ken"], [], []]), (0, "weave k on ken")
    )
    assert ENGINE.pass_action(s, 0) == DONE
    s = play(s, (0, "done"))
    assert (s.current, s.students[0].cabinet) == (1, ["E"]), "the spirit is kept"


def test_an_extra_tile_move_begun_is_taken_back_then_weaving_stops() -> None:
    s = position(cabinets=[["K"], [], []], homework=[[("ken", "E"), "espy"], [], []])
    s = play(s, (0, "weave k on ken"), (0, "move"))
    assert ENGINE.pass_action(s, 0) == BACK
    s = play(s, (0, "back"))
    assert ENGINE.pass_action(s, 0) == DONE


def test_jettison_returns_no_more_tiles() -> None:
    # Jettison: "Return any tiles you like from your cabinet".
    s = position(cabinets=[["A", "B"], [], []], spellbooks=[["jettison"], [], []])
    s = play(s, (0, "cast jettison"))
    assert ENGINE.pass_action(s, 0) == DONE
    s = play(s, (0, "done"))
    assert s.students[0].cabinet == ["A", "B"]


def test_an_offer_to_the_student_whose_turn_comes_is_declined() -> None:
    # Low Enrollment: "You may swap with each other in between turns": a consensual trade.
    s = position(2, cabinets=[["E"], ["K"]], homework=[["ken"], ["kismet"]], low_enrollment=True)
    s = play(s, (1, "trade with 1 give k for e"))
    assert ENGINE.waiting_for(s) == {0}
    assert ENGINE.pass_action(s, 0) == Decline(1)
    s = play(s, (0, "decline 2"))
    assert not s.offers
    assert s.students[0].cabinet == ["E"]
    assert ENGINE.pass_action(s, 0) is None, "the turn itself is the chooser's"


def test_an_offer_being_built_is_taken_back_and_an_offer_received_declined() -> None:
    s = position(4, cabinets=[["A"], ["E", "K"], ["K", "Z"], ["Q"]])
    s = play(s, (1, "trade with 3"))
    assert ENGINE.pass_action(s, 1) == BACK
    s = play(s, (1, "back"), (2, "trade with 2 give z for e"))
    assert ENGINE.pass_action(s, 1) == Decline(2)


def test_a_turn_and_a_begun_action_s_choices_are_left_to_the_chooser() -> None:
    s = position(cabinets=[["K"], [], []], homework=[["ken"], [], []], lab={1: "E"})
    assert ENGINE.pass_action(s, 0) is None
    assert ENGINE.pass_action(s, 1) is None, "nothing to decline"
    s = play(s, (0, "scrounge 1-10"), (0, "tile 1"))
    assert _notation(s, 0) is None, "where a scrounged tile goes is a choice to make"
