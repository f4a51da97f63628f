"""Winning: a full courseload at the end of your turn announces grading, everyone else has one
last turn, most credits wins; ties, stones and the end of the semester."""

from __future__ import annotations

import random

import pytest

from games.ai.budget import Budget
from games.ai.choose import Level, choose
from games.magic_spell.spells import STONE
from games.magic_spell.state import SAFETY_ROUNDS, MagicSpellState
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


def test_without_a_semester_the_game_goes_on_until_a_student_completes_the_courseload() -> None:
    """Winning: "If you have 9 or more credits worth of spells in your spellbook at the end of
    your turn ... Each other player gets one last turn, in order, and the game ends." Nothing
    else ends the game, so no round ends it before the safety limit."""
    s = position(spellbooks=[["ken"], ["augury"], []])
    s.round, s.current = 30, 2
    s = play(s, (2, "rest"))
    assert (s.finished, s.round) == (False, 31)
    s.round, s.current = SAFETY_ROUNDS - 1, 2
    assert not play(s, (2, "rest")).finished


def test_the_safety_limit_ends_the_semester_and_grades_the_spellbooks() -> None:
    s = position(spellbooks=[["ken"], ["augury"], []])
    s.round, s.current = SAFETY_ROUNDS, 2
    t = act(s, 2, "rest")
    assert t.state.finished
    assert f"Round {SAFETY_ROUNDS} is over and so is the semester" in public(t.log)
    outcome = ENGINE.outcome(t.state)
    assert outcome is not None
    assert outcome.scores == (1, 3, 0)
    assert outcome.winners == {1}


def test_a_semester_set_by_the_table_ends_after_its_last_round_and_the_spellbooks_are_graded() -> (
    None
):
    s = position(spellbooks=[["ken"], ["augury"], []], rounds=30)
    s.round, s.current = 29, 2
    assert not play(s, (2, "rest")).finished
    s.round = 30
    t = act(s, 2, "rest")
    assert t.state.finished
    assert "Round 30 is over and so is the semester" in public(t.log)
    outcome = ENGINE.outcome(t.state)
    assert outcome is not None
    assert outcome.scores == (1, 3, 0)
    assert outcome.winners == {1}


def test_the_semester_waits_for_the_last_turns_once_grading_is_announced() -> None:
    s = position(spellbooks=[[], NINE, []], rounds=30)
    s.round, s.current = 30, 1
    s = play(s, (1, "rest"), (2, "rest"))
    assert not s.finished, "round 30 is over, but the graded student's rivals play on"
    s = play(s, (0, "rest"))
    assert s.finished


# ------------------------------------------------------------------- every game ends
def _play_to_the_end(players: int, seed: int, level: Level | None) -> MagicSpellState:
    """A whole game with random seats (``level`` None) or AI seats, with no semester set."""
    rng = random.Random(seed)
    options = {"low_enrollment": True} if players == 2 else {}
    s = ENGINE.new_game(players, seed, options)
    for _ in range(ENGINE.step_limit):
        if ENGINE.outcome(s) is not None:
            return s
        seat = rng.choice(sorted(ENGINE.to_act(s)))
        if level is None:
            action = rng.choice(ENGINE.legal_actions(s, seat))
        else:
            action = choose(ENGINE, s, seat, level, rng=rng, budget=Budget(iterations=8))
        s = ENGINE.apply(s, seat, action).state
    raise AssertionError(f"no end after {ENGINE.step_limit} steps")


@pytest.mark.parametrize(
    ("players", "level"), [(3, None), (4, None), (3, Level.EASY), (2, Level.NORMAL)]
)
@pytest.mark.slow
def test_every_game_ends_by_the_safety_limit_whoever_plays(
    players: int, level: Level | None
) -> None:
    s = _play_to_the_end(players, 3, level)
    assert s.finished
    assert s.grader >= 0 or s.round == SAFETY_ROUNDS + 1
    assert s.round <= SAFETY_ROUNDS + 1
