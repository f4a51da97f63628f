"""Winning: a full courseload at the end of your turn announces grading, everyone else has one
last turn, most credits wins; ties, stones and the end of the semester."""

from __future__ import annotations

from games.magic_spell.spells import STONE
from tests.games.magic_spell.positions import ENGINE, act, play, position, public

#: Nine credits: three spells of three credits each.
NINE = ["augury", "torpor", "kismet"]


def test_nine_credits_at_the_end_of_a_turn_announce_grading() -> None:
    t = act(position(spellbooks=[NINE, [], []]), 0, "rest")
    assert t.state.grader == 0
    assert "has 9 credits and submits their spellbook for grading" in public(t.log)
    assert ENGINE.outcome(t.state) is None, "everyone else still has a last turn"


def test_credits_reached_during_the_turn_count_at_its_end() -> None:
    s = position(
        cabinets=[["N"], [], []],
        homework=[[("ken", "KE")], [], []],
        spellbooks=[["augury", "torpor", "cozen"], [], []],
    )
    s = play(s, (0, "weave n on ken"))
    assert s.grader == 0


def test_every_other_student_has_one_last_turn_in_order_then_the_game_ends() -> None:
    s = play(position(4, spellbooks=[NINE, [], [], []]), (0, "rest"))
    for seat in (1, 2, 3):
        assert ENGINE.outcome(s) is None
        assert s.current == seat
        s = play(s, (seat, "rest"))
    outcome = ENGINE.outcome(s)
    assert outcome is not None
    assert outcome.winners == {0}
    assert not ENGINE.to_act(s)


def test_most_credits_wins_even_against_the_student_who_submitted() -> None:
    s = position(spellbooks=[NINE, [], ["augury", "torpor", "kismet", "ken"]])
    s = play(s, (0, "rest"), (1, "rest"), (2, "rest"))
    outcome = ENGINE.outcome(s)
    assert outcome is not None
    assert outcome.scores == (9, 0, 10)
    assert outcome.winners == {2}


def test_a_tie_goes_to_the_student_who_submitted_other_ties_are_shared() -> None:
    s = position(4, spellbooks=[NINE, ["ken"], NINE, ["vim"]])
    s = play(s, (0, "rest"), (1, "rest"), (2, "rest"), (3, "rest"))
    outcome = ENGINE.outcome(s)
    assert outcome is not None
    assert outcome.ranks == (1, 3, 2, 3)
    assert outcome.winners == {0}


def test_heavy_courseload_needs_twelve_credits() -> None:
    s = play(position(spellbooks=[NINE, [], []], heavy_courseload=12), (0, "rest"))
    assert s.grader < 0
    twelve = [*NINE, "quaff", "vim", "ken"]
    s = play(position(spellbooks=[twelve, [], []], heavy_courseload=12), (0, "rest"))
    assert s.grader == 0


def test_each_stone_in_the_cabinet_at_the_end_is_worth_a_credit() -> None:
    s = position(
        spellbooks=[NINE, ["ken"], []],
        cabinets=[[], [STONE, STONE, "A"], [STONE]],
        philosophers_stone=True,
    )
    s = play(s, (0, "rest"), (1, "rest"), (2, "rest"))
    outcome = ENGINE.outcome(s)
    assert outcome is not None
    assert outcome.scores == (9, 3, 1)


def test_stones_count_only_at_the_end_not_towards_the_courseload() -> None:
    s = position(
        spellbooks=[["augury", "torpor"], [], []],
        cabinets=[[STONE, STONE, STONE], [], []],
        philosophers_stone=True,
    )
    assert play(s, (0, "rest")).grader < 0


def test_submitting_for_grading_forfeits_an_extra_turn() -> None:
    s = position(spellbooks=[NINE, [], []])
    s.extra_turn = True
    s = play(s, (0, "rest"))
    assert (s.grader, s.current) == (0, 1)


def test_the_semester_ends_after_its_last_round_and_the_spellbooks_are_graded() -> None:
    s = position(spellbooks=[["ken"], ["augury"], []])
    s.round, s.current = 30, 2
    t = act(s, 2, "rest")
    assert t.state.finished
    assert "so is the semester" in public(t.log)
    outcome = ENGINE.outcome(t.state)
    assert outcome is not None
    assert outcome.scores == (1, 3, 0)
    assert outcome.winners == {1}


def test_the_semester_waits_for_the_last_turns_once_grading_is_announced() -> None:
    s = position(spellbooks=[[], NINE, []])
    s.round, s.current = 30, 1
    s = play(s, (1, "rest"), (2, "rest"))
    assert not s.finished, "round 30 is over, but the graded student's rivals play on"
    s = play(s, (0, "rest"))
    assert s.finished


def test_a_heavier_courseload_has_a_longer_semester() -> None:
    s = position(heavy_courseload=15)
    s.round, s.current = 30, 2
    assert not play(s, (2, "rest")).finished
    s.round = 50
    assert play(s, (2, "rest")).finished
