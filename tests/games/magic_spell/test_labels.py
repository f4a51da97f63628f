"""Buttons in words: every decision's label, the whole moves picked in one go, and the
decisions taken without asking."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from pydantic import BaseModel

from bot.tables.choices import automatic_followers
from games.core import BACK, render_seats
from games.core.labels import LABEL_LIMIT, NAME_LIMIT
from games.core.playout import random_position
from games.magic_spell.actions import COMPOSITES, Action, CompositeWeaveDone
from games.magic_spell.spells import spells
from games.magic_spell.state import MagicSpellState
from tests.games.configurations import configuration_id
from tests.games.magic_spell.positions import ENGINE, play, position

NAMES = ["N" * NAME_LIMIT] * 4
LAB = {1: "A", 2: "E", 12: "Q"}
CASTABLE = sorted(w for w, data in spells().items() if data.castable)


def _labels(s: MagicSpellState, seat: int) -> dict[str, str]:
    """Each option's notation and its label, as the panel shows them (no "back")."""
    options = [a for a in ENGINE.legal_actions(s, seat) if ENGINE.notation(a) != BACK]
    options += ENGINE.whole_moves(s, seat)
    return {ENGINE.notation(a): ENGINE.action_label(s, seat, a) for a in options}


def _texts(s: MagicSpellState, seat: int) -> list[str]:
    return list(_labels(s, seat).values())


def _label(s: MagicSpellState, seat: int, notation: str) -> str:
    """The label of one option, found by its notation."""
    labels = _labels(s, seat)
    assert notation in labels, f"{notation!r} is not offered: {sorted(labels)}"
    return labels[notation]


def _whole(s: MagicSpellState, seat: int) -> list[str]:
    return [ENGINE.notation(a) for a in ENGINE.whole_moves(s, seat)]


# ------------------------------------------------------------------- over random positions
def _positions() -> Iterator[tuple[str, MagicSpellState]]:
    """Positions of every configuration, some with spellbooks full of spells to cast."""
    for players, options in ENGINE.configurations():
        assert isinstance(options, BaseModel)
        for seed in range(12):
            s = random_position(ENGINE, players, seed, seed * 37 % 400, options)
            where = f"{configuration_id(ENGINE, players, options)}-{seed}"
            yield where, s
            if s.finished:
                continue
            rich = s.clone()
            rich.students[rich.current].spellbook = random.Random(seed).sample(CASTABLE, 6)
            rich.students[rich.current].spirit = seed % 7
            yield f"{where}-spells", rich


POSITIONS = list(_positions())


def _seats(s: MagicSpellState) -> list[int]:
    return sorted(ENGINE.to_act(s))


@pytest.mark.parametrize(("name", "s"), POSITIONS, ids=[name for name, _ in POSITIONS])
def test_every_option_has_a_short_label_distinct_from_the_others(
    name: str, s: MagicSpellState
) -> None:
    for seat in _seats(s):
        labels = _texts(s, seat)
        for text in labels:
            shown = render_seats(text, NAMES)
            assert len(shown) <= LABEL_LIMIT, shown
            assert "{p" not in shown, shown
        assert len(set(labels)) == len(labels), sorted(labels)


@pytest.mark.parametrize(("name", "s"), POSITIONS, ids=[name for name, _ in POSITIONS])
@pytest.mark.slow
def test_labels_and_whole_moves_tell_only_what_the_seat_knows(
    name: str, s: MagicSpellState
) -> None:
    """Everything hidden from the seat resampled, its options read the same."""
    for seat in _seats(s):
        seen = _labels(s, seat)
        for sample in range(3):
            world = ENGINE.determinize(s, seat, random.Random(sample))
            assert _labels(world, seat) == seen


@pytest.mark.parametrize(("name", "s"), POSITIONS, ids=[name for name, _ in POSITIONS])
def test_every_whole_move_is_accepted_and_finishes_the_move(name: str, s: MagicSpellState) -> None:
    for seat in _seats(s):
        legal = ENGINE.legal_actions(s, seat)
        for move in ENGINE.whole_moves(s, seat):
            assert isinstance(move, COMPOSITES)
            assert move not in legal
            text = ENGINE.notation(move)
            assert ENGINE.parse(s, seat, text) == move
            after = ENGINE.apply(s, seat, move).state
            for follower in automatic_followers(ENGINE, after, seat):
                after = ENGINE.apply(after, seat, follower).state
            assert not ENGINE.deciding(after, seat), text


def test_the_random_positions_meet_every_kind_of_option() -> None:
    """The sweeps above are worth something only if they meet the labels they check."""
    kinds: set[str] = set()
    for _, s in POSITIONS:
        for seat in _seats(s):
            options: list[Action] = [*ENGINE.legal_actions(s, seat), *ENGINE.whole_moves(s, seat)]
            kinds.update(type(a).__name__ for a in options)
    expected = {"Weave", "ScroungeRow", "Rest", "Cast", "CompositeCast", "CompositeWeaveDone"}
    expected |= {"TradeWith", "Give", "Ask", "Accept", "Decline", "Tile", "Keep", "PutBack"}
    assert expected <= kinds


# --------------------------------------------------------------------- labels, kind by kind
def _turn(**fields: Any) -> MagicSpellState:
    """Three students; seat 1 (index 0) is taking a turn."""
    return position(3, **fields)


def test_weave_names_the_tile_the_spell_and_how_far_it_gets() -> None:
    s = _turn(cabinets=[["E", "K", "N"], [], []], homework=[[("ken", "K")], [], []])
    assert _label(s, 0, "weave e on ken") == "Weave E onto Ken (2/3 letters)"
    s = _turn(cabinets=[["N"], [], []], homework=[[("ken", "KE")], [], []])
    assert _label(s, 0, "weave n on ken") == "Weave N onto Ken ✨ completes it: +1 credit"


def test_a_further_weave_says_what_it_costs() -> None:
    s = _turn(cabinets=[["E", "N"], [], []], homework=[["ken"], [], []])
    s = play(s, (0, "weave e on ken"))
    assert _label(s, 0, "weave n on ken") == "Weave N onto Ken (2/3 letters) · 1 spirit"
    assert _label(s, 0, "done") == "Stop weaving and end your turn"


def test_moving_a_woven_tile_names_both_spells_and_the_cost() -> None:
    s = _turn(homework=[[("ken", "E"), "yegg"], [], []], spirit=[1, 5, 5])
    assert _label(s, 0, "move") == "Move a woven tile to another homework spell (1 spirit)"
    assert _label(s, 0, "move e from ken to yegg") == (
        "Move E from Ken onto Yegg (1/4 letters) · 1 spirit"
    )
    s = _turn(homework=[[("ken", "E"), "yegg", "espy"], [], []])
    s = play(s, (0, "move"))
    assert _label(s, 0, "move to yegg") == "Onto Yegg: needs E G G Y"
    s = play(s, (0, "move to yegg"))
    assert _label(s, 0, "move e from ken") == "Move E from Ken onto Yegg (1/4 letters) · 1 spirit"


def test_scrounging_says_how_many_tiles_lie_in_a_row_and_which_the_seat_remembers() -> None:
    s = _turn(lab={1: "A", 2: "E", 12: "Q"})
    s.known[1] = 1  # seat 1 (index 0) has seen the E at place 2
    assert _label(s, 0, "scrounge 1-10") == "🔍 Scrounge row 1-10: 2 face down, you saw E"
    assert _label(s, 0, "scrounge 11-20") == "🔍 Scrounge row 11-20: 1 face down"
    s = play(s, (0, "scrounge 1-10"))
    assert _label(s, 0, "tile 1") == "Look at tile 1"
    assert _label(s, 0, "tile 2") == "Look at tile 2 (you saw E there)"


def test_a_scrounged_tile_is_woven_kept_or_put_back_by_name() -> None:
    s = _turn(cabinets=[["A"], [], []], homework=[["yegg"], [], []], lab={1: "E", 2: "Q"})
    s = play(s, (0, "scrounge 1-10"), (0, "tile 1"))
    assert _label(s, 0, "weave it on yegg") == "Weave the E you found onto Yegg (1/4 letters)"
    assert _label(s, 0, "keep") == "Keep the E in your cabinet (2/6 tiles)"
    assert _label(s, 0, "put back") == "Put the E back face down and end your turn"


def test_research_and_rest_say_what_they_cost_and_give() -> None:
    s = _turn(spirit=[6, 5, 5])
    assert _label(s, 0, "research") == "📜 Research: draw a spell for 5 spirit (you have 6)"
    assert _label(s, 0, "rest") == "💤 Rest: +2 spirit (6 → 8 by turn's end)"
    low = _turn(spirit=[1, 5, 5])
    assert _label(low, 0, "rest") == "💤 Rest: +2 spirit (1 → 4 by turn's end)"


def test_a_cast_says_what_the_spell_does_and_what_it_asks_for() -> None:
    s = _turn(spellbooks=[["yegg"], [], []], cabinets=[[], ["Q", "Z"], []])
    assert _label(s, 0, "cast yegg") == (
        "✨ Cast Yegg: steal a random tile from an opponent (2 spirit)"
    )
    s = play(s, (0, "cast yegg"))
    assert _label(s, 0, "target 2") == "Steal a random tile from {p1} (cabinet: 2 tiles)"
    assert _label(s, 0, "target 3") == "Steal a random tile from {p2} (cabinet: 0 tiles)"


def test_with_one_opponent_a_cast_names_them() -> None:
    s = position(2, spellbooks=[["mulct"], []], spirit=[5, 4])
    assert _label(s, 0, "cast mulct") == "✨ Cast Mulct: take 2 spirit from {p1}"


def test_each_decision_of_a_cast_reads_as_what_it_does() -> None:
    espy = play(_turn(spellbooks=[["espy"], [], []], lab={1: "A", 2: "E"}), (0, "cast espy"))
    assert _label(espy, 0, "row 1-10") == "Look at a tile of row 1-10: 2 face down"
    assert _label(play(espy, (0, "row 1-10")), 0, "tile 2") == "Look at tile 2"
    fugue = play(_turn(spellbooks=[["fugue"], [], []], lab={1: "A", 12: "E"}), (0, "cast fugue"))
    assert _label(fugue, 0, "row 11-20") == "Mix the face-down tiles of row 11-20: 1 face down"
    legerdemain = _turn(spellbooks=[["legerdemain"], [], []], cabinets=[["Z"], [], []], lab=LAB)
    legerdemain.known[1] = 1
    legerdemain = play(legerdemain, (0, "cast legerdemain"))
    assert _automatic(legerdemain, 0) == "use z", "the only tile of the cabinet"
    legerdemain = play(legerdemain, (0, "use z"))
    assert _label(legerdemain, 0, "row 1-10") == (
        "Swap your Z for a tile of row 1-10: 2 face down, you saw 1"
    )
    legerdemain = play(legerdemain, (0, "row 1-10"))
    assert _label(legerdemain, 0, "tile 2") == "Swap your Z for tile 2 (you saw E there)"
    cozen = _turn(spellbooks=[["cozen"], [], []], cabinets=[["A", "Z"], ["E"], []])
    cozen = play(cozen, (0, "cast cozen"), (0, "target 2"))
    assert _label(cozen, 0, "use z") == "Give away your Z (no homework needs it)"
    cadge = _turn(spellbooks=[["cadge"], [], []], homework=[["ken"], [], []])
    cadge = play(cadge, (0, "cast cadge"), (0, "target 2"))
    assert _label(cadge, 0, "letter k") == "Ask for K (Ken needs it)"
    palimpsest = _turn(
        spellbooks=[["palimpsest"], [], []],
        cabinets=[["A", "B"], [], []],
        homework=[[("vim", "V"), "ken"], [], []],
    )
    palimpsest = play(palimpsest, (0, "cast palimpsest"))
    assert _label(palimpsest, 0, "homework vim") == "Shelve Vim (1 woven tile goes back)"
    assert _label(palimpsest, 0, "homework ken") == "Shelve Ken (nothing woven)"
    palimpsest = play(palimpsest, (0, "homework vim"))
    assert _label(palimpsest, 0, "pay a") == "Pay with A (no homework needs it)"


def test_a_whole_cast_names_every_decision_in_it() -> None:
    s = _turn(spellbooks=[["estop", "palimpsest"], [], []], cabinets=[["A", "B"], [], []])
    s.students[0].homework = play(s, (0, "rest")).students[0].homework  # none: no palimpsest
    assert _whole(s, 0) == ["cast estop target 2", "cast estop target 3"]
    assert _label(s, 0, "cast estop target 3") == (
        "✨ Cast Estop: {p2} may not cast on their next turn"
    )
    pal = _turn(
        spellbooks=[["palimpsest"], [], []],
        cabinets=[["A", "B"], [], []],
        homework=[["vim"], [], []],
    )
    assert _whole(pal, 0) == [
        "cast palimpsest homework vim pay a",
        "cast palimpsest homework vim pay b",
    ]
    assert _label(pal, 0, "cast palimpsest homework vim pay b") == (
        "✨ Cast Palimpsest: shelve Vim and draw a new spell, paying B (1 tile)"
    )


def test_augury_offers_each_spell_seen_by_name() -> None:
    s = play(_turn(spellbooks=[["augury"], [], []]), (0, "cast augury"))
    assert (
        _label(s, 0, "take serendipity")
        == "Take Serendipity into your homework (3 credits, 11 letters)"
    )


def test_jettison_and_the_end_of_turn_returns_say_what_the_homework_needs() -> None:
    s = _turn(
        spellbooks=[["jettison"], [], []], cabinets=[["A", "K"], [], []], homework=[["ken"], [], []]
    )
    s = play(s, (0, "cast jettison"))
    assert _label(s, 0, "jettison k") == "Jettison K: +1 spirit (Ken needs it)"
    assert _label(s, 0, "done") == "Stop jettisoning and end your turn"
    full = _turn(cabinets=[["A"] * 6, [], []], homework=[["yegg"], [], []], lab={1: "Y"})
    full = play(full, (0, "scrounge 1-10"), (0, "tile 1"), (0, "keep"))
    assert _label(full, 0, "return y") == "Return Y to the laboratory (Yegg needs it)"
    assert _label(full, 0, "return a") == (
        "Return A to the laboratory (no homework needs it) (you hold 6)"
    )
    homework = _turn(homework=[["ken", "vim", "yegg", ("espy", "E")], [], []], spirit=[5, 5, 5])
    homework.deck = ["cozen"]
    homework = play(homework, (0, "research"))
    assert _label(homework, 0, "return espy") == "Put Espy under the deck (1 woven tile goes back)"
    assert _label(homework, 0, "return cozen") == "Put Cozen under the deck (nothing woven)"


def _trade_table() -> MagicSpellState:
    return position(
        3,
        cabinets=[[], ["E", "K"], ["K", "Q"]],
        homework=[[], [("ken", "N"), "vim"], ["quaff"]],
        spellbooks=[[], ["fugue"], []],
    )


def test_a_trade_offer_is_built_from_labelled_steps() -> None:
    s = _trade_table()
    assert _label(s, 1, "trade with 3") == (
        "🤝 Offer {p2} a trade (cabinet 2, homework 1, spellbook 0)"
    )
    s = play(s, (1, "trade with 3"))
    assert _label(s, 1, "give e") == "Give your E to {p2} (Ken needs it)"
    assert _label(s, 1, "give n from ken") == "Give the N on Ken (1 spirit) to {p2}"
    assert _label(s, 1, "give ken") == "Give homework Ken (woven N) to {p2}"
    assert _label(s, 1, "give fugue") == "Give Fugue from your spellbook (2 credits) to {p2}"
    s = play(s, (1, "give e"))
    assert _label(s, 1, "for k") == "Ask for a K (Ken needs it)"
    assert _label(s, 1, "for homework") == "Ask for a homework spell of {p2}'s choice"


def test_an_offer_says_who_offers_what_for_what() -> None:
    s = play(_trade_table(), (1, "trade with 3"), (1, "give ken"), (1, "for k"))
    assert _label(s, 2, "accept 2") == "Accept {p1}'s homework Ken (1 credit, woven N) for your K"
    assert _label(s, 2, "decline 2") == "Decline {p1}'s homework Ken (1 credit, woven N) for your K"
    s = play(_trade_table(), (2, "trade with 2"), (2, "give q"), (2, "for homework"))
    assert _label(s, 1, "accept 3") == "Accept {p2}'s Q for homework of your choice"
    s = play(s, (1, "accept 3"))
    assert _label(s, 1, "give vim") == "Hand over homework Vim (nothing woven) to {p2}"


# ---------------------------------------------------------------------------- whole moves
def test_a_weave_that_could_go_on_is_offered_with_done_in_one_pick() -> None:
    s = _turn(cabinets=[["E", "N"], [], []], homework=[["ken"], [], []])
    assert _whole(s, 0) == ["weave e on ken done", "weave n on ken done"]
    assert _label(s, 0, "weave e on ken done") == "Weave E onto Ken and end your turn"
    after = play(s, (0, "weave e on ken done"))
    assert after.current == 1
    assert after.students[0].homework[0].woven == ("E",)


def test_a_weave_that_ends_the_turn_is_a_single_step_not_a_whole_move() -> None:
    s = _turn(cabinets=[["E"], [], []], homework=[["ken"], [], []])
    assert "weave e on ken" in _labels(s, 0)
    assert _whole(s, 0) == []


def test_a_scrounged_tile_woven_and_done_is_one_pick() -> None:
    s = _turn(cabinets=[["N"], [], []], homework=[["ken"], [], []], lab={1: "E"})
    s = play(s, (0, "scrounge 1-10"), (0, "tile 1"))
    assert _whole(s, 0) == ["weave it on ken done"]
    assert _label(s, 0, "weave it on ken done") == "Weave the E onto Ken and end your turn"


def test_casts_with_many_combinations_or_a_decision_after_are_left_to_the_steps() -> None:
    lab = dict.fromkeys(range(1, 41), "E")
    s = _turn(
        spellbooks=[["espy", "augury", "jettison"], [], []], cabinets=[["A"], [], []], lab=lab
    )
    assert _whole(s, 0) == [], "4 rows of 10 tiles to Espy; Augury and Jettison ask more after"


def test_cadge_is_offered_whole_only_when_the_cabinet_has_room_whatever_comes() -> None:
    s = _turn(
        spellbooks=[["cadge"], [], []], homework=[["ken"], [], []], cabinets=[["A"] * 5, [], []]
    )
    assert "cast cadge target 2 letter k" in _whole(s, 0)
    s.students[0].cabinet = ["A"] * 6
    assert _whole(s, 0) == []


def test_whole_moves_are_only_offered_to_the_student_taking_a_turn() -> None:
    s = _turn(cabinets=[["E", "N"], ["E", "N"], []], homework=[["ken"], ["ken"], []])
    assert _whole(s, 1) == []


def test_a_whole_move_notation_reads_back() -> None:
    for text in (
        "weave q on quidnunc done",
        "weave it on ken done",
        "move e from ken to yegg done",
    ):
        action = ENGINE.parse_syntax(text)
        assert isinstance(action, CompositeWeaveDone)
        assert ENGINE.notation(action) == text
    assert ENGINE.parse_syntax("weave q on quidnunc done done") is None
    assert ENGINE.parse_syntax("rest done") is None


# ------------------------------------------------------------------------ taken without asking
def _automatic(s: MagicSpellState, seat: int) -> str | None:
    """The notation of the decision taken for ``seat`` without asking, if any."""
    action = ENGINE.automatic(s, seat)
    return None if action is None else ENGINE.notation(action)


def test_a_prompt_with_one_possible_answer_is_taken_without_asking() -> None:
    s = _turn(homework=[[("ken", "E"), "yegg"], [], []])
    s = play(s, (0, "move"))
    assert _automatic(s, 0) == "move to yegg"
    row = play(_turn(lab={1: "A"}), (0, "scrounge 1-10"))
    assert _automatic(row, 0) == "tile 1"
    fugue = play(_turn(spellbooks=[["fugue"], [], []], lab={1: "A"}), (0, "cast fugue"))
    assert _automatic(fugue, 0) == "row 1-10"
    full = _turn(cabinets=[["A"] * 6, [], []], lab={1: "A"})
    full = play(full, (0, "scrounge 1-10"), (0, "tile 1"), (0, "keep"))
    assert _automatic(full, 0) == "return a"


def test_a_real_choice_is_never_taken_for_the_student() -> None:
    s = _turn(cabinets=[["E", "N"], [], []], homework=[["ken"], [], []], lab={1: "A", 2: "B"})
    assert _automatic(s, 0) is None, "the start of a turn is always asked"
    only_rest = _turn(spirit=[4, 5, 5])
    assert [ENGINE.notation(a) for a in ENGINE.legal_actions(only_rest, 0)] == ["rest"]
    assert _automatic(only_rest, 0) is None, "even a turn with one thing to do"
    assert _automatic(play(s, (0, "weave e on ken")), 0) is None, "weave on, or stop"
    assert _automatic(play(s, (0, "scrounge 1-10")), 0) is None, "two tiles"
    found = play(s, (0, "scrounge 1-10"), (0, "tile 1"))
    assert _automatic(found, 0) is None, "keep it or put it back"


def test_an_offer_is_never_sent_without_asking() -> None:
    """Any letter may be asked for, so what an offer asks is always the proposer's choice,
    even when their homework needs a single letter."""
    single = position(3, cabinets=[[], ["E"], []], homework=[[], [("vim", "VI")], []])
    single = play(single, (1, "trade with 3"), (1, "give e"))
    assert [ENGINE.notation(a) for a in ENGINE.legal_actions(single, 1)][:2] == ["for m", "for a"]
    assert _automatic(single, 1) is None
