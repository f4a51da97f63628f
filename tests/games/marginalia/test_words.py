"""Marginalia's words are messages, and its catalogues say every one in French and German."""

from __future__ import annotations

import random
import re

import pytest

from bot.words.extract import problems
from bot.words.i18n import localize, localized_board
from games.core import IllegalAction
from games.core.labels import LABEL_LIMIT, NAME_LIMIT
from tests.games.marginalia.positions import ENGINE, new_game
from tests.games.pseudo import escaped

DOMAIN = "games/marginalia:"
_SEAT = re.compile(r"\{p\d+\}")
#: The words of ``games/core``'s own refusal of unreadable text ("“zzz” is not a move in
#: Marginalia. Try …"): the core's catalogue says them, not this game's.
_CORE_UNKNOWN = re.compile(r"^⟦?“.*” is not a move in ")


@pytest.mark.parametrize("seed", [1])
@pytest.mark.parametrize(
    "players", [players for players, _ in ENGINE.configurations()], ids=lambda n: f"{n}p"
)
def test_nothing_marginalia_says_escapes_translation(players: int, seed: int) -> None:
    found = [
        (where, text, words)
        for where, text, words in escaped(ENGINE, players, seed)
        if not (where == "refusal" and _CORE_UNKNOWN.match(text))
    ]
    assert not found, found[:5]


@pytest.mark.parametrize("language", ["fr", "de"])
def test_the_catalogues_say_every_message(language: str) -> None:
    assert [p for p in problems(language) if p.startswith(DOMAIN)] == []


def test_a_refusal_is_said_in_french_and_german() -> None:
    state = new_game()
    seat = sorted(ENGINE.to_act(state))[0]
    with pytest.raises(IllegalAction) as refused:
        ENGINE.parse(state, seat, "end turn")
    message = refused.value.message
    assert message == (
        "You have not attacked yet. In your play phase: play a card, use an ability, or attack."
    )
    assert localize(message, "fr") == (
        "Vous n'avez pas encore attaqué. Pendant votre phase de jeu : jouez une carte, "
        "utilisez une aptitude, ou attaquez."
    )
    assert localize(message, "de") == (
        "Du hast noch nicht angegriffen. In deiner Spielphase: spiele eine Karte, nutze eine "
        "Fähigkeit oder greif an."
    )


def test_log_lines_are_said_in_french_and_german() -> None:
    state = new_game()
    seat = sorted(ENGINE.to_act(state))[0]
    attack = ENGINE.legal_actions(state, seat)[-1]
    log = [entry.text for entry in ENGINE.apply(state, seat, attack).log]
    assert "{p0} discards 5 cards face down." in log
    said = {language: [localize(text, language) for text in log] for language in ("fr", "de")}
    assert "{p0} défausse 5 cartes face cachée." in said["fr"]
    assert "{p0} legt 5 Karten verdeckt ab." in said["de"]
    assert "— Tour 2 : {p1} joue jusqu'à 2 cartes. —" in said["fr"]
    assert "— Zug 2: {p1} spielt bis zu 2 Karten. —" in said["de"]


def test_a_card_and_its_ability_are_said_in_french_and_german() -> None:
    cancer = next(card for card in ENGINE.cards() if card.key == "cancer")
    assert localize(cancer.name, "fr") == "Cancer"
    assert "*Manteau de flammes*" in localize(cancer.text, "fr")
    assert "*Flammenmantel*" in localize(cancer.text, "de")
    assert localize(cancer.numbers[1][0], "de") == "Leben"


@pytest.mark.parametrize("seed", [1])
def test_every_label_fits_a_button_in_french_and_german(seed: int) -> None:
    chooser = random.Random(seed)
    state = new_game(seed)
    too_long: list[str] = []
    for _ in range(300):
        if ENGINE.outcome(state) is not None:
            break
        seat = sorted(ENGINE.to_act(state))[0]
        actions = ENGINE.legal_actions(state, seat)
        for action in [*actions, *ENGINE.whole_moves(state, seat)]:
            label = ENGINE.action_label(state, seat, action)
            for language in ("fr", "de"):
                shown = _SEAT.sub("x" * NAME_LIMIT, localize(label, language))
                if len(shown) > LABEL_LIMIT:
                    too_long.append(shown)
        state = ENGINE.apply(state, seat, chooser.choice(actions)).state
    assert not too_long, too_long[:5]


@pytest.mark.parametrize("seed", [1, 2])
def test_boards_said_in_french_and_german_keep_within_discord_limits(seed: int) -> None:
    chooser = random.Random(seed)
    state = new_game(seed)
    broken: list[str] = []
    for step in range(300):
        finished = ENGINE.outcome(state) is not None
        if step % 5 == 0 or finished:
            for seen_by in (0, 1, None):
                board = ENGINE.describe(ENGINE.view(state, seen_by))
                for language in ("fr", "de"):
                    broken += localized_board(board, language).limit_problems()
        if finished:
            break
        seat = sorted(ENGINE.to_act(state))[0]
        state = ENGINE.apply(state, seat, chooser.choice(ENGINE.legal_actions(state, seat))).state
    assert not broken, broken[:5]
