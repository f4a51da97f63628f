"""The catalogue: every card of the game's data in words, the keys each decision touches, and
the boards showing what the viewer's cards do."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from games.core.catalogue import SHORT_LIMIT
from games.core.playout import random_position
from games.magnum_opus import cards
from games.magnum_opus.actions import (
    Action,
    AddFromPack,
    BuyAtClock,
    BuyInLane,
    ChooseCard,
    CompositeFavor,
    Keep,
    Pick,
)
from games.magnum_opus.describe import describe
from games.magnum_opus.state import MagnumOpusState
from games.magnum_opus.text import character_label
from games.magnum_opus.view import MagnumOpusView
from tests.games.magnum_opus.positions import (
    ENGINE,
    patronage_table,
    pick_all,
    play_to_end,
    started,
)

CATALOGUE = {card.key: card for card in ENGINE.cards()}


def test_every_card_of_the_data_has_an_entry_in_words() -> None:
    data_keys = [
        *(c.key for c in cards.characters()[1:]),
        *cards.ingredients(),
        *cards.prime_cards(),
        *cards.opus_cards(),
    ]
    for key in data_keys:
        entry = ENGINE.card(key)
        assert entry is not None, key
        assert entry.text.strip()
        assert 0 < len(entry.brief) <= SHORT_LIMIT
    for place in ("golden-lane", "astronomical-clock", "ouroboros", "favor", "funds"):
        assert ENGINE.card(place) is not None


def test_keys_and_names_are_unique_and_every_entry_is_complete() -> None:
    entries = ENGINE.cards()
    assert len({e.key for e in entries}) == len(entries)
    assert len({e.name.casefold() for e in entries}) == len(entries)
    for entry in entries:
        assert entry.key == entry.key.lower()
        assert entry.text
        assert entry.kind
        assert entry.rules
        assert 0 < len(entry.brief) <= SHORT_LIMIT
        assert entry.short == entry.brief, f"{entry.key}: the short effect is never cut"


def test_the_project_s_own_cards_are_marked_own() -> None:
    own = {e.key for e in ENGINE.cards() if e.own}
    assert own == {*cards.ingredients(), *cards.prime_cards(), *cards.opus_cards()}
    assert all("Grimoire's own" in CATALOGUE[key].rules for key in own)


def test_character_entries_are_written_from_the_data() -> None:
    for character in cards.characters()[1:]:
        entry = CATALOGUE[character.key]
        assert entry.name == character.name
        assert character.summary in entry.text
        assert ("Funds", f"{character.funds} silver") in entry.numbers
        assert entry.brief.startswith(
            f"Funds {character.funds} silver · Favor:" if character.funds else "No Funds · Favor:"
        )
        if character.numeral <= cards.LAST_SHOWING:
            assert "Astronomical Clock for 3 silver" in entry.text
            for pack in range(cards.PACKS):
                assert f"{cards.shown((character.numeral, pack))}" in entry.text


def test_magnum_opus_and_prime_entries_name_their_ingredients() -> None:
    for key, opus in cards.opus_cards().items():
        text = CATALOGUE[key].text
        assert all(kind in text for formula in opus.formulas for kind in formula)
    for key, prime in cards.prime_cards().items():
        assert all(kind in CATALOGUE[key].brief for kind in prime.pair)


# ------------------------------------------------------------------------- card keys
def _positions() -> Iterator[MagnumOpusState]:
    """Every position along random games of every size, and a few more by the helpers."""
    for players in range(2, 6):
        for seed in range(3):
            state = ENGINE.new_game(players, seed)
            rng = random.Random(seed)
            while ENGINE.outcome(state) is None:
                yield state
                seat = rng.choice(sorted(ENGINE.to_act(state)))
                action = rng.choice(ENGINE.legal_actions(state, seat))
                state = ENGINE.apply_trusted(state, seat, action).state
        for steps in (3, 40, 120, 250):
            yield random_position(ENGINE, players, 100 + steps, steps)


def _named_cards(state: MagnumOpusState, seat: int, action: Action) -> list[str]:
    """The catalogue keys of what ``action`` plays or takes: these must be among its keys."""
    match action:
        case Keep(opus):
            return [opus]
        case Pick(numeral) | AddFromPack(numeral):
            return [cards.characters()[numeral].key]
        case BuyAtClock(kind) | BuyInLane(kind):
            return [kind]
        case ChooseCard(_, code):
            return [cards.characters()[cards.numeral_of_code(code)].key]
        case CompositeFavor(decisions):
            return [
                cards.characters()[cards.numeral_of_code(d.card)].key
                for d in decisions
                if isinstance(d, ChooseCard)
            ]
    return []


def test_every_action_s_keys_are_in_the_catalogue_and_name_what_it_plays() -> None:
    checked = 0
    for state in _positions():
        for seat in sorted(ENGINE.to_act(state)):
            options: list[Action] = [
                *ENGINE.legal_actions(state, seat),
                *ENGINE.whole_moves(state, seat),
            ]
            for action in options:
                keys = list(ENGINE.card_keys(state, seat, action))
                assert all(ENGINE.card(key) is not None for key in keys), (action, keys)
                named = _named_cards(state, seat, action)
                assert set(named) <= set(keys), (action, keys)
                if named and not isinstance(action, BuyAtClock | BuyInLane):
                    # A purchase names its market first (the rule it uses), then the token.
                    assert keys[0] == named[0], "the card the action plays comes first"
                if state.phase == "patronage" and ENGINE.notation(action) != "back":
                    patron = cards.characters()[state.patron.numeral].key  # type: ignore[union-attr]
                    assert patron in keys, "a patron's decision names the Character used"
                checked += 1
    assert checked > 1000


def test_every_pick_lets_the_player_read_the_favor() -> None:
    """A pick's label and the entry its first key names both say the Character's Favor."""
    for players in range(2, 6):
        state = started(players)
        for pack in range(cards.PACKS):
            state.alchemists[0].held = pack
            state.packs[pack] = list(cards.NUMERALS)
            for action in ENGINE.legal_actions(state, 0):
                assert isinstance(action, Pick)
                favor = cards.characters()[action.numeral].summary.rstrip(".")
                entry = ENGINE.card(ENGINE.card_keys(state, 0, action)[0])
                assert entry is not None
                assert f"Favor: {favor}" in entry.brief
                label = ENGINE.action_label(state, 0, action)
                assert any(word in label for word in ("discard", "swap", "lay", "rob", "buy"))


# --------------------------------------------------------------------------- boards
def _view(state: MagnumOpusState, seat: int | None) -> MagnumOpusView:
    view = ENGINE.view(state, seat)
    assert isinstance(view, MagnumOpusView)
    return view


def _unpictured(state: MagnumOpusState, seat: int | None) -> str:
    board = describe(_view(state, seat))
    return "\n".join(f.value for f in board.fields if not f.pictured) + board.description


def test_the_board_says_what_every_character_in_the_viewer_s_pack_does() -> None:
    state = started(3)
    text = _unpictured(state, 1)
    pack = state.packs[state.alchemists[1].held]
    assert len(pack) == len(cards.NUMERALS)
    for numeral in pack:
        brief = CATALOGUE[cards.characters()[numeral].key].brief
        assert f"{character_label(numeral)} — {brief}" in text


def test_the_board_explains_only_characters_the_viewer_may_see() -> None:
    state, _ = patronage_table(
        fronts=[["marie"], ["lukas"], []], hands=[[3], [1], [2]], calling=7, seed=2
    )
    text = _unpictured(state, 0)
    for numeral in (3, 7, 9):
        assert f"{character_label(numeral)} — " in text
    for numeral in (1, 2):
        assert f"{character_label(numeral)} — " not in text, "another seat's pack stays hidden"


def test_the_board_explains_the_prime_card_and_revealed_magnum_opus_without_the_picture() -> None:
    state = pick_all(started(3))
    prime = cards.prime_cards()[state.prime]
    text = _unpictured(state, None)
    assert f"**{prime.name}**: each pair of" in text
    assert "extra Prestige Point" in text
    ended = play_to_end(state)
    text = _unpictured(ended, None)
    for alchemist in ended.alchemists:
        opus = cards.opus_cards()[alchemist.opus]
        symbols = "".join(cards.ingredient_data()[kind].symbol for kind in opus.formulas[0])
        assert f"Magnum Opus: {opus.name} ({symbols} or " in text


@pytest.mark.parametrize("players", [2, 5])
def test_boards_with_card_effects_fit_the_limits(players: int) -> None:
    for seed in range(3):
        for steps in (0, 20, 60, 150, 230, 330, 1000):
            state = random_position(ENGINE, players, seed, steps)
            for seat in (None, *range(players)):
                board = describe(_view(state, seat)).rendered(["N" * 32] * players)
                assert not board.limit_problems(), (steps, seat, board.limit_problems())
