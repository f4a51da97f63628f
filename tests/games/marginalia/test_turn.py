"""The turn: draw 5 (reshuffling the discard pile, or losing), play up to the limit, discard
the rest, attack, reset, and the turn passes."""

from __future__ import annotations

import random

import pytest

from games.core.playout import play as games_play
from games.marginalia.actions import Action
from games.marginalia.state import MarginaliaState
from tests.games.marginalia.positions import (
    ENGINE,
    FILLER,
    card_at,
    coins,
    new_game,
    play,
    play_logged,
    position,
    texts,
)


# ------------------------------------------------------------------------ draw phase
def test_the_turn_passes_after_the_reset_phase_and_the_next_player_draws_5() -> None:
    s = play(position(hands=[["cancer"], []]), (0, "attack"))
    assert (s.active, s.phase, s.plays) == (1, "play", 0)
    assert len(s.sides[1].hand) == 5
    assert len(s.sides[1].deck) == len(FILLER) - 5
    assert ENGINE.to_act(s) == {1}


def test_a_short_deck_is_drawn_then_the_discard_pile_shuffled_into_a_new_deck() -> None:
    s = position(decks=[FILLER, ["saint", "ziz"]], discards=[[], ["raven"] * 4])
    s, log = play_logged(s, (0, "attack"))
    side = s.sides[1]
    assert sorted(side.hand) == ["raven", "raven", "raven", "saint", "ziz"]
    assert (side.deck, side.discard) == (["raven"], [])
    assert "{p1} shuffles their discard pile into a new deck." in log


def test_exactly_five_cards_in_the_discard_pile_are_enough() -> None:
    s = play(position(decks=[FILLER, []], discards=[[], ["saint"] * 5]), (0, "attack"))
    assert not s.finished
    assert s.sides[1].hand == ["saint"] * 5


def test_a_player_who_cannot_draw_5_loses() -> None:
    s = position(decks=[FILLER, ["saint", "ziz"]], discards=[[], ["raven", "raven"]])
    s, log = play_logged(s, (0, "attack"))
    assert s.finished
    assert s.winner == 0
    assert s.end_reason == "{p1} cannot draw 5 cards"
    outcome = ENGINE.outcome(s)
    assert outcome is not None
    assert outcome.winners == {0}
    assert "{p1} cannot draw 5 cards: {p0} wins!" in log


def test_a_draw_outside_the_draw_phase_stops_quietly_when_nothing_is_left() -> None:
    s = coins(position(page={"c3": "raven"}, decks=[FILLER, FILLER[:5]]), "H")
    s = play(s, (0, "attack"))
    assert not s.finished
    assert len(s.sides[1].hand) == 5
    assert s.sides[1].deck == []


def test_the_draw_phase_reveals_the_cards_only_to_their_player() -> None:
    t = ENGINE.apply(position(), 0, ENGINE.parse(position(), 0, "attack"))
    private = [(e.text, e.audience) for e in t.log if e.audience is not None]
    assert private == [("You draw " + ", ".join(["**Great Snail**"] * 5) + ".", frozenset({1}))]


# ------------------------------------------------------------------------ play limit
@pytest.mark.parametrize(
    ("turns", "first_limit", "second_limit"),
    [(1, 1, 2), (2, 2, 3), (3, 3, 3), (7, 3, 3)],
)
def test_play_limits_by_turn(turns: int, first_limit: int, second_limit: int) -> None:
    s = position(first=0, turns=(turns, turns))
    assert s.play_limit(0) == first_limit
    assert s.play_limit(1) == second_limit


def test_the_first_turns_of_a_real_game_follow_the_limits() -> None:
    s = new_game(4)
    first = s.first
    limits = []
    for _ in range(6):
        limits.append((s.active == first, s.play_limit(s.active)))
        s = play(s, (s.active, "attack"))
    assert limits == [(True, 1), (False, 2), (True, 2), (False, 3), (True, 3), (False, 3)]


def test_no_more_cards_are_offered_once_the_limit_is_reached() -> None:
    s = position(hands=[["cancer", "saint", "ziz"], []], turns=(1, 1), first=0)
    s = play(s, (0, "play cancer"), (0, "to a2"))
    assert s.plays == 1
    assert texts(s, 0) == ["attack"]


def test_incantations_count_toward_the_limit() -> None:
    s = position(hands=[["ignis-sacer", "saint"], []], turns=(1, 1), first=0)
    s = play(s, (0, "play ignis-sacer"), (0, "target p2"))
    assert s.plays == 1
    assert "play saint" not in texts(s, 0)


def test_a_card_rota_fortuna_plays_does_not_count() -> None:
    s = position(hands=[["rota-fortuna", "ziz"], []], decks=[["saint"], FILLER], turns=(1, 1))
    s = play(s, (0, "play rota-fortuna"))
    assert s.plays == 1
    s = play(s, (0, "play saint"), (0, "to c2"))
    assert card_at(s, "c2") == "saint"
    assert s.plays == 1
    assert texts(s, 0) == ["attack"]


def test_a_unicorn_the_pure_virgin_plays_does_not_count() -> None:
    s = position(
        hands=[["pure-virgin", "ziz"], []], decks=[["white-unicorn", "saint"], FILLER], turns=(1, 1)
    )
    s = play(s, (0, "play pure-virgin"), (0, "to c2"), (0, "summon white-unicorn"))
    assert (card_at(s, "c2"), card_at(s, "c1")) == ("pure-virgin", "white-unicorn")
    assert s.plays == 1
    assert texts(s, 0) == ["attack"]


def test_playing_is_optional() -> None:
    s = position(hands=[["cancer", "saint"], []])
    assert "attack" in texts(s, 0)


# -------------------------------------------------------------------------- discard
def test_the_rest_of_the_hand_is_discarded_face_down_when_the_attack_begins() -> None:
    s = position(hands=[["cancer", "saint", "ziz"], []])
    s, log = play_logged(s, (0, "play cancer"), (0, "to a2"), (0, "attack"))
    assert s.sides[0].hand == []
    assert sorted(s.sides[0].discard) == ["saint", "ziz"]
    assert "{p0} discards 2 cards face down." in log
    assert "saint" not in log.lower()


def test_every_decision_fits_a_select_of_25_options() -> None:
    sizes: list[int] = []
    rng = random.Random(0)

    def choose(state: MarginaliaState, seat: int, legal: list[Action]) -> Action:
        sizes.append(len(legal))
        return rng.choice(legal)

    for seed in range(30):
        games_play(ENGINE, 2, seed, None, choose, rng)
    assert 5 < max(sizes) <= 25
