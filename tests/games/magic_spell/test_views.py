"""What each seat may see: its own cabinet and homework, laboratory tiles only once seen, woven
tiles face down unless Open Research, trade details only between the traders."""

from __future__ import annotations

import random

import pytest

from games.magic_spell.state import MagicSpellState
from games.magic_spell.view import UNKNOWN, MagicSpellView
from tests.games.magic_spell.positions import ENGINE, act, new_game, play, position, private


def _view(s: MagicSpellState, seat: int | None) -> MagicSpellView:
    view = ENGINE.view(s, seat)
    assert isinstance(view, MagicSpellView)
    return view


def _table(open_research: bool = False) -> MagicSpellState:
    return position(
        cabinets=[["A", "E"], ["Q"], ["Z", "Z"]],
        homework=[[("ken", "K")], [("vim", "VI"), "espy"], []],
        spellbooks=[[], ["quaff"], []],
        lab={1: "A", 2: "E", 11: "K"},
        open_research=open_research,
    )


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_a_seat_sees_its_own_cabinet_and_homework_and_only_counts_of_the_others(seat: int) -> None:
    s = _table()
    view = _view(s, seat)
    assert view.cabinet == tuple(s.students[seat].cabinet)
    assert view.homework is not None
    assert [h.spell for h in view.homework] == [h.spell for h in s.students[seat].homework]
    assert [x.cabinet_size for x in view.students] == [2, 1, 2]
    assert [[h.woven for h in x.homework] for x in view.students] == [[1], [2, 0], []]
    assert [x.spellbook for x in view.students] == [(), ("quaff",), ()]
    dumped = view.model_dump_json()
    for other in range(3):
        if other != seat:
            for homework in s.students[other].homework:
                assert homework.spell not in dumped


def test_spectators_see_no_cabinet_and_no_homework() -> None:
    view = _view(_table(), None)
    assert (view.viewer, view.cabinet, view.homework) == (None, None, None)
    assert _view(_table(), 9).viewer is None


def test_nobody_sees_a_face_down_tile_they_have_not_looked_at() -> None:
    for seat in (None, 0, 1, 2):
        assert _view(_table(), seat).lab[:3] == (UNKNOWN, UNKNOWN, "")


def test_a_scrounged_tile_put_back_is_shown_only_to_the_scrounger() -> None:
    s = play(_table(), (0, "scrounge 1"), (0, "put back"))
    assert _view(s, 0).lab[0] == "A"
    for seat in (None, 1, 2):
        assert _view(s, seat).lab[0] == UNKNOWN


def test_tiles_returned_face_up_are_known_to_the_whole_table() -> None:
    s = position(cabinets=[["E", "N"], [], []], homework=[[("ken", "K")], [], []])
    s = play(s, (0, "weave e on ken"), (0, "weave n on ken"))
    for seat in (None, 0, 1, 2):
        assert _view(s, seat).lab[:3] == ("K", "E", "N")


def test_a_tile_taken_from_its_place_is_forgotten_there() -> None:
    s = play(_table(), (0, "scrounge 1"), (0, "put back"))
    s = play(s, (1, "scrounge 1"), (1, "keep"))
    assert _view(s, 0).lab[0] == ""


def test_woven_tiles_are_face_down_unless_open_research() -> None:
    closed = _view(_table(), 0).students[1].homework
    assert [(h.woven, h.letters) for h in closed] == [(2, ()), (0, ())]
    opened = _view(_table(open_research=True), 0).students[1].homework
    assert [(h.woven, h.letters) for h in opened] == [(2, ("I", "V")), (0, ())]


def test_a_weave_is_told_in_full_only_to_the_weaver_unless_open_research() -> None:
    s = position(cabinets=[["E"], [], []], homework=[["ken"], [], []])
    t = act(s, 0, "weave e on ken")
    assert t.log[0].text == "{p0} weaves a tile onto homework spell 1."
    assert private(t.log) == [("You weave E onto **Ken**.", frozenset({0}))]
    s = position(cabinets=[["E"], [], []], homework=[["ken"], [], []], open_research=True)
    assert act(s, 0, "weave e on ken").log[0].text == "{p0} weaves E onto homework spell 1."


def test_an_offer_is_shown_in_full_only_to_its_two_students() -> None:
    s = position(4, cabinets=[[], ["E"], ["K"], []], homework=[[], ["ken"], [], []])
    s = play(s, (1, "trade with 3 give e for k"))
    for seat, give in [(1, "an E"), (2, "an E"), (3, ""), (0, ""), (None, "")]:
        (offer,) = _view(s, seat).offers
        assert (offer.proposer, offer.partner, offer.give) == (1, 2, give)


def test_a_trade_in_progress_is_seen_by_nobody_else() -> None:
    s = play(position(4, cabinets=[[], ["E"], [], []]), (1, "trade with 3"))
    assert [p.kind for p in _view(s, 1).pending] == ["give"]
    for seat in (None, 0, 2, 3):
        assert _view(s, seat).pending == ()


def test_others_see_where_the_current_student_scrounges_not_what_they_see() -> None:
    s = play(_table(), (0, "scrounge 1"))
    (theirs,) = _view(s, 1).pending
    assert (theirs.kind, theirs.slot, theirs.letter) == ("found", 0, "")
    (mine,) = _view(s, 0).pending
    assert (mine.kind, mine.slot, mine.letter) == ("found", 0, "A")


@pytest.mark.parametrize("open_research", [False, True])
@pytest.mark.slow
def test_a_view_does_not_change_when_everything_hidden_is_resampled(open_research: bool) -> None:
    s = new_game(4, seed=5, open_research=open_research)
    rng = random.Random(1)
    for _ in range(150):
        for seat in range(4):
            resampled = ENGINE.determinize(s, seat, rng)
            assert ENGINE.view(resampled, seat) == ENGINE.view(s, seat)
        seat = rng.choice(sorted(ENGINE.to_act(s)))
        s = ENGINE.apply(s, seat, rng.choice(ENGINE.legal_actions(s, seat))).state


def test_resampling_mixes_what_the_seat_has_not_seen() -> None:
    s = new_game(3, seed=2)
    resampled = ENGINE.determinize(s, 0, random.Random(3))
    assert resampled.students[0] == s.students[0]
    assert resampled.lab != s.lab
    assert [h.spell for h in resampled.students[1].homework] != [
        h.spell for h in s.students[1].homework
    ]
