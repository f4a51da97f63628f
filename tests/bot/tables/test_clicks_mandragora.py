"""How many clicks a Mandragora move takes on the panel, counted over the golden playthroughs.

Each recorded move (a seat's decisions until it is no longer deciding) is counted with
``clicks_for``, the panel's own model, from the position it was made in. The random players
of the golden games wander (``add``, ``back``, ``add`` again); a player who knows what they
want does not, so a move is counted as the decisions that remain once ``back`` has taken its
step back, with the ingredients in the menu's fixed order (the same spell either way: a test
below checks that every seat sees the same table after both).

Before these labels and whole moves, every decision was one click: that is the count with the
engine contract's defaults, which the tests compare against.
"""

from __future__ import annotations

import json
import statistics
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

import games
from bot.tables.choices import clicks_for
from games.core import Engine
from games.mandragora import MandragoraEngine, cards
from games.mandragora.actions import Action, AddIngredient, ChoosePower, Levitate, Move, Share
from games.mandragora.state import MandragoraState
from games.mandragora.whole_moves import scrolls_unseen

ENGINE = cast(MandragoraEngine, games.get("mandragora"))
GOLDEN = sorted((Path(__file__).parents[2] / "games" / "golden").glob("mandragora*.json"))
_ORDER = {card: rank for rank, card in enumerate([*cards.colours(), cards.MANDRAKE])}


class DefaultPanel(MandragoraEngine):
    """Mandragora as the panel showed it before: notation on the buttons, no whole moves,
    every seat taken to be partway through a move (the contract's defaults)."""

    def whole_moves(self, state: MandragoraState, seat: int) -> list[Action]:
        return list(Engine.whole_moves(self, state, seat))

    def action_label(self, state: MandragoraState, seat: int, action: Action) -> str:
        return Engine.action_label(self, state, seat, action)

    def deciding(self, state: MandragoraState, seat: int) -> bool:
        return Engine.deciding(self, state, seat)


BEFORE = DefaultPanel()


@dataclass(frozen=True)
class Recorded:
    """One recorded move: where it was made, by whom, as recorded and as meant."""

    game: str
    start: MandragoraState
    seat: int
    recorded: tuple[Action, ...]
    meant: tuple[Action, ...]

    @property
    def is_cast(self) -> bool:
        return any(isinstance(d, ChoosePower) for d in self.meant)

    @property
    def is_assistant(self) -> bool:
        return bool(self.meant) and isinstance(self.meant[0], Move)

    @property
    def blind_team_levitation(self) -> bool:
        """A Levitation of a face-up cursed scroll (a step of its own, never a whole move),
        or in the team variant of a face-down card while a scroll may be hidden (the card may
        bring a trade with the partner, so no whole move can hold it)."""
        blind = any(isinstance(d, Levitate) and d.card is None for d in self.meant)
        scroll = any(isinstance(d, Levitate) and d.card == cards.SCROLL for d in self.meant)
        return scroll or (blind and self.start.teams and scrolls_unseen(self.start))


def _meant(seat_moves: Sequence[str]) -> list[str]:
    """The decisions left once each ``back`` has undone the one before, the ingredients in
    the menu's fixed order."""
    kept: list[str] = []
    for text in seat_moves:
        if text == "back":
            kept.pop()
        else:
            kept.append(text)
    adds = sorted((t for t in kept if t.startswith("add ")), key=lambda t: _ORDER[t[4:]])
    slots = [i for i, t in enumerate(kept) if t.startswith("add ")]
    for slot, add in zip(slots, adds, strict=True):
        kept[slot] = add
    return kept


def _actions(state: Any, seat: int, texts: Sequence[str]) -> tuple[Action, ...]:
    actions = []
    for text in texts:
        action = ENGINE.parse(state, seat, text)
        actions.append(action)
        state = ENGINE.apply(state, seat, action).state
    return tuple(actions)


def recorded_moves() -> Iterator[Recorded]:
    """Every move of every golden Mandragora playthrough, replayed with the engine."""
    for path in GOLDEN:
        data = json.loads(path.read_text())
        state = ENGINE.new_game(data["players"], data["seed"], data["options"])
        start: MandragoraState | None = None
        texts: list[str] = []
        for line in data["actions"]:
            number, text = line.split(": ", 1)
            seat = int(number) - 1
            start = start or state
            texts.append(text)
            state = ENGINE.apply(state, seat, ENGINE.parse(state, seat, text)).state
            if ENGINE.deciding(state, seat):
                continue
            meant = _meant(texts)
            yield Recorded(
                path.stem, start, seat, _actions(start, seat, texts), _actions(start, seat, meant)
            )
            start, texts = None, []


MOVES = list(recorded_moves())
CASTS = [m for m in MOVES if m.is_cast]
ASSISTANT = [m for m in MOVES if m.is_assistant]


def clicks(move: Recorded, engine: MandragoraEngine = ENGINE) -> int:
    # A team trade that cursed scrolls brought is a decision of its own, made once they are
    # in front of the caster, as after an assistant move: the cast ends before it.
    trade = [i for i, d in enumerate(move.meant) if isinstance(d, Share)]
    meant = move.meant[: trade[0]] if trade else move.meant
    return clicks_for(engine, move.start, move.seat, meant)


def test_the_golden_games_hold_casts_and_assistant_moves_to_count() -> None:
    assert len(GOLDEN) == 4
    assert len(CASTS) >= 20
    assert len(ASSISTANT) >= 100
    assert any(any(isinstance(d, AddIngredient) for d in m.meant) for m in CASTS)


def test_a_move_as_meant_leaves_every_seat_seeing_what_the_recorded_one_left() -> None:
    for move in MOVES:
        recorded, meant = move.start, move.start
        for action in move.recorded:
            recorded = ENGINE.apply(recorded, move.seat, action).state
        for action in move.meant:
            meant = ENGINE.apply(meant, move.seat, action).state
        for seat in [None, *range(recorded.players)]:
            assert ENGINE.view(meant, seat) == ENGINE.view(recorded, seat)


def test_every_recorded_cast_takes_at_most_four_clicks() -> None:
    too_many = [
        (m.game, [ENGINE.notation(d) for d in m.meant], clicks(m))
        for m in CASTS
        if not m.blind_team_levitation and clicks(m) > 4
    ]
    assert too_many == []


def test_a_blind_levitation_in_the_team_variant_is_one_click_per_step_at_most() -> None:
    # No whole move may take the face-down card (it may bring a trade), so its last steps
    # are clicked one at a time: spellbook, ingredients, power, card.
    blind = [m for m in CASTS if m.blind_team_levitation]
    for move in blind:
        assert clicks(move) <= len(move.meant)
        assert clicks(move) <= 5


def test_a_cast_takes_fewer_clicks_than_one_per_decision() -> None:
    after = [clicks(m) for m in CASTS]
    before = [clicks(m, BEFORE) for m in CASTS]
    assert statistics.mean(after) <= 2.5 < statistics.mean(before)
    assert statistics.median(after) < statistics.median(before)
    assert max(after) < max(before)


def test_every_assistant_move_takes_one_click() -> None:
    # A team trade that cursed scrolls brought is a decision of its own, made once the
    # cards are seen; the move that brought them is one click.
    for move in ASSISTANT:
        assert clicks_for(ENGINE, move.start, move.seat, move.meant[:1]) == 1
    alone = [m for m in ASSISTANT if len(m.meant) == 1]
    assert alone
    assert all(clicks(m) == 1 for m in alone)
