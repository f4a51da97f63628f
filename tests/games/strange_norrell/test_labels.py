"""Jonathan Strange & Mr Norrell's decisions in words, the discards offered whole, and what is
taken without asking."""

from __future__ import annotations

import random
from typing import Any

import pytest
from pydantic import BaseModel

from games.core import BACK, render_seats
from games.core.playout import random_position
from games.strange_norrell.actions import Acquire, Action, Composite, Discard
from games.strange_norrell.state import StrangeNorrellState
from tests.games.configurations import configurations_of
from tests.games.strange_norrell.positions import ENGINE, act, in_phase, position

NAMES = ["N" * 16] * 4
STEPS = (0, 3, 8, 20, 45, 90, 160)
#: A hand of six: seven, two over the limit, once the end of the turn draws an invitation.
SIX = ["york-wind", "york-birds", "bath-rain", "bath-hills", "dover-trees", "dover-stones"]


def options_of(state: StrangeNorrellState, seat: int) -> list[Action]:
    """What the panel shows a seat: its decisions ("back" aside) and its whole moves."""
    steps = [a for a in ENGINE.legal_actions(state, seat) if ENGINE.notation(a) != BACK]
    return [*steps, *ENGINE.whole_moves(state, seat)]


def positions(players: int, options: BaseModel) -> list[StrangeNorrellState]:
    """Positions along random games: a few fixed ones, and every discard down to the limit."""
    found = [
        random_position(ENGINE, players, seed, steps, options)
        for seed in range(3)
        for steps in STEPS
    ]
    for seed in range(3, 5):
        state = ENGINE.new_game(players, seed, options)
        rng = random.Random(seed)
        for _ in range(400):
            if ENGINE.outcome(state) is not None:
                break
            if state.steps and state.steps[0].kind == "discard":
                found.append(state)
            seat = rng.choice(sorted(ENGINE.to_act(state)))
            state = ENGINE.apply(state, seat, rng.choice(ENGINE.legal_actions(state, seat))).state
    return [s for s in found if ENGINE.outcome(s) is None]


def label(state: StrangeNorrellState, seat: int, text: str) -> str:
    return ENGINE.action_label(state, seat, ENGINE.parse(state, seat, text))


def at_york(**table: Any) -> StrangeNorrellState:
    """Seat 1 (Jonathan Strange) at York after studying rain and hills, a hand of York cards."""
    state = position(
        3,
        hands=[["york-wind", "york-stones-3", "bath-rain"], [], []],
        feats=[["lost-ring", "kestrel"], [], []],
        locations=["york", None, None],
        **table,
    )
    return in_phase(state, "visits", "rain-hills")


def end_of_turn() -> StrangeNorrellState:
    """Seat 1 has ended a turn with seven cards: two must go."""
    state = position(2, hands=[SIX, []], locations=["york", None])
    return act(in_phase(state, "magic", "birds-stones"), 0, "end").state


# ------------------------------------------------------------- over random positions
CONFIGURATIONS = configurations_of([ENGINE])


@pytest.mark.parametrize(("engine", "players", "options"), CONFIGURATIONS)
@pytest.mark.slow
def test_every_option_has_a_short_label_of_its_own(
    engine: Any, players: int, options: BaseModel
) -> None:
    for state in positions(players, options):
        for seat in sorted(ENGINE.to_act(state)):
            labels = [ENGINE.action_label(state, seat, a) for a in options_of(state, seat)]
            assert labels
            for text in labels:
                assert 0 < len(render_seats(text, NAMES)) <= 80, text
                assert "`" not in text, text
            assert len(set(labels)) == len(labels), labels
            world = ENGINE.determinize(state, seat, random.Random(seat))
            for action, text in zip(options_of(state, seat), labels, strict=True):
                assert ENGINE.action_label(world, seat, action) == text


@pytest.mark.parametrize(("engine", "players", "options"), CONFIGURATIONS)
@pytest.mark.slow
def test_every_whole_move_is_accepted_and_finishes_the_move(
    engine: Any, players: int, options: BaseModel
) -> None:
    offered = 0
    for state in positions(players, options):
        for seat in sorted(ENGINE.to_act(state)):
            for move in ENGINE.whole_moves(state, seat):
                offered += 1
                assert ENGINE.parse(state, seat, ENGINE.notation(move)) == move
                after = ENGINE.apply(state, seat, move).state
                assert not ENGINE.deciding(after, seat)
    assert offered


# ------------------------------------------------------------------ the whole discards
def test_every_pair_of_cards_to_discard_is_one_pick() -> None:
    state = end_of_turn()
    hand = state.magicians[0].hand
    assert len(hand) == 7
    moves = ENGINE.whole_moves(state, 0)
    assert len(moves) == 21
    assert Composite((Discard("york-birds"), Discard("york-wind"))) in moves
    chosen = ENGINE.parse(state, 0, "discard york-wind discard york-birds")
    after = ENGINE.apply(state, 0, chosen).state
    assert sorted(after.magicians[0].hand) == sorted(set(hand) - {"york-wind", "york-birds"})
    assert after.turn is not None
    assert after.turn.seat == 1


def test_one_card_over_the_limit_is_no_whole_move() -> None:
    state = position(2, hands=[SIX[:5], []], locations=["york", None])
    ended = act(in_phase(state, "magic", "birds-stones"), 0, "end").state
    assert len(ended.magicians[0].hand) == 6
    assert ENGINE.whole_moves(ended, 0) == []


def test_a_discard_of_too_many_cards_is_refused() -> None:
    state = end_of_turn()
    with pytest.raises(Exception, match="says more than the move needs"):
        ENGINE.parse(state, 0, "discard york-wind discard york-birds discard bath-rain")
    assert ENGINE.parse_syntax("discard york-wind lost-ring") is None


# ----------------------------------------------------------------- exact label texts
def test_labels_of_the_actions() -> None:
    state = position(3, earlier=["sun"], hands=[[], [], []])
    assert label(state, 0, "study rain hills") == "Study 🌧️ rain and ⛰️ hills for magic this turn"
    assert label(state, 0, "kings roads") == (
        "🛣️ Take the King's Roads: one move this turn may go anywhere"
    )
    assert label(state, 0, "battlefield birds wind") == (
        "⚔️ Battlefield Magic: 🐦 birds and 🌬️ wind this turn"
    )
    assert ENGINE.action_label(state, 0, Acquire("rook-grammar")) == (
        "📚 Acquire A Grammar of the Rooks: 🐦 card → 🐦🐦"
    )
    covered = position(3, covered=[["acquire"], [], []])
    assert label(covered, 0, "still waters") == (
        "💧 Still the waters: every action free again (none taken this turn)"
    )


def test_labels_of_the_visits() -> None:
    state = at_york()
    assert label(state, 0, "attend york-wind") == "Fulfil ✉️ York 🌬️: choose 2 rewards next"
    assert label(state, 0, "attend york-stones-3") == "Fulfil 🤝 York 🪨 +3: +3 prestige"
    assert label(state, 0, "move hurtfew") == "🚶 Move to Hurtfew Abbey"
    bath = position(3, hands=[["bath-rain"], [], []], locations=["york", None, None])
    roads = act(in_phase(bath, "visits", "kings-roads", roads=True), 0, "ride").state
    assert label(roads, 0, "to bath") == "📍 Go to Bath · 1 engagement of yours there"
    rewards = act(state, 0, "attend york-wind").state
    assert label(rewards, 0, "take intro intro") == "Take 2 introductions"


def test_labels_of_magic() -> None:
    state = at_york()
    assert label(state, 0, "magic york-stones-3") == (
        "✨ Magic: discard 🤝 York 🪨 +3 for a 🪨 stones token"
    )
    birds = position(
        3,
        hands=[["york-birds"], [], []],
        feats=[["lost-ring", "kestrel"], [], []],
        locations=["york", None, None],
    )
    placing = act(in_phase(birds, "visits", "birds-stones"), 0, "magic york-birds").state
    assert label(placing, 0, "on kestrel") == "🐦 on A Kestrel Carries a Message: token 1 of 2"


def test_labels_of_spells_and_the_end() -> None:
    state = at_york(spells=[["minster-voices"], [], []])
    assert label(state, 0, "cast minster-voices") == (
        "🪄 Cast Voices in York Minster: +1 magicianship"
    )
    assert label(state, 0, "discard minster-voices") == (
        "Discard Voices in York Minster for +1 prestige"
    )
    assert label(state, 0, "end") == "⏹️ End turn: draw 1 invitation"
    confronting = at_york(year=1811, fairy=9)
    assert label(confronting, 0, "end") == (
        "⏹️ End turn: confront the fairy, 0 vs 9 (too weak yet); draw 1 invitation"
    )


def test_labels_of_the_hand_limit() -> None:
    state = end_of_turn()
    assert label(state, 0, "discard york-wind") == "Discard ✉️ York 🌬️ (hand limit)"
    assert label(state, 0, "discard york-wind discard bath-rain") == ("Discard ✉️ York 🌬️, ✉️ Bath 🌧️")


# --------------------------------------------------------------- taken without asking
def test_a_turn_with_nothing_left_but_its_end_ends_by_itself() -> None:
    state = position(2, hands=[[], []], locations=["york", None])
    done = in_phase(state, "magic", "birds-stones")
    assert [ENGINE.notation(a) for a in ENGINE.legal_actions(done, 0)] == ["end"]
    assert ENGINE.automatic(done, 0) == ENGINE.parse(done, 0, "end")


def test_the_end_is_not_taken_while_something_else_is_possible() -> None:
    state = at_york()
    assert ENGINE.automatic(state, 0) is None
    spells = in_phase(
        position(2, hands=[[], []], spells=[["minster-voices"], []], locations=["york", None]),
        "magic",
        "birds-stones",
    )
    assert ENGINE.automatic(spells, 0) is None


def test_nothing_is_taken_at_the_start_of_a_turn_or_in_a_response_window() -> None:
    start = position(2, covered=[["acquire", "kings-roads"], []])
    assert not ENGINE.deciding(start, 0)
    assert ENGINE.automatic(start, 0) is None
    window = position(2, spells=[["raven-favour"], []]).clone()
    window.window = [0]
    assert [ENGINE.notation(a) for a in ENGINE.legal_actions(window, 0)] == [
        "cast raven-favour",
        "pass",
    ]
    assert not ENGINE.deciding(window, 0)
    assert ENGINE.automatic(window, 0) is None


def test_a_single_possible_answer_is_given_without_asking() -> None:
    one = in_phase(
        position(
            2, spells=[["silver-dish"], []], covered=[["acquire"], []], locations=["york", None]
        )
    )
    scrying = act(one, 0, "cast silver-dish").state
    assert ENGINE.automatic(scrying, 0) == ENGINE.parse(scrying, 0, "uncover acquire")
    two = in_phase(
        position(
            2,
            spells=[["silver-dish"], []],
            covered=[["acquire", "rain-hills"], []],
            locations=["york", None],
        )
    )
    assert ENGINE.automatic(act(two, 0, "cast silver-dish").state, 0) is None


def test_a_move_is_one_decision_with_what_it_opens() -> None:
    state = position(2, hands=[SIX, []], feats=[["lost-ring"], []], locations=["york", None])
    assert not ENGINE.deciding(state, 0)
    chosen = act(state, 0, "study birds stones").state
    assert not ENGINE.deciding(chosen, 0)
    magic = act(chosen, 0, "magic york-birds").state
    assert not ENGINE.deciding(magic, 0)  # a single feat to place on: nothing to choose
    ended = act(chosen, 0, "end").state
    assert ENGINE.deciding(ended, 0)
    assert not ENGINE.deciding(ended, 1)
    done = act(ended, 0, "discard york-wind discard bath-rain").state
    assert not ENGINE.deciding(done, 0)


# ---------------------------------------------------------- whole moves of a turn
def test_magic_with_the_feat_it_goes_on_is_one_pick() -> None:
    birds = in_phase(
        position(
            3,
            hands=[["york-birds"], [], []],
            feats=[["lost-ring", "kestrel"], [], []],
            locations=["york", None, None],
        ),
        "visits",
        "birds-stones",
    )
    wholes = [ENGINE.notation(m) for m in ENGINE.whole_moves(birds, 0)]
    # Magic comes first in the menu, before the invitation at York and its rewards.
    assert wholes[:2] == ["magic york-birds on lost-ring", "magic york-birds on kestrel"]
    assert all(not w.startswith("magic") for w in wholes[2:])
    assert label(birds, 0, "magic york-birds on kestrel") == (
        "✨ Magic: ✉️ York 🐦 → 🐦 on A Kestrel Carries a Message 1/2"
    )
    assert label(birds, 0, "magic york-birds") == "✨ Magic: discard ✉️ York 🐦 for a 🐦 birds token"


def test_a_first_move_and_an_invitation_are_one_pick() -> None:
    state = in_phase(position(3, hands=[["york-wind"], [], []]), "visits", "birds-stones")
    wholes = [ENGINE.notation(m) for m in ENGINE.whole_moves(state, 0)]
    assert "arrive to york" in wholes
    assert label(state, 0, "arrive to york") == "🚶 Arrive at York · 1 engagement of yours there"
    at_york_now = act(state, 0, "arrive to york").state
    assert not ENGINE.deciding(at_york_now, 0)
    rewards = [ENGINE.notation(m) for m in ENGINE.whole_moves(at_york_now, 0)]
    assert "attend york-wind take intro intro" in rewards
    assert label(at_york_now, 0, "attend york-wind take intro intro") == (
        "Fulfil ✉️ York 🌬️: take 2 introductions"
    )


def test_no_whole_move_before_the_action_is_chosen() -> None:
    state = position(3, hands=[["york-wind"], [], []])
    assert ENGINE.whole_moves(state, 0) == []
    assert ENGINE.whole_moves(state, 1) == []
