"""A refused move says exactly why, and changes nothing."""

from __future__ import annotations

import pytest

from games.strange_norrell.state import StrangeNorrellState
from tests.games.strange_norrell.positions import in_phase, pass_turn, play, position, refusal


def _visiting() -> StrangeNorrellState:
    s = position(
        3,
        hands=[["york-wind", "york-birds"], [], []],
        feats=[["kestrel", "thames-fog"], [], []],
        books=[["weathercock"], [], []],
        spells=[["silver-dish"], [], []],
        locations=["york", None, None],
        card="hanged-man",
    )
    return in_phase(s, "visits")


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("study rain hills", "You have already chosen your action this turn."),
        ("use rook-grammar", "*A Grammar of the Rooks* is not one of your books of magic."),
        ("cast pupil", "You hold no **A Pupil Seeks You Out**."),
        ("cast silver-dish", "**Scrying in a Silver Dish** would have no effect now."),
        ("discard pupil", "You hold no **A Pupil Seeks You Out**."),
        ("magic plymouth-wind", "You have no plymouth-wind in your hand."),
        ("arrive", "Your magician is already on the map, at York."),
        ("ride", "You have no King's Roads to ride this turn."),
        ("pass", "There is no response window open."),
        ("on kestrel", "There is no such decision to make now."),
        (
            "discard york-wind",
            "Social engagements are discarded only at the end of your turn, down to five.",
        ),
        ("back", "There is nothing to take back."),
    ],
)
def test_turn_refusals(text: str, reason: str) -> None:
    assert refusal(_visiting(), 0, text) == reason


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("on rain-fleet", "rain-fleet is not one of your feats of magic."),
        ("element wind", "The token's element is already chosen."),
        ("end", "First finish placing your token (`with`, `element`, `on`) or go `back`."),
        ("move hurtfew", "First finish placing your token (`with`, `element`, `on`) or go `back`."),
    ],
)
def test_refusals_while_placing_a_token(text: str, reason: str) -> None:
    s = play(_visiting(), (0, "magic york-wind"))
    assert refusal(s, 0, text) == reason


def test_a_book_refuses_a_card_it_cannot_discard() -> None:
    s = _visiting()
    s.magicians[0].books = ["tempest-letter"]
    s.magicians[0].hand = ["york-wind", "hurtfew-wind-3", "york-birds"]
    s = play(s, (0, "use tempest-letter"))
    assert refusal(s, 0, "with york-birds") == "This book discards a wind card."


def test_a_connexion_refuses_a_filled_space_and_cannot_be_taken_back() -> None:
    s = position(
        3,
        hands=[["york-stones-3"], [], []],
        locations=["york", None, None],
        connexions=[{"horses": ""}, {}, {}],
    )
    s = play(in_phase(s, "visits"), (0, "attend york-stones-3"))
    assert refusal(s, 0, "connexion horses") == "Your Post-horses space already has a disc."
    assert refusal(s, 0, "back") == ("First choose your connexion.")


def test_before_the_action_a_spell_is_refused_for_its_own_reason() -> None:
    s = position(3, spells=[["silver-dish"], [], []])
    assert refusal(s, 0, "cast silver-dish") == (
        "**Scrying in a Silver Dish** would have no effect now."
    )
    assert refusal(s, 0, "discard pupil") == "You hold no **A Pupil Seeks You Out**."
    assert refusal(s, 0, "end") == "First choose an action for this turn, or still the waters."


def test_a_connexion_s_token_offers_no_back_and_refuses_it_plainly() -> None:
    """RULES.md decision 20: a named connexion is gained at once ("Place the card faceup in
    front of you and immediately gain the listed effect"), so its token cannot be taken back;
    the reminder of what is owed does not offer `back` either."""
    s = position(
        3,
        hands=[["york-stones-3"], [], []],
        feats=[["thames-fog", "kestrel"], [], []],
        locations=["york", None, None],
        prestige=[6, 0, 0],
        card="hanged-man",
    )
    s = in_phase(s, "visits", "rain-hills")
    s.connexion_offer = ["street-magician", "drawlight"]
    s.connexions = [c for c in s.connexions if c not in s.connexion_offer]
    s = play(s, (0, "attend york-stones-3"), (0, "named street-magician"))
    assert s.steps[0].kind == "place"
    assert refusal(s, 0, "back") == (
        "A connexion's effect cannot be taken back: the connexion is already yours."
    )
    owed = refusal(s, 0, "end")
    assert owed == "First place the connexion's token (`element`, `on`)."
    assert "back" not in owed


def test_mr_honeyfoot_s_feat_offers_no_back() -> None:
    s = position(
        3, hands=[["york-stones-3"], [], []], locations=["york", None, None], prestige=[6, 0, 0]
    )
    s = in_phase(s, "visits")
    s.connexion_offer = ["honeyfoot", "drawlight"]
    s.connexions = [c for c in s.connexions if c not in s.connexion_offer]
    s = play(s, (0, "attend york-stones-3"), (0, "named honeyfoot"))
    assert refusal(s, 0, "end") == "First choose the feat the connexion brings."
    assert refusal(s, 0, "take intro") == "Take one of the available feats of magic."


def test_only_the_coachman_can_be_declined() -> None:
    s = in_phase(position(3, locations=["york", None, None]), "visits", roads=True)
    s = play(s, (0, "ride"))
    assert refusal(s, 0, "stay") == (
        "Only the Coachman's drive can be declined; choose a destination or `back`."
    )
    assert refusal(s, 0, "to york") == "Your magician is already at York."


def test_a_silver_dish_refuses_an_uncovered_action() -> None:
    s = _visiting()
    s.magicians[0].covered = ["acquire"]
    s = play(s, (0, "cast silver-dish"))
    assert refusal(s, 0, "uncover kings-roads") == "Take the King's Roads is not covered."


def test_window_refusals() -> None:
    s = position(3, spells=[["raven-favour", "pupil"], [], []], year=1810, current=2, played=[0, 1])
    s = pass_turn(s)
    assert refusal(s, 0, "cast pupil") == (
        "**A Pupil Seeks You Out** can be played only during your own turn."
    )
    assert refusal(s, 0, "kings roads") == (
        "Before the turns begin, you may only play spells allowed outside your turn, or pass."
    )
    assert refusal(s, 1, "pass") == "It is not your turn."


def test_a_reward_refuses_picks_that_are_not_offered() -> None:
    s = in_phase(position(3, hands=[["york-wind"], [], []], locations=["york", None, None]))
    s = play(s, (0, "attend york-wind"))
    missing = next(f for f in ("sea-wall", "kestrel", "lost-ring") if f not in s.feat_offer)
    assert refusal(s, 0, f"take intro {missing}") == (
        "Take two of: `intro` (draw an introduction) or an available feat's code."
    )
