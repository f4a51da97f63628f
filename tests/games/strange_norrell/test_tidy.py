"""E. Draw invitations and tidy: the hand limit, reshuffling, and passing play on."""

from __future__ import annotations

from games.strange_norrell.state import StrangeNorrellState
from tests.games.strange_norrell.positions import (
    ENGINE,
    act,
    in_phase,
    play,
    position,
    public_text,
    refusal,
    texts,
)


def _ending(hand: list[str], card: str = "emperor", **kwargs: object) -> StrangeNorrellState:
    s = position(3, hands=[hand, [], []], card=card, **kwargs)  # type: ignore[arg-type]
    return in_phase(s, "visits")


def test_the_card_of_marseilles_says_how_many_invitations_are_drawn() -> None:
    for card, count in [("emperor", 1), ("pope", 2), ("star", 3)]:
        s = play(_ending([], card=card), (0, "end"))
        assert len(s.magicians[0].hand) == count


def test_drawn_invitations_are_told_only_to_their_owner() -> None:
    log = act(_ending([], card="star"), 0, "end").log
    assert "{p0} draws 3 invitations." in public_text(log)
    assert [e.audience for e in log if e.audience is not None] == [frozenset({0})]


def test_over_five_social_engagements_the_player_discards_down_to_five() -> None:
    hand = ["york-wind", "york-birds", "york-rain-2", "york-stones-3"]
    s = play(_ending(hand, card="star", spells=[["pupil", "pupil"], [], []]), (0, "end"))
    assert len(s.magicians[0].hand) == 7
    assert ENGINE.to_act(s) == {0}
    assert all(t.startswith("discard ") for t in texts(s, 0))
    s = play(s, (0, "discard york-wind"), (0, "discard york-birds"))
    assert len(s.magicians[0].hand) == 5
    assert s.magicians[0].spells == ["pupil", "pupil"], "spells do not count towards the limit"
    assert s.current.seat == 1


def test_discards_to_the_limit_must_be_cards_in_hand() -> None:
    hand = ["york-wind", "york-birds", "york-rain-2", "york-stones-3", "york-wind"]
    s = play(_ending(hand), (0, "end"))
    assert refusal(s, 0, "discard plymouth-wind") == "You have no plymouth-wind in your hand."
    assert refusal(s, 0, "end") == ("First discard down to five social engagements.")


def test_an_empty_invitation_deck_is_rebuilt_from_its_discard_pile() -> None:
    s = _ending([])
    s.invitation_discard = list(s.invitations)
    s.invitations = []
    s = play(s, (0, "end"))
    assert len(s.magicians[0].hand) == 1
    assert s.invitation_discard == []


def test_with_no_invitation_anywhere_nothing_is_drawn() -> None:
    s = _ending([])
    s.invitations = []
    s = play(s, (0, "end"))
    assert s.magicians[0].hand == []


def test_ending_the_turn_passes_play_on() -> None:
    s = play(_ending([]), (0, "end"))
    assert s.played == [0]
    assert s.current.seat == 1
    assert s.current.phase == "choose"
