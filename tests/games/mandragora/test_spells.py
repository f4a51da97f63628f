"""Every spell's effect, with the project's decisions on wasted effects and choices."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from games.core import ActionNotAllowed, IllegalAction, LogEntry
from games.mandragora.actions import Levitate
from games.mandragora.scoring import score_line
from games.mandragora.state import MandragoraState
from tests.games.mandragora.positions import (
    ENGINE,
    act,
    apply_action,
    cast_spell,
    play,
    position,
    put_on_top,
    shop_list,
    texts,
)

CAST = "cast red-1 red power 1"


def _caster(
    spell: str,
    players: int = 3,
    *,
    hands: Sequence[Sequence[str]] | None = None,
    scrolls: Sequence[int] | None = None,
    shops: Sequence[Sequence[str]] | None = None,
) -> MandragoraState:
    """Seat 1 can cast ``spell`` with ``cast red-1 red power 1``; the other hands as given."""
    others = [list(h) for h in hands] if hands is not None else [[] for _ in range(players - 1)]
    s = position(players, hands=[["red-1", "red"], *others], scrolls=scrolls, shops=shops)
    return put_on_top(s, 1, spell)


def _public(log: Sequence[LogEntry]) -> str:
    return " ".join(e.text for e in log if e.audience is None)


# ----------------------------------------------------------------- Banishment
def test_banishment_returns_one_of_your_cursed_scrolls_to_the_box() -> None:
    s = _caster("banishment", scrolls=[2, 1, 0])
    after = play(s, (0, CAST))
    assert [x.scrolls for x in after.sorcerers] == [1, 1, 0]
    assert after.removed.count("scroll") == s.removed.count("scroll") + 1


def test_banishment_can_pass_the_curse_marker_on() -> None:
    s = _caster("banishment", scrolls=[2, 2, 0])
    assert s.curse_holder == 0
    assert play(s, (0, CAST)).curse_holder == 1


def test_banishment_without_a_scroll_is_wasted() -> None:
    s = _caster("banishment", scrolls=[0, 3, 0])
    t = act(s, 0, CAST)
    assert [x.scrolls for x in t.state.sorcerers] == [0, 3, 0]
    assert t.state.removed == s.removed
    assert "has no cursed scroll to banish" in _public(t.log)
    assert t.state.current == 1


# ----------------------------------------------------------------- Replication
def test_replication_gives_another_turn_straight_away() -> None:
    s = _caster("replication", hands=[[], []])
    s.sorcerers[0].hand += ["blue-1", "blue"]
    after = play(s, (0, CAST))
    assert after.current == 0
    assert after.extra_turn
    assert ENGINE.to_act(after) == {0}
    assert texts(after, 0) == ["move 1", "move 2", "move 3", "cast blue-1", "skip"]
    after = play(after, (0, "cast blue-1 blue power 1"))
    assert after.current == 1
    assert not after.extra_turn


def test_replication_extra_turn_may_be_skipped_and_is_then_wasted() -> None:
    t = act(play(_caster("replication"), (0, CAST)), 0, "skip")
    assert t.state.current == 1
    assert not t.state.extra_turn
    assert "lets the extra turn pass" in _public(t.log)


def test_skip_is_offered_only_during_a_replication_extra_turn() -> None:
    s = _caster("replication")
    assert "skip" not in texts(s, 0)
    with pytest.raises(ActionNotAllowed):
        act(s, 0, "skip")


def test_replication_in_the_extra_turn_gives_yet_another_turn() -> None:
    s = _caster("replication")
    s.sorcerers[0].hand += ["blue-1", "blue"]
    put_on_top(s, 1, "replication")
    s.stacks[0].insert(-1, "replication")
    after = play(s, (0, CAST), (0, "cast blue-1 blue power 1"))
    assert after.current == 0
    assert after.extra_turn


# -------------------------------------------------------------------- Transfer
def test_transfer_lets_you_choose_which_opponent_gets_a_scroll() -> None:
    s = play(_caster("transfer", scrolls=[2, 0, 1]), (0, CAST))
    assert s.steps[0].kind == "transfer"
    assert ENGINE.to_act(s) == {0}
    assert texts(s, 0) == ["transfer to 2", "transfer to 3"]
    after = play(s, (0, "transfer to 3"))
    assert [x.scrolls for x in after.sorcerers] == [1, 0, 2]
    assert after.curse_holder == 2
    assert after.current == 1


def test_transfer_cannot_target_yourself() -> None:
    s = play(_caster("transfer", scrolls=[1, 0, 0]), (0, CAST))
    with pytest.raises(ActionNotAllowed, match="cannot pass a cursed scroll to yourself"):
        act(s, 0, "transfer to 1")
    with pytest.raises(ActionNotAllowed, match="Nobody plays number 4 in this game"):
        act(s, 0, "transfer to 4")


def test_transfer_with_one_opponent_is_automatic() -> None:
    s = _caster("transfer", players=2, scrolls=[2, 0])
    after = play(s, (0, CAST))
    assert [x.scrolls for x in after.sorcerers] == [1, 1]
    assert after.steps == []
    assert after.current == 1


def test_transfer_without_a_scroll_is_wasted() -> None:
    t = act(_caster("transfer", scrolls=[0, 1, 1]), 0, CAST)
    assert [x.scrolls for x in t.state.sorcerers] == [0, 1, 1]
    assert t.state.steps == []
    assert "has no cursed scroll to pass on" in _public(t.log)


# ------------------------------------------------------------------- Swiftness
def test_swiftness_is_permanent_from_the_next_turn_on() -> None:
    s = _caster("swiftness", players=2)
    after = play(s, (0, CAST), (1, "move 1"))
    assert texts(after, 0)[:4] == ["move 1", "move 2", "move 3", "move 4"]
    after = play(after, (0, "move 4"), (1, "move 1"))
    assert "move 4" in texts(after, 0)


# ---------------------------------------------------------------- Substitution
def test_substitution_lets_you_choose_an_opponent_with_cards() -> None:
    s = play(_caster("substitution", hands=[["blue"], ["green"]]), (0, CAST))
    assert s.steps[0].kind == "substitute"
    assert texts(s, 0) == ["substitute 2", "substitute 3"]


def test_substitution_offers_only_opponents_holding_cards_and_is_automatic_for_one() -> None:
    s = play(_caster("substitution", hands=[[], ["green"]]), (0, CAST))
    assert s.sorcerers[2].hand == []
    assert s.sorcerers[0].hand == ["green"]
    assert s.steps[0].kind == "substitute-give"
    assert s.steps[0].other == 2


def test_substitution_draws_from_the_chosen_opponent_then_gives_back_any_card() -> None:
    s = _caster("substitution", hands=[["blue"], ["green"]])
    s.sorcerers[0].hand += ["purple", "mandrake"]
    s = play(s, (0, CAST), (0, "substitute 3"))
    assert s.sorcerers[2].hand == []
    assert s.sorcerers[0].hand == ["green", "mandrake", "purple"]
    assert texts(s, 0) == ["give green", "give mandrake", "give purple"]
    after = play(s, (0, "give purple"))
    assert after.sorcerers[0].hand == ["green", "mandrake"]
    assert after.sorcerers[2].hand == ["purple"]
    assert after.sorcerers[1].hand == ["blue"]
    assert after.current == 1


def test_substitution_may_give_back_the_card_drawn() -> None:
    s = _caster("substitution", hands=[[], ["green", "yellow-2"]])
    drawn = play(s, (0, CAST))
    card = drawn.sorcerers[0].hand[0]
    after = play(drawn, (0, f"give {card}"))
    assert after.sorcerers[2].hand == ["green", "yellow-2"]
    assert after.sorcerers[0].hand == []


def test_substitution_draws_at_random_from_the_seeded_generator() -> None:
    hand = ["green", "yellow-2", "mandrake", "purple"]
    drawn = set()
    for rng in range(40):
        s = _caster("substitution", hands=[[], hand])
        s.rng = rng
        after = play(s, (0, CAST))
        assert after.rng != rng
        drawn.add(after.sorcerers[0].hand[0])
        again = _caster("substitution", hands=[[], hand])
        again.rng = rng
        assert play(again, (0, CAST)).sorcerers[0].hand == after.sorcerers[0].hand
    assert drawn == set(hand)


def test_substitution_is_wasted_when_no_opponent_has_a_card() -> None:
    t = act(_caster("substitution", hands=[[], []]), 0, CAST)
    assert t.state.steps == []
    assert t.state.current == 1
    assert "has a card to draw" in _public(t.log)


# ---------------------------------------------- Disappearance and Purification
def _at_the_end(hand: Sequence[str], *spells: str) -> MandragoraState:
    mine = [cast_spell(spell, 5, "red-0") for spell in spells]
    return position(hands=[list(hand), [], []], spells=[mine, [], []])


def test_disappearance_discards_one_colour_at_the_end() -> None:
    line = score_line(_at_the_end(["red", "red", "blue", "mandrake"], "disappearance"), 0)
    assert (line.colours_in_hand, line.colours_discarded) == (3, 1)
    assert line.total == 5 - 2


def test_two_disappearances_discard_two_colours() -> None:
    hand = ["red", "blue", "green", "mandrake"]
    line = score_line(_at_the_end(hand, "disappearance", "disappearance"), 0)
    assert (line.colours_in_hand, line.colours_discarded) == (4, 2)
    assert line.total == 10 - 2


def test_disappearance_discards_no_more_colours_than_the_hand_has() -> None:
    line = score_line(_at_the_end(["red"], "disappearance", "disappearance"), 0)
    assert (line.colours_in_hand, line.colours_discarded) == (1, 1)
    assert line.total == 10


def test_disappearance_asks_for_no_colour_and_says_so() -> None:
    # Rules: "Choose a color. Discard all cards of this color from your hand." Every colour
    # costs the same single point, so nothing is chosen (RULES.md decision 4): the card's
    # words must not promise a choice.
    s = play(_caster("disappearance", hands=[["red", "blue"], []]), (0, CAST))
    assert s.steps == [], "no decision is asked, then or at the end"
    entry = ENGINE.card("disappearance")
    assert entry is not None
    assert "of your choice" not in entry.text
    assert "which colour makes no difference" in entry.text


def test_disappearance_acts_only_at_the_end() -> None:
    s = play(_caster("disappearance", hands=[[], []]), (0, CAST))
    assert s.steps == []
    assert s.current == 1


def test_purification_discards_the_whole_hand_at_the_end() -> None:
    hand = ["red", "blue", "green-2", "black-2", "mandrake", "purple"]
    line = score_line(_at_the_end(hand, "purification"), 0)
    assert (line.colours_in_hand, line.colours_discarded) == (6, 6)
    assert line.total == 5


def test_purification_makes_disappearance_moot() -> None:
    line = score_line(_at_the_end(["red", "blue"], "purification", "disappearance"), 0)
    assert line.colours_discarded == 2
    assert line.total == 10


def test_end_of_game_spells_leave_the_hand_in_play() -> None:
    s = play(_caster("purification", hands=[[], []]), (0, "move 1"))
    assert s.sorcerers[0].hand == ["red", "red-1"]


# ------------------------------------------------------------------ Levitation
LEVITATION_SHOPS = shop_list(s2=["red", "scroll", "blue-1"], s5=["green", "yellow"], s8=["scroll"])


def test_levitation_offers_any_face_up_card_a_scroll_too_or_a_night_shop_blind() -> None:
    """Rules, Levitation: “Take the card of your choice from any shop.”"""
    s = play(_caster("levitation", shops=LEVITATION_SHOPS), (0, CAST))
    assert s.steps[0].kind == "levitate"
    assert texts(s, 0) == [
        "levitate 2 blue-1",
        "levitate 2 red",
        "levitate 2 scroll",
        "levitate 5",
        "levitate 8 scroll",
    ]


def test_levitation_takes_a_day_card_by_name_and_the_shop_is_not_restocked() -> None:
    s = play(_caster("levitation", shops=LEVITATION_SHOPS), (0, CAST))
    t = act(s, 0, "levitate 2 blue-1")
    assert t.state.sorcerers[0].hand == ["blue-1"]
    assert t.state.shops[1] == ["red", "scroll"]
    assert t.state.deck == s.deck
    assert "levitates 🔵 blue-1 out of shop 2" in _public(t.log)


def test_levitation_may_take_a_face_up_scroll_which_goes_in_front_of_you() -> None:
    """Rules, Levitation: “Take the card of your choice from any shop. Do not replace that
    card.” A cursed scroll is such a card; taken from a shop, “immediately place them in
    front of you face up” (Send the assistant, step 2)."""
    s = play(_caster("levitation", shops=LEVITATION_SHOPS, scrolls=[0, 1, 0]), (0, CAST))
    assert s.curse_holder == 1
    t = act(s, 0, "levitate 2 scroll")
    after = t.state
    assert after.sorcerers[0].hand == []
    assert after.sorcerers[0].scrolls == 1
    assert after.shops[1] == ["red", "blue-1"]
    assert after.deck == s.deck
    # One scroll each: the marker stays with its holder (decision 12).
    assert after.curse_holder == 1
    assert "levitates a cursed scroll out of shop 2" in _public(t.log)
    assert after.steps == []
    assert after.current == 1


def test_levitating_a_face_up_scroll_can_hand_over_the_curse() -> None:
    s = play(_caster("levitation", shops=LEVITATION_SHOPS, scrolls=[1, 1, 0]), (0, CAST))
    assert s.curse_holder == 0
    after = play(s, (0, "levitate 2 scroll"))
    assert after.sorcerers[0].scrolls == 2
    assert after.curse_holder == 0
    s = play(_caster("levitation", shops=LEVITATION_SHOPS, scrolls=[1, 1, 0]), (0, CAST))
    s.curse_holder = 1
    assert play(s, (0, "levitate 2 scroll")).curse_holder == 0


def test_levitation_with_only_a_scroll_to_take_takes_it() -> None:
    """The effect is not optional: “Take the card of your choice from any shop.”"""
    s = play(_caster("levitation", shops=shop_list(s3=["scroll"])), (0, CAST))
    assert texts(s, 0) == ["levitate 3 scroll"]
    assert ENGINE.automatic(s, 0) == Levitate(2, "scroll")


def test_levitating_a_scroll_from_a_shop_without_one_is_refused() -> None:
    s = play(_caster("levitation", shops=shop_list(s2=["red"], s3=["scroll"])), (0, CAST))
    with pytest.raises(ActionNotAllowed, match="Shop 2 has no face-up scroll"):
        apply_action(s, 0, Levitate(1, "scroll"))
    with pytest.raises(IllegalAction):
        act(s, 0, "levitate 2 scroll")


def test_levitation_takes_the_top_night_card_blind() -> None:
    s = play(_caster("levitation", shops=LEVITATION_SHOPS), (0, CAST))
    t = act(s, 0, "levitate 5")
    assert t.state.sorcerers[0].hand == ["yellow"]
    assert t.state.shops[4] == ["green"]
    assert t.state.deck == s.deck
    assert "yellow" not in _public(t.log)
    private = [e for e in t.log if e.audience is not None]
    assert [(e.text, e.audience) for e in private] == [("You levitate 🟡 yellow.", frozenset({0}))]


def test_levitation_of_a_night_card_by_name_is_refused() -> None:
    s = play(_caster("levitation", shops=LEVITATION_SHOPS), (0, CAST))
    with pytest.raises(ActionNotAllowed, match=r"night shop: take a card blind \(levitate 5\)"):
        act(s, 0, "levitate 5 yellow")


def test_levitated_night_scroll_goes_in_front_of_you() -> None:
    shops = shop_list(s5=["green", "scroll"])
    s = play(_caster("levitation", shops=shops, scrolls=[0, 0, 0]), (0, CAST))
    after = play(s, (0, "levitate 5"))
    assert after.sorcerers[0].hand == []
    assert after.sorcerers[0].scrolls == 1
    assert after.curse_holder == 0
    assert after.shops[4] == ["green"]


def test_levitation_is_wasted_when_no_shop_has_a_card_to_take() -> None:
    s = _caster("levitation", shops=shop_list())
    t = act(s, 0, CAST)
    assert t.state.steps == []
    assert t.state.current == 1
    assert "No shop has a card to levitate" in _public(t.log)
