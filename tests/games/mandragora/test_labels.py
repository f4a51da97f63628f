"""Mandragora on the panel: labels in words, whole spells in one pick, and the decisions
taken without asking."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from pydantic import BaseModel

from games.core import BACK, ActionNotAllowed, render_seats
from games.core.playout import random_position
from games.mandragora.actions import (
    Action,
    AddIngredient,
    ChoosePower,
    CompositeCast,
    FinishCast,
    GiveCard,
    Levitate,
    Share,
    Substitute,
    Transfer,
)
from games.mandragora.state import MandragoraState
from games.mandragora.whole_moves import PREPARING_LIMIT, TURN_LIMIT
from tests.games.configurations import configurations_of
from tests.games.mandragora.positions import (
    ENGINE,
    play,
    position,
    put_on_top,
    shop_list,
    swiftness_on_top,
)

#: Names as long as the bot allows, each different.
NAMES = [letter * 16 for letter in "ABCD"]
SEEDS = range(30)


def options(s: MandragoraState, seat: int) -> list[Action]:
    """What the panel shows ``seat``: its steps ("back" has its own button) and whole moves."""
    steps = [a for a in ENGINE.legal_actions(s, seat) if ENGINE.notation(a) != BACK]
    return [*steps, *ENGINE.whole_moves(s, seat)]


def labels(s: MandragoraState, seat: int) -> list[str]:
    return [ENGINE.action_label(s, seat, a) for a in options(s, seat)]


def steps(s: MandragoraState, seat: int) -> list[str]:
    legal = ENGINE.legal_actions(s, seat)
    return [ENGINE.action_label(s, seat, a) for a in legal if ENGINE.notation(a) != BACK]


def whole(s: MandragoraState, seat: int) -> list[tuple[str, str]]:
    return [
        (ENGINE.notation(m), ENGINE.action_label(s, seat, m)) for m in ENGINE.whole_moves(s, seat)
    ]


def positions(players: int, variant: BaseModel) -> Iterator[tuple[MandragoraState, int]]:
    """Random positions partway through games, with each seat that may act there."""
    for seed in SEEDS:
        steps_in = random.Random(seed).randrange(0, 300)
        s = random_position(ENGINE, players, seed, steps_in, variant)
        for seat in sorted(ENGINE.to_act(s)):
            yield s, seat


def finish_automatically(s: MandragoraState, seat: int) -> MandragoraState:
    """The state once every decision taken without asking has been taken."""
    for _ in range(ENGINE.step_limit):
        action = ENGINE.automatic(s, seat)
        if action is None:
            return s
        s = ENGINE.apply(s, seat, action).state
    raise AssertionError("decisions taken without asking never end")


# ------------------------------------------------------------ over random positions
CONFIGURATIONS = configurations_of([ENGINE])


@pytest.mark.parametrize(("engine", "players", "variant"), CONFIGURATIONS)
@pytest.mark.slow
def test_every_option_has_a_short_label_once_long_names_are_filled_in(
    engine: Any, players: int, variant: BaseModel
) -> None:
    for s, seat in positions(players, variant):
        for label in labels(s, seat):
            shown = render_seats(label, NAMES)
            assert len(shown) <= 80, shown
            assert "{" not in shown


@pytest.mark.parametrize(("engine", "players", "variant"), CONFIGURATIONS)
def test_labels_are_distinct_among_a_seats_options(
    engine: Any, players: int, variant: BaseModel
) -> None:
    for s, seat in positions(players, variant):
        repeated = [t for t, n in Counter(labels(s, seat)).items() if n > 1]
        assert repeated == []


@pytest.mark.parametrize(("engine", "players", "variant"), CONFIGURATIONS)
@pytest.mark.slow
def test_every_whole_move_is_accepted_and_finishes_the_move(
    engine: Any, players: int, variant: BaseModel
) -> None:
    offered = 0
    for s, seat in positions(players, variant):
        for move in ENGINE.whole_moves(s, seat):
            offered += 1
            assert ENGINE.parse(s, seat, ENGINE.notation(move)) == move
            after = finish_automatically(ENGINE.apply(s, seat, move).state, seat)
            assert not ENGINE.deciding(after, seat), ENGINE.notation(move)
    assert offered > 0


@pytest.mark.parametrize(("engine", "players", "variant"), CONFIGURATIONS)
@pytest.mark.slow
def test_whole_moves_stay_within_a_short_menu(
    engine: Any, players: int, variant: BaseModel
) -> None:
    for s, seat in positions(players, variant):
        limit = PREPARING_LIMIT if s.steps else TURN_LIMIT
        assert len(ENGINE.whole_moves(s, seat)) <= limit


# ------------------------------------------------------------------- a small hand
def small_hand() -> MandragoraState:
    """Seat 1 holds red-2, two reds and a mandrake, one cursed scroll; Swiftness tops the
    value-1 stack, Transfer value 2, Banishment value 3."""
    s = position(
        3,
        hands=[["red-2", "red", "red", "mandrake"], ["blue"], []],
        shops=shop_list(s2=["red", "scroll"], s3=["green", "yellow-1"], s6=["blue", "red"]),
        scrolls=[1, 2, 0],
    )
    put_on_top(s, 1, "swiftness")
    put_on_top(s, 2, "transfer")
    return put_on_top(s, 3, "banishment")


def test_assistant_moves_say_where_it_lands_and_what_is_there() -> None:
    assert steps(small_hand(), 0)[:3] == [
        "Send the assistant 1 shop → shop 2: 🔴 red, 📜 scroll",
        "Send the assistant 2 shops → shop 3: 🟡 yellow-1, 🟢 green",
        "Send the assistant 3 shops → shop 4: empty",
    ]


def test_a_night_shop_shows_only_how_many_face_down_cards_it_has() -> None:
    s = small_hand()
    s.assistant = 3
    assert steps(s, 0)[1] == "Send the assistant 2 shops → shop 6 🌙: 2 face-down cards"


def test_a_crowded_shop_is_shown_in_symbols_to_fit() -> None:
    crowded = ["yellow", "yellow", "blue", "blue", "blue", "blue-1", "green-2", "red-3"]
    s = position(3, shops=shop_list(s2=[*crowded, "purple-0", "scroll", "scroll", "mandrake"]))
    assert steps(s, 0)[0] == (
        "Send the assistant 1 shop → shop 2: 🟣0 2×🟡 🟢2 🔴3 3×🔵 🔵1 🌱 2×📜"
    )


def test_spellbooks_say_what_they_start_and_are_worth() -> None:
    assert steps(small_hand(), 0)[3:] == [
        "Start a spell with 🔴 red-2 as spellbook (+2 pts)",
        "Start a spell with 🌱 mandrake as spellbook (+0 pts)",
    ]


def test_a_spellbook_that_leads_to_one_spell_says_which() -> None:
    s = swiftness_on_top(position(3, hands=[["mandrake", "red"], [], []]))
    assert steps(s, 0)[3:] == [
        "Start with 🌱 mandrake: casts Swiftness (power 1, +1 pts) with 🔴 red"
    ]


def test_ingredients_say_how_strong_the_spell_may_get() -> None:
    s = play(small_hand(), (0, "cast red-2"))
    assert steps(s, 0) == [
        "Add 🌱 mandrake (wild): 1 ingredient, power up to 1",
        "Add 🔴 red: 1 ingredient, power up to 1",
    ]
    s = play(s, (0, "add red"))
    assert steps(s, 0)[:2] == [
        "Add 🌱 mandrake (wild): 2 ingredients, power up to 2",
        "Add 🔴 red: 2 ingredients, power up to 2",
    ]


def test_a_power_names_the_spell_on_top_its_points_and_its_effect() -> None:
    s = play(small_hand(), (0, "cast red-2"), (0, "add red"), (0, "add red"))
    assert steps(s, 0)[1:] == [
        "Cast Swiftness (power 1, +3 pts): your assistant may walk 1 shop further",
        "Cast Transfer (power 2, +4 pts): pass a 📜 cursed scroll of yours to an opponent",
    ]


def test_a_power_that_would_do_nothing_says_so() -> None:
    s = small_hand()
    s.sorcerers[0].scrolls = 0
    s = play(s, (0, "cast red-2"), (0, "add red"), (0, "add red"))
    assert (
        steps(s, 0)[-1]
        == "Cast Transfer (power 2, +4 pts): no effect, you have no 📜 cursed scroll"
    )


def test_a_levitation_with_no_card_to_take_says_it_does_nothing() -> None:
    s = put_on_top(position(3, hands=[["red-1", "red", "red"], [], []]), 1, "levitation")
    s = play(s, (0, "cast red-1"), (0, "add red"))
    assert (
        steps(s, 0)[-1]
        == "Cast Levitation (power 1, +2 pts): no effect, no shop has a card to take"
    )


def test_the_whole_spells_of_a_small_hand_fewest_ingredients_first() -> None:
    assert whole(small_hand(), 0) == [
        ("cast red-2 mandrake power 1", "Swiftness (power 1, +3 pts): 🔴 red-2 + 🌱 mandrake"),
        ("cast red-2 red power 1", "Swiftness (power 1, +3 pts): 🔴 red-2 + 🔴 red"),
        ("cast mandrake red power 1", "Swiftness (power 1, +1 pts): 🌱 mandrake book + 🔴 red"),
        (
            "cast red-2 red mandrake power 2 transfer to 2",
            "Transfer (power 2, +4 pts): 🔴 red-2 + 🔴 red, 🌱 mandrake → 📜 to {p1}",
        ),
        (
            "cast red-2 red mandrake power 2 transfer to 3",
            "Transfer (power 2, +4 pts): 🔴 red-2 + 🔴 red, 🌱 mandrake → 📜 to {p2}",
        ),
        (
            "cast red-2 red red power 2 transfer to 2",
            "Transfer (power 2, +4 pts): 🔴 red-2 + 2× 🔴 red → 📜 to {p1}",
        ),
        (
            "cast red-2 red red power 2 transfer to 3",
            "Transfer (power 2, +4 pts): 🔴 red-2 + 2× 🔴 red → 📜 to {p2}",
        ),
        (
            "cast mandrake red red power 2 transfer to 2",
            "Transfer (power 2, +2 pts): 🌱 mandrake book + 2× 🔴 red → 📜 to {p1}",
        ),
        (
            "cast mandrake red red power 2 transfer to 3",
            "Transfer (power 2, +2 pts): 🌱 mandrake book + 2× 🔴 red → 📜 to {p2}",
        ),
        (
            "cast red-2 red mandrake power 1",
            "Swiftness (power 1, +3 pts): 🔴 red-2 + 🔴 red, 🌱 mandrake",
        ),
        ("cast red-2 red red power 1", "Swiftness (power 1, +3 pts): 🔴 red-2 + 2× 🔴 red"),
        (
            "cast mandrake red red power 1",
            "Swiftness (power 1, +1 pts): 🌱 mandrake book + 2× 🔴 red",
        ),
        (
            "cast red-2 red red mandrake power 3",
            "Banishment (power 3, +5 pts): 🔴 red-2 + 2× 🔴 red, 🌱 mandrake",
        ),
        (
            "cast red-2 red red mandrake power 2 transfer to 2",
            "Transfer (power 2, +4 pts): 🔴2 + 2×🔴 🌱 → 📜 to {p1}",
        ),
        (
            "cast red-2 red red mandrake power 2 transfer to 3",
            "Transfer (power 2, +4 pts): 🔴2 + 2×🔴 🌱 → 📜 to {p2}",
        ),
        (
            "cast red-2 red red mandrake power 1",
            "Swiftness (power 1, +3 pts): 🔴 red-2 + 2× 🔴 red, 🌱 mandrake",
        ),
    ]


def test_the_rest_of_a_spell_in_preparation_is_offered_whole() -> None:
    s = play(small_hand(), (0, "cast red-2"), (0, "add red"), (0, "add red"))
    assert whole(s, 0) == [
        ("power 2 transfer to 2", "Transfer (power 2, +4 pts) → 📜 to {p1}"),
        ("power 2 transfer to 3", "Transfer (power 2, +4 pts) → 📜 to {p2}"),
        ("add mandrake power 3", "Banishment (power 3, +5 pts) adding 🌱 mandrake"),
        (
            "add mandrake power 2 transfer to 2",
            "Transfer (power 2, +4 pts) adding 🌱 mandrake → 📜 to {p1}",
        ),
        (
            "add mandrake power 2 transfer to 3",
            "Transfer (power 2, +4 pts) adding 🌱 mandrake → 📜 to {p2}",
        ),
        ("add mandrake power 1", "Swiftness (power 1, +3 pts) adding 🌱 mandrake"),
    ]


# ------------------------------------------------------------ what spells ask for
def transfer_asked() -> MandragoraState:
    s = put_on_top(
        position(3, hands=[["red-1", "red"], ["blue"], []], scrolls=[1, 2, 0]), 1, "transfer"
    )
    return play(s, (0, "cast red-1"), (0, "add red"), (0, "power 1"))


def test_a_transfer_names_each_opponent_and_their_scrolls() -> None:
    assert steps(transfer_asked(), 0) == [
        "Target {p1} (opponent, 2 📜): pass them a cursed scroll",
        "Target {p2} (opponent, 0 📜): pass them a cursed scroll",
    ]


def substitution() -> MandragoraState:
    s = position(3, hands=[["red-1", "red", "blue-2", "green"], ["blue"] * 3, ["yellow"]])
    return put_on_top(s, 1, "substitution")


def test_a_substitution_names_each_opponent_and_their_hand() -> None:
    s = play(substitution(), (0, "cast red-1"), (0, "add red"), (0, "power 1"))
    assert steps(s, 0) == [
        "Target {p1} (opponent, 3 cards): draw one blind, give one back",
        "Target {p2} (opponent, 1 card): draw one blind, give one back",
    ]
    s = play(s, (0, "substitute 2"))
    assert steps(s, 0) == [
        "Give 🔵 blue to {p1} (opponent)",
        "Give 🔵 blue-2 to {p1} (opponent)",
        "Give 🟢 green to {p1} (opponent)",
    ]


def test_a_whole_substitution_hands_back_only_a_card_already_held() -> None:
    moves = ENGINE.whole_moves(substitution(), 0)
    gives = {m.then for m in moves if isinstance(m, CompositeCast)}
    assert gives == {
        (Substitute(target), GiveCard(card)) for target in (1, 2) for card in ("blue-2", "green")
    }
    assert (
        ENGINE.action_label(
            substitution(),
            0,
            CompositeCast("red-1", ("red",), 1, (Substitute(2), GiveCard("green"))),
        )
        == "Substitution (power 1, +2 pts): 🔴1 + 🔴 → draw from {p2}, give 🟢"
    )


def levitation(teams: bool = False) -> MandragoraState:
    players = 4 if teams else 3
    hands = [["red-1", "red"], *[["blue"]] * (players - 1)]
    s = position(
        players,
        hands=hands,
        shops=shop_list(s2=["red", "scroll"], s6=["blue", "green"]),
        teams=teams,
    )
    return put_on_top(s, 1, "levitation")


def test_levitation_names_the_card_or_says_it_is_face_down() -> None:
    s = play(levitation(), (0, "cast red-1"), (0, "add red"), (0, "power 1"))
    assert steps(s, 0) == [
        "Take 🔴 red from shop 2",
        "Take 📜 scroll from shop 2: it goes in front of you",
        "Take a face-down card from shop 6 🌙 (top of 2)",
    ]
    assert whole(levitation(), 0) == [
        (
            "cast red-1 red power 1 levitate 2 red",
            "Levitation (power 1, +2 pts): 🔴 red-1 + 🔴 red → take 🔴 red from shop 2",
        ),
        (
            "cast red-1 red power 1 levitate 6",
            "Levitation (power 1, +2 pts): 🔴 red-1 + 🔴 red → take face-down from shop 6",
        ),
    ]


def test_a_face_up_scroll_is_levitated_step_by_step_only() -> None:
    """Taking a cursed scroll costs its taker: the step stays, the menu of whole spells does
    not offer it, and a whole spell typed with it is accepted."""
    s = play(levitation(), (0, "cast red-1"), (0, "add red"), (0, "power 1"))
    assert "levitate 2 scroll" in [ENGINE.notation(a) for a in ENGINE.legal_actions(s, 0)]
    assert all("scroll" not in ENGINE.notation(m) for m in ENGINE.whole_moves(levitation(), 0))
    typed = ENGINE.parse(levitation(), 0, "cast red-1 red power 1 levitate 2 scroll")
    assert ENGINE.apply(levitation(), 0, typed).state.sorcerers[0].scrolls == 1


def test_a_levitation_with_only_a_scroll_to_take_says_so() -> None:
    s = put_on_top(position(3, hands=[["red-1", "red"], [], []]), 1, "levitation")
    s.shops = shop_list(s2=["scroll"])
    s = play(s, (0, "cast red-1"), (0, "add red"))
    assert (
        ENGINE.action_label(s, 0, ChoosePower(1))
        == "Cast Levitation (power 1, +2 pts): the only card to take is a 📜 cursed scroll"
    )


def test_a_scroll_levitated_in_teams_says_a_trade_follows() -> None:
    s = play(levitation(teams=True), (0, "cast red-1"), (0, "add red"), (0, "power 1"))
    assert "Take 📜 scroll from shop 2: in front of you, then a trade with {p2}" in steps(s, 0)


def test_a_blind_levitation_is_whole_in_teams_only_when_no_scroll_can_be_hidden() -> None:
    s = levitation(teams=True)
    assert [ENGINE.notation(m) for m in ENGINE.whole_moves(s, 0)] == [
        "cast red-1 red power 1 levitate 2 red"
    ]
    # Every cursed scroll in sight: the face-down cards cannot be one.
    s.deck = [c for c in s.deck if c != "scroll"]
    s.sorcerers[1].scrolls = 11
    assert [ENGINE.notation(m) for m in ENGINE.whole_moves(s, 0)] == [
        "cast red-1 red power 1 levitate 2 red",
        "cast red-1 red power 1 levitate 6",
    ]


# ------------------------------------------------------------------ other decisions
def test_an_extra_turn_may_be_let_pass() -> None:
    s = put_on_top(position(3, hands=[["red-1", "red"], [], []]), 1, "replication")
    s = play(s, (0, "cast red-1"), (0, "add red"), (0, "power 1"))
    assert steps(s, 0)[-1] == "Let the extra turn pass (Replication)"


def test_dropping_out_says_it_is_for_good() -> None:
    s = position(3)
    s.countdown = 5
    assert steps(s, 0)[-1] == "Drop out: take no more turns this game"


def team_trade() -> MandragoraState:
    s = position(
        4,
        hands=[["red"], [], ["blue", "green-1"], []],
        shops=shop_list(s2=["scroll", "yellow"]),
        teams=True,
    )
    return play(s, (0, "move 1"))


def test_a_team_trade_names_the_teammate_and_the_card() -> None:
    assert steps(team_trade(), 0) == [
        "Give 🔴 red to {p2} (teammate)",
        "Give 🟡 yellow to {p2} (teammate)",
        "Ask {p2} (teammate) for a card of their choice",
        "Swap: offer 🔴 red to {p2} (teammate) for a card",
        "Swap: offer 🟡 yellow to {p2} (teammate) for a card",
        "No trade with {p2} (teammate): keep your cards",
    ]


def test_the_teammate_answering_sees_what_was_asked_or_offered() -> None:
    asked = play(team_trade(), (0, "share ask"))
    assert steps(asked, 2) == [
        "Give 🔵 blue to {p0} (teammate), who asked",
        "Give 🟢 green-1 to {p0} (teammate), who asked",
    ]
    offered = play(team_trade(), (0, "share swap red"))
    assert steps(offered, 2) == [
        "Give 🔵 blue to {p0} (teammate) for their 🔴 red",
        "Give 🟢 green-1 to {p0} (teammate) for their 🔴 red",
    ]


# -------------------------------------------------------- decisions taken without asking
def test_a_spellbook_with_one_way_on_is_cast_without_asking() -> None:
    s = swiftness_on_top(position(3, hands=[["mandrake", "red"], [], []]))
    s = play(s, (0, "cast mandrake"))
    assert ENGINE.automatic(s, 0) == AddIngredient("red")
    s = play(s, (0, "add red"))
    assert ENGINE.automatic(s, 0) == ChoosePower(1)


def test_the_only_card_a_levitation_can_take_is_taken_without_asking() -> None:
    s = position(3, hands=[["red-1", "red"], [], []], shops=shop_list(s2=["green"]))
    s = play(put_on_top(s, 1, "levitation"), (0, "cast red-1"), (0, "add red"), (0, "power 1"))
    assert ENGINE.automatic(s, 0) == Levitate(1, "green")


def test_the_only_card_to_hand_back_is_handed_back_without_asking() -> None:
    s = position(2, hands=[["red-1", "red"], ["blue"]])
    s = play(put_on_top(s, 1, "substitution"), (0, "cast red-1"), (0, "add red"), (0, "power 1"))
    assert ENGINE.automatic(s, 0) == GiveCard("blue")


def test_a_trade_with_nothing_to_trade_is_declined_without_asking() -> None:
    s = position(4, shops=shop_list(s2=["scroll"]), teams=True)
    s = play(s, (0, "move 1"))
    assert ENGINE.automatic(s, 0) == Share("none")


def test_nothing_is_taken_without_asking_where_there_is_a_choice() -> None:
    s = small_hand()
    assert ENGINE.automatic(s, 0) is None  # the start of a turn
    s = play(s, (0, "cast red-2"))
    assert ENGINE.automatic(s, 0) is None  # red or mandrake
    assert ENGINE.automatic(transfer_asked(), 0) is None  # which opponent
    assert ENGINE.automatic(team_trade(), 0) is None  # which trade
    asked = play(team_trade(), (0, "share ask"))
    assert ENGINE.automatic(asked, 0) is None  # the teammate answers, not the asker
    assert ENGINE.automatic(asked, 2) is None  # which card


def test_a_seat_is_deciding_while_its_turn_or_a_decision_of_its_own_goes_on() -> None:
    s = small_hand()
    assert ENGINE.deciding(s, 0)  # its turn (backing out of a spellbook returns here)
    assert not ENGINE.deciding(s, 1)
    preparing = play(s, (0, "cast red-2"))
    assert ENGINE.deciding(preparing, 0)
    assert ENGINE.deciding(play(preparing, (0, "back")), 0)
    assert not ENGINE.deciding(play(s, (0, "move 3")), 0)
    assert ENGINE.deciding(transfer_asked(), 0)
    assert not ENGINE.deciding(play(transfer_asked(), (0, "transfer to 2")), 0)
    assert ENGINE.deciding(team_trade(), 0)
    asked = play(team_trade(), (0, "share ask"))
    assert not ENGINE.deciding(asked, 0)
    assert ENGINE.deciding(asked, 2)


def test_a_replication_extra_turn_is_a_move_of_its_own() -> None:
    s = put_on_top(position(3, hands=[["red-1", "red"], [], []]), 1, "replication")
    cast = ENGINE.parse(s, 0, "cast red-1 red power 1")
    assert cast in ENGINE.whole_moves(s, 0)
    after = ENGINE.apply(s, 0, cast).state
    assert after.extra_turn
    assert not ENGINE.deciding(after, 0)


# ---------------------------------------------------------------- typed at once
def test_whole_spells_typed_at_once_read_back_as_themselves() -> None:
    typed: list[tuple[str, Action]] = [
        (
            "cast red-2 red red power 2 transfer to 3",
            CompositeCast("red-2", ("red", "red"), 2, (Transfer(2),)),
        ),
        ("add red mandrake power 3", FinishCast(("red", "mandrake"), 3)),
        ("power 1 levitate 6", FinishCast((), 1, (Levitate(5, None),))),
        (
            "add red power 1 substitute 2 give blue-2",
            FinishCast(("red",), 1, (Substitute(1), GiveCard("blue-2"))),
        ),
    ]
    for text, action in typed:
        assert ENGINE.notation(action) == text
        assert ENGINE.parse_syntax(text) == action


def test_a_whole_spell_that_asks_for_more_than_its_spell_needs_is_refused() -> None:
    s = small_hand()
    with pytest.raises(ActionNotAllowed, match="says more than the move needs"):
        ENGINE.parse(s, 0, "cast red-2 red power 1 transfer to 2")
