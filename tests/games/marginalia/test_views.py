"""What each seat may see: its own hand and discard pile, the page for all, nothing of the
decks' order or the cards set aside; log entries addressed to the right seats; resampling."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from games.marginalia.state import MarginaliaState
from games.marginalia.view import MarginaliaView
from tests.games.marginalia.positions import ENGINE, FILLER, act, new_game, play, position


def _view(s: MarginaliaState, seat: int | None) -> MarginaliaView:
    view = ENGINE.view(s, seat)
    assert isinstance(view, MarginaliaView)
    return view


def _table() -> MarginaliaState:
    return position(
        hands=[["cancer", "ziz"], ["palimpsest", "sors"]],
        discards=[["siren"], ["basilisk", "raven"]],
        page={"c2": ("saint", 1), "c3": "minstrel"},
    )


# ------------------------------------------------------------------------ hands
@pytest.mark.parametrize("seat", [0, 1])
def test_a_seat_sees_its_own_hand_and_discard_pile_only(seat: int) -> None:
    s = _table()
    view = _view(s, seat)
    assert view.hand == tuple(s.sides[seat].hand)
    assert view.discard == tuple(sorted(s.sides[seat].discard))
    assert [(x.hand, x.discard) for x in view.sides] == [(2, 1), (2, 2)]
    dumped = view.model_dump_json()
    for card in s.sides[1 - seat].hand + s.sides[1 - seat].discard:
        assert card not in dumped


def test_spectators_see_no_hand_and_no_discard_pile() -> None:
    view = _view(_table(), None)
    assert (view.viewer, view.hand, view.discard) == (None, None, None)
    assert "sors" not in view.model_dump_json()
    assert _view(_table(), 5).hand is None


def test_decks_and_the_cards_set_aside_show_only_their_size() -> None:
    s = new_game(2)
    view = _view(s, 0)
    assert [x.deck for x in view.sides] == [len(x.deck) for x in s.sides]
    assert view.set_aside == 26
    dumped = view.model_dump_json()
    assert all(card not in dumped for card in set(s.set_aside) - set(s.sides[0].hand))


def test_the_page_health_and_erased_piles_are_public() -> None:
    s = _table()
    s.sides[1].erased = ["ziz"]
    view = _view(s, None)
    assert [(m.space, m.card, m.attack, m.health, m.damage) for m in view.page] == [
        ("c2", "saint", 3, 4, 1),
        ("c3", "minstrel", 1, 2, 0),
    ]
    assert view.sides[1].erased == ("ziz",)
    assert [x.health for x in view.sides] == [20, 20]


# -------------------------------------------------------------- pending decisions
def test_a_card_being_played_from_the_hand_is_hidden_from_the_other_player() -> None:
    s = play(_table(), (0, "play cancer"))
    mine, theirs = _view(s, 0).pending, _view(s, 1).pending
    assert mine is not None
    assert theirs is not None
    assert (mine.kind, mine.card) == ("place", "cancer")
    assert (theirs.kind, theirs.card) == ("play", "")


@pytest.mark.parametrize("viewer", [1, None])
def test_the_others_cannot_tell_a_marginalis_being_placed_from_an_incantation_being_aimed(
    viewer: int | None,
) -> None:
    """Decision 25: "A card you have started to play from your hand stays hidden until it is
    placed or aimed" — its kind too: choosing a space says it is a marginalis, choosing a
    target that it is an incantation, so the other seat and spectators see the same for both."""
    table = position(hands=[["cancer", "ignis-sacer"], []], page={"c3": "minstrel"})
    placing = play(table, (0, "play cancer"))
    aiming = play(table, (0, "play ignis-sacer"))
    assert placing.steps[0].kind == "place"
    assert aiming.steps[0].kind == "target"
    seen = [_view(s, viewer) for s in (placing, aiming)]
    assert seen[0].pending == seen[1].pending
    described = [ENGINE.describe(v).rendered(["Ann", "Bo"]).description for v in seen]
    assert described[0] == described[1] == "Ann went first. Ann is playing a card from their hand."
    for s in (placing, aiming):
        own = _view(s, 0).pending
        assert own is not None
        assert own.kind == s.steps[0].kind, "the player knows what they are doing"


def test_a_card_revealed_by_rota_fortuna_is_shown_to_everyone() -> None:
    s = position(hands=[["rota-fortuna"], []], decks=[[*FILLER, "ziz"], FILLER])
    s = play(s, (0, "play rota-fortuna"))
    for viewer in (0, 1, None):
        pending = _view(s, viewer).pending
        assert pending is not None
        assert (pending.kind, pending.card) == ("fortune", "ziz")


def test_only_the_searcher_sees_what_the_search_finds() -> None:
    deck = ["white-unicorn", *FILLER]
    s = play(position(hands=[["pure-virgin"], []], decks=[deck, FILLER]), (0, "play pure-virgin"))
    s = play(s, (0, "to c2"))
    assert _view(s, 0).search == ("white-unicorn",)
    assert _view(s, 1).search is None
    assert _view(s, None).search is None


# ---------------------------------------------------------------------- the log
def test_drawn_cards_are_told_only_to_their_player() -> None:
    t = act(_table(), 0, "attack")
    private = [e for e in t.log if e.audience is not None]
    assert [e.audience for e in private] == [frozenset({1})]
    public = " ".join(e.text for e in t.log if e.audience is None)
    assert "Great Snail" not in public
    assert "Ziz" not in public, "the discarded cards stay face down"
    assert "{p0} discards 2 cards face down." in public


# ------------------------------------------------------------------- resampling
def _states() -> list[MarginaliaState]:
    deck = ["white-unicorn", "wild-unicorn", *FILLER]
    searching = play(
        position(hands=[["pure-virgin"], ["sors"]], decks=[deck, deck]),
        (0, "play pure-virgin"),
        (0, "to c2"),
    )
    searching_in_vain = play(
        position(hands=[["pure-virgin"], []]), (0, "play pure-virgin"), (0, "to c2")
    )
    placing = play(_table(), (0, "play cancer"))
    reshuffled = play(
        position(
            decks=[FILLER, ["saint"]],
            discards=[[], ["raven", "ziz", "sors", "siren", "cancer", "cancer"]],
        ),
        (0, "attack"),
    )
    return [new_game(5), _table(), searching, searching_in_vain, placing, reshuffled]


@pytest.mark.parametrize("index", range(6))
@pytest.mark.parametrize("seat", [0, 1])
def test_resampling_what_a_seat_cannot_see_leaves_its_view_and_choices(
    index: int, seat: int
) -> None:
    s = _states()[index]
    for rng_seed in range(5):
        t = ENGINE.determinize(s, seat, random.Random(rng_seed))
        assert ENGINE.view(t, seat) == ENGINE.view(s, seat)
        assert ENGINE.legal_actions(t, seat) == ENGINE.legal_actions(s, seat)
        everything = Counter[str]()
        for side in t.sides:
            everything.update(side.deck + side.hand + side.discard)
        everything.update(t.set_aside)
        before = Counter[str]()
        for side in s.sides:
            before.update(side.deck + side.hand + side.discard)
        before.update(s.set_aside)
        assert everything == before, "the same cards, dealt differently"


def test_resampling_changes_what_is_hidden() -> None:
    s = new_game(6)
    seat = s.active
    hands = {
        tuple(ENGINE.determinize(s, seat, random.Random(i)).sides[1 - seat].deck) for i in range(5)
    }
    assert len(hands) > 1
    assert all(
        ENGINE.determinize(s, seat, random.Random(i)).sides[seat].hand == s.sides[seat].hand
        for i in range(5)
    )


def test_cards_seen_going_to_a_discard_pile_are_known_to_both_and_kept_when_resampled() -> None:
    s = position(
        hands=[["palimpsest"], []],
        page={"c3": ("saint", 1)},
        decks=[[], FILLER],
        discards=[["ziz"] * 4, []],
    )
    s = play(s, (0, "play palimpsest"), (0, "target c3"))
    assert _view(s, 1).sides[0].seen_discards == ("palimpsest",)
    for i in range(5):
        t = ENGINE.determinize(s, 1, random.Random(i))
        assert "palimpsest" in t.sides[0].discard
    assert play(s, (0, "attack"), (1, "attack")).sides[0].seen_discards == [], "reshuffled"


def test_a_deck_made_of_a_known_discard_pile_keeps_its_cards_when_resampled() -> None:
    s = _states()[5]
    assert s.sides[1].deck_known
    assert len(s.sides[1].deck) == 2
    t = ENGINE.determinize(s, 1, random.Random(3))
    assert Counter(t.sides[1].deck) == Counter(s.sides[1].deck)
