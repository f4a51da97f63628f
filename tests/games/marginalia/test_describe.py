"""Boards: the page as a compact grid, both sides, the abilities at work, the viewer's hand and
what to type."""

from __future__ import annotations

import re

from games.core import Board
from games.core.playout import random_playout
from games.marginalia.describe import describe
from games.marginalia.state import MarginaliaState
from games.marginalia.view import MarginaliaView
from tests.games.marginalia.positions import ENGINE, FILLER, play, position


def _board(s: MarginaliaState, seat: int | None) -> Board:
    view = ENGINE.view(s, seat)
    assert isinstance(view, MarginaliaView)
    return describe(view).rendered(["Ann", "Bo"])


def _fields(board: Board) -> dict[str, str]:
    return {f.name: f.value for f in board.fields}


def _table() -> MarginaliaState:
    return position(
        hands=[["cancer", "ignis-sacer"], ["sors"]],
        page={"c2": ("saint", 1), "c1": "ziz", "c3": "cancer", "e4": "unicorn"},
        health=(20, 14),
    )


def test_the_page_is_a_grid_with_the_viewers_side_at_the_bottom() -> None:
    grid = _board(_table(), 0).fields[0]
    assert grid.name == "The page"
    assert grid.value.splitlines() == [
        "```",
        "   a       b       c       d       e",
        "4  ·       ·       ·       ·       UNI 2/2 Bo back",
        "3  ·       ·       CAN 4/4 ·       ·       Bo front",
        "   ──────────────────────────────────────",
        "2  ·       ·       SAI 3/3 ·       ·       Ann front",
        "1  ·       ·       ZIZ 4/3 ·       ·       Ann back",
        "```",
        "Each cell: card, attack/health left; each row ends with its player and line.",
    ]
    flipped = _board(_table(), 1).fields[0].value.splitlines()
    assert [row[0] for row in flipped[2:7]] == ["1", "2", " ", "3", "4"]


def test_spectators_see_the_first_players_side_at_the_bottom_whoever_starts() -> None:
    s = _table()
    s.first = 1
    board = _board(s, None)
    rows = board.fields[0].value.splitlines()
    assert rows[2] == "1  ·       ·       ZIZ 4/3 ·       ·       Ann back"
    assert rows[6] == "4  ·       ·       ·       ·       UNI 2/2 Bo back"
    assert board.description.startswith("Bo went first.")
    assert "Bo · ❤️ 14 (went first)" in [f.name for f in board.fields]


def test_each_side_shows_health_counts_and_its_marginalia() -> None:
    fields = _fields(_board(_table(), None))
    assert list(fields)[1:3] == ["Bo · ❤️ 14", "Ann · ❤️ 20 (▶, went first)"]
    ann = fields["Ann · ❤️ 20 (▶, went first)"].splitlines()
    assert ann[0] == "Deck 20 · hand 2 · discard 0 · erased 0"
    assert ann[1:] == [
        "`c2` SAI **Saint** 3/4, 1 damage · *Halo*",
        "`c1` ZIZ **Ziz** 4/3 · *Blindness*",
    ]
    assert "`e4` UNI **Unicorn** 2/2 · token" in fields["Bo · ❤️ 14"]


def test_the_abilities_at_work_are_spelled_out() -> None:
    abilities = _fields(_board(_table(), None))["Abilities on the page"].splitlines()
    assert abilities[0] == (
        "**Saint** — *Halo*: Reinforcement: the marginalis in front of the Saint gains 1 health."
    )
    assert len(abilities) == 3, "one line a card, tokens have none"


def test_a_seat_sees_its_hand_in_full_and_what_to_type() -> None:
    board = _board(_table(), 0)
    hand = _fields(board)["Your hand"].splitlines()
    assert hand[0].startswith("🟡 **Cancer** 3/3 · *Flame Cloaked*: When facing")
    assert hand[1] == "🟡 **Ignis Sacer** (incantation): Deal 3 damage to a target."
    assert "**Your move:** play a card from your hand" in board.description
    other = _board(_table(), 1)
    assert "Your hand" in _fields(other)
    assert "Your move" not in other.description
    assert "Your hand" not in _fields(_board(_table(), None))


def test_the_title_names_the_turn_the_player_and_the_phase() -> None:
    assert _board(_table(), None).title == "Marginalia · turn 6 · Ann's play phase"


def test_a_pending_choice_tells_its_owner_what_to_type_and_others_only_who_decides() -> None:
    s = play(_table(), (0, "play cancer"))
    free = "play it to a2 or b2 or d2 or e2, or go back."
    assert free in _board(s, 0).description, "c2 and c1 are taken: only the free spaces"
    assert _board(s, 1).description == "Ann went first. Ann is playing a card from their hand."
    s = play(_table(), (0, "play ignis-sacer"))
    aims = "aim it at a marginalis or at Ann or Bo, or go back."
    assert aims in _board(s, 0).description


def test_between_two_fights_the_board_says_the_attack_pauses_and_what_to_type() -> None:
    s = play(position(page={"a2": "bishop-of-lyons", "c2": "saint"}), (0, "attack from a"))
    assert _board(s, 0).description == (
        "Ann went first. Ann's attack phase, between two fights: abilities may be used.\n"
        "**Your move:** use an ability, or attack to go on."
    )
    assert "Your move" not in _board(s, 1).description
    assert _board(s, None).title == "Marginalia · turn 6 · Ann's attack phase"


def test_in_the_other_players_reset_phase_the_board_says_who_may_still_act() -> None:
    s = play(position(page={"c3": "smiting-angel", "a2": "ziz"}), (0, "attack"))
    waiting = "Ann went first. Ann's reset phase: Bo may use an ability before it ends."
    assert _board(s, 0).description == waiting
    assert _board(s, 1).description == (
        waiting + "\n**Your move:** use an ability, or let the turn end."
    )


def test_the_second_player_is_offered_only_spaces_of_their_own_rows() -> None:
    s = position(
        hands=[[], ["siren"]],
        page={"c2": "saint", "c3": "cancer", "a3": "ziz", "a4": "unicorn"},
        active=1,
        first=1,
    )
    board = _board(s, 1)
    assert "play a card from your hand" in board.description
    assert board.footer.startswith("Type e.g. /play play siren to b3")
    s = play(s, (1, "play siren"))
    text = _board(s, 1).description
    offered = re.findall(r"\b([a-e]\d)\b", text.split("play it to ")[1])
    assert offered == ["b3", "c4", "d3", "e3"], "the front line, or behind a lone marginalis"
    legal = [ENGINE.notation(a) for a in ENGINE.legal_actions(s, 1)]
    assert [f"to {space}" for space in offered] == [a for a in legal if a.startswith("to ")]


def test_a_search_lists_what_the_searcher_may_summon() -> None:
    deck = ["white-unicorn", "wild-unicorn", "saint", *FILLER]
    s = position(hands=[["pure-virgin"], []], decks=[deck, FILLER])
    s = play(s, (0, "play pure-virgin"), (0, "to c2"))
    mine = _board(s, 0).description.splitlines()
    assert mine == [
        "Ann went first. "
        "Ann searches their deck for a unicorn to stand behind **Pure Virgin** (c2).",
        "**Your decision:** summon White Unicorn or Wild Unicorn or a token.",
    ]
    assert _board(s, 1).description == mine[0]


def test_the_final_board_names_the_winner_and_why() -> None:
    played = random_playout(ENGINE, 2, 4)
    board = _board(played.state, None)
    assert board.title == "Marginalia · game over"
    winner = ["Ann", "Bo"][played.state.winner]
    assert board.description.endswith(f"**{winner} wins.**")
    assert any("🏆 winner" in f.name for f in board.fields)


def test_a_crowded_page_still_fits_the_board_limits() -> None:
    crowded = {
        f"{f}{r}": c
        for f, c in zip(
            "abcde",
            ["pure-virgin", "physician-ape", "siren", "dancing-skeleton", "smiting-angel"],
            strict=True,
        )
        for r in "1234"
    }
    s = position(
        hands=[
            [
                "pure-virgin",
                "rota-fortuna",
                "procession",
                "sors",
                "palimpsest",
                "basilisk",
                "rubric-dragon",
            ],
            [],
        ],
        page=crowded,
    )
    for seat in (0, 1, None):
        assert _board(s, seat).limit_problems() == []
