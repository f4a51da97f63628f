"""What a missed deadline plays (``Engine.pass_action``): a patron says no to the Favor
("make use once of the Favor": it may be left unused) and takes the Funds; keeping and
picking cards are left to the table's chooser."""

from __future__ import annotations

from games.magnum_opus.actions import Back, Pass
from tests.games.magnum_opus.positions import ENGINE, act, new_game, patronage_table, play


def test_a_patron_leaves_the_favor_and_takes_the_funds() -> None:
    s, _ = patronage_table(fronts=[["marie"], [], ["lukas"]], calling=7)
    assert ENGINE.pass_action(s, 0) == Pass()
    assert ENGINE.pass_action(s, 1) is None, "not the patron"
    transition = act(s, 0, ENGINE.notation(Pass()))
    assert transition.log[0].text == "{p0} takes 2 silver (Funds) and lets the Favor go."


def test_a_favor_begun_is_taken_back_then_left_unused() -> None:
    s, _ = patronage_table(
        fronts=[["ludmila-sulfur", "marie"], ["johann-mercury", "lukas"], []], calling=2
    )
    chose = play(s, (0, "exchange 2"), (0, "take lukas"))
    assert ENGINE.pass_action(chose, 0) == Back()
    once = play(chose, (0, "back"))
    assert ENGINE.pass_action(once, 0) == Back()
    assert ENGINE.pass_action(play(once, (0, "back")), 0) == Pass()


def test_keeping_and_picking_are_left_to_the_chooser() -> None:
    s = new_game()
    assert s.phase == "keep"
    assert all(ENGINE.pass_action(s, seat) is None for seat in range(3))
