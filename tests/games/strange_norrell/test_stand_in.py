"""What a missed deadline plays (``Engine.pass_action``): silence is "no" to what a
magician may leave undone (a spell before the year's turns, the Coachman's drive), and
leaves turns and the choices that must be made to the table's chooser."""

from __future__ import annotations

from games.strange_norrell.actions import Pass, Stay
from tests.games.strange_norrell.positions import ENGINE, in_phase, pass_turn, play, position


def test_no_spell_is_played_before_the_years_turns() -> None:
    s = position(3, spells=[["raven-favour"], [], []], year=1810, current=2, played=[0, 1])
    s = pass_turn(s)
    assert s.window
    assert ENGINE.pass_action(s, 0) == Pass()


def test_the_coachmans_drive_is_let_go() -> None:
    # The Coachman: "Drive your magician to any location now, if you wish."
    s = position(3, hands=[["york-stones-3"], [], []], locations=["york", None, None])
    s = in_phase(s, "visits")
    s.magicians[0].prestige = 6
    s.connexion_offer = ["coachman", "drawlight"]
    s = play(s, (0, "attend york-stones-3"))
    assert ENGINE.pass_action(s, 0) is None, "a connexion must be gained"
    s = play(s, (0, "named coachman"))
    assert ENGINE.pass_action(s, 0) == Stay()
    s = play(s, (0, "stay"))
    assert s.magicians[0].location == "york"


def test_a_turn_is_left_to_the_chooser() -> None:
    s = position(3)
    assert ENGINE.pass_action(s, s.current.seat) is None
    assert all(ENGINE.pass_action(s, seat) is None for seat in range(3))
