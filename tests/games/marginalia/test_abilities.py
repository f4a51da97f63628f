"""Special abilities by trigger: on reaching the front line, Reinforcement, continuous
conditions, the play, attack and reset phases, any phase once per turn, and coin flips."""

from __future__ import annotations

from collections import Counter

import pytest

from games.marginalia.state import Step
from tests.games.marginalia.positions import (
    ENGINE,
    FILLER,
    card_at,
    coins,
    page_cards,
    play,
    play_logged,
    position,
    stats,
    texts,
)


# ----------------------------------------------------------- reaching the front line
def test_a_front_line_ability_triggers_when_played_to_the_front_line() -> None:
    s = play(position(hands=[["salamander"], []]), (0, "play salamander"), (0, "to c2"))
    assert texts(s, 0)[:3] == ["target p1", "target p2", "target c2"]
    assert "back" not in texts(s, 0), "a triggered ability cannot be taken back"
    s = play(s, (0, "target p2"))
    assert s.sides[1].health == 18


def test_a_marginalis_played_to_the_back_line_does_not_trigger() -> None:
    s = position(hands=[["salamander"], []], page={"c2": "saint"})
    s = play(s, (0, "play salamander"), (0, "to c1"))
    assert s.steps == []
    assert texts(s, 0) == ["attack"]


def test_a_front_line_ability_with_fixed_targets_resolves_by_itself() -> None:
    s = position(hands=[["rubric-dragon"], []], page={"a3": "saint", "c3": "minstrel", "a4": "ziz"})
    s = play(s, (0, "play rubric-dragon"), (0, "to e2"))
    assert stats(s, "a3")[2] == 1
    assert card_at(s, "c3") == "minstrel"
    assert stats(s, "c3")[2] == 1
    assert stats(s, "a4")[2] == 0, "the back line is not scorched"


def test_a_target_marginalis_ability_offers_only_marginalia() -> None:
    s = play(position(hands=[["minstrel"], []], page={"a3": "ziz"}), (0, "play minstrel"))
    s = play(s, (0, "to c2"))
    assert texts(s, 0) == ["target c2", "target a3"]
    s = play(s, (0, "target c2"))
    assert stats(s, "c2") == (2, 3, 0)


def test_wild_unicorn_gains_1_1_for_good_on_reaching_the_front_line() -> None:
    s = play(position(hands=[["wild-unicorn"], []]), (0, "play wild-unicorn"), (0, "to a2"))
    s = play(s, (0, "attack"), (1, "attack"))
    assert stats(s, "a2") == (4, 3, 0)


def test_siren_takes_2_attack_from_the_opposing_marginalis_until_the_end_of_the_turn() -> None:
    s = position(hands=[[], ["siren"]], page={"c2": "saint"}, active=1)
    s = play(s, (1, "play siren"), (1, "to c3"))
    assert stats(s, "c2") == (1, 4, 0)
    s = play(s, (1, "attack"))
    assert stats(s, "c3") == (2, 4, 1), "the Saint hits back with 1"
    assert stats(s, "c2") == (3, 4, 2)


def test_an_effect_with_nothing_to_act_on_does_nothing() -> None:
    _, log = play_logged(position(hands=[["siren"], []]), (0, "play siren"), (0, "to c2"))
    assert "There is nothing for it to act on." in log


def test_preaching_fox_heals_its_player_never_above_20() -> None:
    s = position(hands=[["preaching-fox", "preaching-fox"], []], health=(15, 20))
    s = play(s, (0, "play preaching-fox"), (0, "to a2"))
    assert s.sides[0].health == 18
    s = play(s, (0, "play preaching-fox"), (0, "to b2"))
    assert s.sides[0].health == 20


# ------------------------------------------------------------------ Reinforcement
@pytest.mark.parametrize(
    ("reinforcement", "bonus"),
    [("saint", (0, 1)), ("bellows-ape", (1, 0)), ("white-unicorn", (0, 2))],
)
def test_a_reinforcement_works_on_the_marginalis_in_front(
    reinforcement: str, bonus: tuple[int, int]
) -> None:
    s = position(page={"c2": "great-snail", "c1": reinforcement})
    assert stats(s, "c2") == (1 + bonus[0], 6 + bonus[1], 0)


def test_a_reinforcement_ability_does_nothing_from_the_front_line() -> None:
    s = position(page={"c2": "saint", "b2": "great-snail"})
    assert stats(s, "b2") == (1, 6, 0)
    assert stats(s, "c2") == (3, 4, 0)


def test_other_abilities_do_nothing_from_the_back_line() -> None:
    s = position(page={"c2": "saint", "c1": "night-owl", "b2": "saint", "b1": "herald-ape"})
    assert stats(s, "c1") == (2, 2, 0), "Night Sight works only on the front line"
    assert stats(s, "c2") == (3, 4, 0), "Fanfare works only on the front line"


def test_the_physician_ape_heals_the_marginalis_in_front_in_your_reset_phase() -> None:
    s = play(position(page={"c2": ("great-snail", 4), "c1": "physician-ape"}), (0, "attack"))
    assert stats(s, "c2")[2] == 2


# ------------------------------------------------------------ continuous conditions
def test_facing_an_opposing_marginalis() -> None:
    s = position(page={"c2": "saturnine-wyvern", "d2": "saturnine-wyvern", "c3": "ziz"})
    assert stats(s, "c2") == (3, 7, 0)
    assert stats(s, "d2") == (3, 5, 0)


def test_while_unopposed() -> None:
    s = position(page={"c2": "night-owl", "d2": "night-owl", "d3": "ziz"})
    assert stats(s, "c2") == (4, 2, 0)
    assert stats(s, "d2") == (2, 2, 0)


def test_while_reinforced() -> None:
    s = position(page={"c2": "lion-rampant", "c1": "ziz", "d2": "lion-rampant"})
    assert stats(s, "c2") == (4, 4, 0)
    assert stats(s, "d2") == (3, 3, 0)


def test_in_the_leftmost_or_rightmost_column() -> None:
    s = position(page={"a2": "grotesque", "c2": "grotesque", "e3": "grotesque"})
    assert [stats(s, x)[0] for x in ("a2", "c2", "e3")] == [4, 2, 4]


def test_beside_on_the_same_front_line() -> None:
    s = position(
        page={"b2": "herald-ape", "a2": "ziz", "c2": "saint", "d2": "saint", "b3": "saint"}
    )
    assert [stats(s, x)[0] for x in ("a2", "c2", "d2", "b3", "b2")] == [5, 4, 3, 3, 2]


# ------------------------------------------------------------------ phase abilities
def test_a_play_phase_ability_triggers_by_itself_at_the_start_of_the_play_phase() -> None:
    heads = play(coins(position(page={"c3": "raven"}), "H"), (0, "attack"))
    tails = play(coins(position(page={"c3": "raven"}), "T"), (0, "attack"))
    assert len(heads.sides[1].hand) == 6
    assert len(tails.sides[1].hand) == 5


def test_a_may_ability_of_the_play_phase_is_used_once_per_turn() -> None:
    s = position(page={"c2": "wrathful-abbot"})
    assert texts(s, 0) == ["use c2", "attack"]
    s = play(s, (0, "use c2"))
    assert "back" in texts(s, 0)
    s = play(s, (0, "target p2"))
    assert s.sides[1].health == 19
    assert texts(s, 0) == ["attack"]
    s = play(s, (0, "attack"))
    assert s.active == 1, "Rebuke is not a reset-phase ability"
    s = play(s, (1, "attack"))
    assert "use c2" in texts(s, 0), "a new turn, a new use"


def test_an_any_phase_ability_is_offered_in_the_play_and_the_reset_phase_once() -> None:
    s = position(page={"c2": "bishop-of-lyons", "a2": ("saint", 2)})
    assert "use c2" in texts(s, 0)
    s = play(s, (0, "attack from a"), (0, "attack"))
    assert texts(s, 0) == ["use c2", "end turn"]
    s = play(s, (0, "use c2"), (0, "target a2"))
    assert stats(s, "a2")[2] == 0
    used = play(position(page={"c2": "bishop-of-lyons"}), (0, "use c2"), (0, "target p1"))
    assert "use c2" not in texts(used, 0)
    assert play(used, (0, "attack")).active == 1, "no reset choice left to offer"


def _bishop_and_saint_attacking() -> dict[str, str | tuple[str, int]]:
    """The Bishop of Lyons fights first (from column a), then a damaged Saint that the next
    fight will erase unless it is healed first."""
    return {"a2": "bishop-of-lyons", "a3": "great-snail", "c2": ("saint", 2), "c3": "saint"}


def test_bless_may_be_used_between_two_fights_of_the_attack_phase() -> None:
    """Bless: "may use this ability only once per turn, but may use it during any phase during
    their turn" — the attack phase included. After the Bishop's own fight the attack pauses;
    healed for 2 before its fight, the Saint survives it."""
    s = play(position(page=_bishop_and_saint_attacking()), (0, "attack from a"))
    assert stats(s, "a3")[2] == 1, "no pause before the first fight: the Bishop has fought"
    assert s.phase == "between-fights"
    assert texts(s, 0) == ["use a2", "attack"]
    s, log = play_logged(s, (0, "use a2"), (0, "target c2"))
    assert "**Saint** (c2) is healed of 2 damage." in log
    assert stats(s, "c2") == (3, 4, 3), "healed, it took the Saint's 3 and stands"
    assert s.active == 1, "Bless used: the attack went on, and nothing is left to use"


def test_the_attack_goes_on_when_bless_is_not_used_between_fights() -> None:
    s = play(position(page=_bishop_and_saint_attacking()), (0, "attack from a"), (0, "attack"))
    assert card_at(s, "c2") is None, "not healed, the Saint fell"
    assert texts(s, 0) == ["use a2", "end turn"], "Bless is still offered in the reset phase"


def test_the_attack_pauses_only_with_an_ability_to_use_and_a_fight_to_come() -> None:
    blessed = play(position(page=_bishop_and_saint_attacking()), (0, "use a2"), (0, "target p1"))
    assert play(blessed, (0, "attack from a")).active == 1, "Bless used: no pause"
    alone = position(page={"c2": "bishop-of-lyons"})
    assert play(alone, (0, "attack")).phase == "choose-reset", "no second fight to pause for"
    abbot = position(page={"a2": "saint", "c2": "wrathful-abbot"})
    assert play(abbot, (0, "attack from a")).active == 1, "Rebuke is a play-phase ability"


def test_a_game_won_in_the_middle_of_the_attack_does_not_pause_for_bless() -> None:
    s = position(page={"a2": "bishop-of-lyons", "c2": "saint"}, health=(20, 2))
    s = play(s, (0, "attack from a"))
    assert (s.phase, s.winner) == ("over", 0)
    assert texts(s, 0) == []


def test_an_activated_ability_can_be_taken_back_before_its_target() -> None:
    s = position(page={"c2": "bishop-of-lyons"})
    s2 = play(s, (0, "use c2"), (0, "back"))
    assert ENGINE.dump(s2) == ENGINE.dump(s)


def test_a_back_line_marginalis_cannot_use_its_ability() -> None:
    s = position(page={"c2": "saint", "c1": "bishop-of-lyons"})
    assert texts(s, 0) == ["attack"]


# ----------------------------------------------------------------- attack abilities
def test_when_it_attacks_the_jousting_hare_gains_2_attack_for_the_turn() -> None:
    s = play(position(page={"c2": "jousting-hare"}), (0, "attack"))
    assert s.sides[1].health == 16
    assert stats(s, "c2") == (2, 3, 0)


def test_the_goliard_monkeys_coin() -> None:
    heads = play(coins(position(page={"c2": "goliard-monkey"}), "H"), (0, "attack"))
    tails = play(coins(position(page={"c2": "goliard-monkey"}), "T"), (0, "attack"))
    assert (heads.sides[1].health, tails.sides[1].health) == (16, 18)


def test_ziz_blindness_heads_takes_no_damage_but_still_strikes_back() -> None:
    s, log = play_logged(coins(position(page={"c2": "saint", "c3": "ziz"}), "H"), (0, "attack"))
    assert stats(s, "c3")[2] == 0
    assert card_at(s, "c2") is None, "4 damage from Ziz erases the Saint"
    assert "🪙 The coin shows heads." in log
    assert "**Ziz** takes no damage from this attack." in log


def test_ziz_blindness_tails_takes_the_damage() -> None:
    s = play(coins(position(page={"c2": "saint", "c3": "ziz"}), "T"), (0, "attack"))
    assert card_at(s, "c3") is None


def test_the_great_snail_takes_1_less_damage_when_attacked() -> None:
    s = play(position(page={"c2": "saint", "c3": "great-snail"}), (0, "attack"))
    assert stats(s, "c3")[2] == 2


def test_when_attacked_means_in_a_fight_not_by_an_incantation() -> None:
    s = position(hands=[["ignis-sacer"], []], page={"c3": "great-snail"})
    s = play(s, (0, "play ignis-sacer"), (0, "target c3"))
    assert stats(s, "c3")[2] == 3


def test_a_defending_marginalis_attack_ability_does_not_trigger() -> None:
    s = play(position(page={"c2": "saint", "c3": "jousting-hare"}), (0, "attack"))
    assert stats(s, "c2")[2] == 2


# ------------------------------------------------------------------- coin flips
def test_basilisk_gaze_erases_the_opposing_marginalis_on_heads_only() -> None:
    for result, erased in (("H", True), ("T", False)):
        s = coins(position(hands=[["basilisk"], []], page={"c3": "saint", "c4": "ziz"}), result)
        s = play(s, (0, "play basilisk"), (0, "to c2"))
        assert (card_at(s, "c3") == "ziz") is erased
        assert (s.sides[1].erased == ["saint"]) is erased


def test_the_target_is_chosen_only_when_the_coin_calls_for_the_effect() -> None:
    heads = play(
        coins(position(hands=[["dancing-skeleton"], []]), "H"),
        (0, "play dancing-skeleton"),
        (0, "to c2"),
    )
    assert heads.steps[0].kind == "target"
    tails = play(
        coins(position(hands=[["dancing-skeleton"], []]), "T"),
        (0, "play dancing-skeleton"),
        (0, "to c2"),
    )
    assert tails.steps == []


# --------------------------------------------------------------------- Pure Virgin
def test_the_pure_virgin_searches_the_deck_for_a_unicorn_or_a_token() -> None:
    deck = ["white-unicorn", "saint", "wild-unicorn", "white-unicorn", *FILLER]
    s = play(position(hands=[["pure-virgin"], []], decks=[deck, FILLER]), (0, "play pure-virgin"))
    s = play(s, (0, "to b2"))
    assert texts(s, 0) == ["summon white-unicorn", "summon wild-unicorn", "summon token"]
    found, log = play_logged(s, (0, "summon white-unicorn"))
    assert card_at(found, "b1") == "white-unicorn"
    assert Counter(deck) - Counter(found.sides[0].deck) == {"white-unicorn": 1}
    assert "shuffles their deck" in log
    token = play(s, (0, "summon token"))
    m = token.sides[0].back[1]
    assert m is not None
    assert (m.card, m.token) == ("unicorn", True)
    assert stats(token, "b1") == (2, 2, 0)


def test_with_no_unicorn_in_the_deck_the_pure_virgin_creates_the_token() -> None:
    s = play(position(hands=[["pure-virgin"], []]), (0, "play pure-virgin"), (0, "to b2"))
    assert texts(s, 0) == ["summon token"]


def test_a_search_whose_pure_virgin_has_gone_does_nothing() -> None:
    s = position(decks=[["white-unicorn", *FILLER], FILLER])
    s.steps = [Step("search", 0, "pure-virgin", "effect", uid=99)]
    s, log = play_logged(s, (0, "summon white-unicorn"))
    assert "**Pure Virgin** is no longer there to be reinforced." in log
    assert "white-unicorn" in s.sides[0].deck
    assert page_cards(s) == {}


def test_the_pure_virgin_moving_up_searches_then() -> None:
    s = position(
        hands=[["ignis-sacer"], []],
        page={"b2": "minstrel", "b1": "pure-virgin"},
        decks=[["wild-unicorn", *FILLER], FILLER],
    )
    s = play(s, (0, "play ignis-sacer"), (0, "target b2"))
    assert card_at(s, "b2") == "pure-virgin"
    assert texts(s, 0) == ["summon wild-unicorn", "summon token"]
