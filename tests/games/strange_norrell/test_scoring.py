"""Magicianship: 2-5 per completed feat, 1 per book, 3 for a pupil, 1 per spell granting it."""

from __future__ import annotations

from games.strange_norrell import scoring
from tests.games.strange_norrell.positions import position


def test_each_completed_feat_is_worth_its_two_to_five_magicianship() -> None:
    s = position(3)
    s.magicians[0].completed = ["milestone", "rain-fleet", "moved-river", "sea-wall"]
    line = scoring.score_line(s, 0)
    assert (line.feats, line.feats_completed, line.total) == (2 + 3 + 4 + 5, 4, 14)


def test_each_book_of_magic_is_worth_one() -> None:
    s = position(3, books=[["rook-grammar", "weathercock"], [], []])
    assert scoring.magicianship(s.magicians[0]) == 2


def test_a_pupil_is_worth_three() -> None:
    s = position(3)
    s.magicians[0].pupil = True
    assert scoring.score_line(s, 0).pupil == 3


def test_each_played_spell_granting_magicianship_is_worth_one() -> None:
    s = position(3, spells=[["minster-voices"], [], []])
    assert scoring.magicianship(s.magicians[0]) == 0, "a spell still in hand counts nothing"
    s.magicians[0].magic_spells = 2
    assert scoring.magicianship(s.magicians[0]) == 2


def test_feats_still_in_front_count_nothing() -> None:
    s = position(3, feats=[["sea-wall"], [], []])
    assert scoring.magicianship(s.magicians[0]) == 0


def test_all_sources_add_up() -> None:
    s = position(3, books=[["rook-grammar"], [], []])
    m = s.magicians[0]
    m.completed = ["rain-fleet"]
    m.pupil = True
    m.magic_spells = 1
    assert scoring.score_line(s, 0).total == 3 + 1 + 3 + 1


def test_the_tie_break_is_prestige_then_the_disc_on_top() -> None:
    s = position(3, prestige=[4, 4, 2], order=[1, 0, 2])
    keys = [scoring.order_key(s, seat) for seat in range(3)]
    assert keys[1] > keys[0] > keys[2]
