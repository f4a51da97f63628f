"""Jonathan Strange & Mr Norrell in every language: nothing a member reads escapes
translation, the French and German catalogues are complete, and a few lines read as a French
and a German player would say them."""

from __future__ import annotations

import random
import re

import pytest

from bot.words.extract import problems
from bot.words.i18n import localize
from games.core.labels import LABEL_LIMIT, shown_length
from games.strange_norrell.actions import Pass, Study
from games.strange_norrell.engine import StrangeNorrellEngine
from tests.games.pseudo import escaped

ENGINE = StrangeNorrellEngine()
DOMAIN = "games/strange_norrell"
SEATS = sorted({players for players, _ in ENGINE.configurations()})

#: What the shared engine says for every game, not this package: its own catalogue says it.
_SHARED = re.compile(r"It is not your turn|You are not seated|is not a move in| wins? with ")


def _ours(where: str, text: str) -> bool:
    return not _SHARED.search(text)


@pytest.mark.parametrize("players", SEATS)
@pytest.mark.parametrize("seed", [1])
def test_nothing_escapes_translation(players: int, seed: int) -> None:
    found = [(w, t, words) for w, t, words in escaped(ENGINE, players, seed) if _ours(w, t)]
    assert found == []


@pytest.mark.parametrize("language", ["fr", "de"])
def test_the_catalogues_are_complete(language: str) -> None:
    assert [p for p in problems(language) if p.startswith(f"{DOMAIN}:")] == []


def test_a_refusal_in_french_and_german() -> None:
    state = ENGINE.new_game(2, 1)
    seat = sorted(ENGINE.to_act(state))[0]
    refusal = ENGINE.explain_illegal(state, seat, Pass())
    assert refusal == "First choose an action for this turn, or still the waters."
    assert localize(refusal, "fr") == (
        "Choisissez d'abord une action pour ce tour, ou apaisez les eaux."
    )
    assert localize(refusal, "de") == (
        "Wähle zuerst eine Aktion für diesen Zug oder beruhige die Wasser."
    )


def test_a_log_line_in_french_and_german() -> None:
    state = ENGINE.new_game(2, 1)
    seat = sorted(ENGINE.to_act(state))[0]
    (entry,) = ENGINE.apply(state, seat, Study("rain-hills")).log[:1]
    assert entry.text == "{p0} studies ⛰️ hills, 🌧️ rain."
    assert localize(entry.text, "fr") == "{p0} étudie ⛰️ collines, 🌧️ pluie."
    assert localize(entry.text, "de") == "{p0} studiert ⛰️ Hügel, 🌧️ Regen."


def test_the_summary_and_a_card_in_french_and_german() -> None:
    assert localize(ENGINE.summary, "fr").startswith("**Jonathan Strange et Mr Norrell** ·")
    assert localize(ENGINE.summary, "de").startswith("**Jonathan Strange & Mr Norrell** ·")
    london = next(card for card in ENGINE.cards() if card.key == "london")
    assert (localize(london.name, "fr"), localize(london.name, "de")) == ("Londres", "London")


@pytest.mark.parametrize("players", SEATS)
def test_labels_fit_a_button_in_french_and_german(players: int) -> None:
    """Every decision's and whole move's label, names filled in, fits a button in French and
    German (or, where the English itself runs over, is no longer than the English)."""
    chooser = random.Random(players)
    state = ENGINE.new_game(players, players)
    for _ in range(300):
        if ENGINE.outcome(state) is not None:
            break
        seat = sorted(ENGINE.to_act(state))[0]
        actions = ENGINE.legal_actions(state, seat)
        for action in [*actions, *ENGINE.whole_moves(state, seat)]:
            label = ENGINE.action_label(state, seat, action)
            room = max(LABEL_LIMIT, shown_length(label))
            for language in ("fr", "de"):
                said = localize(label, language)
                assert shown_length(said) <= room, (language, said)
        state = ENGINE.apply(state, seat, chooser.choice(actions)).state
