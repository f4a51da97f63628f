"""The export format: every title (the throwaway test game too) exports, round-trips and
verifies; a running game's export holds only what its requester could know; a tampered export
fails verification."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel

import games
from games.core import Engine, LogEntry, Outcome, render_seats
from games.core.playout import Playout, random_playout
from games.export import (
    FORMAT_VERSION,
    Ending,
    ExportError,
    GameExport,
    RecordedMove,
    export_game,
    export_history,
    read_export,
    story,
    verify,
)
from games.export.cli import schema_text
from tests.games.configurations import CONTRACT_CONFIGURATIONS, CONTRACT_ENGINE_PARAMS

SEED = 11
NAMES = ["Ada", "Bastien", "Chloë", "Dmitri", "Esther"]
START = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
SCHEMA = Path(__file__).parents[3] / "docs" / "export.schema.json"
MANDRAGORA = games.get("mandragora")


def _moves(played: Playout) -> list[RecordedMove]:
    return [
        RecordedMove(seat, notation, START + timedelta(minutes=n))
        for n, (seat, notation) in enumerate(played.actions)
    ]


def _finished(engine: Engine[Any, Any], players: int, options: BaseModel) -> GameExport:
    played = random_playout(engine, players, SEED, options)
    return export_game(
        engine,
        seed=SEED,
        options=options.model_dump(),
        names=NAMES[:players],
        moves=_moves(played),
        status="finished",
        game_id=4,
    )


@pytest.mark.parametrize(("engine", "players", "options"), CONTRACT_CONFIGURATIONS)
@pytest.mark.slow
def test_every_title_round_trips_and_verifies(
    engine: Engine[Any, Any], players: int, options: BaseModel
) -> None:
    played = random_playout(engine, players, SEED, options)
    export = _finished(engine, players, options)
    again = read_export(export.model_dump_json())
    assert again == export
    assert again.seed == SEED
    assert again.complete
    assert again.format_version == FORMAT_VERSION
    assert [m.notation for m in again.moves] == [n for _, n in played.actions]
    checked = verify(again)
    assert checked.moves == len(played.actions)
    assert played.outcome is not None
    assert again.outcome is not None
    assert again.outcome.ranks == list(played.outcome.ranks)
    assert again.outcome.scores == list(played.outcome.scores)
    assert checked.ending == again.outcome.ending


def _another_deal(engine: Engine[Any, Any], players: int, options: BaseModel) -> int | None:
    """The first seed after ``SEED`` that sets the table differently as spectators see it (a
    different deal, another first player), if one of the next few does."""
    first = engine.view(engine.new_game(players, SEED, options), None)
    for seed in range(SEED + 1, SEED + 20):
        if engine.view(engine.new_game(players, seed, options), None) != first:
            return seed
    return None


@pytest.mark.parametrize("engine", CONTRACT_ENGINE_PARAMS)
@pytest.mark.slow
def test_a_tampered_export_fails_verification(engine: Engine[Any, Any]) -> None:
    players = engine.configurations()[0][0]
    export = _finished(engine, players, engine.configurations()[0][1])
    data = export.model_dump(mode="json")
    tampered: list[dict[str, Any]] = []
    cut = json.loads(json.dumps(data))
    cut["moves"] = cut["moves"][:-1]  # the last move dropped: the game is not over
    tampered.append(cut)
    scored = json.loads(json.dumps(data))
    scored["outcome"]["scores"][0] += 1
    tampered.append(scored)
    said = json.loads(json.dumps(data))
    said["outcome"]["ending"] = "Somebody else wins."
    tampered.append(said)
    told = json.loads(json.dumps(data))
    told["moves"][0]["lines"] = [{"text": "Nothing happened.", "only": None}]
    tampered.append(told)
    other = _another_deal(engine, players, engine.configurations()[0][1])
    if other is not None:  # a setup that draws nothing is the same from every seed
        swapped = json.loads(json.dumps(data))
        swapped["seed"] = other  # another deal: the story or the moves no longer fit
        tampered.append(swapped)
    for document in tampered:
        with pytest.raises(ExportError):
            verify(read_export(json.dumps(document)))


def test_a_move_the_rules_refuse_is_named() -> None:
    engine = MANDRAGORA
    export = _finished(engine, engine.min_players, engine.Options())
    data = export.model_dump(mode="json")
    data["moves"][2]["notation"] = "fly to the moon"
    with pytest.raises(ExportError, match=r"move 3 .* is refused on replay"):
        verify(read_export(json.dumps(data)))


def test_an_old_magic_spell_game_exports_with_the_semester_it_was_played_with() -> None:
    # Options stored before a semester could be chosen (RULES.md of Magic Spell, decision 22)
    # are read as stored: the export names the semester, so it replays as the game went.
    engine = games.get("magic-spell")
    stored = {
        "heavy_courseload": None,
        "low_enrollment": False,
        "philosophers_stone": False,
        "open_research": False,
    }
    export = export_game(
        engine, seed=SEED, options=stored, names=NAMES[:3], moves=[], status="running"
    )
    assert export.options["rounds"] == 30
    assert engine.new_game(3, SEED, export.options).round_cap == 30


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("not json", "not JSON"),
        ("[1, 2]", "no format_version"),
        ('{"format_version": 2}', "newer version of Grimoire"),
        ('{"format_version": 1, "game": "mandragora"}', "damaged at"),
    ],
)
def test_unreadable_documents_are_refused_clearly(text: str, reason: str) -> None:
    with pytest.raises(ExportError, match=reason):
        read_export(text)


def _running(
    engine: Engine[Any, Any], requester: int | None
) -> tuple[GameExport, list[tuple[RecordedMove, tuple[LogEntry, ...]]]]:
    players, options = engine.configurations()[0]
    played = random_playout(engine, players, SEED, options)
    moves = _moves(played)[: len(played.actions) // 2]
    state = engine.new_game(players, SEED, options)
    steps = []
    for move in moves:
        transition = engine.apply(state, move.seat, engine.parse(state, move.seat, move.notation))
        state = transition.state
        steps.append((move, tuple(transition.log)))
    export = export_game(
        engine,
        seed=SEED,
        options=options.model_dump(),
        names=NAMES[:players],
        moves=moves,
        status="running",
        requester=requester,
    )
    return export, steps


@pytest.mark.parametrize("engine", CONTRACT_ENGINE_PARAMS)
@pytest.mark.parametrize("requester", [0, None])
def test_a_running_game_exports_only_what_the_requester_knows(
    engine: Engine[Any, Any], requester: int | None
) -> None:
    players, options = engine.configurations()[0]
    export, steps = _running(engine, requester)
    assert export.seed is None
    assert not export.complete
    assert export.requester == requester
    assert export.outcome is None
    # Another world the requester cannot tell apart: a different seed, every other seat's
    # moves written differently and every line hidden from the requester reworded.
    other_world = [
        (
            move
            if move.seat == requester
            else RecordedMove(move.seat, f"something else {n}", move.at),
            tuple(
                entry if entry.visible_to(requester) else LogEntry(f"hidden {n}", entry.audience)
                for entry in log
            ),
        )
        for n, (move, log) in enumerate(steps)
    ]
    resampled = export_history(
        engine,
        seed=SEED + 1,
        options=options.model_dump(),
        names=NAMES[:players],
        steps=other_world,
        status="running",
        requester=requester,
    )
    assert resampled == export
    assert story(resampled) == story(export)
    # The same resampling shows through a finished game's export, which holds everything.
    everything = export_history(
        engine,
        seed=SEED,
        options=options.model_dump(),
        names=NAMES[:players],
        steps=steps,
        status="cancelled",
    )
    resampled_everything = export_history(
        engine,
        seed=SEED + 1,
        options=options.model_dump(),
        names=NAMES[:players],
        steps=other_world,
        status="cancelled",
    )
    assert everything != resampled_everything


@pytest.mark.parametrize("engine", CONTRACT_ENGINE_PARAMS)
def test_a_running_game_shows_the_requesters_own_moves(engine: Engine[Any, Any]) -> None:
    export, steps = _running(engine, 0)
    own = [m for m in export.moves if m.seat == 0]
    others = [m for m in export.moves if m.seat != 0]
    assert own
    assert all(m.notation is not None for m in own)
    assert others
    assert all(m.notation is None for m in others)
    names = NAMES[: export.players]
    for move, (_, log) in zip(export.moves, steps, strict=True):
        readable = [render_seats(e.text, names) for e in log if e.visible_to(0)]
        assert [line.text for line in move.lines] == readable
    hidden = sum(1 for _, log in steps for e in log if not e.visible_to(0))
    assert sum(len(m.lines) for m in export.moves) == sum(len(log) for _, log in steps) - hidden
    with pytest.raises(ExportError, match="holds no seed"):
        verify(export)


def test_a_resignation_verifies_without_the_rules_ending() -> None:
    engine = MANDRAGORA
    played = random_playout(engine, 2, SEED)
    moves = _moves(played)[:10]
    state = engine.new_game(2, SEED)
    for move in moves:
        state = engine.apply(state, move.seat, engine.parse(state, move.seat, move.notation)).state
    forfeit = Outcome(scores=(0, 0), tiebreaks=(0, 0), ranks=(2, 1), winners=frozenset({1}))
    export = export_game(
        engine,
        seed=SEED,
        options={},
        names=NAMES[:2],
        moves=moves,
        status="finished",
        ending=Ending(forfeit, "{p0} resigned — {p1} wins.", by_rules=False),
        resigned=frozenset({0}),
    )
    assert verify(export).ending == "Ada resigned — Bastien wins."
    assert "Ada resigned — Bastien wins." in story(export)
    data = export.model_dump(mode="json")
    data["outcome"]["winners"] = [0]
    with pytest.raises(ExportError, match="resigned among the winners"):
        verify(read_export(json.dumps(data)))


def test_the_committed_schema_is_the_generated_one() -> None:
    assert SCHEMA.read_text(encoding="utf-8") == schema_text(), (
        "docs/export.schema.json is stale: run `python -m games schema docs/export.schema.json`"
    )


def test_the_story_tells_every_move_with_names() -> None:
    engine = MANDRAGORA
    export = _finished(engine, 3, engine.Options())
    text = story(export)
    assert text.startswith(f"{engine.title} #4\n")
    assert "Players, in seat order:\n  1. Ada\n  2. Bastien\n  3. Chloë\n" in text
    assert "**" not in text, "the story is plain text"
    assert f"Seed: {SEED}" in text
    assert f"{len(export.moves)}. " in text
    assert "{p" not in text, "seat placeholders are filled with names"
    assert export.outcome is not None
    assert export.outcome.ending in text


def test_a_player_who_resigned_and_was_played_on_for_is_placed_last() -> None:
    engine = MANDRAGORA  # three seats, no teams
    played = random_playout(engine, 3, SEED)
    assert played.outcome is not None
    rules = played.outcome
    best = min(range(3), key=lambda s: (rules.ranks[s], s))
    others = sorted((s for s in range(3) if s != best), key=lambda s: (rules.ranks[s], s))
    # The table's places: the seat that resigned (the rules' winner) goes last.
    ranks = [0, 0, 0]
    for place, seat in enumerate([*others, best], start=1):
        ranks[seat] = place
    settled = rules.model_copy(update={"ranks": tuple(ranks), "winners": frozenset({others[0]})})
    ending = Ending(settled, engine.ending(played.state, settled), by_rules=True)
    export = export_game(
        engine,
        seed=SEED,
        options={},
        names=NAMES[:3],
        moves=_moves(played),
        status="finished",
        ending=ending,
        resigned=frozenset({best}),
    )
    assert export.outcome is not None
    assert verify(export).ending == export.outcome.ending
    swapped = export.model_dump(mode="json")
    first, second = others
    swapped["outcome"]["ranks"][first], swapped["outcome"]["ranks"][second] = (
        swapped["outcome"]["ranks"][second],
        swapped["outcome"]["ranks"][first],
    )
    assert rules.ranks[first] != rules.ranks[second], "a real order among those who played on"
    with pytest.raises(ExportError, match="ends differently"):
        verify(read_export(json.dumps(swapped)))
