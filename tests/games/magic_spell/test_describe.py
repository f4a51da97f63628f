"""Boards: the laboratory and the students for everyone, plus the viewer's own cabinet,
homework and decisions."""

from __future__ import annotations

import pytest

from games.core import FINAL_SCORES, Board
from games.core.playout import random_playout, random_position
from games.magic_spell.actions import BACK, DONE
from games.magic_spell.describe import WARNING_ROUNDS, describe
from games.magic_spell.state import SAFETY_ROUNDS, MagicSpellState
from games.magic_spell.view import MagicSpellView
from tests.games.magic_spell.positions import ENGINE, play, position

NAMES = ["Ann", "Bo", "Cy"]


def _board(s: MagicSpellState, seat: int | None) -> Board:
    view = ENGINE.view(s, seat)
    assert isinstance(view, MagicSpellView)
    return describe(view).rendered(NAMES)


def _text(board: Board) -> str:
    parts = [board.title, board.description, board.footer]
    return "\n".join(parts + [f"{f.name}\n{f.value}" for f in board.fields])


def _table() -> MagicSpellState:
    return position(
        cabinets=[["A", "E"], ["Q"], []],
        homework=[[("ken", "K")], ["vim"], []],
        spellbooks=[[], ["quaff"], []],
        lab={1: "A", 2: "E", 11: "K"},
    )


def test_public_board_shows_the_laboratory_and_the_students_but_no_secret() -> None:
    board = _board(_table(), None)
    assert board.title == "Magic Spell · Round 1 of at most 100 · 99 left"
    names = [f.name for f in board.fields]
    assert names == ["Laboratory", "Ann (▶)", "Bo", "Cy", "Spellbook spells"]
    lab = board.fields[0].value.splitlines()
    assert lab[0].startswith("3 tiles face down in places 1-100")
    assert lab[1] == "Empty: 3-10, 12-100"
    assert len(lab) == 2, "a spectator remembers no tile"
    bo = board.fields[2].value
    assert "Spellbook (2/9 credits): Quaff 2" in bo
    assert "Spirit 5 · homework: 1 spell with 0 tiles woven" in bo
    text = _text(board)
    assert "Ken" not in text
    assert "Vim" not in text
    assert "Your cabinet" not in text


def test_a_semester_set_by_the_table_counts_down_on_the_board() -> None:
    s = position(rounds=30)
    s.round = 12
    assert _board(s, None).title == "Magic Spell · Round 12 of 30 · 18 left"
    s.round = 30
    assert _board(s, 0).title == "Magic Spell · Round 30 of 30 · the last round"


def test_a_game_with_no_semester_counts_down_to_the_safety_limit() -> None:
    # RULES.md decision 22: the rules end a game only at the courseload; Grimoire's safety
    # limit is on the board from the first round.
    s = position()
    assert s.round_cap is None
    assert _board(s, None).title == f"Magic Spell · Round 1 of at most {SAFETY_ROUNDS} · 99 left"
    s.round = SAFETY_ROUNDS
    assert _board(s, 0).title == (
        f"Magic Spell · Round {SAFETY_ROUNDS} of at most {SAFETY_ROUNDS} · the last round"
    )


def test_the_board_warns_when_grading_comes_without_a_submission() -> None:
    s = position()
    s.round = SAFETY_ROUNDS - WARNING_ROUNDS
    assert "Grading comes" not in _board(s, None).description
    s.round = SAFETY_ROUNDS - 4
    assert _board(s, None).description.splitlines()[0] == (
        f"**Grading comes after round {SAFETY_ROUNDS} (this round and 4 more):** no semester "
        "was set, but Grimoire ends every game by then; if nobody has submitted a full "
        "courseload, the spellbooks are graded as they stand."
    )
    s.round = SAFETY_ROUNDS
    assert "**Grading comes at the end of this round:**" in _board(s, 1).description
    s.grader, s.last_turns = 0, 2
    assert "Grading comes" not in _board(s, 1).description, "grading is already announced"


def test_the_board_warns_before_the_end_of_a_semester_set_by_the_table() -> None:
    s = position(rounds=20)
    s.round = 18
    assert _board(s, None).description.splitlines()[0] == (
        "**Grading comes after round 20 (this round and 2 more):** the semester ends then; if "
        "nobody has submitted a full courseload, the spellbooks are graded as they stand."
    )


def test_seat_board_adds_the_cabinet_and_homework_with_what_each_spell_needs() -> None:
    board = _board(_table(), 0)
    fields = {f.name: f.value for f in board.fields}
    assert fields["Your cabinet"].splitlines()[0] == "A E"
    assert "Spirit 5 (pays for" in fields["Your cabinet"]
    assert fields["Your homework"] == (
        "**Ken** (1 credit): woven K · needs E N\n"
        "↳ Look at an opponent's homework spells and the tiles woven on them."
    )
    assert "**Your move.**" in board.description


def test_the_laboratory_shows_a_viewer_the_tiles_they_remember() -> None:
    s = play(_table(), (0, "scrounge 2"), (0, "put back"))
    assert _board(s, 0).fields[0].value.splitlines()[-1] == "You remember: E at 2"
    assert "remember" not in _board(s, 1).fields[0].value


def test_a_decision_in_progress_tells_its_owner_what_to_type_and_others_what_happens() -> None:
    s = play(_table(), (0, "scrounge 1"))
    assert "**Tile 1 is A:** `keep` it or `put back`." in _board(s, 0).description, (
        "Ann's only homework, Ken, has no A: no weave is offered"
    )
    fits = play(_table(), (0, "scrounge 2"))
    assert "**Tile 2 is E:** `weave it on ken`, `keep` it, or `put back`." in (
        _board(fits, 0).description
    )
    assert _board(s, 1).description.startswith("Ann looks at tile 1.")
    assert "is A" not in _text(_board(s, 1))


def test_trade_offers_are_listed_with_details_for_the_two_students() -> None:
    s = position(4, cabinets=[[], ["E"], ["K"], []], homework=[[], ["ken"], [], []])
    s = play(s, (1, "trade with 3 give e for k"))
    names = ["Ann", "Bo", "Cy", "Di"]
    mine = ENGINE.describe(ENGINE.view(s, 2)).rendered(names)
    theirs = ENGINE.describe(ENGINE.view(s, 3)).rendered(names)
    assert {f.name: f.value for f in mine.fields}["Trade offers"] == "Bo → Cy: an E for a K"
    assert {f.name: f.value for f in theirs.fields}["Trade offers"] == "Bo → Cy"


def test_final_board_ranks_every_student_with_their_credits() -> None:
    played = random_playout(ENGINE, 3, 4)
    board = _board(played.state, None)
    assert board.title == "Magic Spell · graded"
    final = next(f.value for f in board.fields if f.name == FINAL_SCORES)
    assert len(final.splitlines()) == 3
    assert "spells" in final


def test_final_boards_fit_the_embed_limits() -> None:
    played = random_playout(ENGINE, 4, 8, ENGINE.options({"open_research": True}))
    for seat in (None, 0, 1, 2, 3):
        assert not _board(played.state, seat).limit_problems()


def test_the_footer_suggests_a_move_the_viewer_may_make_now() -> None:
    s = _table()
    footer = _board(s, 0).footer
    assert footer.endswith("e.g. `/play weave e on ken`."), footer
    ENGINE.apply(s, 0, ENGINE.parse(s, 0, "weave e on ken"))  # raises if it is not legal
    # Once the E is woven, the cabinet holds nothing Ken needs: the hint changes with it.
    after = play(s, (0, "weave e on ken"), (1, "rest"), (2, "rest"))
    hint = _board(after, 0).footer.split("`/play ")[-1].rstrip("`.")
    assert hint == "scrounge 1"
    ENGINE.apply(after, 0, ENGINE.parse(after, 0, hint))
    # Not the viewer's turn: no move, an explanation of credits.
    assert "/play" not in _board(s, 1).footer
    assert "Credits" in _board(s, 1).footer


@pytest.mark.slow
def test_a_decision_offers_back_and_done_exactly_when_they_are_legal() -> None:
    seen: set[str] = set()
    for seed in range(150):
        configuration = ENGINE.configurations()[seed % len(ENGINE.configurations())]
        players, options = configuration
        s = random_position(ENGINE, players, seed=seed, steps=5 + seed * 2, options=options)
        for seat in ENGINE.to_act(s):
            view = ENGINE.view(s, seat)
            own = [p for p in view.pending if p.seat == seat]
            if not own:
                continue
            seen.add(own[0].kind)
            legal = ENGINE.legal_actions(s, seat)
            said = describe(view).description
            assert ("`back`" in said) == (BACK in legal), said
            assert ("`done`" in said) == (DONE in legal), said
    assert len(seen) >= 3, seen
