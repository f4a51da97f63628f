"""The catalogue: every card of the pool, the tokens and the rules' terms in words; the cards
each decision names; and the effects of the cards a board names, readable on the board."""

from __future__ import annotations

import random
import re

import pytest

import games
from games.core import Board
from games.core.catalogue import SHORT_LIMIT
from games.marginalia import cards
from games.marginalia.actions import Action, Composite, Decline, PlayCard, Summon, Target, To, Use
from games.marginalia.catalogue import QUOTED
from games.marginalia.effects import effect_of
from games.marginalia.state import MarginaliaState
from games.marginalia.view import MarginaliaView
from tests.games.marginalia.positions import (
    ENGINE,
    FILLER,
    at,
    coins,
    play,
    position,
    stats,
)

SEEDS = range(12)


def _board(s: MarginaliaState, seat: int | None) -> Board:
    view = ENGINE.view(s, seat)
    assert isinstance(view, MarginaliaView)
    return ENGINE.describe(view).rendered(["Ann", "Bo"])


def _text(board: Board) -> str:
    return "\n".join([board.description, *(f"{f.name}\n{f.value}" for f in board.fields)])


# ------------------------------------------------------------------------ the entries
def test_every_card_and_token_of_the_data_has_an_entry_with_its_words() -> None:
    for data in cards.catalogue().values():
        entry = ENGINE.card(data.code)
        assert entry is not None, data.code
        assert entry.name == data.name
        assert entry.text
        assert entry.brief
        assert len(entry.brief) <= SHORT_LIMIT
        words = data.ability.text if data.ability is not None else data.text
        assert words in entry.text, "the card's own words, read from the data"


def test_every_entry_has_text_and_a_brief_within_the_limit() -> None:
    for entry in ENGINE.cards():
        assert entry.text.strip(), entry.key
        assert 0 < len(entry.brief) <= SHORT_LIMIT, entry.key
        assert entry.short == entry.brief, f"{entry.key}: a short written to fit, never cut"
        assert entry.rules, entry.key


def test_keys_are_unique_and_names_unique_whatever_their_case() -> None:
    entries = ENGINE.cards()
    assert len({e.key for e in entries}) == len(entries)
    assert len({e.name.casefold() for e in entries}) == len(entries)
    assert all(e.key == e.key.lower() for e in entries)


def test_a_marginalis_lists_its_attack_and_health_and_when_its_ability_works() -> None:
    cancer = ENGINE.card("cancer")
    assert cancer is not None
    assert cancer.numbers[:2] == (("Attack", "3"), ("Health", "3"))
    assert "ends only when a reset phase checks it" in cancer.text
    physician = ENGINE.card("physician-ape")
    assert physician is not None
    assert "works only from the back line" in physician.text
    bishop = ENGINE.card("bishop-of-lyons")
    assert bishop is not None
    assert "between two fights of your attack" in bishop.text


def test_phase_abilities_are_told_as_working_in_their_owners_phase_only() -> None:
    # The cards say "During your reset phase" and "At the start of your play phase"; the
    # engine acts on them only in their controller's turn (RULES.md decision 15), and the
    # short words say so, where they once said "each reset phase".
    briefs = {}
    for code in ("heron-friar", "physician-ape", "raven"):
        entry = ENGINE.card(code)
        assert entry is not None
        briefs[code] = entry
    assert briefs["heron-friar"].short == "2/5 · Vigil: In your reset phase: heal itself for 1"
    assert briefs["physician-ape"].short == (
        "1/3 · Remedy: From behind, in your reset phase: heal the one in front for 2"
    )
    assert briefs["raven"].short == (
        "2/1 · Carrion: At the start of your play phase: coin: heads draw 1 card"
    )
    assert all("each" not in entry.short for entry in briefs.values())
    # The engine agrees: in the first seat's reset phase only its own Heron Friar heals, and
    # the second seat's play phase flips no coin for the first seat's Raven.
    s = position(page={"a2": ("heron-friar", 2), "e3": ("heron-friar", 2), "c2": "raven"})
    s = play(coins(s, "HHHH"), (0, "attack from a"))
    assert (stats(s, "a2")[2], stats(s, "e3")[2]) == (1, 2)
    assert s.active == 1
    assert (len(s.sides[0].hand), len(s.sides[1].hand)) == (0, 5)
    flying = ENGINE.card("smiting-angel")
    assert flying is not None
    assert "In each reset phase" in flying.short, "Flight works in both players'"


def test_each_example_of_the_rules_text_says_whose_numbers_it_has() -> None:
    # Rules: "Cancer (3/3) is facing Saint (3/4)"; the cura te ipsum card shown "heal a target
    # for 5 damage". Those numbers are the text's, not Grimoire's.
    sources = {e.key: e.rules for e in ENGINE.cards()}
    assert all("Grimoire's numbers" not in rules for rules in sources.values())
    assert "its ability, attack and health as the text gives them" in sources["cancer"]
    assert "its effect as the text gives it" in sources["cura-te-ipsum"]
    assert "the rules text's Saint with its attack and health (3/4)" in sources["saint"]
    for code in ("bishop-of-lyons", "smiting-angel", "ziz"):
        assert "the rules text's example, with Grimoire's attack, health" in sources[code]
    assert "Grimoire's own card" in sources["heron-friar"]
    cura = ENGINE.card("cura-te-ipsum")
    assert cura is not None
    assert "Heal a target for 5" in cura.text


def test_only_the_rules_texts_examples_and_terms_are_not_marked_as_grimoires_own() -> None:
    not_own = {e.key for e in ENGINE.cards() if not e.own}
    keywords = {e.key for e in ENGINE.cards() if e.kind == "keyword"}
    assert not_own == QUOTED | keywords
    assert set(cards.catalogue()) >= QUOTED


# ------------------------------------------------------------ what an action names
def _states(seed: int) -> list[MarginaliaState]:
    """Every position of a random game, each move chosen among the decisions and the whole
    moves alike, so placing, aiming, searching and revealing are all met on the way."""
    rng = random.Random(seed)
    s = ENGINE.new_game(2, seed)
    states = [s]
    while ENGINE.outcome(s) is None and len(states) < 400:
        seat = rng.choice(sorted(ENGINE.to_act(s)))
        options: list[Action] = [*ENGINE.legal_actions(s, seat), *ENGINE.whole_moves(s, seat)]
        s = ENGINE.apply(s, seat, rng.choice(options)).state
        states.append(s)
    return states


def _expected(s: MarginaliaState, action: Action) -> str | None:
    """The card an action must name, read from the action and the state by hand."""
    step = s.steps[0] if s.steps else None
    match action:
        case Composite(decisions):
            return _expected(s, decisions[0])
        case PlayCard(card) | Summon(card) if card != "token":
            return card
        case Use(space):
            m = at(s, space)
            return m.card if m is not None else None
        case Summon() if step is not None:
            return effect_of(step.card).token
        case To() | Target() | Decline() if step is not None:
            return step.card
    return None


@pytest.mark.slow
def test_every_action_and_whole_move_names_cards_of_the_catalogue() -> None:
    kinds: set[str] = set()
    for seed in SEEDS:
        for s in _states(seed):
            kinds |= _check_keys(s)
    met = {"PlayCard", "To", "Target", "Use", "Summon", "Decline", "Composite"}
    assert kinds >= met, "the games met every kind of decision that names a card"


def _check_keys(s: MarginaliaState) -> set[str]:
    """Check the keys of everything the seat to act may do; the kinds of action met."""
    kinds = set()
    for seat in ENGINE.to_act(s):
        options: list[Action] = [*ENGINE.legal_actions(s, seat), *ENGINE.whole_moves(s, seat)]
        for action in options:
            keys = ENGINE.card_keys(s, seat, action)
            assert all(ENGINE.card(key) is not None for key in keys), (action, keys)
            assert len(set(keys)) == len(keys)
            expected = _expected(s, action)
            if expected is not None:
                assert keys[0] == expected, (ENGINE.notation(action), keys)
            kinds.add(type(action).__name__)
    return kinds


def test_the_keys_of_particular_decisions() -> None:
    s = position(hands=[["procession", "ignis-sacer", "minstrel"], []], page={"c3": "ziz"})
    assert ENGINE.card_keys(s, 0, ENGINE.parse(s, 0, "play procession to a2")) == (
        "procession",
        "pilgrim",
    )
    assert ENGINE.card_keys(s, 0, ENGINE.parse(s, 0, "play ignis-sacer target c3")) == (
        "ignis-sacer",
        "ziz",
    )
    assert ENGINE.card_keys(s, 0, ENGINE.parse(s, 0, "attack")) == ()
    placing = play(s, (0, "play minstrel"))
    assert ENGINE.card_keys(placing, 0, To("c2")) == ("minstrel",)
    searching = play(
        position(hands=[["pure-virgin"], []], decks=[["white-unicorn", *FILLER], FILLER]),
        (0, "play pure-virgin"),
        (0, "to c2"),
    )
    assert ENGINE.card_keys(searching, 0, Summon("token")) == ("unicorn", "pure-virgin")
    assert ENGINE.card_keys(searching, 0, Summon("white-unicorn"))[0] == "white-unicorn"


# ------------------------------------------------------- effects readable on the board
def test_the_board_shows_the_effect_of_every_card_in_the_viewers_hand() -> None:
    hand = ["pure-virgin", "rota-fortuna", "procession", "sors", "palimpsest", "rubric-dragon"]
    s = position(hands=[hand, ["ziz"]], page={"c2": "saint"})
    text = _text(_board(s, 0))
    for code in hand:
        data = cards.card(code)
        words = data.ability.text if data.ability is not None else data.text
        assert words in text, code
    assert "Blindness" not in text, "the other hand stays hidden"


def test_the_board_shows_the_effects_of_cards_seen_revealed_or_found() -> None:
    s = position(
        hands=[["rota-fortuna"], []],
        decks=[[*FILLER, "white-unicorn", "ziz"], FILLER],
        discards=[[], ["palimpsest"]],
    )
    s.sides[1].seen_discards = ["palimpsest"]
    s = play(s, (0, "play rota-fortuna"))
    for seat in (0, 1, None):
        text = _text(_board(s, seat))
        assert cards.card("palimpsest").text in text, "seen going to a discard pile"
        assert "When Ziz is attacked, flip a coin" in text, "revealed by Rota Fortuna"
    searching = play(
        position(hands=[["pure-virgin"], []], decks=[["white-unicorn", *FILLER], FILLER]),
        (0, "play pure-virgin"),
        (0, "to c2"),
    )
    mine, theirs = _text(_board(searching, 0)), _text(_board(searching, 1))
    assert "*Purity*" in mine, "the searcher reads what the search finds"
    assert "a token, with no ability" in mine, "and what the token is"
    assert "*Purity*" not in theirs, "the other player does not see the deck"


def test_a_crowded_board_with_many_cards_named_still_fits_the_limits() -> None:
    crowded = {
        f"{f}{r}": c
        for f, c in zip(
            "abcde",
            ["pure-virgin", "physician-ape", "siren", "dancing-skeleton", "smiting-angel"],
            strict=True,
        )
        for r in "1234"
    }
    hand = ["rota-fortuna", "procession", "sors", "palimpsest", "basilisk", "rubric-dragon"]
    s = position(hands=[hand, []], page=crowded)
    seen = ["goliard-monkey", "aspersion", "memento-mori", "grotesque", "raven", "sanctuary"]
    for side in s.sides:
        side.discard = list(seen)
        side.seen_discards = list(seen)
    for seat in (0, 1, None):
        assert _board(s, seat).limit_problems() == []


def test_a_unicorn_takes_a_not_an() -> None:
    for code in ("white-unicorn", "wild-unicorn"):
        entry = ENGINE.card(code)
        assert entry is not None
        assert entry.text.startswith("A unicorn marginalis of Blood"), entry.text
    angel = ENGINE.card("smiting-angel")
    assert angel is not None
    assert angel.text.startswith("An angel marginalis")
    for engine in games.ENGINES.values():
        for entry in engine.cards():
            for words in (entry.text, entry.short, entry.brief):
                assert not re.search(r"\ban unicorn", words, re.IGNORECASE), entry.key
