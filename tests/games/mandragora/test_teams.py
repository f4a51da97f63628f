"""The team variant (RULES.md decision 17): partners across, trading after cursed scrolls."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from games.core import ActionNotAllowed, InvalidSetup
from games.mandragora.state import MandragoraState
from tests.games.mandragora.positions import (
    ENGINE,
    act,
    cast_spell,
    new_game,
    play,
    position,
    put_on_top,
    shop_list,
    texts,
)


def _team_table(
    hands: Sequence[Sequence[str]] = (["red", "blue"], ["purple"], ["green"], ["yellow"]),
    scrolls: Sequence[int] | None = None,
    shops: Sequence[Sequence[str]] | None = None,
) -> MandragoraState:
    """Four sorcerers in teams; seat 1 to play; shop 2 holds a cursed scroll unless told."""
    stock = shops if shops is not None else shop_list(s2=["scroll", "red-0"])
    return position(4, teams=True, hands=hands, scrolls=scrolls, shops=stock)


def _scroll_received() -> MandragoraState:
    """Seat 1 has just picked up a cursed scroll and may trade with seat 3."""
    return play(_team_table(), (0, "move 1"))


# ---------------------------------------------------------------------- setup
@pytest.mark.parametrize("players", [2, 3])
def test_team_variant_needs_four_sorcerers(players: int) -> None:
    with pytest.raises(InvalidSetup, match="exactly 4 sorcerers"):
        new_game(players, 1, teams=True)


def test_partners_sit_across_the_table() -> None:
    s = new_game(4, 1, teams=True)
    assert [s.partner(seat) for seat in range(4)] == [2, 3, 0, 1]
    assert [s.opponents(seat) for seat in range(4)] == [[1, 3], [0, 2], [1, 3], [0, 2]]


# -------------------------------------------------------------------- sharing
def test_receiving_scrolls_from_a_shop_offers_one_trade_with_the_partner() -> None:
    s = _scroll_received()
    assert s.sorcerers[0].scrolls == 1
    assert s.steps[0].kind == "share"
    assert ENGINE.to_act(s) == {0}
    assert s.current == 0
    assert texts(s, 0) == [
        "share give blue",
        "share give red",
        "share give red-0",
        "share ask",
        "share swap blue",
        "share swap red",
        "share swap red-0",
        "share none",
    ]


def test_share_give_hands_a_card_to_the_partner() -> None:
    s = play(_scroll_received(), (0, "share give red-0"))
    assert s.sorcerers[0].hand == ["blue", "red"]
    assert s.sorcerers[2].hand == ["green", "red-0"]
    assert s.current == 1


def test_share_ask_lets_the_partner_choose_the_card() -> None:
    s = play(_scroll_received(), (0, "share ask"))
    assert s.steps[0].kind == "share-reply"
    assert ENGINE.to_act(s) == {2}
    assert texts(s, 2) == ["share give green"]
    s = play(s, (2, "share give green"))
    assert s.sorcerers[0].hand == ["blue", "green", "red", "red-0"]
    assert s.sorcerers[2].hand == []
    assert s.current == 1


def test_share_swap_exchanges_a_card_each_way() -> None:
    s = _team_table(hands=[["red", "blue"], [], ["green", "yellow-1"], []])
    s = play(s, (0, "move 1"), (0, "share swap blue"))
    assert ENGINE.to_act(s) == {2}
    pending = ENGINE.view(s, 2).pending
    assert pending is not None
    assert pending.card == "blue"
    assert texts(s, 2) == ["share give green", "share give yellow-1"]
    s = play(s, (2, "share give yellow-1"))
    assert s.sorcerers[0].hand == ["red", "red-0", "yellow-1"]
    assert s.sorcerers[2].hand == ["blue", "green"]
    assert s.current == 1


def test_share_none_keeps_the_cards() -> None:
    s = play(_scroll_received(), (0, "share none"))
    assert s.sorcerers[0].hand == ["blue", "red", "red-0"]
    assert s.sorcerers[2].hand == ["green"]
    assert s.current == 1


def test_only_one_trade_per_receipt_of_scrolls() -> None:
    s = play(_scroll_received(), (0, "share give red"))
    assert s.steps == []
    with pytest.raises(ActionNotAllowed):
        act(s, 1, "share give purple")


def test_ask_and_swap_need_a_partner_with_cards() -> None:
    s = play(_team_table(hands=[["red"], [], [], []]), (0, "move 1"))
    assert texts(s, 0) == ["share give red", "share give red-0", "share none"]


def test_no_trade_without_new_scrolls() -> None:
    s = play(_team_table(shops=shop_list(s2=["red"])), (0, "move 1"))
    assert s.steps == []
    assert s.current == 1


def test_no_trade_outside_the_team_variant() -> None:
    s = position(4, shops=shop_list(s2=["scroll"]), hands=[["red"], ["blue"], ["green"], []])
    after = play(s, (0, "move 1"))
    assert after.steps == []
    assert after.current == 1


def test_receiving_a_transfer_offers_the_receiver_a_trade() -> None:
    s = _team_table(
        hands=[["red-1", "red"], ["purple"], ["green"], ["yellow"]], scrolls=[1, 0, 0, 0]
    )
    put_on_top(s, 1, "transfer")
    s = play(s, (0, "cast red-1 red power 1"), (0, "transfer to 4"))
    assert [x.scrolls for x in s.sorcerers] == [0, 0, 0, 1]
    assert s.steps[0].kind == "share"
    assert ENGINE.to_act(s) == {3}
    s = play(s, (3, "share ask"), (1, "share give purple"))
    assert s.sorcerers[3].hand == ["purple", "yellow"]
    assert s.current == 1


def test_levitating_a_scroll_blind_offers_a_trade() -> None:
    hands = [["red-1", "red"], [], ["green"], []]
    s = _team_table(hands=hands, shops=shop_list(s5=["scroll"]))
    put_on_top(s, 1, "levitation")
    s = play(s, (0, "cast red-1 red power 1"), (0, "levitate 5"))
    assert s.sorcerers[0].scrolls == 1
    assert s.steps[0].kind == "share"
    assert ENGINE.to_act(s) == {0}


def test_levitating_a_face_up_scroll_offers_a_trade() -> None:
    """Team variant: “As soon as you receive one or more new cursed scrolls (picking them up
    from a shop, or as the result of a spell), you can do ONE of the following”."""
    hands = [["red-1", "red", "blue"], [], ["green"], []]
    s = _team_table(hands=hands, shops=shop_list(s2=["scroll", "yellow"]))
    put_on_top(s, 1, "levitation")
    s = play(s, (0, "cast red-1 red power 1"), (0, "levitate 2 scroll"))
    assert s.sorcerers[0].scrolls == 1
    assert s.shops[1] == ["yellow"]
    assert s.steps[0].kind == "share"
    assert ENGINE.to_act(s) == {0}
    assert "share ask" in texts(s, 0)


def test_transfer_targets_only_the_other_team() -> None:
    s = _team_table(hands=[["red-1", "red"], [], [], []], scrolls=[1, 0, 0, 0])
    put_on_top(s, 1, "transfer")
    s = play(s, (0, "cast red-1 red power 1"))
    assert texts(s, 0) == ["transfer to 2", "transfer to 4"]
    with pytest.raises(ActionNotAllowed, match="to your partner: choose an opponent"):
        act(s, 0, "transfer to 3")


def test_substitution_targets_only_the_other_team() -> None:
    s = _team_table(hands=[["red-1", "red"], ["purple"], ["green"], ["yellow"]])
    put_on_top(s, 1, "substitution")
    s = play(s, (0, "cast red-1 red power 1"))
    assert texts(s, 0) == ["substitute 2", "substitute 4"]


def test_substitution_is_wasted_when_only_the_partner_has_cards() -> None:
    s = _team_table(hands=[["red-1", "red"], [], ["green"], []])
    put_on_top(s, 1, "substitution")
    s = play(s, (0, "cast red-1 red power 1"))
    assert s.steps == []
    assert s.sorcerers[2].hand == ["green"]


# -------------------------------------------------------------------- scoring
def test_team_score_is_the_sum_of_both_partners() -> None:
    spells = [[cast_spell("swiftness", 3)], [cast_spell("swiftness", 1)], [], []]
    s = position(4, teams=True, spells=spells, hands=[[], [], ["red"], []], deck=[])
    s.finished = True
    outcome = ENGINE.outcome(s)
    assert outcome is not None
    assert outcome.teams == ((0, 2), (1, 3))
    assert outcome.scores == (3, 2, 3, 2)
    assert outcome.ranks == (1, 2, 1, 2)
    assert outcome.winners == {0, 2}


def test_team_tie_is_broken_by_the_spells_both_partners_cast() -> None:
    spells = [
        [cast_spell("swiftness", 3)],
        [cast_spell("levitation", 1)],
        [],
        [cast_spell("levitation", 1)],
    ]
    s = position(4, teams=True, spells=spells, deck=[])
    s.finished = True
    outcome = ENGINE.outcome(s)
    assert outcome is not None
    assert outcome.scores == (4, 4, 4, 4)
    assert outcome.tiebreaks == (1, 2, 1, 2)
    assert outcome.winners == {1, 3}
