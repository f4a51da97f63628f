"""The attack phase: a direction, one column at a time, unopposed marginalia hitting the
player, opposed ones trading damage at once, erasure, and the reinforcement moving up."""

from __future__ import annotations

from tests.games.marginalia.positions import (
    ENGINE,
    Placed,
    act,
    card_at,
    play,
    play_logged,
    position,
    stats,
    texts,
)


# ----------------------------------------------------------------------- direction
def test_with_two_or_more_front_line_marginalia_the_attacker_chooses_the_direction() -> None:
    s = position(page={"a2": "saint", "d2": "cancer", "b1": "ziz"})
    assert texts(s, 0)[-2:] == ["attack from a", "attack from e"]


def test_with_one_or_none_the_direction_is_not_asked() -> None:
    assert texts(position(page={"c2": "saint", "c1": "ziz"}), 0) == ["attack"]
    assert texts(position(), 0) == ["attack"]


def test_the_direction_decides_the_order_and_the_order_matters() -> None:
    """Ziz erases the Minstrel in column a; the Rubric Dragon behind it moves up and scorches
    the front line. Attacking from e, the Night Owl hits the player first; from a, it is
    erased before its turn comes."""
    page: dict[str, Placed] = {
        "a2": "ziz",
        "e2": ("night-owl", 1),
        "a3": "minstrel",
        "a4": "rubric-dragon",
    }
    from_a, log_a = play_logged(position(page=page), (0, "attack from a"))
    from_e, log_e = play_logged(position(page=page), (0, "attack from e"))
    assert from_a.sides[1].health == 20
    assert from_e.sides[1].health == 16
    for s in (from_a, from_e):
        assert card_at(s, "e2") is None
        assert card_at(s, "a3") == "rubric-dragon"
    assert log_e.index("**Night Owl** (e2) attacks") < log_e.index("**Ziz** (a2) attacks")
    assert "**Night Owl** (e2) attacks" not in log_a


# ---------------------------------------------------------------------- unopposed
def test_an_unopposed_marginalis_deals_its_attack_to_the_player() -> None:
    s, log = play_logged(position(page={"c2": "saint"}), (0, "attack"))
    assert s.sides[1].health == 17
    assert "**Saint** (c2) attacks {p1} unopposed." in log
    assert "{p1} takes 3 damage (17 health left)." in log


def test_marginalia_may_attack_the_turn_they_are_played() -> None:
    s = play(position(hands=[["saint"], []]), (0, "play saint"), (0, "to c2"), (0, "attack"))
    assert s.sides[1].health == 17


def test_only_the_active_players_marginalia_attack() -> None:
    s = play(position(page={"a3": "saint", "b3": "ziz"}), (0, "attack"))
    assert s.sides[0].health == 20
    assert stats(s, "a3") == (3, 4, 0)


def test_a_player_at_0_health_loses_at_once_in_the_middle_of_the_attack() -> None:
    s = position(page={"a2": "saint", "b2": "ziz"}, health=(20, 3))
    s, log = play_logged(s, (0, "attack from a"))
    assert s.finished
    assert s.winner == 0
    assert "**Ziz** (b2) attacks" not in log
    assert ENGINE.to_act(s) == frozenset()
    assert s.end_reason == "{p1} has no health left"


# ------------------------------------------------------------------------ opposed
def test_opposed_marginalia_trade_damage_at_the_same_time() -> None:
    s, log = play_logged(position(page={"c2": "saint", "c3": "heron-friar"}), (0, "attack"))
    assert stats(s, "c2") == (3, 4, 2)
    assert stats(s, "c3") == (2, 5, 3)
    assert s.sides[1].health == 20, "an opposed attacker never reaches the player"
    assert "**Saint** (c2) attacks **Heron Friar** (c3): deals 3, takes 2." in log


def test_damage_counters_stay_from_turn_to_turn() -> None:
    s = play(position(page={"c2": "saint", "c3": "great-snail"}), (0, "attack"))
    assert s.active == 1
    assert stats(s, "c2")[2] == 1
    assert stats(s, "c3")[2] == 2
    s = play(s, (1, "attack"))
    assert stats(s, "c2")[2] == 2
    assert stats(s, "c3")[2] == 5


def test_damage_equal_to_health_erases_and_both_may_fall() -> None:
    s, log = play_logged(position(page={"c2": "ziz", "c3": "saint"}), (0, "attack"))
    assert card_at(s, "c2") is None
    assert card_at(s, "c3") is None
    assert s.sides[0].erased == ["ziz"]
    assert s.sides[1].erased == ["saint"]
    assert log.index("**Ziz** (c2) is erased.") < log.index("**Saint** (c3) is erased.")


def test_damage_below_health_does_not_erase() -> None:
    s = play(position(page={"c2": "saint", "c3": ("saint", 0)}), (0, "attack"))
    assert card_at(s, "c3") == "saint"


def test_the_reinforcement_moves_up_at_once() -> None:
    s, log = play_logged(
        position(page={"c2": "ziz", "d2": "cancer", "c3": "minstrel", "c4": "great-snail"}),
        (0, "attack from a"),
    )
    assert card_at(s, "c3") == "great-snail"
    assert card_at(s, "c4") is None
    assert log.index("moves up to c3") < log.index("**Cancer** (d2) attacks")


def test_a_reinforcement_moving_up_reaches_the_front_line_and_its_ability_triggers() -> None:
    s = position(page={"c2": "ziz", "d2": "cancer", "c3": "minstrel", "c4": "salamander"})
    s = act(s, 0, "attack from a").state
    assert ENGINE.to_act(s) == {1}, "the Salamander's owner chooses, mid-attack"
    assert "target p1" in texts(s, 1)
    assert "back" not in texts(s, 1)
    s = play(s, (1, "target p1"))
    assert s.sides[0].health == 18, "Kindle"
    assert s.sides[1].health == 17, "then the attack goes on: the Cancer is unopposed"


def test_a_column_already_visited_does_not_attack_again() -> None:
    s = position(page={"a2": "salamander", "a1": "saint", "a3": "saint"})
    s, log = play_logged(s, (0, "attack"))
    assert card_at(s, "a2") == "saint"
    assert log.count("attacks **Saint** (a3)") == 1
    assert stats(s, "a3")[2] == 2


def test_a_reinforcement_moving_up_into_a_column_still_to_come_attacks() -> None:
    page: dict[str, Placed] = {
        "a2": "ziz",
        "e2": ("night-owl", 1),
        "e1": "cancer",
        "a3": "minstrel",
        "a4": "rubric-dragon",
    }
    s, log = play_logged(position(page=page), (0, "attack from a"))
    assert card_at(s, "e2") == "cancer"
    assert "**Cancer** (e2) attacks {p1} unopposed." in log
    assert s.sides[1].health == 17
