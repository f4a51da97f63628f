"""Setup: tokens, the Golden Lane row, the Prime Ingredient card, Magnum Opus cards, packs,
silver and the Ouroboros, for every seat count; and the contents of the box."""

from __future__ import annotations

from collections import Counter

import pytest

from games.core import InvalidSetup
from games.core.playout import random_playout
from games.magnum_opus import cards
from games.magnum_opus.state import MagnumOpusState
from tests.games.magnum_opus.positions import (
    ENGINE,
    act,
    character_count,
    new_game,
    started,
    token_count,
)

SEATS = [2, 3, 4, 5]


# ------------------------------------------------------------------------ the box
def test_box_holds_30_tokens_six_of_each_of_five_ingredients() -> None:
    supply = Counter(cards.token_supply(3))
    assert len(cards.ingredients()) == 5
    assert supply == dict.fromkeys(cards.ingredients(), 6)


def test_nine_characters_with_the_funds_and_favors_of_the_rules() -> None:
    table = [(c.numeral, c.name, c.funds, c.favor) for c in cards.character_set().characters]
    assert table == [
        (1, "Wolrad", 0, "discard"),
        (2, "Ludmila", 0, "exchange"),
        (3, "Johann", 1, "add"),
        (4, "Jezebel", 0, "bribe"),
        (5, "Venceslas", 1, "rob"),
        (6, "Hermes Malavici", 1, "lane"),
        (7, "Marie", 2, "lane"),
        (8, "Kunhuta", 3, "lane"),
        (9, "Lukas", 4, "lane"),
    ]


def test_six_packs_of_nine_cards_where_i_to_vi_show_an_ingredient() -> None:
    assert len(cards.packs()) == 6
    for pack in range(6):
        shown = [cards.shown((numeral, pack)) for numeral in cards.NUMERALS]
        assert all(shown[:6])
        assert shown[6:] == [None, None, None]
        assert set(shown[:6]) == set(cards.ingredients()), "every pack shows all five"
    for numeral in range(1, 7):
        across = {cards.shown((numeral, pack)) for pack in range(6)}
        assert across == set(cards.ingredients()), "every Character shows all five"


def test_ten_prime_ingredient_cards_are_the_ten_pairs_of_ingredients() -> None:
    pairs = {frozenset(p.pair) for p in cards.prime_cards().values()}
    assert len(pairs) == 10
    assert all(len(pair) == 2 for pair in pairs)


def test_ten_magnum_opus_cards_of_two_formulas_of_three_ingredients() -> None:
    opus = cards.opus_cards()
    assert len(opus) == 10
    for card in opus.values():
        assert [len(f) for f in card.formulas] == [3, 3]
        assert len(set(card.formulas[0]) & set(card.formulas[1])) == 1
    asked = Counter(t for card in opus.values() for f in card.formulas for t in f)
    assert set(asked.values()) == {12}


def test_gold_is_worth_five_silver() -> None:
    assert cards.alchemy().gold_value == 5


# -------------------------------------------------------------------------- setup
@pytest.mark.parametrize("players", SEATS)
def test_tokens_in_play_are_30_or_20_with_two_alchemists(players: int) -> None:
    s = new_game(players)
    each = 4 if players == 2 else 6
    in_play = token_count(s) - Counter(s.box)
    assert in_play == dict.fromkeys(cards.ingredients(), each)
    removed = dict.fromkeys(cards.ingredients(), 2) if players == 2 else {}
    assert Counter(s.box) == removed


@pytest.mark.parametrize("players", SEATS)
def test_golden_lane_row_reveals_five_tokens_or_four_with_two(players: int) -> None:
    s = new_game(players)
    assert len(s.lane_row) == (4 if players == 2 else 5)
    assert len(s.pool) == (16 if players == 2 else 25)
    assert ENGINE.view(s, None).lane_row == tuple(s.lane_row)


def test_one_prime_ingredient_card_is_revealed() -> None:
    primes = {new_game(3, seed).prime for seed in range(40)}
    assert primes <= set(cards.prime_cards())
    assert len(primes) > 5, "the card is drawn at random"
    assert ENGINE.view(new_game(3), None).prime == new_game(3).prime


@pytest.mark.parametrize("players", SEATS)
def test_each_alchemist_is_dealt_two_magnum_opus_cards(players: int) -> None:
    s = new_game(players)
    dealt = [card for a in s.alchemists for card in a.dealt]
    assert len(dealt) == len(set(dealt)) == 2 * players
    assert set(dealt) <= set(cards.opus_cards())
    assert all(not a.opus for a in s.alchemists)


@pytest.mark.parametrize("players", SEATS)
def test_each_alchemist_starts_with_3_silver_a_full_pack_and_no_ingredient(players: int) -> None:
    s = new_game(players)
    for alchemist in s.alchemists:
        assert alchemist.silver == 3
        assert s.packs[alchemist.held] == list(cards.NUMERALS)
        assert alchemist.ingredients == []
        assert alchemist.front == []
    assert len({a.held for a in s.alchemists}) == players, "a pack of its own colour each"


@pytest.mark.parametrize("players", SEATS)
def test_the_ouroboros_goes_to_seat_1_with_an_undistributed_pack_under_it(players: int) -> None:
    s = new_game(players)
    assert s.keeper == 0
    assert s.under == s.spare
    assert s.under not in [a.held for a in s.alchemists]
    assert s.packs[s.under] == list(cards.NUMERALS)
    unused = set(range(6)) - {s.under, *s.home}
    assert len(unused) == 5 - players
    assert all(s.packs[pack] == [] for pack in unused), "other packs stay in the box"


def test_the_host_may_name_the_youngest_alchemist() -> None:
    assert new_game(4, first_player=3).keeper == 2


@pytest.mark.parametrize(("players", "first"), [(2, 3), (4, 5)])
def test_a_first_player_beyond_the_table_is_refused(players: int, first: int) -> None:
    with pytest.raises(InvalidSetup, match=f"seats 1 to {players}"):
        new_game(players, first_player=first)
    with pytest.raises(InvalidSetup):
        new_game(players, first_player=0)


@pytest.mark.parametrize(("players", "rounds"), [(2, 4), (3, 5), (4, 5), (5, 5)])
def test_five_rounds_or_four_with_two_alchemists(players: int, rounds: int) -> None:
    assert new_game(players).rounds == rounds
    played = random_playout(ENGINE, players, 5)
    assert played.state.round == rounds
    assert sum("**Round" in e.text for e in played.log) == rounds


def test_setup_is_shuffled_by_the_seed() -> None:
    tables = {ENGINE.dump(new_game(3, seed)) for seed in range(10)}
    assert len(tables) == 10
    assert ENGINE.dump(new_game(3, 4)) == ENGINE.dump(new_game(3, 4))


# ----------------------------------------------------------- keeping a Magnum Opus
def test_everyone_keeps_a_magnum_opus_card_at_the_same_time() -> None:
    s = new_game(3)
    assert ENGINE.to_act(s) == {0, 1, 2}
    assert [ENGINE.notation(a) for a in ENGINE.legal_actions(s, 1)] == [
        f"keep {key}" for key in s.alchemists[1].dealt
    ]
    s = act(s, 2, f"keep {s.alchemists[2].dealt[1]}").state
    assert ENGINE.to_act(s) == {0, 1}
    assert s.alchemists[2].opus == s.alchemists[2].dealt[1]
    assert s.phase == "keep"


def test_the_first_round_starts_once_everyone_has_kept() -> None:
    s = started(3)
    assert s.phase == "pick"
    assert s.round == 1
    assert ENGINE.to_act(s) == {0, 1, 2}
    assert len(s.lane) == 3
    assert len(s.clock) == 3


# ------------------------------------------------------------------- conservation
def _check_conservation(s: MagnumOpusState, players: int) -> None:
    each = 4 if players == 2 else 6
    assert token_count(s) == dict.fromkeys(cards.ingredients(), 6)
    in_play = token_count(s) - Counter(cards.tokens_left_in_box(players))
    assert sum(in_play.values()) == 5 * each
    if s.phase in ("pick", "patronage"):
        assert character_count(s) == dict.fromkeys(cards.NUMERALS, players + 1)


@pytest.mark.parametrize("players", SEATS)
def test_every_token_and_card_is_accounted_for_through_a_whole_game(players: int) -> None:
    states: list[MagnumOpusState] = []
    s = new_game(players, 11)
    played = random_playout(ENGINE, players, 11)
    for seat, text in played.actions:
        s = act(s, seat, text).state
        states.append(s)
    for state in states:
        _check_conservation(state, players)
    assert (s.pool, s.lane_row) == ([], []), "every token has come out by the last round"
