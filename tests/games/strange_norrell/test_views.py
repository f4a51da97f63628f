"""What each seat may see: its own cards only, others' counts, hidden decisions, log audiences,
and views that do not change when everything hidden is resampled."""

from __future__ import annotations

import random

import pytest

from games.core.playout import random_playout
from games.strange_norrell.state import StrangeNorrellState
from tests.games.strange_norrell.positions import (
    ENGINE,
    in_phase,
    new_game,
    play,
    position,
)

HANDS = [["york-wind", "york-stones-3"], ["plymouth-birds"], ["bath-trees-2", "dover-hills-2"]]
SPELLS = [["daedalus-rose"], ["raven-favour", "fairy-insult"], []]


def _table() -> StrangeNorrellState:
    s = position(3, hands=HANDS, spells=SPELLS, feats=[["kestrel"], [], []])
    s.magicians[1].completed = ["sea-wall"]
    s.feats = [f for f in s.feats if f != "sea-wall"]
    s.feat_offer = [f for f in s.feat_offer if f != "sea-wall"]
    return s


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_a_seat_sees_its_own_hand_and_spells_and_only_counts_of_the_others(seat: int) -> None:
    view = ENGINE.view(_table(), seat)
    assert view.hand == tuple(sorted(HANDS[seat]))
    assert view.spells == tuple(sorted(SPELLS[seat]))
    assert [(m.invitations, m.introductions, m.spells) for m in view.magicians] == [
        (1, 1, 1),
        (1, 0, 2),
        (0, 2, 0),
    ]
    dumped = view.model_dump_json()
    for other in range(3):
        if other != seat:
            for card in HANDS[other] + SPELLS[other]:
                assert card not in dumped


def test_spectators_see_no_cards() -> None:
    view = ENGINE.view(_table(), None)
    assert (view.viewer, view.hand, view.spells, view.my_score) == (None, None, None, None)
    assert "york-wind" not in view.model_dump_json()


def test_completed_feats_are_counted_for_others_and_listed_only_for_their_owner() -> None:
    assert ENGINE.view(_table(), 1).completed == ("sea-wall",)
    other = ENGINE.view(_table(), 0)
    assert other.magicians[1].completed == 1
    assert "sea-wall" not in other.model_dump_json()


def test_magicianship_is_shown_only_to_its_owner_until_the_end() -> None:
    view = ENGINE.view(_table(), 1)
    assert view.my_score is not None
    assert view.my_score.total == 5
    assert view.scores is None


def test_feats_books_connexions_and_locations_are_public() -> None:
    s = position(
        3,
        feats=[["kestrel"], [], []],
        books=[["rook-grammar"], [], []],
        locations=["york", None, None],
        connexions=[{"horses": "coachman"}, {}, {}],
    )
    m = ENGINE.view(s, 2).magicians[0]
    assert (m.feats[0].feat, m.books, m.location) == ("kestrel", ("rook-grammar",), "york")
    assert m.connexions == (("horses", "coachman"),)


def test_a_decision_in_progress_is_shown_only_to_the_player_making_it() -> None:
    s = in_phase(
        position(3, hands=HANDS, feats=[["kestrel", "thames-fog"], [], []], card="hanged-man"),
        "visits",
    )
    s = play(s, (0, "magic york-wind"))
    mine = ENGINE.view(s, 0).pending
    theirs = ENGINE.view(s, 1).pending
    assert mine is not None
    assert theirs is not None
    assert mine.code == "york-wind"
    assert (theirs.kind, theirs.seat, theirs.code) == ("place", 0, "")


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_views_survive_determinization_with_a_decision_in_progress(seat: int) -> None:
    s = in_phase(
        position(3, hands=HANDS, feats=[["kestrel", "thames-fog"], [], []], card="hanged-man"),
        "visits",
    )
    s = play(s, (0, "magic york-wind"))
    resampled = ENGINE.determinize(s, seat, random.Random(3))
    assert ENGINE.view(resampled, seat) == ENGINE.view(s, seat)
    assert resampled.magicians[0].hand.count("york-wind") == 1, "the card being used stays"


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_determinize_resamples_the_other_hands_and_the_decks(seat: int) -> None:
    s = new_game(3, 8)
    changed = False
    for n in range(5):
        resampled = ENGINE.determinize(s, seat, random.Random(n))
        assert resampled.magicians[seat].hand == s.magicians[seat].hand
        others = [m.hand for i, m in enumerate(resampled.magicians) if i != seat]
        changed |= others != [m.hand for i, m in enumerate(s.magicians) if i != seat]
        changed |= resampled.invitations != s.invitations
    assert changed


def test_every_log_entry_of_a_game_is_for_everyone_or_one_seat() -> None:
    played = random_playout(ENGINE, 3, 21)
    audiences = {e.audience for e in played.log}
    assert audiences <= {None, frozenset({0}), frozenset({1}), frozenset({2})}
    private = [e.text for e in played.log if e.audience is not None]
    assert all(text.startswith(("You draw", "You draw **")) for text in private)


def test_the_others_see_only_that_a_spell_is_being_cast() -> None:
    s = in_phase(position(3, spells=[["peninsula-storms"], [], []]), "visits")
    s = play(s, (0, "cast peninsula-storms"))
    mine = ENGINE.view(s, 0).pending
    theirs = ENGINE.view(s, 1).pending
    assert mine is not None
    assert theirs is not None
    assert (mine.kind, mine.code) == ("conjure", "peninsula-storms")
    assert (theirs.kind, theirs.code) == ("spell", "")
