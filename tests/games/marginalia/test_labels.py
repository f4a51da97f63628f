"""Marginalia's decisions in words, the whole moves offered in one pick, and the decisions
taken without asking."""

from __future__ import annotations

from typing import Any

import pytest

from games.core import render_seats
from games.core.labels import LABEL_LIMIT, NAME_LIMIT
from games.core.playout import random_position
from games.marginalia.actions import Action, Back, Composite
from games.marginalia.page import locate
from games.marginalia.state import MarginaliaState, Step
from tests.games.marginalia.positions import ENGINE, act, at, coins, play, position

#: Two different names as long as names in a label may be.
NAMES = ("A" * NAME_LIMIT, "B" * NAME_LIMIT)


def label(s: MarginaliaState, seat: int, text: str) -> str:
    """The words on the button (or menu entry) that types ``text``."""
    return ENGINE.action_label(s, seat, ENGINE.parse_syntax(text) or Back())


def whole(s: MarginaliaState, seat: int) -> dict[str, str]:
    """The whole moves offered, notation → label."""
    return {
        ENGINE.notation(m): ENGINE.action_label(s, seat, m) for m in ENGINE.whole_moves(s, seat)
    }


def offered(s: MarginaliaState, seat: int) -> list[Action]:
    """Everything the panel offers ``seat`` together: the steps ("back" aside), whole moves."""
    steps = [a for a in ENGINE.legal_actions(s, seat) if not isinstance(a, Back)]
    return [*steps, *ENGINE.whole_moves(s, seat)]


def taken(s: MarginaliaState, seat: int) -> str | None:
    """The decision taken for ``seat`` without asking, as typed; None when it is asked."""
    action = ENGINE.automatic(s, seat)
    return None if action is None else ENGINE.notation(action)


def done_or_automatic(s: MarginaliaState, seat: int) -> bool:
    """Whether ``seat`` is done with its move, once the decisions taken for it are made."""
    for _ in range(20):
        if ENGINE.outcome(s) is not None or not ENGINE.deciding(s, seat):
            return True
        taken = ENGINE.automatic(s, seat)
        if taken is None:
            return False
        s = ENGINE.apply(s, seat, taken).state
    return False


# --------------------------------------------------------------- over random positions
def random_positions() -> list[Any]:
    return [
        pytest.param(players, options, seed, id=f"seed{seed}")
        for players, options in ENGINE.configurations()
        for seed in range(60)
    ]


@pytest.mark.parametrize(("players", "options", "seed"), random_positions())
def test_every_option_has_a_short_distinct_label_and_every_whole_move_completes_a_move(
    players: int, options: Any, seed: int
) -> None:
    s = random_position(ENGINE, players, seed, seed % 45, options)
    for seat in sorted(ENGINE.to_act(s)):
        shown = [render_seats(ENGINE.action_label(s, seat, a), NAMES) for a in offered(s, seat)]
        assert all(len(text) <= LABEL_LIMIT for text in shown), max(shown, key=len)
        assert len(set(shown)) == len(shown), sorted(shown)
        for move in ENGINE.whole_moves(s, seat):
            text = ENGINE.notation(move)
            assert ENGINE.parse(s, seat, text) == move, text
            after = ENGINE.apply(s, seat, move).state
            assert done_or_automatic(after, seat), text


def test_random_positions_offer_every_kind_of_whole_move() -> None:
    kinds: set[tuple[str, ...]] = set()
    for seed in range(200):
        s = random_position(ENGINE, 2, seed, seed % 45)
        for seat in ENGINE.to_act(s):
            for move in ENGINE.whole_moves(s, seat):
                assert isinstance(move, Composite)
                kinds.add(tuple(ENGINE.notation(d).split()[0] for d in move.decisions))
    assert kinds >= {("play", "to"), ("play", "target"), ("use", "target")}


# -------------------------------------------------------------- labels, kind by kind
def test_a_card_in_hand_says_what_it_is_and_does() -> None:
    s = position(hands=[["cancer", "ignis-sacer", "saint", "wrathful-abbot"], []])
    assert label(s, 0, "play cancer") == "Play Cancer 3/3 · +1/+1 while facing a foe"
    assert label(s, 0, "play wrathful-abbot") == (
        "Play Wrathful Abbot 3/2 · once a turn, in your play phase: 1 damage to a target"
    )
    assert label(s, 0, "play ignis-sacer") == "Play Ignis Sacer · 3 damage to a target"
    assert label(s, 0, "play saint") == (
        "Play Saint 3/4 · from behind, the one in front gets +1 health"
    )


def test_a_space_says_whose_line_it_is_and_what_the_newcomer_meets() -> None:
    s = position(hands=[["saint"], []], page={"a2": "cancer", "b3": "ziz"})
    s = play(s, (0, "play saint"))
    assert label(s, 0, "to b2") == "Saint 3/4 → b2 (your front line) · faces Ziz 4/3"
    assert label(s, 0, "to c2") == "Saint 3/4 → c2 (your front line) · unopposed"
    assert label(s, 0, "to a1") == "Saint 3/4 → a1 (your back line) · behind Cancer 3/3"


def test_a_space_for_the_second_seat_is_on_its_own_side() -> None:
    s = position(hands=[[], ["salamander"]], active=1, page={"c2": "saint"})
    s = play(s, (1, "play salamander"))
    assert label(s, 1, "to c3") == (
        "Salamander 2/2 → c3 (your front line) · faces Saint 3/4 · Kindle on arrival"
    )
    places = [locate(ENGINE.notation(a)[3:]) for a in ENGINE.legal_actions(s, 1)[:-1]]
    assert {place[0] for place in places if place is not None} == {1}


def test_a_token_is_named_where_it_goes() -> None:
    s = play(position(hands=[["procession"], []]), (0, "play procession"))
    assert label(s, 0, "to a2") == "Pilgrim token 1/1 → a2 (your front line) · unopposed"


def test_a_target_says_whose_it_is_and_what_the_effect_leaves() -> None:
    s = position(hands=[["ignis-sacer"], []], page={"c3": ("ziz", 1), "c2": "great-snail"})
    s.sides[1].health = 12
    s = play(s, (0, "play ignis-sacer"))
    assert label(s, 0, "target p2") == "{p1} (opponent): 3 damage, ❤️ 12 → 9"
    assert label(s, 0, "target p1") == "{p0} (you): 3 damage, ❤️ 20 → 17"
    assert label(s, 0, "target c3") == "their Ziz c3 4/2: 3 damage, erased"
    assert label(s, 0, "target c2") == "your Great Snail c2 1/6: 3 damage, 6 → 3 health"


def test_a_heal_says_when_there_is_nothing_to_heal() -> None:
    s = position(hands=[["cura-te-ipsum"], []], page={"c2": ("saint", 2), "d2": "cancer"})
    s = play(s, (0, "play cura-te-ipsum"))
    assert label(s, 0, "target c2") == "your Saint c2 3/2: heal 2"
    assert label(s, 0, "target d2") == "your Cancer d2 3/3: no damage to heal"
    assert label(s, 0, "target p1") == "{p0} (you): heal 5, ❤️ 20 already full"


def test_an_ability_names_itself_and_its_marginalis() -> None:
    s = position(page={"b2": "wrathful-abbot"})
    assert label(s, 0, "use b2") == "Rebuke (Wrathful Abbot b2): 1 damage to a target"


def test_flight_says_where_the_marginalis_flies() -> None:
    s = position(page={"b2": "smiting-angel", "d2": "cancer", "d3": "ziz"}, phase="choose-reset")
    s = play(s, (0, "use b2"))
    assert (
        label(s, 0, "to d1") == "Smiting Angel flies b2 → d1 (your back line) · behind Cancer 4/4"
    )
    assert label(s, 0, "to c2") == "Smiting Angel flies b2 → c2 (your front line) · unopposed"


def test_the_attack_says_how_many_attack_and_what_is_discarded() -> None:
    one = position(hands=[["saint", "ziz"], []], page={"c2": "cancer"})
    assert label(one, 0, "attack") == "⚔️ Attack with 1 marginalis, discards 2 cards"
    none = position(hands=[["saint"], []])
    assert (
        label(none, 0, "attack") == "End the play phase · nothing to attack with, discards 1 card"
    )
    two = position(page={"a2": "cancer", "b2": "saint"})
    assert label(two, 0, "attack from a") == "⚔️ Attack from column a (a → e)"
    assert label(two, 0, "attack from e") == "⚔️ Attack from column e (e → a)"


def test_ending_the_turn_says_no_more_abilities() -> None:
    s = position(page={"b2": "smiting-angel"}, phase="choose-reset")
    assert label(s, 0, "end turn") == "End your turn · use no more reset abilities"


def test_a_search_names_the_unicorn_or_the_token_and_where_it_goes() -> None:
    s = position(page={"c2": "pure-virgin"})
    s.sides[0].deck = ["white-unicorn", "great-snail"]
    virgin = at(s, "c2")
    assert virgin is not None
    s.steps = [Step("search", 0, "pure-virgin", "effect", uid=virgin.uid)]
    assert label(s, 0, "summon token") == "Create a Unicorn token 2/2 → c1 (your back line)"
    assert label(s, 0, "summon white-unicorn") == (
        "White Unicorn 3/3 from your deck → c1 (your back line)"
    )


def test_the_revealed_card_may_be_played_free_or_declined() -> None:
    s = position(hands=[["rota-fortuna"], []])
    s.sides[0].deck = ["great-snail", "ziz"]
    s = play(s, (0, "play rota-fortuna"))
    assert label(s, 0, "play ziz") == (
        "Play Ziz 4/3 from your deck (free) · when attacked: coin: heads no damage"
    )
    assert label(s, 0, "decline") == "Decline Ziz · it goes to your discard pile"


def test_whole_moves_read_as_the_card_and_where_it_goes_or_what_it_hits() -> None:
    s = position(
        hands=[["cancer", "ignis-sacer", "salamander"], []],
        page={"b2": "wrathful-abbot", "c3": "ziz"},
    )
    moves = whole(s, 0)
    assert moves["play cancer to c2"] == "Cancer 3/3 → c2 (your front line) · faces Ziz 4/3"
    assert moves["play cancer to b1"] == (
        "Cancer 3/3 → b1 (your back line) · behind Wrathful Abbot 3/2"
    )
    assert (
        moves["play ignis-sacer target p2"] == "Ignis Sacer → {p1} (opponent): 3 damage, ❤️ 20 → 17"
    )
    assert moves["play salamander to c2 target c3"] == (
        "Salamander → c2 · Kindle → their Ziz c3 4/3: 2 damage, 3 → 1 health"
    )
    assert moves["use b2 target p2"] == "Rebuke (b2) → {p1} (opponent): 1 damage, ❤️ 20 → 19"


def test_a_flight_is_one_pick_in_the_reset_phase() -> None:
    s = position(page={"b2": "smiting-angel"}, phase="choose-reset")
    moves = whole(s, 0)
    assert moves["use b2 to c2"] == "Smiting Angel flies b2 → c2 (your front line) · unopposed"
    assert "use b2 to b1" not in moves  # behind its own space: left empty once it flies


def test_two_angels_flying_to_the_same_space_read_differently() -> None:
    s = position(page={"b2": "smiting-angel", "d2": "smiting-angel"}, phase="choose-reset")
    moves = whole(s, 0)
    assert moves["use b2 to c2"] == "Smiting Angel flies b2 → c2 (your front line) · unopposed"
    assert moves["use d2 to c2"] == "Smiting Angel flies d2 → c2 (your front line) · unopposed"
    assert len(set(moves.values())) == len(moves)


# ------------------------------------------------------------------------- whole moves
def test_whole_moves_place_only_on_the_players_own_free_spaces() -> None:
    s = position(hands=[[], ["cancer"]], active=1, page={"a3": "saint", "a4": "ziz"})
    spaces = sorted(m.split()[-1] for m in whole(s, 1))
    assert spaces == ["b3", "c3", "d3", "e3"]


def test_a_search_or_a_coin_that_may_ask_for_more_stays_step_by_step() -> None:
    s = position(hands=[["dancing-skeleton", "pure-virgin", "basilisk"], []], page={"c2": "saint"})
    moves = whole(s, 0)
    assert "play pure-virgin to a2" not in moves
    assert "play pure-virgin to c1" in moves  # the back line: no search
    assert "play dancing-skeleton to a2" not in moves
    assert "play dancing-skeleton to c1" in moves
    assert "play basilisk to a2" in moves  # its coin asks nothing, whichever way it falls


def test_a_whole_move_is_the_same_whatever_the_coming_coins() -> None:
    s = position(hands=[["basilisk", "dancing-skeleton"], []], page={"a3": "ziz"})
    assert whole(coins(s.clone(), "H"), 0) == whole(coins(s.clone(), "T"), 0)


def test_an_arrival_that_aims_is_one_pick_with_its_target() -> None:
    s = position(hands=[["salamander"], []])
    moves = whole(s, 0)
    assert "play salamander to a2" not in moves
    assert {m for m in moves if m.startswith("play salamander to a2 ")} == {
        "play salamander to a2 target p1",
        "play salamander to a2 target p2",
        "play salamander to a2 target a2",
    }
    after = act(s, 0, "play salamander to a2 target p2").state
    assert after.sides[1].health == 18
    assert not ENGINE.deciding(after, 0)


def test_nothing_whole_is_offered_while_a_prompt_is_answered() -> None:
    s = play(position(hands=[["cancer"], []]), (0, "play cancer"))
    assert ENGINE.whole_moves(s, 0) == []
    assert ENGINE.whole_moves(position(hands=[["cancer"], []]), 1) == []


# ---------------------------------------------------------------- deciding, automatic
def test_a_seat_is_deciding_only_while_it_owes_part_of_a_move() -> None:
    s = position(hands=[["cancer", "saint"], []])
    assert not ENGINE.deciding(s, 0)
    s = play(s, (0, "play cancer"))
    assert ENGINE.deciding(s, 0)
    assert not ENGINE.deciding(s, 1)
    s = play(s, (0, "to c2"))
    assert not ENGINE.deciding(s, 0)


def test_between_fights_the_attack_goes_on_in_words_and_is_never_taken_for_the_player() -> None:
    page = {"a2": "bishop-of-lyons", "c2": "saint", "d2": "cancer"}
    s = play(position(page=page), (0, "attack from a"))
    assert label(s, 0, "attack") == "⚔️ Go on with the attack · 2 marginalia still to attack"
    assert taken(s, 0) is None


def test_in_the_other_players_reset_phase_the_turn_is_let_end() -> None:
    s = play(position(page={"c3": "smiting-angel", "a2": "ziz"}), (0, "attack"))
    assert label(s, 1, "end turn") == "Let the turn end · use no reset ability"
    assert taken(s, 1) is None


def test_the_attack_is_made_once_it_is_all_that_is_left() -> None:
    s = position(hands=[["cancer", "saint"], []], plays=2)
    assert ENGINE.automatic(s, 0) is None  # a card may still be played
    s = play(s, (0, "play cancer to c2"))
    assert taken(s, 0) == "attack"


def test_the_start_of_a_turn_is_never_taken_for_the_player() -> None:
    s = position(hands=[[], []])
    assert [ENGINE.notation(a) for a in ENGINE.legal_actions(s, 0)] == ["attack"]
    assert ENGINE.automatic(s, 0) is None


def test_a_direction_to_choose_is_asked() -> None:
    s = position(hands=[["cancer", "saint"], []], page={"a2": "ziz"}, plays=2)
    s = play(s, (0, "play cancer to c2"))
    assert ENGINE.automatic(s, 0) is None


def test_an_ability_still_to_use_is_asked() -> None:
    s = position(hands=[["cancer"], []], page={"b2": "wrathful-abbot"}, plays=2)
    s = play(s, (0, "play cancer to b1"))
    assert ENGINE.automatic(s, 0) is None


def test_a_prompt_with_one_answer_is_not_asked() -> None:
    s = position(
        hands=[["cancer"], []], page=dict.fromkeys(("a2", "b2", "c2", "d2"), "great-snail")
    )
    s = play(s, (0, "play cancer"))
    spaces = ["to a1", "to b1", "to c1", "to d1", "to e2", "back"]
    assert [ENGINE.notation(a) for a in ENGINE.legal_actions(s, 0)] == spaces
    assert ENGINE.automatic(s, 0) is None  # five spaces: the player chooses
    virgin = position(page={"c2": "pure-virgin"})
    virgin.sides[0].deck = ["great-snail"] * 10
    m = at(virgin, "c2")
    assert m is not None
    virgin.steps = [Step("search", 0, "pure-virgin", "effect", uid=m.uid)]
    assert taken(virgin, 0) == "summon token"


def test_a_single_space_is_taken_and_a_revealed_card_that_cannot_be_played_declined() -> None:
    full = {f"{c}{r}": "great-snail" for c in "abcde" for r in "12"}
    del full["e1"]
    s = play(position(hands=[["cancer"], []], page=full), (0, "play cancer"))
    assert taken(s, 0) == "to e1"
    fortune = position(hands=[["rota-fortuna"], []], page={**full, "e1": "great-snail"})
    fortune.sides[0].deck = ["ziz"]
    fortune = play(fortune, (0, "play rota-fortuna"))
    assert [ENGINE.notation(a) for a in ENGINE.legal_actions(fortune, 0)] == ["decline"]
    assert taken(fortune, 0) == "decline"


def test_a_choice_of_targets_is_asked() -> None:
    s = play(position(hands=[["ignis-sacer"], []]), (0, "play ignis-sacer"))
    assert ENGINE.automatic(s, 0) is None
    assert ENGINE.automatic(s, 1) is None
