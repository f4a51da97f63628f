"""Setup: the tiles and the deck, the deal for each seat count, and the variants' options."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from games.core import InvalidSetup
from games.core.playout import random_playout
from games.magic_spell.spells import STONE, spells, tile_box, tiles
from games.magic_spell.state import FEWEST_ROUNDS, LAB_PLACES, SAFETY_ROUNDS, Want, offers_of
from tests.games.magic_spell.positions import ENGINE, new_game, spell_count, tile_count


# ------------------------------------------------------------------------ the components
def test_the_tiles_are_97_letters_and_three_stones_for_the_variant() -> None:
    assert len(tile_box(stones=False)) == 97
    assert Counter(tile_box(stones=True))[STONE] == 3
    assert len(tile_box(stones=True)) == 100 == LAB_PLACES


def test_every_magic_word_can_be_spelled_from_the_tiles_alone() -> None:
    supply = Counter(tiles().letters)
    for spell in spells().values():
        assert not Counter(spell.letters) - supply, spell.word


def test_the_deck_holds_at_least_30_spells_each_word_once() -> None:
    deck = spells()
    assert len(deck) >= 30
    assert len(set(deck)) == len(deck)
    assert all(s.word.isalpha() and s.word.islower() for s in deck.values())


def test_credits_run_from_1_to_3_by_the_length_of_the_word() -> None:
    for spell in spells().values():
        expected = 1 if len(spell.word) <= 3 else 2 if len(spell.word) <= 5 else 3
        assert spell.credits == expected, spell.word


def test_every_spell_says_what_its_word_means_and_what_it_does() -> None:
    for spell in spells().values():
        assert spell.meaning
        assert spell.text
        if spell.effect == "passive":
            assert spell.text.startswith("Passive:")
            assert spell.spirit == spell.tiles == 0


# -------------------------------------------------------------------------------- the deal
@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_student_starts_with_five_tiles_three_spells_and_five_spirit(players: int) -> None:
    s = new_game(players, seed=3)
    for student in s.students:
        assert len(student.cabinet) == 5
        assert [h.woven for h in student.homework] == [(), (), ()]
        assert student.spellbook == []
        assert student.spirit == 5
    assert len(s.deck) == len(spells()) - 3 * players


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_other_tiles_lie_face_down_at_numbered_places_from_1(players: int) -> None:
    s = new_game(players, seed=3)
    in_lab = 97 - 5 * players
    assert all(s.lab[:in_lab])
    assert not any(s.lab[in_lab:])
    assert s.known == [0] * LAB_PLACES, "nobody has seen a tile yet"
    assert tile_count(s) == Counter(tile_box(stones=False))


def test_the_stones_are_mixed_into_the_laboratory_with_the_variant() -> None:
    s = new_game(3, seed=5, philosophers_stone=True)
    assert tile_count(s) == Counter(tile_box(stones=True))


def test_tiles_and_deck_are_shuffled_by_the_seed() -> None:
    assert new_game(3, seed=1).lab != new_game(3, seed=2).lab
    assert new_game(3, seed=1).deck != new_game(3, seed=2).deck
    assert ENGINE.dump(new_game(3, seed=9)) == ENGINE.dump(new_game(3, seed=9))


def test_seat_1_starts_in_round_1() -> None:
    s = new_game(4)
    assert (s.current, s.turn, s.round, s.started) == (0, 1, 1, False)
    assert ENGINE.to_act(s) == {0, 1, 2, 3}, "the others may trade from the start"


# ------------------------------------------------------------------------------ variants
def test_two_students_play_only_with_low_enrollment() -> None:
    with pytest.raises(InvalidSetup, match="Low Enrollment"):
        ENGINE.new_game(2, 1)
    assert ENGINE.new_game(2, 1, {"low_enrollment": True}).low_enrollment


@pytest.mark.parametrize("players", [3, 4])
def test_low_enrollment_is_for_two_students_only(players: int) -> None:
    with pytest.raises(InvalidSetup, match="exactly two"):
        ENGINE.new_game(players, 1, {"low_enrollment": True})


@pytest.mark.parametrize(("heavy", "credits"), [(None, 9), (12, 12), (15, 15)])
def test_heavy_courseload_raises_the_credits_and_sets_no_semester(
    heavy: int | None, credits: int
) -> None:
    s = ENGINE.new_game(3, 1, {"heavy_courseload": heavy})
    assert (s.courseload, s.round_cap, s.last_round) == (credits, None, SAFETY_ROUNDS)


def test_a_table_may_choose_a_semester_of_rounds() -> None:
    s = ENGINE.new_game(3, 1, {"rounds": 30})
    assert (s.round_cap, s.last_round) == (30, 30)
    assert ENGINE.new_game(3, 1, {"rounds": None}).round_cap is None


@pytest.mark.parametrize("bad", [0, FEWEST_ROUNDS - 1, SAFETY_ROUNDS + 1, "many"])
def test_a_semester_outside_its_bounds_is_refused_with_the_reason(bad: object) -> None:
    with pytest.raises(InvalidSetup, match="rounds") as refused:
        ENGINE.new_game(3, 1, {"rounds": bad})
    if isinstance(bad, int):
        assert f"from {FEWEST_ROUNDS} to {SAFETY_ROUNDS} rounds" in str(refused.value)


@pytest.mark.parametrize(("heavy", "rounds"), [(None, 30), (12, 40), (15, 50)])
def test_options_stored_before_the_semester_could_be_chosen_keep_their_semester(
    heavy: int | None, rounds: int
) -> None:
    # The bot stored a whole dump of the options model: the four variants of the time, and
    # nothing else. Replays and deals read stored options (Engine.new_game).
    stored = {
        "heavy_courseload": heavy,
        "low_enrollment": False,
        "open_research": False,
        "philosophers_stone": False,
    }
    assert ENGINE.new_game(3, 1, stored).round_cap == rounds
    assert ENGINE.options(stored, stored=True).model_dump()["rounds"] == rounds
    assert ENGINE.new_game(3, 1, {**stored, "rounds": None}).round_cap is None


def test_stored_options_with_every_variant_switched_on_keep_their_semester_too() -> None:
    every = {
        "heavy_courseload": 15,
        "low_enrollment": True,
        "philosophers_stone": True,
        "open_research": True,
    }
    assert ENGINE.new_game(2, 1, every).round_cap == 50


@pytest.mark.parametrize(
    "typed",
    [
        {"heavy_courseload": 12, "low_enrollment": False, "philosophers_stone": False},
        {
            "heavy_courseload": None,
            "low_enrollment": False,
            "philosophers_stone": False,
            "open_research": False,
        },
        {
            "heavy_courseload": 15,
            "low_enrollment": True,
            "philosophers_stone": True,
            "open_research": True,
        },
    ],
)
def test_options_a_player_types_get_no_semester_whatever_they_name(
    typed: dict[str, object],
) -> None:
    options = ENGINE.options(typed)
    assert options.model_dump()["rounds"] is None
    players = 2 if typed["low_enrollment"] else 3
    # What the bot stores for the new game (a whole dump) deals it without a semester.
    state = ENGINE.new_game(players, 1, options.model_dump(mode="json"))
    assert (state.round_cap, state.last_round) == (None, SAFETY_ROUNDS)


def test_options_that_name_more_than_the_old_variants_are_never_read_as_old() -> None:
    stored = {
        "heavy_courseload": None,
        "low_enrollment": False,
        "open_research": False,
        "philosophers_stone": False,
    }
    assert ENGINE.new_game(3, 1, {**stored, "rounds": 20}).round_cap == 20
    with pytest.raises(InvalidSetup, match="no option colour"):
        ENGINE.new_game(3, 1, {**stored, "colour": "red"})


def test_a_state_stored_before_the_semester_could_be_chosen_keeps_its_semester() -> None:
    s = ENGINE.new_game(3, 1, {"heavy_courseload": 12})
    envelope = json.loads(ENGINE.dump(s))
    assert envelope["format"] == 2
    envelope["format"] = 1
    del envelope["state"]["round_cap"]
    old = ENGINE.load(json.dumps(envelope))
    assert (old.round_cap, old.last_round) == (40, 40)
    assert ENGINE.load(ENGINE.dump(s)).round_cap is None


def test_a_state_stored_with_one_offer_a_round_reads_as_offers_to_everyone() -> None:
    """Format 1 marked a student who had sent an offer this round with one bit; they may send
    no other offer this round."""
    s = new_game(3)
    envelope = json.loads(ENGINE.dump(s))
    envelope["format"] = 1
    del envelope["state"]["round_cap"]
    envelope["state"]["offered"] = 1 << 2
    envelope["state"]["offers"] = [
        {
            "proposer": 2,
            "partner": 1,
            "give": {"kind": "tile", "letter": s.students[2].cabinet[0], "spell": ""},
            "want": {"kind": "letter", "letter": "Q", "spell": ""},
        }
    ]
    old = ENGINE.load(json.dumps(envelope))
    assert old.offered == offers_of(2)
    assert old.offers[0].wants == (Want("letter", "Q"),)
    assert not [t for t in ENGINE.legal_actions(old, 2) if "trade" in ENGINE.notation(t)]


@pytest.mark.parametrize("bad", [9, 10, 20, "lots"])
def test_heavy_courseload_is_12_or_15(bad: object) -> None:
    with pytest.raises(InvalidSetup):
        ENGINE.new_game(3, 1, {"heavy_courseload": bad})


def test_the_conformance_configurations_cover_every_seat_count_and_variant() -> None:
    configs = ENGINE.configurations()
    assert {players for players, _ in configs} == {2, 3, 4}
    switched = {k for _, o in configs for k, v in o.model_dump().items() if v}
    assert switched == {
        "heavy_courseload",
        "low_enrollment",
        "philosophers_stone",
        "open_research",
        "rounds",
    }
    assert None in {o.model_dump()["rounds"] for _, o in configs}
    assert {o.model_dump()["heavy_courseload"] for _, o in configs} >= {12, 15}


# ------------------------------------------------------------------------- conservation
@pytest.mark.parametrize(("players", "options"), ENGINE.configurations())
def test_every_tile_and_spell_is_accounted_for_through_a_whole_game(
    players: int, options: object
) -> None:
    played = random_playout(ENGINE, players, 11, ENGINE.options(options))  # type: ignore[arg-type]
    s = played.state
    assert tile_count(s) == Counter(tile_box(stones=s.stones))
    assert spell_count(s) == Counter(list(spells()))
