"""What each seat may see: its own pack, pick and Magnum Opus only; log entries addressed to
the right seats; determinization resamples exactly what a seat cannot see."""

from __future__ import annotations

import random

import pytest

from games.core.playout import random_playout
from games.magnum_opus import cards
from tests.games.magnum_opus.positions import ENGINE, act, new_game, pick_all, play, started


def test_a_seat_sees_its_own_two_magnum_opus_cards_and_nobody_elses() -> None:
    s = new_game(3)
    for seat in range(3):
        view = ENGINE.view(s, seat)
        assert view.dealt == s.alchemists[seat].dealt
        dumped = view.model_dump_json()
        for other in range(3):
            if other != seat:
                for key in s.alchemists[other].dealt:
                    assert key not in dumped


def test_keeping_a_magnum_opus_card_is_secret() -> None:
    s = new_game(3)
    kept, discarded = s.alchemists[1].dealt
    transition = act(s, 1, f"keep {kept}")
    s = transition.state
    public = [e.text for e in transition.log if e.audience is None]
    assert public == ["{p1} keeps a Magnum Opus card."]
    private = [e for e in transition.log if e.audience is not None]
    assert [e.audience for e in private] == [frozenset({1})]
    names = cards.opus_cards()
    assert names[kept].name in private[0].text
    assert names[discarded].name in private[0].text
    assert ENGINE.view(s, 1).my_opus == kept
    assert ENGINE.view(s, 0).alchemists[1].chosen
    assert ENGINE.view(s, 0).alchemists[1].opus is None


def test_a_seat_sees_its_own_pack_and_only_the_size_of_the_others() -> None:
    s = pick_all(started(3))
    for seat in range(3):
        view = ENGINE.view(s, seat)
        held = s.alchemists[seat].held
        assert view.hand == tuple(cards.card_code((n, held)) for n in s.packs[held])
        # The keeper has just taken the untouched pack from under the Ouroboros.
        assert [a.pack_size for a in view.alchemists] == [9, 8, 8]
    assert ENGINE.view(s, None).under_size == 8


def test_spectators_see_no_pack_pick_or_magnum_opus() -> None:
    s = play(started(3), (0, "pick marie"))
    view = ENGINE.view(s, None)
    assert view.viewer is None
    assert (view.hand, view.my_pick, view.dealt, view.my_opus, view.my_score) == (
        None,
        None,
        None,
        None,
        None,
    )
    assert view.choices == ()


def test_an_unseated_viewer_is_a_spectator() -> None:
    s = started(3)
    assert ENGINE.view(s, 7) == ENGINE.view(s, None)


def test_the_face_down_tokens_show_only_their_number() -> None:
    s = started(4)
    view = ENGINE.view(s, 0)
    assert view.face_down_tokens == len(s.pool) == 20
    assert "pool" not in view.model_dump()


def test_a_seat_sees_its_own_score_so_far() -> None:
    s = started(3).clone()
    s.alchemists[0].ingredients = ["salt", "sulfur"]
    s.prime = "brine-and-ember"
    line = ENGINE.view(s, 0).my_score
    assert line is not None
    assert line.total == 3
    assert ENGINE.view(s, 1).my_score != line


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_determinize_resamples_others_picks_and_magnum_opus_but_keeps_the_view(seat: int) -> None:
    s = play(started(3), (0, "pick marie"), (1, "pick lukas"))
    rng = random.Random(5)
    others_picks = set()
    others_opus = set()
    for _ in range(40):
        t = ENGINE.determinize(s, seat, rng)
        assert ENGINE.view(t, seat) == ENGINE.view(s, seat)
        assert t.alchemists[seat] == s.alchemists[seat]
        assert t.packs[t.alchemists[seat].held] == s.packs[s.alchemists[seat].held]
        others_picks.add(tuple(a.pick for i, a in enumerate(t.alchemists) if i != seat))
        others_opus.add(tuple(a.opus for i, a in enumerate(t.alchemists) if i != seat))
    assert len(others_picks) > 1, "hidden picks are resampled"
    assert len(others_opus) > 1, "hidden Magnum Opus cards are resampled"


@pytest.mark.parametrize("players", [2, 3, 5])
def test_after_the_end_determinize_keeps_every_revealed_magnum_opus_card(players: int) -> None:
    """Rules, "End of the game": "Each player then reveals his Magnum Opus card": once the game
    is over no kept card is hidden, so resampling changes neither any view nor the outcome."""
    s = random_playout(ENGINE, players, 11).state
    assert s.finished
    rng = random.Random(2)
    for seat in range(players):
        for _ in range(10):
            t = ENGINE.determinize(s, seat, rng)
            assert [a.opus for a in t.alchemists] == [a.opus for a in s.alchemists]
            assert ENGINE.view(t, seat) == ENGINE.view(s, seat)
            assert ENGINE.outcome(t) == ENGINE.outcome(s)


def test_determinize_keeps_every_pack_size_and_reshuffles_the_face_down_tokens() -> None:
    s = play(started(3), (0, "pick marie"))
    t = ENGINE.determinize(s, 1, random.Random(3))
    assert [len(p) for p in t.packs] == [len(p) for p in s.packs]
    assert sorted(t.pool) == sorted(s.pool)
    assert t.lane_row == s.lane_row, "revealed tokens are public"


def test_private_log_entries_go_to_one_seat_and_secrets_stay_out_of_public_lines() -> None:
    played = random_playout(ENGINE, 4, 17)
    names = [cards.opus_cards()[a.opus].name for a in played.state.alchemists]
    for entry in played.log:
        if entry.audience is not None:
            assert len(entry.audience) == 1
        elif "reveals" not in entry.text:
            assert not any(name in entry.text for name in names)
            assert "You " not in entry.text
