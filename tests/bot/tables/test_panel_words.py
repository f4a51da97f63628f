"""What the turn panel says above its controls: the moves since the member's last one,
what they are to decide and the names of what they hold, short enough for a phone, for
every game over seeded positions, and never the whole board."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest
from pydantic import BaseModel

from bot.common.announce import private_fields
from bot.common.render import render
from bot.tables.choices import PanelChoices, panel_choices
from bot.tables.panel_words import (
    PANEL_TEXT_LIMIT,
    RECAP_LINES,
    how_to_pick,
    own_text,
    panel_text,
    recap_text,
    since_last_turn,
)
from bot.tables.views import Moment
from games.core import Board, BoardField, Engine, LogEntry
from tests.games.configurations import CONFIGURATIONS

NAMES = ["Alice", "Bob", "Carol", "Dave", "Erin"]
#: A note and the lines of a move far longer than a panel has room for.
LONG_NOTE = "The game has moved on; " * 20
LONG_LINES = "\n".join(f"Alice does thing {i} of a long move." for i in range(30))
#: How far into a game the seeded positions are: the deal, early, midway, late.
STEPS = (0, 12, 60, 240)


def moments_of(
    engine: Engine[Any, Any], players: int, options: BaseModel, seed: int, steps: int
) -> list[Moment]:
    """A game of seeded random moves, as the versions it went through (the deal first)."""
    rng = random.Random(seed)
    state = engine.new_game(players, seed, options)
    moments = [Moment(state, (), engine.waiting_for(state), None)]
    for _ in range(steps):
        if engine.outcome(state) is not None:
            break
        seat = rng.choice(sorted(engine.to_act(state)))
        transition = engine.apply_trusted(
            state, seat, rng.choice(engine.legal_actions(state, seat))
        )
        state = transition.state
        outcome = engine.outcome(state)
        moments.append(Moment(state, transition.log, engine.waiting_for(state), outcome, seat))
    return moments


def text_for(
    engine: Engine[Any, Any], moments: list[Moment], seat: int, before: Sequence[str] = ()
) -> str:
    """The panel's text for ``seat`` at the newest of ``moments``, as the panel writes it,
    under ``before``."""
    state = moments[-1].state
    panel = panel_choices(engine, state, seat)
    return panel_text(
        f"**{engine.title}** #7",
        panel,
        NAMES,
        before=before,
        recap=since_last_turn(moments, seat),
        board=engine.describe(engine.view(state, seat)),
        own=private_fields(engine, state, seat) if panel else (),
    )


def whole_board_parts(board: Board) -> list[str]:
    """What would show the board itself: every field of more than one line or of a long
    line, and every long line of them (a card's text in a hand, the page of Marginalia)."""
    parts: list[str] = []
    for field in board.rendered(NAMES).fields:
        value = render(field.value)
        if "\n" in value or len(value) > 100:
            parts.append(value)
        parts += [line for line in value.splitlines() if len(line) > 60]
    return parts


@pytest.mark.parametrize(("engine", "players", "options"), CONFIGURATIONS)
def test_every_games_panel_fits_a_phone_and_shows_no_board(
    engine: Engine[Any, Any], players: int, options: BaseModel
) -> None:
    for seed, steps in enumerate(STEPS):
        moments = moments_of(engine, players, options, seed, steps)
        state = moments[-1].state
        if engine.outcome(state) is not None:
            continue
        for seat in range(players):
            text = text_for(engine, moments, seat)
            where = f"{engine.key}, {players} seats, seed {seed}, {steps} moves, seat {seat}"
            assert len(text) <= PANEL_TEXT_LIMIT, f"{where}:\n{text}"
            own = engine.describe(engine.view(state, seat))
            public = engine.describe(engine.view(state, None))
            # The cards on the buttons are said in a line each ("**Name** — brief"), which
            # a field listing the same cards the same way may hold too: leave them out.
            said = "\n".join(line for line in text.splitlines() if " — " not in line)
            shown = [p for p in whole_board_parts(own) + whole_board_parts(public) if p in said]
            assert shown == [], f"{where}: the board is in the panel:\n{text}"
            if seat in engine.to_act(state) and engine.legal_actions(state, seat):
                assert "your move" in text.splitlines()[0], where
            # A long note and the lines of a long move before it crowd out the rest, not
            # the controls: the panel stays as short, and still says how to pick.
            crowded = text_for(engine, moments, seat, before=[LONG_NOTE, LONG_LINES])
            assert len(crowded) <= PANEL_TEXT_LIMIT, f"{where}:\n{crowded}"
            if panel := panel_choices(engine, state, seat):
                assert how_to_pick(panel) in crowded, where


def test_the_moves_since_the_last_one_are_those_the_member_may_read() -> None:
    def moment(mover: int | None, *log: LogEntry) -> Moment:
        return Moment(None, log, frozenset(), None, mover)

    moments = [
        moment(None),
        moment(0, LogEntry.public("{p0} draws.")),
        moment(
            1,
            LogEntry.public("{p1} plays the Mirror."),
            LogEntry("{p1} keeps a 7.", frozenset({1})),
        ),
        moment(0, LogEntry.public("{p0} passes."), LogEntry("You draw a 3.", frozenset({0}))),
        moment(
            2, LogEntry.public("{p2} attacks {p0}."), LogEntry("{p2} sees your 3.", frozenset({2}))
        ),
        moment(
            1, LogEntry("{p1} hands you a 9.", frozenset({0, 1})), LogEntry.public("{p1} ends.")
        ),
    ]
    assert since_last_turn(moments, 0) == [
        "{p2} attacks {p0}.",
        "{p1} hands you a 9.",
        "{p1} ends.",
    ]
    assert since_last_turn(moments, 1) == []  # they moved last
    assert since_last_turn(moments, 3) == [  # not moved yet: everything since the deal
        "{p0} draws.",
        "{p1} plays the Mirror.",
        "{p0} passes.",
        "{p2} attacks {p0}.",
        "{p1} ends.",
    ]


def test_the_recap_keeps_the_newest_lines_and_counts_the_rest() -> None:
    lines = [f"{{p{i % 2}}} moves a stone to place {i}." for i in range(9)]
    text = recap_text(lines, NAMES)
    assert text.splitlines() == [
        "-# Since your last move:",
        *(render(line, NAMES) for line in lines[-RECAP_LINES:]),
        f"-# … and {9 - RECAP_LINES} earlier: `/game log`",
    ]
    assert recap_text(lines[:2], NAMES).splitlines()[1:] == [
        "Alice moves a stone to place 0.",
        "Bob moves a stone to place 1.",
    ]
    assert recap_text([], NAMES) == ""
    long = ["{p0} " + "casts a very long spell " * 20] * 3
    cut = recap_text(long, NAMES, room=200)
    assert len(cut) <= 200
    assert cut.splitlines()[-1] == "-# … and 2 earlier: `/game log`"
    assert cut.splitlines()[1].endswith("…")


def test_what_the_member_holds_is_named_not_explained() -> None:
    fields = [
        BoardField(name="{p0} · the page", value="a long public field"),
        BoardField(
            name="Your hand",
            value=(
                "`furor` 🟡 **Furor** (incantation): Target marginalis gains 2 attack.\n"
                "`ignis-sacer` 🟡 **Ignis Sacer** (incantation): Deal 3 damage."
            ),
        ),
        BoardField(
            name="Your homework",
            value="**Lave** (2 credits): needs A E L V\n↳ (1 spirit) Return your cabinet.",
        ),
        BoardField(name="Your cabinet", value="C E G N\nSpirit 7 (pays for extra weaves)"),
        BoardField(name="Your choices", value="`pick ludmila` · `pick marie`"),
    ]
    assert own_text(fields, NAMES, room=500).splitlines() == [
        "Your hand: Furor · Ignis Sacer",
        "Your homework: Lave",
        "Your cabinet: C E G N · Spirit 7",
        "Your choices: pick ludmila · pick marie",
        "Alice · the page: a long public field",
    ]
    assert own_text(fields, NAMES, room=60).splitlines() == [
        "Your hand: Furor · Ignis Sacer",
        "Your homework: Lave",
    ]


def test_a_member_not_to_move_is_told_what_happened_and_nothing_to_decide() -> None:
    board = Board(title="T", description="{p1}'s turn.\n**Choose a card.**")
    text = panel_text(
        "**Stones** #3",
        PanelChoices((), (), None),
        NAMES,
        recap=["{p1} takes 2."],
        board=board,
        own=[BoardField(name="Your hand", value="**Mirror**")],
    )
    assert text.splitlines() == [
        "**Stones** #3: it is not your turn; you will be pinged.",
        "-# Since your last move:",
        "Bob takes 2.",
    ]
