"""Magnum Opus's decisions in words, the Favors offered whole, and what is taken unasked."""

from __future__ import annotations

import random
from typing import Any

import pytest
from pydantic import BaseModel

from games.core import BACK, render_seats
from games.core.playout import random_position
from games.magnum_opus.actions import Action, ChooseTarget, CompositeFavor, Keep
from games.magnum_opus.state import MagnumOpusState
from tests.games.configurations import configurations_of
from tests.games.magnum_opus.positions import ENGINE, act, new_game, patronage_table, started

NAMES = ["N" * 16] * 5
STEPS = (0, 4, 12, 30, 70, 130, 200, 260)


def options_of(state: MagnumOpusState, seat: int) -> list[Action]:
    """What the panel shows a seat: its decisions ("back" aside) and its whole moves."""
    steps = [a for a in ENGINE.legal_actions(state, seat) if ENGINE.notation(a) != BACK]
    return [*steps, *ENGINE.whole_moves(state, seat)]


def positions(players: int, options: BaseModel) -> list[MagnumOpusState]:
    """Positions along random games: a few fixed ones, and every decision of a Patronage."""
    found = [
        random_position(ENGINE, players, seed, steps, options)
        for seed in range(4)
        for steps in STEPS
    ]
    for seed in range(4, 8):
        state = ENGINE.new_game(players, seed, options)
        rng = random.Random(seed)
        while ENGINE.outcome(state) is None:
            if state.phase == "patronage":
                found.append(state)
            seat = rng.choice(sorted(ENGINE.to_act(state)))
            state = ENGINE.apply(state, seat, rng.choice(ENGINE.legal_actions(state, seat))).state
    return [s for s in found if ENGINE.outcome(s) is None]


def label(state: MagnumOpusState, seat: int, text: str) -> str:
    return ENGINE.action_label(state, seat, ENGINE.parse(state, seat, text))


# ------------------------------------------------------------- over random positions
@pytest.mark.parametrize(("engine", "players", "options"), configurations_of([ENGINE]))
def test_every_option_has_a_short_label_of_its_own(
    engine: Any, players: int, options: BaseModel
) -> None:
    for state in positions(players, options):
        for seat in sorted(ENGINE.to_act(state)):
            labels = [ENGINE.action_label(state, seat, a) for a in options_of(state, seat)]
            assert labels
            for text in labels:
                assert 0 < len(render_seats(text, NAMES)) <= 80, text
                assert "{" not in render_seats(text, NAMES), text
            assert len(set(labels)) == len(labels), labels


@pytest.mark.parametrize(("engine", "players", "options"), configurations_of([ENGINE]))
def test_labels_tell_only_what_the_seat_may_know(
    engine: Any, players: int, options: BaseModel
) -> None:
    """The same labels in any world the seat cannot tell apart from the real one."""
    for state in positions(players, options):
        for seat in sorted(ENGINE.to_act(state)):
            world = ENGINE.determinize(state, seat, random.Random(seat))
            for action in options_of(state, seat):
                assert ENGINE.action_label(world, seat, action) == ENGINE.action_label(
                    state, seat, action
                )


@pytest.mark.parametrize(("engine", "players", "options"), configurations_of([ENGINE]))
@pytest.mark.slow
def test_every_whole_move_is_accepted_and_finishes_the_favor(
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


def test_whole_moves_are_all_the_favors_aimed_at_rivals() -> None:
    state, _ = patronage_table(
        3,
        fronts=[["wolrad-salt", "ludmila-mercury"], ["marie", "johann-mercury"], ["lukas"]],
        calling=1,
    )
    assert [ENGINE.notation(m) for m in ENGINE.whole_moves(state, 0)] == [
        "discard 2 johann-mercury",
        "discard 2 marie",
        "discard 3 lukas",
    ]
    assert ENGINE.whole_moves(state, 1) == []


def test_an_exchange_offers_every_pair_of_cards() -> None:
    state, _ = patronage_table(
        2, fronts=[["ludmila-sulfur", "jezebel-salt", "marie"], ["lukas", "kunhuta"]], calling=2
    )
    moves = [ENGINE.notation(m) for m in ENGINE.whole_moves(state, 0)]
    assert len(moves) == 2 * 2
    assert "exchange 2 take lukas give jezebel-salt" in moves


def test_no_whole_move_while_picking_or_partway_through_a_favor() -> None:
    state = started(3)
    assert all(ENGINE.whole_moves(state, seat) == [] for seat in range(3))
    table, _ = patronage_table(
        3, fronts=[["wolrad-salt"], ["marie", "johann-mercury"], ["lukas"]], calling=1
    )
    aimed = act(table, 0, "discard 2").state
    assert ENGINE.whole_moves(aimed, 0) == []


# ----------------------------------------------------------------- exact label texts
def test_keep_label_names_the_card_and_its_formulas() -> None:
    state = new_game(2)
    dealt = state.alchemists[0].dealt
    labels = [label(state, 0, f"keep {opus}") for opus in dealt]
    assert all(text.startswith("Keep ") and "formulas" in text for text in labels)
    assert (
        ENGINE.action_label(state, 0, Keep("aurora"))
        == "Keep Aurora Tincture: formulas ⚪🟡🔵 and 🔵🟢🟢"
    )


def test_pick_label_names_the_card_its_ingredient_and_what_it_gives() -> None:
    state = started(3)
    held = state.alchemists[1].held
    assert held == 0  # the rose pack: its Ludmila shows sulfur
    assert label(state, 1, "pick ludmila") == (
        "Pick II Ludmila — 🟡 sulfur · swap a card with a rival, or 🟡 at the Clock"
    )
    assert label(state, 1, "pick lukas") == "Pick IX Lukas · +4 silver · buy in the Lane for 4"
    assert label(state, 1, "pick hermes") == (
        "Pick VI Hermes Malavici — ⚪ salt · +1 silver · buy in the Lane for 4"
    )


def test_opening_labels_of_wolrad() -> None:
    state, _ = patronage_table(
        3, fronts=[["wolrad-salt"], ["marie", "johann-mercury"], ["lukas"]], calling=1
    )
    assert label(state, 0, "clock salt") == (
        "Buy ⚪ salt at the Clock for 3 silver (no Funds, no Favor)"
    )
    assert label(state, 0, "discard 2") == "Discard one of {p1}'s cards… (choose it next)"
    assert label(state, 0, "pass") == "Let Wolrad's Favor go (no Funds)"
    assert label(state, 0, "discard 2 marie") == "Discard {p1}'s VII Marie"
    aimed = act(state, 0, "discard 2").state
    assert label(aimed, 0, "discard johann-mercury") == "Discard {p1}'s III Johann (🔵 mercury)"


def test_labels_of_jezebels_bribe() -> None:
    state, _ = patronage_table(2, fronts=[["jezebel-salt"], ["marie"]], silver=[3, 0], calling=4)
    assert label(state, 0, "bribe 2") == (
        "Pay {p1} 1 silver for one of their cards… (choose it next)"
    )
    assert label(state, 0, "bribe 2 take marie") == "Pay {p1} 1 silver for their VII Marie"


def test_labels_of_ludmilas_exchange() -> None:
    state, _ = patronage_table(
        2, fronts=[["ludmila-sulfur", "hermes-salt", "marie"], ["hermes-cinnabar"]], calling=2
    )
    assert label(state, 0, "exchange 2") == "Swap a card with {p1}… (choose both next)"
    # The fullest wording is too long for two long Character names: one of them shortens.
    assert label(state, 0, "exchange 2 take hermes-cinnabar give hermes-salt") == (
        "Swap your VI Hermes ⚪ for {p1}'s VI Hermes Malavici (🔴 cinnabar)"
    )
    assert label(state, 0, "exchange 2 take hermes-cinnabar give marie") == (
        "Swap your VII Marie for {p1}'s VI Hermes Malavici (🔴 cinnabar)"
    )
    taken = act(state, 0, "exchange 2 take hermes-cinnabar").state
    assert label(taken, 0, "give marie") == (
        "Give {p1} your VII Marie for their VI Hermes Malavici (🔴 cinnabar)"
    )
    aimed = act(state, 0, "exchange 2").state
    assert label(aimed, 0, "take hermes-cinnabar") == (
        "Take {p1}'s VI Hermes Malavici (🔴 cinnabar) (give one back next)"
    )


def test_labels_of_johann_venceslas_and_the_lane() -> None:
    johann, _ = patronage_table(2, fronts=[["johann-mercury"], []], hands=[[7, 9], [8]], calling=3)
    assert label(johann, 0, "add marie") == "Lay VII Marie from your pack · +1 silver Funds"
    assert label(johann, 0, "pass") == "Take the 1 silver Funds, let Johann's Favor go"
    robber, _ = patronage_table(2, fronts=[["venceslas-cinnabar"], []], silver=[3, 1], calling=5)
    assert label(robber, 0, "rob 2") == "Rob {p1} of 1 silver · +1 silver Funds"
    rich, _ = patronage_table(2, fronts=[["venceslas-cinnabar"], []], silver=[3, 5], calling=5)
    assert label(rich, 0, "rob 2") == "Rob {p1} of 2 silver · +1 silver Funds"
    assert label(rich, 0, "rob 2 1") == "Rob {p1} of only 1 silver · +1 silver Funds"
    assert label(rich, 0, "pass") == "Take the 1 silver Funds, rob nobody (take no silver)"
    lane, _ = patronage_table(2, fronts=[["lukas"], []], calling=9)
    assert label(lane, 0, "lane mercury") == (
        "Buy 🔵 mercury in the Golden Lane for 4 silver · +4 silver Funds"
    )


# --------------------------------------------------------------- taken without asking
def test_the_only_card_a_favor_can_name_is_named_without_asking() -> None:
    state, _ = patronage_table(
        3, fronts=[["wolrad-salt"], ["marie", "johann-mercury"], ["lukas"]], calling=1
    )
    one_card = act(state, 0, "discard 3").state
    assert ENGINE.automatic(one_card, 0) == ENGINE.parse(one_card, 0, "discard lukas")
    two_cards = act(state, 0, "discard 2").state
    assert ENGINE.automatic(two_cards, 0) is None


def test_the_only_card_left_to_give_is_given_without_asking() -> None:
    state, _ = patronage_table(
        2, fronts=[["ludmila-sulfur", "marie"], ["lukas", "kunhuta"]], calling=2
    )
    taken = act(state, 0, "exchange 2 take lukas").state
    assert ENGINE.automatic(taken, 0) == ENGINE.parse(taken, 0, "give marie")


def test_nothing_is_taken_without_asking_at_the_start_of_a_decision() -> None:
    # A patron whose only Favor target is one rival still chooses: the Clock, the Favor or
    # the Funds.
    state, _ = patronage_table(2, fronts=[["venceslas-cinnabar"], []], silver=[0, 1], calling=5)
    assert [ENGINE.notation(a) for a in ENGINE.legal_actions(state, 0)] == ["rob 2", "pass"]
    assert ENGINE.automatic(state, 0) is None
    picking = started(2)
    assert ENGINE.automatic(picking, 0) is None
    assert ENGINE.automatic(new_game(2), 0) is None


def test_a_favor_with_a_target_chosen_is_under_way() -> None:
    state, _ = patronage_table(
        3, fronts=[["wolrad-salt"], ["marie", "johann-mercury"], ["lukas"]], calling=1
    )
    assert not ENGINE.deciding(state, 0)
    aimed = act(state, 0, "discard 2").state
    assert ENGINE.deciding(aimed, 0)
    assert not ENGINE.deciding(aimed, 1)
    assert isinstance(ENGINE.parse(state, 0, "discard 2 marie"), CompositeFavor)
    assert isinstance(ENGINE.parse(state, 0, "discard 2"), ChooseTarget)
