"""The reset phase: its abilities, and the check of abilities that no longer apply, with the
rules text's Cancer and Saint example exactly as written."""

from __future__ import annotations

from tests.games.marginalia.positions import (
    ENGINE,
    card_at,
    coins,
    play,
    play_logged,
    position,
    stats,
    texts,
)


# ------------------------------------------------------------- Cancer and Saint
def test_cancer_facing_saint_is_4_4() -> None:
    s = position(page={"c2": "cancer", "c3": "saint"})
    assert stats(s, "c2") == (4, 4, 0)
    assert stats(s, "c3") == (3, 4, 0)


def test_the_cancer_and_saint_example_when_cancer_attacks() -> None:
    """Cancer (3/3) faces Saint (3/4) and is 4/4. It deals 4 damage to Saint, which is erased,
    and receives 3. In the reset phase it no longer faces an opposing marginalis: it is 3/3
    again, its damage equals its health, and it is erased too."""
    s, log = play_logged(position(page={"c2": "cancer", "c3": "saint"}), (0, "attack"))
    assert card_at(s, "c2") is None
    assert card_at(s, "c3") is None
    assert s.sides[0].erased == ["cancer"]
    assert s.sides[1].erased == ["saint"]
    assert log.splitlines()[-5:-2] == [
        "**Saint** (c3) is erased.",
        "**Cancer**'s *Flame Cloaked* no longer applies to **Cancer**.",
        "**Cancer** (c2) is erased.",
    ]


def test_cancer_survives_the_attack_phase_and_falls_only_in_the_reset_phase() -> None:
    # The Bishop's unused Bless keeps the reset phase open for a look at the page.
    s = position(page={"c2": "cancer", "c3": "saint", "a2": "bishop-of-lyons"})
    s = play(s, (0, "attack from a"), (0, "attack"))
    assert s.phase == "choose-reset"
    assert card_at(s, "c3") is None
    assert stats(s, "c2") == (4, 4, 3), "still 4/4 with 3 damage: the reset check is to come"
    s = play(s, (0, "end turn"))
    assert card_at(s, "c2") is None


def test_the_example_when_saint_attacks_cancer() -> None:
    s = position(page={"c2": "cancer", "c3": "saint"}, active=1)
    s = play(s, (1, "attack"))
    assert card_at(s, "c3") is None
    assert card_at(s, "c2") is None


def test_healed_in_the_reset_phase_before_the_check_cancer_survives_as_3_3() -> None:
    s = position(page={"c2": "cancer", "c3": "saint", "a2": "bishop-of-lyons"})
    s = play(s, (0, "attack from a"), (0, "attack"), (0, "use a2"), (0, "target c2"))
    assert s.active == 1, "nothing more to use: the check follows and the turn passes"
    assert stats(s, "c2") == (3, 3, 1)


def test_cancer_is_4_4_again_once_a_new_opponent_faces_it() -> None:
    s = position(page={"c2": "cancer", "c3": "saint", "c4": "great-snail"})
    s = play(s, (0, "attack"))
    assert card_at(s, "c3") == "great-snail"
    assert stats(s, "c2") == (4, 4, 3)


# ---------------------------------------------------- continuous abilities in time
def test_a_continuous_ability_applies_as_soon_as_its_condition_holds() -> None:
    s = position(hands=[[], ["minstrel"]], page={"c2": "cancer"}, active=1)
    assert stats(s, "c2") == (3, 3, 0)
    s = play(s, (1, "play minstrel"), (1, "to c3"), (1, "target c3"))
    assert stats(s, "c2") == (4, 4, 0)


def test_a_continuous_ability_lasts_until_the_reset_phase_checks_it() -> None:
    s = position(hands=[["ignis-sacer"], []], page={"c2": "minstrel", "c3": "cancer"})
    s = play(s, (0, "play ignis-sacer"), (0, "target c2"))
    assert card_at(s, "c2") is None
    assert stats(s, "c3") == (4, 4, 0), "nothing faces it, but the check has not come yet"
    s = play(s, (0, "attack"))
    assert stats(s, "c3") == (3, 3, 0)


def test_a_reinforcements_bonus_ends_at_the_reset_check_when_it_is_erased() -> None:
    s = position(
        hands=[["memento-mori"], []], page={"c3": ("minstrel", 2), "c4": "saint", "a2": "ziz"}
    )
    assert stats(s, "c3") == (1, 3, 2)
    s = play(coins(s, "H"), (0, "play memento-mori"), (0, "target c4"))
    assert card_at(s, "c4") is None
    assert stats(s, "c3") == (1, 3, 2)
    s = play(s, (0, "attack"))
    assert card_at(s, "c3") is None


def test_effects_until_the_end_of_the_turn_end_at_the_reset_check() -> None:
    s = position(hands=[["furor"], []], page={"c2": "saint", "a2": "bishop-of-lyons"})
    s = play(s, (0, "play furor"), (0, "target c2"))
    assert stats(s, "c2") == (5, 4, 0)
    s = play(s, (0, "attack from a"), (0, "attack"))
    assert s.sides[1].health == 20 - 5 - 2
    assert stats(s, "c2") == (5, 4, 0), "still this turn, in the reset phase"
    s = play(s, (0, "end turn"))
    assert stats(s, "c2") == (3, 4, 0)


# ----------------------------------------------------------- reset-phase abilities
def test_reset_abilities_resolve_by_themselves_in_their_controllers_reset_phase() -> None:
    s = position(page={"c2": ("saint", 3), "c1": "physician-ape", "a2": ("heron-friar", 2)})
    s, log = play_logged(s, (0, "attack from a"))
    assert stats(s, "c2")[2] == 1
    assert stats(s, "a2")[2] == 1
    assert "**Physician Ape**'s *Remedy* triggers." in log


def test_reset_abilities_do_nothing_in_the_opponents_reset_phase() -> None:
    s = position(page={"c2": ("saint", 3), "c1": "physician-ape"}, active=1)
    s = play(s, (1, "attack"))
    assert stats(s, "c2")[2] == 3


def test_flight_may_move_the_angel_in_the_reset_phase() -> None:
    s = position(page={"c2": "smiting-angel", "c1": "saint", "a2": "ziz"})
    s = play(s, (0, "attack from a"))
    assert texts(s, 0) == ["use c2", "end turn"]
    s = play(s, (0, "use c2"))
    assert texts(s, 0) == ["to b2", "to d2", "to e2", "to a1", "back"]
    s, log = play_logged(s, (0, "to e2"))
    assert (card_at(s, "e2"), card_at(s, "c2"), card_at(s, "c1")) == (
        "smiting-angel",
        "saint",
        None,
    )
    assert "**Smiting Angel** flies from c2 to e2." in log
    assert "**Saint** moves up to c2." in log
    assert s.active == 1, "nothing left to use: the turn passes"


def test_flight_is_optional_and_once_per_turn() -> None:
    s = play(position(page={"c2": "smiting-angel"}), (0, "attack"))
    assert texts(s, 0) == ["use c2", "end turn"]
    s = play(s, (0, "end turn"))
    assert s.active == 1
    assert card_at(s, "c2") == "smiting-angel"


def test_flight_may_be_used_in_the_other_players_reset_phase_too() -> None:
    """Flight: "During the reset phase, Smiting Angel may move to an unoccupied space" — the
    reset phase of either player's turn; Bless, by contrast, is used "during their turn"."""
    s = position(page={"c3": "smiting-angel", "c4": "saint", "a2": "ziz"})
    s = play(s, (0, "attack"))
    assert s.phase == "other-reset", "the first player had nothing to use"
    assert ENGINE.to_act(s) == frozenset({1})
    assert texts(s, 1) == ["use c3", "end turn"]
    assert texts(s, 0) == []
    s, log = play_logged(s, (1, "use c3"), (1, "to e3"))
    assert (card_at(s, "e3"), card_at(s, "c3")) == ("smiting-angel", "saint")
    assert "**Smiting Angel** flies from c3 to e3." in log
    assert (s.active, s.phase) == (1, "play"), "once the Angel has flown, the turn passes"


def test_the_other_player_is_asked_only_after_the_active_player_and_may_decline() -> None:
    s = position(page={"c2": "bishop-of-lyons", "c3": "smiting-angel"})
    s = play(s, (0, "attack"))
    assert (s.phase, texts(s, 0)) == ("choose-reset", ["use c2", "end turn"])
    s = play(s, (0, "end turn"))
    assert texts(s, 1) == ["use c3", "end turn"]
    s, log = play_logged(s, (1, "end turn"))
    assert "{p1} lets the turn end." in log
    assert (s.active, card_at(s, "c3")) == (1, "smiting-angel")


def test_abilities_of_your_own_reset_phase_wait_for_it() -> None:
    """The Physician Ape heals "during your reset phase": never in the other player's."""
    s = position(page={"c3": ("saint", 2), "c4": "physician-ape", "a2": "ziz"})
    s = play(s, (0, "attack"))
    assert s.active == 1, "nothing for either player to use: the turn passed"
    assert stats(s, "c3")[2] == 2


def test_tokens_leave_the_game_when_erased() -> None:
    s = play(position(page={"c2": "saint", "c3": "pilgrim"}), (0, "attack"))
    assert card_at(s, "c3") is None
    assert s.sides[1].erased == []
    assert ENGINE.outcome(s) is None


def test_an_effect_until_the_end_of_the_turn_that_arrives_during_the_check_ends_with_it() -> None:
    """Siren: "When she reaches the front line, the opposing marginalis loses 2 attack until
    the end of the turn." Here she reaches it during the reset check (the Cancer of the rules'
    example falls, the Rubric Dragon behind it moves up and scorches the Great Snail she
    reinforces): the Saint she faces is weakened until the end of this turn, not through the
    whole of the next one."""
    s = position(
        page={
            "c2": "cancer",
            "c1": "rubric-dragon",
            "c3": "saint",
            "d2": "saint",
            "d3": ("great-snail", 3),
            "d4": "siren",
        }
    )
    s, log = play_logged(s, (0, "attack from a"))
    assert card_at(s, "c2") == "rubric-dragon", "Cancer fell at the check, the Dragon moved up"
    assert card_at(s, "d3") == "siren", "the Dragon's Scorch erased the Snail, the Siren moved up"
    assert "**Saint** (d2) loses 2 attack until the end of the turn." in log
    assert s.active == 1, "the turn has passed"
    assert stats(s, "d2") == (3, 4, 1), "the Saint has its 3 attack again on the next turn"
    s = play(s, (1, "attack"))
    assert stats(s, "d3")[2] == 3, "the Siren takes the Saint's full 3 damage in the next turn"
