"""How each game says it ended (``Engine.ending``, ``Engine.score_name``): one neutral
sentence for the final post, in the game's own terms."""

from __future__ import annotations

import pytest

import games
from games.core import Outcome
from games.core.outcome import amount, ending_sentence
from games.core.playout import random_playout
from tests.games.marginalia.positions import ENGINE as MARGINALIA
from tests.games.marginalia.positions import play, position

#: What each game's score is called, as its rules text says.
SCORE_NAMES = {
    "mandragora": "points",
    "magnum-opus": "prestige",
    "magic-spell": "credits",
    "strange-norrell": "magicianship",
}


@pytest.mark.parametrize("key", sorted(SCORE_NAMES))
def test_a_game_won_on_points_names_its_winner_and_score_in_its_words(key: str) -> None:
    engine = games.get(key)
    assert engine.score_name == SCORE_NAMES[key]
    players, options = engine.configurations()[0]
    end = random_playout(engine, players, seed=3, options=options)
    assert end.outcome is not None
    sentence = engine.ending(end.state, end.outcome)
    if end.outcome.nobody_won:
        assert "loses" in sentence
        return
    first = min(end.outcome.winners)
    assert sentence.startswith(f"{{p{first}}} ")
    assert f" {amount(end.outcome.scores[first], engine.score_name)}." in sentence


def test_the_default_sentence_names_teams_shared_wins_and_units() -> None:
    assert ending_sentence(Outcome.ranked([23, 12]), "prestige") == "{p0} wins with 23 prestige."
    assert ending_sentence(Outcome.ranked([1, 0]), "credits") == "{p0} wins with 1 credit."
    assert (
        ending_sentence(Outcome.ranked([5, 7, 7])) == "{p1} and {p2} share the win with 7 points."
    )
    teams = Outcome.ranked([3, 4, 2, 5], teams=[(0, 2), (1, 3)])
    assert ending_sentence(teams) == "Team {p1} & {p3} wins with 9 points."
    lost = Outcome.ranked([0, 0], nobody_won=True)
    assert ending_sentence(lost) == "Nobody wins: the table loses together."


def test_marginalia_says_whose_health_fell_to_0() -> None:
    s = play(position(page={"a2": "saint", "b2": "ziz"}, health=(20, 3)), (0, "attack from a"))
    outcome = MARGINALIA.outcome(s)
    assert outcome is not None
    assert MARGINALIA.ending(s, outcome) == "{p0} wins: {p1} has no health left."


def test_strange_and_norrell_says_the_fairy_won_when_every_magician_loses() -> None:
    engine = games.get("strange-norrell")
    end = random_playout(engine, 2, seed=3)
    state = end.state.clone()
    # The same end at an advanced difficulty, with the fairy never defeated.
    state.difficulty, state.defeated_by = "experienced", None
    outcome = engine.outcome(state)
    assert outcome is not None
    assert outcome.nobody_won
    assert engine.ending(state, outcome) == "Nobody defeated the fairy: every magician loses."
