"""Incantations: resolved at once, then erased unless the card says otherwise; targets; Rota
Fortuna; tokens; coins."""

from __future__ import annotations

from tests.games.marginalia.positions import (
    ENGINE,
    FILLER,
    card_at,
    coins,
    play,
    play_logged,
    position,
    stats,
    texts,
)


def test_an_incantation_resolves_at_once_and_is_erased() -> None:
    s = position(hands=[["ignis-sacer"], []])
    s, log = play_logged(s, (0, "play ignis-sacer"), (0, "target p2"))
    assert s.sides[1].health == 17
    assert s.sides[0].hand == []
    assert s.sides[0].erased == ["ignis-sacer"]
    assert "{p0} plays **Ignis Sacer** on p2." in log


def test_an_incantation_may_target_any_marginalis_or_either_player() -> None:
    s = position(hands=[["ignis-sacer"], []], page={"c2": "saint", "c1": "ziz", "a4": "raven"})
    s = play(s, (0, "play ignis-sacer"))
    assert texts(s, 0) == [
        "target p1",
        "target p2",
        "target c1",
        "target c2",
        "target a4",
        "back",
    ]


def test_a_card_that_says_marginalis_targets_only_marginalia() -> None:
    s = play(position(hands=[["vis-vitae"], []], page={"c3": "saint"}), (0, "play vis-vitae"))
    assert texts(s, 0) == ["target c3", "back"]
    s = play(s, (0, "target c3"))
    assert stats(s, "c3") == (4, 6, 0)


def test_an_incantation_needing_a_marginalis_is_not_offered_on_an_empty_page() -> None:
    s = position(hands=[["vis-vitae", "atra-bilis", "memento-mori", "palimpsest"], []])
    assert texts(s, 0) == ["attack"]


def test_back_before_the_target_leaves_everything_as_it_was() -> None:
    s = position(hands=[["ignis-sacer"], []])
    assert ENGINE.dump(play(s, (0, "play ignis-sacer"), (0, "back"))) == ENGINE.dump(s)


def test_cura_te_ipsum_heals_5_damage() -> None:
    s = position(hands=[["cura-te-ipsum", "cura-te-ipsum"], []], page={"c2": ("great-snail", 5)})
    s = play(s, (0, "play cura-te-ipsum"), (0, "target c2"))
    assert stats(s, "c2")[2] == 0
    healed = play(
        position(hands=[["cura-te-ipsum"], []], health=(12, 20)), (0, "play cura-te-ipsum")
    )
    assert play(healed, (0, "target p1")).sides[0].health == 17
    capped = play(
        position(hands=[["cura-te-ipsum"], []], health=(18, 20)), (0, "play cura-te-ipsum")
    )
    assert play(capped, (0, "target p1")).sides[0].health == 20


def test_healing_never_takes_a_marginalis_below_0_damage() -> None:
    s = position(hands=[["cura-te-ipsum"], []], page={"c2": ("saint", 2)})
    s = play(s, (0, "play cura-te-ipsum"), (0, "target c2"))
    assert stats(s, "c2") == (3, 4, 0)


def test_atra_bilis_can_erase_by_lowering_health() -> None:
    s = position(hands=[["atra-bilis"], []], page={"c3": ("saint", 3)})
    s, log = play_logged(s, (0, "play atra-bilis"), (0, "target c3"))
    assert card_at(s, "c3") is None
    assert "**Saint** (c3) loses 1/1." in log


def test_aspersion_heals_each_of_your_marginalia_only() -> None:
    page = {"a2": ("saint", 3), "a1": ("ziz", 1), "a3": ("saint", 2)}
    s = play(position(hands=[["aspersion"], []], page=page), (0, "play aspersion"))
    assert [stats(s, x)[2] for x in ("a2", "a1", "a3")] == [1, 0, 2]
    assert texts(position(hands=[["aspersion"], []]), 0) == ["attack"]


def test_palimpsest_erases_a_damaged_marginalis_and_goes_to_the_discard_pile() -> None:
    s = position(hands=[["palimpsest"], []], page={"c3": ("saint", 1), "d3": "ziz"})
    s = play(s, (0, "play palimpsest"))
    assert texts(s, 0) == ["target c3", "back"]
    s = play(s, (0, "target c3"))
    assert card_at(s, "c3") is None
    assert s.sides[0].discard == ["palimpsest"]
    assert s.sides[0].erased == []


def test_procession_creates_a_pilgrim_token_on_an_empty_front_line_space() -> None:
    s = position(hands=[["procession"], []], page={"a2": "saint", "b2": "ziz", "b1": "saint"})
    s = play(s, (0, "play procession"))
    assert texts(s, 0) == ["to c2", "to d2", "to e2", "back"]
    s = play(s, (0, "to d2"))
    m = s.sides[0].front[3]
    assert m is not None
    assert (m.card, m.token) == ("pilgrim", True)
    assert s.sides[0].erased == ["procession"]
    assert s.plays == 1


def test_procession_is_not_offered_with_a_full_front_line() -> None:
    full = {f"{f}2": "great-snail" for f in "abcde"}
    s = position(hands=[["procession"], []], page=full)
    assert "play procession" not in texts(s, 0)


def test_memento_mori_erases_on_heads_and_is_spent_on_tails() -> None:
    heads = coins(position(hands=[["memento-mori"], []], page={"c3": "ziz"}), "H")
    heads = play(heads, (0, "play memento-mori"))
    assert texts(heads, 0) == ["target c3"]
    heads = play(heads, (0, "target c3"))
    assert card_at(heads, "c3") is None
    tails = coins(position(hands=[["memento-mori"], []], page={"c3": "ziz"}), "T")
    tails = play(tails, (0, "play memento-mori"))
    assert card_at(tails, "c3") == "ziz"
    assert tails.sides[0].erased == ["memento-mori"]


def test_sors_deals_4_on_heads_and_1_on_tails() -> None:
    for result, health in (("H", 16), ("T", 19)):
        s = coins(position(hands=[["sors"], []]), result)
        s = play(s, (0, "play sors"), (0, "target p2"))
        assert s.sides[1].health == health


# -------------------------------------------------------------------- Rota Fortuna
def test_rota_fortuna_reveals_the_top_card_to_both_players() -> None:
    s = position(hands=[["rota-fortuna"], []], decks=[[*FILLER, "ziz"], FILLER])
    s, log = play_logged(s, (0, "play rota-fortuna"))
    assert "{p0} reveals **Ziz** from the top of their deck." in log
    assert texts(s, 0) == ["play ziz", "decline"]
    assert ENGINE.view(s, 1).pending is not None
    assert ENGINE.view(s, 1).pending.card == "ziz"  # type: ignore[union-attr]
    assert s.sides[0].erased == ["rota-fortuna"]


def test_the_revealed_card_is_played_like_any_other() -> None:
    s = position(hands=[["rota-fortuna"], []], decks=[[*FILLER, "ignis-sacer"], FILLER])
    s = play(s, (0, "play rota-fortuna"), (0, "play ignis-sacer"))
    assert "back" in texts(s, 0)
    back = play(s, (0, "back"))
    assert texts(back, 0) == ["play ignis-sacer", "decline"]
    s = play(s, (0, "target p2"))
    assert s.sides[1].health == 17
    assert s.sides[0].erased == ["rota-fortuna", "ignis-sacer"]


def test_a_declined_card_goes_to_the_discard_pile() -> None:
    s = position(hands=[["rota-fortuna"], []], decks=[[*FILLER, "ziz"], FILLER])
    s = play(s, (0, "play rota-fortuna"), (0, "decline"))
    assert s.sides[0].discard == ["ziz"]
    assert s.steps == []


def test_a_revealed_card_that_cannot_be_played_can_only_be_declined() -> None:
    s = position(hands=[["rota-fortuna"], []], decks=[[*FILLER, "palimpsest"], FILLER])
    s = play(s, (0, "play rota-fortuna"))
    assert texts(s, 0) == ["decline"]


def test_rota_fortuna_shuffles_the_discard_pile_when_the_deck_is_empty() -> None:
    s = position(hands=[["rota-fortuna"], []], decks=[[], FILLER], discards=[["ziz"], []])
    s = play(s, (0, "play rota-fortuna"))
    assert texts(s, 0) == ["play ziz", "decline"]
    empty = position(hands=[["rota-fortuna"], []], decks=[[], FILLER])
    assert texts(empty, 0) == ["attack"]
