"""Setting up the table for 2, 3 and 4 magicians, at each difficulty."""

from __future__ import annotations

from collections import Counter

import pytest

from games.core import InvalidSetup
from games.core.playout import random_playout
from games.strange_norrell import cards
from games.strange_norrell.state import StrangeNorrellState
from tests.games.strange_norrell.positions import ENGINE, new_game

SEATS = [2, 3, 4]


@pytest.mark.parametrize("players", SEATS)
def test_three_books_four_feats_and_two_named_connexions_face_up(players: int) -> None:
    s = new_game(players)
    assert len(s.book_offer) == 3
    assert len(s.feat_offer) == 4
    assert len(s.connexion_offer) == 2


@pytest.mark.parametrize("players", SEATS)
def test_each_magician_has_two_invitations_two_introductions_and_three_feats(
    players: int,
) -> None:
    s = new_game(players)
    for m in s.magicians:
        kinds = Counter(cards.engagements()[c].is_introduction for c in m.hand)
        assert kinds == {False: 2, True: 2}
        assert len(m.feats) == 3
        assert all(not f.tokens for f in m.feats)
        assert m.spells == []
        assert m.books == []


@pytest.mark.parametrize("players", SEATS)
def test_magician_boards_are_dealt_at_random_one_each(players: int) -> None:
    boards = {tuple(m.board for m in new_game(players, seed).magicians) for seed in range(20)}
    assert all(len(set(b)) == players for b in boards)
    assert len(boards) > 3


@pytest.mark.parametrize("players", SEATS)
def test_every_action_disc_starts_in_the_silver_basin(players: int) -> None:
    s = new_game(players)
    assert all(m.covered == [] for m in s.magicians)
    assert all(m.connexions == {} for m in s.magicians)


@pytest.mark.parametrize("players", SEATS)
def test_prestige_discs_are_stacked_in_random_order_on_the_wax_seal(players: int) -> None:
    orders = {tuple(new_game(players, seed).order) for seed in range(30)}
    assert len(orders) > 1
    for order in orders:
        assert sorted(order) == list(range(players))
    assert all(m.prestige == 0 for m in new_game(players).magicians)


def test_the_top_of_the_stack_plays_first() -> None:
    for seed in range(10):
        s = new_game(3, seed)
        assert s.current.seat == s.order[0]
        assert ENGINE.to_act(s) == {s.order[0]}


@pytest.mark.parametrize("players", SEATS)
def test_first_year_reveals_a_card_of_marseilles_and_the_fairy_moves_up(players: int) -> None:
    s = new_game(players)
    assert s.year == 1806
    assert len(s.revealed) == 1
    assert s.fairy == cards.marseilles()[s.revealed[0]].strength
    assert len(s.marseilles) == len(cards.marseilles()) - 1


@pytest.mark.parametrize(
    ("options", "start"), [({}, 0), ({"experienced": True}, 4), ({"foolhardy": True}, 8)]
)
def test_the_fairy_starts_on_the_raven_space_or_4_or_8(
    options: dict[str, bool], start: int
) -> None:
    s = new_game(3, 5, **options)
    assert s.fairy == start + cards.marseilles()[s.revealed[0]].strength


def test_both_advanced_difficulties_at_once_are_refused() -> None:
    with pytest.raises(InvalidSetup, match="experienced or foolhardy"):
        new_game(3, 1, experienced=True, foolhardy=True)


def test_seven_decks_are_shuffled() -> None:
    a, b = new_game(3, 1), new_game(3, 2)
    for deck in ("invitations", "introductions", "books", "feats", "spells", "marseilles"):
        assert getattr(a, deck) != getattr(b, deck)


def _every_card(s: StrangeNorrellState) -> Counter[str]:
    count: Counter[str] = Counter()
    for deck in (
        s.invitations,
        s.invitation_discard,
        s.introductions,
        s.introduction_discard,
        s.books,
        s.book_discard,
        s.book_offer,
        s.feats,
        s.feat_offer,
        s.connexions,
        s.connexion_offer,
        s.spells,
        s.spell_discard,
        s.marseilles,
        s.revealed,
    ):
        count.update(deck)
    for m in s.magicians:
        count.update(m.hand)
        count.update(m.spells)
        count.update(m.books)
        count.update(f.feat for f in m.feats)
        count.update(m.completed)
        count.update(code for code in m.connexions.values() if code)
    return count


def _box() -> Counter[str]:
    box: Counter[str] = Counter(cards.invitation_deck())
    box.update(cards.introduction_deck())
    box.update(list(cards.books()))
    box.update(list(cards.feats()))
    box.update(list(cards.connexions()))
    box.update(cards.spell_deck())
    box.update(list(cards.marseilles()))
    return box


@pytest.mark.parametrize("players", SEATS)
def test_every_card_is_accounted_for_through_a_whole_random_game(players: int) -> None:
    played = random_playout(ENGINE, players, 11)
    assert _every_card(played.state) == _box()
    assert _every_card(new_game(players)) == _box()
