"""Mandragora in every language: every text it gives a person is a message, its catalogues
are complete, and French and German read as a player expects, within Discord's limits."""

from __future__ import annotations

import random
from typing import Any

import pytest
from pydantic import BaseModel

from bot.words.extract import problems
from bot.words.i18n import localize, localized_board
from games.core import ActionNotAllowed
from games.core.labels import LABEL_LIMIT, shown_length
from games.mandragora import MandragoraEngine
from tests.games.configurations import configurations_of
from tests.games.mandragora.positions import ENGINE, act, position, shop_list
from tests.games.pseudo import escaped

DOMAIN = "games/mandragora"
CONFIGURATIONS = configurations_of([ENGINE])

#: Texts games.core says for every game, not Mandragora's own (the core's own conversion
#: makes them messages): unreadable notation, acting out of turn, the default ending.
_CORE_TEXTS = ("is not a move in", "not your turn", "not seated in this game")
_CORE_PLACES = frozenset({"not your turn", "ending"})


def _own(where: str, text: str) -> bool:
    """Whether a text is Mandragora's, not games.core's."""
    return where not in _CORE_PLACES and not any(words in text for words in _CORE_TEXTS)


class _Configured(MandragoraEngine):
    """The engine whose new games have ``options`` (the pseudo-language's player starts
    games with the default options)."""

    def __init__(self, options: BaseModel) -> None:
        self._options = options

    def new_game(self, players: int, seed: int, options: Any = None) -> Any:
        return super().new_game(players, seed, self._options if options is None else options)


def _games() -> list[Any]:  # pytest.param values
    """Every configuration with one seed (the pseudo-language game through the bot plays
    another); whole games with pictures, so all but one are left to the slow run."""
    found = []
    for param in CONFIGURATIONS:
        engine, players, options = param.values
        for seed in (1,):
            quick = param.id == "mandragora-4p-teams" and seed == 1
            found.append(
                pytest.param(
                    engine,
                    players,
                    options,
                    seed,
                    id=f"{param.id}-seed{seed}",
                    marks=() if quick else (pytest.mark.slow,),
                )
            )
    return found


@pytest.mark.parametrize(("engine", "players", "options", "seed"), _games())
def test_nothing_escapes_translation(
    engine: MandragoraEngine, players: int, options: BaseModel, seed: int
) -> None:
    found = [
        (where, text, words)
        for where, text, words in escaped(_Configured(options), players, seed)
        if _own(where, text)
    ]
    assert found == []


@pytest.mark.parametrize("language", ["fr", "de"])
def test_the_catalogues_are_complete(language: str) -> None:
    assert [p for p in problems(language) if p.startswith(f"{DOMAIN}:")] == []


# ----------------------------------------------------------------- French and German
def test_a_refusal_reads_in_french_and_german() -> None:
    s = position(2, hands=[["red-1", "blue"], []])
    with pytest.raises(ActionNotAllowed) as refused:
        act(s, 0, "cast red-2")
    message = refused.value.message
    assert message == "You have no red-2 in your hand."
    assert localize(message, "fr") == "rouge-2 n'est pas dans votre main."
    assert localize(message, "de") == "Rot-2 ist nicht auf deiner Hand."
    with pytest.raises(ActionNotAllowed) as refused:
        act(s, 0, "skip")
    assert localize(refused.value.message, "fr") == "Il n'y a pas de tour supplémentaire à passer."
    assert localize(refused.value.message, "de") == "Es gibt keinen Extrazug zum Auslassen."


def test_a_log_line_reads_in_french_and_german() -> None:
    s = position(2, hands=[["red-1", "red"], []], shops=shop_list(s2=["blue", "red-2"]))
    line = act(s, 0, "move 1").log[0].text
    assert line == "{p0} sends the assistant 1 shop to shop 2 and takes 🔴 red-2, 🔵 blue."
    assert localize(line, "fr") == (
        "{p0} envoie l'assistant de 1 boutique jusqu'à la boutique 2 et prend 🔴 rouge-2, 🔵 bleu."
    )
    assert localize(line, "de") == (
        "{p0} schickt den Gehilfen 1 Laden weiter zu Laden 2 und nimmt 🔴 Rot-2, 🔵 Blau."
    )


def test_the_summary_a_card_and_a_board_read_in_french_and_german() -> None:
    assert localize(ENGINE.summary, "fr").startswith("**Mandragora** · 2 à 4 sorciers")
    assert localize(ENGINE.summary, "de").startswith("**Mandragora** · 2–4 Zauberer")
    mandrake = ENGINE.card("mandrake")
    assert mandrake is not None
    assert (localize(mandrake.name, "fr"), localize(mandrake.name, "de")) == (
        "mandragore",
        "Alraune",
    )
    levitation = ENGINE.card("levitation")
    assert levitation is not None
    assert localize(levitation.name, "fr") == "Lévitation"
    assert localize(levitation.short, "de") == "Eine Karte aus einem Laden nehmen"
    board = localized_board(ENGINE.describe(ENGINE.view(ENGINE.new_game(3, 1), 0)), "fr")
    assert board.title == "Mandragora · tour 1"
    assert [f.name for f in board.fields][:2] == ["Boutiques", "Piles de sorts"]


@pytest.mark.parametrize(("engine", "players", "options"), CONFIGURATIONS)
def test_labels_fit_a_button_in_french_and_german(
    engine: MandragoraEngine, players: int, options: BaseModel
) -> None:
    chooser = random.Random(7)
    state = engine.new_game(players, 7, options)
    too_long = []
    while engine.outcome(state) is None:
        seat = sorted(engine.to_act(state))[0]
        actions = engine.legal_actions(state, seat)
        for action in [*actions, *engine.whole_moves(state, seat)]:
            label = engine.action_label(state, seat, action)
            for language in ("fr", "de"):
                said = localize(label, language)
                if shown_length(said) > LABEL_LIMIT:
                    too_long.append((language, said))
        state = engine.apply(state, seat, chooser.choice(actions)).state
    assert too_long == []
