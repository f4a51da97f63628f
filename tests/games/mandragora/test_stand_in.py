"""What a missed deadline plays (``Engine.pass_action``): silence is "no" to what a
sorcerer may leave undone (a Replication's extra turn, a trade with the partner), and
leaves turns and the choices that must be made to the table's chooser."""

from __future__ import annotations

from games.mandragora.actions import Share, Skip
from tests.games.mandragora.positions import (
    ENGINE,
    play,
    position,
    put_on_top,
    shop_list,
)

CAST = "cast red-1 red power 1"


def test_a_replications_extra_turn_passes() -> None:
    # Replication: "You may take another turn immediately. If you do not, the effect goes
    # to waste."
    s = put_on_top(position(3, hands=[["red-1", "red"], [], []]), 1, "replication")
    assert ENGINE.pass_action(s, 0) is None, "the turn itself is the chooser's"
    s = play(s, (0, CAST))
    assert s.extra_turn
    assert ENGINE.pass_action(s, 0) == Skip()


def test_the_trade_with_a_partner_after_cursed_scrolls_is_not_made() -> None:
    # Team variant: "As soon as you receive one or more new cursed scrolls …, you can do ONE
    # of the following": give, receive or exchange a card.
    hands = (["red", "blue"], ["purple"], ["green"], ["yellow"])
    s = position(4, teams=True, hands=hands, shops=shop_list(s2=["scroll", "red-0"]))
    s = play(s, (0, "move 1"))
    assert s.steps[0].kind == "share"
    assert ENGINE.pass_action(s, 0) == Share("none")
    s = play(s, (0, "share none"))
    assert (s.sorcerers[0].hand, s.sorcerers[2].hand) == (["blue", "red", "red-0"], ["green"])


def test_a_partner_asked_for_a_card_must_still_give_one() -> None:
    hands = (["red", "blue"], ["purple"], ["green"], ["yellow"])
    s = position(4, teams=True, hands=hands, shops=shop_list(s2=["scroll", "red-0"]))
    s = play(s, (0, "move 1"), (0, "share ask"))
    assert s.steps[0].kind == "share-reply"
    assert ENGINE.pass_action(s, 2) is None, "asked, the partner chooses the card"
