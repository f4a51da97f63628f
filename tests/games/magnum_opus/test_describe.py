"""Boards: the public table for everyone, plus a seat's pack, Magnum Opus and choices."""

from __future__ import annotations

from games.core import FINAL_SCORES, Board
from games.magnum_opus.describe import describe
from games.magnum_opus.state import MagnumOpusState
from games.magnum_opus.view import MagnumOpusView
from tests.games.magnum_opus.positions import (
    ENGINE,
    new_game,
    patronage_table,
    pick_all,
    play,
    play_to_end,
    started,
)

NAMES = ["Ann", "Bo", "Cy"]


def _board(s: MagnumOpusState, seat: int | None) -> Board:
    view = ENGINE.view(s, seat)
    assert isinstance(view, MagnumOpusView)
    return describe(view).rendered(NAMES)


def _fields(board: Board) -> dict[str, str]:
    return {f.name: f.value for f in board.fields}


def test_public_board_shows_lane_clock_and_alchemists_but_no_secret() -> None:
    s = started(3)
    board = _board(s, None)
    names = [f.name for f in board.fields]
    assert names[0] == "Golden Lane (4 silver)"
    assert names[1] == "Astronomical Clock (3 silver)"
    assert names[2:] == ["Ann (🐍 Ouroboros, ▶)", "Bo (▶)", "Cy (▶)", "Prime Ingredients"]
    text = str(board.model_dump())
    assert "Your pack" not in text
    assert "Your Magnum Opus" not in text
    assert "Prime Ingredients" in board.fields[1].value
    assert "Still to come, left first" in board.fields[0].value
    assert "🪙 3 silver" in board.fields[2].value
    assert board.title == "Magnum Opus · round 1 of 5 · Solicitations, card 1 of 6"


def test_seat_board_adds_the_pack_the_magnum_opus_and_the_choices() -> None:
    s = started(3)
    fields = _fields(_board(s, 1))
    assert "IX Lukas" in fields["Your pack"]
    assert "discarded:" in fields["Your Magnum Opus"]
    assert "`pick wolrad`" in fields["Your choices"]
    assert "Your score if the game ended now" in fields
    assert "**Choose a card from your pack.**" in _board(s, 1).description


def test_a_chosen_card_shows_to_its_owner_only() -> None:
    s = play(started(3), (1, "pick marie"))
    assert "Chosen, face down: **VII Marie**" in _fields(_board(s, 1))["Your pack"]
    public = _board(s, None)
    assert "Bo (✔)" in [f.name for f in public.fields]
    assert "Chosen" not in str(public.model_dump())


def test_keep_board_offers_both_magnum_opus_cards_with_their_formulas() -> None:
    s = new_game(3)
    fields = _fields(_board(s, 0))
    first, second = s.alchemists[0].dealt
    assert f"`keep {first}`" in fields["Your Magnum Opus"]
    assert f"`keep {second}`" in fields["Your Magnum Opus"]
    assert " + " in fields["Your Magnum Opus"]
    assert _board(s, 0).title == "Magnum Opus · choosing a Magnum Opus card"


def test_patronage_board_names_the_patron_and_strikes_out_called_cards() -> None:
    s, _ = patronage_table(fronts=[["wolrad-salt", "marie"], ["lukas"], []], calling=7)
    board = _board(s, 0)
    assert board.title == "Magnum Opus · round 1 of 5 · Patronage: VII Marie"
    assert "Ann is the patron of VII Marie" in board.description
    assert "**Your decision.**" in board.description
    assert "~~I Wolrad (⚪ salt)~~" in board.fields[2].value
    assert "VII Marie" in board.fields[2].value
    assert "~~VII Marie~~" not in board.fields[2].value
    assert "`lane salt`" in _fields(board)["Your choices"]
    assert "**Your decision.**" not in _board(s, 1).description


def test_the_status_of_a_patron_of_i_to_vi_says_the_clock_alternative() -> None:
    """Patronage: "Their beneficiary can renounce the Character's Favor and any Funds
    indicated in order to purchase one (only) of these Alchemical Ingredients present in the
    Astronomical Clock Square for 3 Silver tokens."
    """
    s, _ = patronage_table(
        fronts=[["jezebel-vitriol", "jezebel-salt"], ["marie"], []], silver=[3, 0, 0], calling=4
    )
    assert (
        "Instead, Ann may renounce the Funds and the Favor to buy one ⚪ salt or 🟢 vitriol "
        "(shown on their IV cards) at the Astronomical Clock for 3 silver."
    ) in _board(s, 1).description
    poor, _ = patronage_table(
        fronts=[["jezebel-vitriol"], ["marie"], []], silver=[2, 1, 0], calling=4
    )
    assert "but they have only 2 silver." in _board(poor, 0).description
    bare, _ = patronage_table(
        fronts=[["jezebel-vitriol"], ["marie"], []], silver=[3, 1, 0], clock=["salt"], calling=4
    )
    assert "🟢 vitriol (shown on their IV cards)" in _board(bare, 0).description
    assert "but the Clock has none now." in _board(bare, 0).description
    lane, _ = patronage_table(fronts=[["marie"], [], []], calling=7)
    assert "Astronomical Clock" not in _board(lane, 0).description


def test_final_board_shows_every_score_and_magnum_opus() -> None:
    s = play_to_end(started(3))
    board = _board(s, None)
    fields = _fields(board)
    assert board.title == "Magnum Opus · game over"
    assert FINAL_SCORES in fields
    assert fields[FINAL_SCORES].count("Prime pair") == 3
    assert "Magnum Opus:" in board.fields[2].value
    assert "Your pack" not in fields


def test_boards_fit_the_limits_at_five_seats() -> None:
    s = started(5)
    for seat in (None, 0, 4):
        view = ENGINE.view(s, seat)
        assert not ENGINE.describe(view).limit_problems()


def test_the_status_says_what_follows_the_choice() -> None:
    s = started(3)
    assert "packs pass to the right and Ann takes the pack" in _board(s, None).description
    for _ in range(5):
        s = pick_all(s)
    assert "then the Patronage begins" in _board(s, None).description
