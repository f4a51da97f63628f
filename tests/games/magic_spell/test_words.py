"""Magic Spell says every word a member reads as a message, in English, French and German.

A seeded game said in the pseudo-language leaves nothing unmarked (nothing escaped
translation), the French and German catalogues are complete, a few sentences read as a
French or German board gamer would say them, and every button still fits once translated.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from pydantic import BaseModel

from bot.words.extract import problems
from bot.words.i18n import localize
from games.core.labels import LABEL_LIMIT, shown_length
from games.magic_spell.actions import Rest
from games.magic_spell.catalogue import catalogue
from games.magic_spell.engine import MagicSpellEngine, MagicSpellOptions
from games.magic_spell.refusals import explain, not_your_turn
from games.magic_spell.state import MagicSpellState
from tests.games.magic_spell.positions import ENGINE, position
from tests.games.pseudo import escaped, said, unmarked

DOMAIN = "games/magic_spell"
SEEDS = (1,)


class _Table(MagicSpellEngine):
    """The engine with a configuration's options: ``escaped`` starts games without any,
    and two students play only with Low Enrollment."""

    def __init__(self, options: BaseModel) -> None:
        self._options = options

    def new_game(
        self, players: int, seed: int, options: BaseModel | Any | None = None
    ) -> MagicSpellState:
        return super().new_game(players, seed, self._options if options is None else options)


def _configurations() -> list[tuple[int, BaseModel]]:
    return MagicSpellEngine().configurations()


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize(
    ("players", "options"),
    _configurations(),
    ids=[f"{n}p-{i}" for i, (n, _) in enumerate(_configurations())],
)
def test_nothing_escapes_translation(players: int, options: BaseModel, seed: int) -> None:
    assert escaped(_Table(options), players, seed) == []


@pytest.mark.parametrize("language", ["fr", "de"])
def test_the_catalogues_are_complete(language: str) -> None:
    assert [p for p in problems(language) if p.split(":")[0] == DOMAIN] == []


def _opening() -> MagicSpellState:
    return ENGINE.new_game(3, 7, MagicSpellOptions(rounds=30))


def test_a_refusal_in_french_and_german() -> None:
    s = _opening()
    waiting = not_your_turn(s, 1)
    assert localize(waiting, "fr") == (
        "C'est au tour de {p0}, et vous n'avez aucun échange à faire ni à répondre pour l'instant."
    )
    assert localize(waiting, "de") == (
        "{p0} ist am Zug, und du hast gerade keinen Tausch zu machen oder zu beantworten."
    )
    table = position(
        4,
        cabinets=[["E", "K"], ["A"], ["B"], []],
        homework=[["ken"], [], ["vim"], []],
        spellbooks=[["vim"], [], [], []],
        spirit=[4, 5, 5, 5],
        lab={1: "A"},
    )
    weave = ENGINE.parse_syntax("weave e on vim")
    assert weave is not None
    refusal = explain(table, 0, weave)
    assert refusal == "Vim is not one of your homework spells."
    assert localize(refusal, "fr") == "Vim n'est pas l'un de vos devoirs."
    assert localize(refusal, "de") == "Vim ist keine deiner Hausaufgaben."


def test_a_log_line_in_french_and_german() -> None:
    s = _opening()
    entries = ENGINE.apply(s, s.current, Rest()).log
    said = [e.text for e in entries if "rests" in e.text]
    assert said == ["{p0} rests and gains 2 spirit."]
    assert localize(said[0], "fr") == "{p0} se repose et gagne 2 esprit."
    assert localize(said[0], "de") == "{p0} rastet und erhält 2 Geist."


def test_a_card_in_french_and_german() -> None:
    vim = next(card for card in catalogue() if card.key == "spell-vim")
    assert localize(vim.name, "fr") == "Vim"
    assert localize(vim.text, "fr").startswith("Gagnez 3 esprit. Se lance pendant votre tour.")
    assert localize(vim.text, "de").startswith("Erhalte 3 Geist. Wird in deinem Zug gewirkt.")
    assert localize(vim.kind, "de") == "Zauber"


@pytest.mark.parametrize(
    ("players", "options"),
    _configurations(),
    ids=[f"{n}p-{i}" for i, (n, _) in enumerate(_configurations())],
)
def test_every_label_fits_a_button_in_french_and_german(players: int, options: BaseModel) -> None:
    chooser = random.Random(players)
    s = ENGINE.new_game(players, 11, options)
    too_long: set[str] = set()
    for _ in range(300):
        if ENGINE.outcome(s) is not None:
            break
        seat = sorted(ENGINE.to_act(s))[0]
        actions = ENGINE.legal_actions(s, seat)
        for action in [*actions, *ENGINE.whole_moves(s, seat)]:
            label = ENGINE.action_label(s, seat, action)
            for language in ("fr", "de"):
                said = localize(label, language)
                if shown_length(said) > LABEL_LIMIT:
                    too_long.add(said)
        s = ENGINE.apply(s, seat, chooser.choice(actions)).state
    assert too_long == set()


def test_every_card_says_where_the_rules_say_more_as_a_message() -> None:
    leftover = {card.key: unmarked(said(card.rules)) for card in catalogue() if card.rules}
    assert {key: words for key, words in leftover.items() if words} == {}
