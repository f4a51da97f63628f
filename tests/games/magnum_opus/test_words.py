"""Magnum Opus in every language: nothing it says escapes translation, its catalogues are
complete, and its French and German read as a player expects and fit Discord's buttons."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from dataclasses import replace

import pytest

from bot.words.extract import problems
from bot.words.i18n import localize
from games.core import IllegalAction, LogEntry
from games.core.catalogue import SHORT_LIMIT
from games.core.labels import LABEL_LIMIT, shown_length
from games.magnum_opus import cards, labels
from games.magnum_opus.actions import (
    Action,
    AddFromPack,
    BuyAtClock,
    BuyInLane,
    ChooseCard,
    ChooseTarget,
    CompositeFavor,
    Keep,
    Pass,
    Pick,
)
from games.magnum_opus.catalogue import FAVOR_SHORT
from games.magnum_opus.state import MagnumOpusState, Patron
from tests.games import pseudo
from tests.games.magnum_opus.positions import ENGINE, act, patronage_table, started
from tests.games.pseudo import escaped

DOMAIN = "games/magnum_opus"
#: Roman numerals are numbers, not words: a card's "Numeral" is one.
NUMERALS = frozenset(cards.ROMAN[1:])
#: What ``games.core`` says for every game (an unreadable move, the winner's line): its own
#: messages, not this package's.
_SAID_BY_CORE = (
    re.compile(r"^“.*” is not a move in Magnum Opus\."),
    re.compile(r"^\{p\d\}.* wins? with \d+ prestige\.$"),
)


def _by_core(text: str) -> bool:
    plain = text.replace("⟦", "").replace("⟧", "")
    return any(pattern.search(plain) for pattern in _SAID_BY_CORE)


@pytest.mark.parametrize("players", [n for n, _ in ENGINE.configurations()])
@pytest.mark.parametrize("seed", [1])
def test_nothing_escapes_translation(players: int, seed: int) -> None:
    found = [
        (where, text, words)
        for where, text, words in escaped(ENGINE, players, seed, NUMERALS)
        if not (where in ("refusal", "ending") and _by_core(text))
    ]
    assert found == []


@pytest.mark.parametrize("players", [n for n, _ in ENGINE.configurations()])
@pytest.mark.parametrize("language", ["fr", "de"])
def test_every_text_of_a_game_can_be_said_in_french_and_german(
    players: int, language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same texts the pseudo-language checks, said in each language (lists and plurals
    included), each one differing from English somewhere in a game."""
    monkeypatch.setattr(pseudo, "PSEUDO", language)
    texts = [text for _, text in pseudo.game_texts(ENGINE, players, seed=3)]
    assert all("⟦" not in text for text in texts)
    assert len(texts) > 100


@pytest.mark.parametrize("language", ["fr", "de"])
def test_the_catalogues_are_complete(language: str) -> None:
    assert [p for p in problems(language) if p.startswith(f"{DOMAIN}:")] == []


def test_the_short_favors_are_the_characters_summaries() -> None:
    for character in cards.characters()[1:]:
        assert FAVOR_SHORT[character.favor] == character.summary.rstrip(".")


# ------------------------------------------------------------------- French and German
def _log(transition_log: tuple[LogEntry, ...]) -> list[str]:
    return [entry.text for entry in transition_log]


def test_a_pick_is_told_in_french_and_german() -> None:
    state = started(3)
    transition = act(state, 0, "pick marie")
    public, private = transition.log
    assert localize(public.text, "fr") == "{p0} a choisi une carte."
    assert localize(public.text, "de") == "{p0} hat eine Karte gewählt."
    assert localize(private.text, "fr") == "Vous choisissez VII Marie."
    assert localize(private.text, "de") == "Du wählst VII Marie."


def test_a_refusal_is_said_in_french_and_german() -> None:
    state = started(3)
    state = act(state, 0, "pick marie").state
    refusal = ENGINE.not_your_turn_message(state, 0)
    assert localize(refusal, "fr") == (
        "Vous avez déjà choisi votre carte ; en attente du choix de {p1}, {p2}."
    )
    assert localize(refusal, "de") == (
        "Du hast deine Karte schon gewählt; warten auf die Wahl von {p1}, {p2}."
    )


def test_a_purchase_in_the_golden_lane_is_told_with_the_ingredient_translated() -> None:
    state, _ = patronage_table(3, fronts=[["marie"], [], []], silver=[5, 3, 3], lane=["mercury"])
    with pytest.raises(IllegalAction) as refused:
        ENGINE.parse(state, 0, "lane salt")
    assert localize(refused.value.message, "fr").startswith(
        "Il n'y a pas de sel dans la Ruelle d'or."
    )
    assert localize(refused.value.message, "de").startswith(
        "Salz gibt es nicht im Goldenen Gässchen."
    )
    lines = _log(act(state, 0, "lane mercury").log)
    assert localize(lines[0], "fr") == (
        "{p0} prend 2 argent (Fonds) et achète 🔵 mercure dans la Ruelle d'or pour 4 argent."
    )
    assert localize(lines[0], "de") == (
        "{p0} nimmt 2 Silber (Lohn) und kauft 🔵 Merkur im Goldenen Gässchen für 4 Silber."
    )


def _states(players: int, seed: int) -> list[MagnumOpusState]:
    chooser = random.Random(seed)
    state = ENGINE.new_game(players, seed)
    found = []
    while ENGINE.outcome(state) is None:
        found.append(state)
        seat = sorted(ENGINE.to_act(state))[0]
        state = ENGINE.apply(state, seat, chooser.choice(ENGINE.legal_actions(state, seat))).state
    return found


@pytest.mark.parametrize("players", [2, 3, 5])
@pytest.mark.parametrize("language", ["fr", "de"])
def test_every_label_fits_a_button_in_french_and_german(players: int, language: str) -> None:
    too_long = set()
    for state in _states(players, seed=players):
        for seat in sorted(ENGINE.to_act(state)):
            actions = [*ENGINE.legal_actions(state, seat), *ENGINE.whole_moves(state, seat)]
            for action in actions:
                said = localize(ENGINE.action_label(state, seat, action), language)
                if shown_length(said) > LABEL_LIMIT:
                    too_long.add(said)
    assert sorted(too_long) == []


def _every_label() -> Iterator[str]:
    """Every label a decision can have, whatever the cards: each pick from each pack, and
    each patron's decision with each card of the game."""
    s = started(5).clone()
    codes = sorted(cards.all_codes())
    s.alchemists[4].silver = 5
    for pack in range(cards.PACKS):
        s.alchemists[0].held = pack
        s.packs[pack] = list(cards.NUMERALS)
        for numeral in cards.NUMERALS:
            yield labels.label(s, 0, Pick(numeral))
            for calling in cards.NUMERALS:
                s.patron = Patron(0, calling)
                yield labels.label(s, 0, AddFromPack(numeral))
    for numeral in cards.NUMERALS:
        s.patron = Patron(0, numeral)
        decisions: list[Action] = [
            *(BuyAtClock(kind) for kind in cards.ingredients()),
            *(BuyInLane(kind) for kind in cards.ingredients()),
            Pass(),
            ChooseTarget("rob", 4),
            ChooseTarget("rob", 4, 1),
            *(ChooseTarget(favor, 4) for favor in ("discard", "bribe", "exchange")),
        ]
        yield from (labels.label(s, 0, decision) for decision in decisions)
        s.patron = Patron(0, numeral, target=4)
        for code in codes:
            for verb in ("discard", "take"):
                yield labels.label(s, 0, ChooseCard(verb, code))
            for taken in codes:
                s.patron = replace(s.patron, taken=taken)
                yield labels.label(s, 0, ChooseCard("give", code))
            s.patron = replace(s.patron, taken="")
    for code in codes:
        for favor in ("discard", "bribe"):
            yield labels.label(
                s, 0, CompositeFavor((ChooseTarget(favor, 4), ChooseCard("take", code)))
            )
        for mine in codes:
            exchange = (ChooseTarget("exchange", 4), ChooseCard("take", code))
            yield labels.label(s, 0, CompositeFavor((*exchange, ChooseCard("give", mine))))
    for opus in cards.opus_cards():
        yield labels.label(s, 0, Keep(opus))


@pytest.mark.parametrize("language", ["en", "fr", "de"])
def test_every_label_there_can_be_fits_a_button(language: str) -> None:
    too_long = {
        said
        for said in (localize(text, language) for text in _every_label())
        if shown_length(said) > LABEL_LIMIT
    }
    assert sorted(too_long) == []


@pytest.mark.parametrize("language", ["fr", "de"])
def test_the_catalogue_reads_in_french_and_german_within_its_limits(language: str) -> None:
    entries = ENGINE.cards()
    names = [localize(entry.name, language).casefold() for entry in entries]
    assert len(set(names)) == len(names)
    for entry in entries:
        assert len(localize(entry.short, language)) <= SHORT_LIMIT, entry.key
        assert localize(entry.text, language) != str(entry.text), entry.key
