"""How each game says it ended (``Engine.ending``, ``Engine.score_name``): one neutral
sentence for the final post, in the game's own terms; and what each seat ended with, for the
final places (``Engine.results``)."""

from __future__ import annotations

from typing import Any

import pytest

import games
from games.core import Engine, Outcome
from games.core.outcome import amount, ending_sentence, score_words
from games.core.playout import random_playout
from games.strange_norrell.scoring import magicianship
from tests.games.configurations import CONTRACT_ENGINE_PARAMS
from tests.games.marginalia.positions import ENGINE as MARGINALIA
from tests.games.marginalia.positions import play, position

#: The most characters a seat's result takes beside its name in the final places.
RESULT_LIMIT = 60
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


# ------------------------------------------------------------------- the final places
@pytest.mark.parametrize("engine", CONTRACT_ENGINE_PARAMS)
def test_every_game_words_each_seats_result_for_the_final_places(
    engine: Engine[Any, Any],
) -> None:
    players, options = engine.configurations()[0]
    end = random_playout(engine, players, seed=3, options=options)
    assert end.outcome is not None
    words = engine.results(end.state, end.outcome)
    assert len(words) == players
    assert all(0 < len(w) <= RESULT_LIMIT and "{" not in w for w in words), words


def test_by_default_a_result_is_the_score_in_the_games_unit() -> None:
    assert score_words(Outcome.ranked([23, 1]), "prestige") == ("23 prestige", "1 prestige")
    assert score_words(Outcome.ranked([1, 0])) == ("1 point", "0 points")


def test_marginalia_places_its_players_by_health_not_by_its_1_and_0() -> None:
    s = play(position(page={"a2": "saint", "b2": "ziz"}, health=(14, 3)), (0, "attack from a"))
    outcome = MARGINALIA.outcome(s)
    assert outcome is not None
    assert outcome.scores == (1, 0)
    assert MARGINALIA.results(s, outcome) == ("14 health left", "no health left")
    out_of_cards = position(decks=[(), ()], health=(12, 16), active=1)
    s = play(out_of_cards, (1, "attack"))
    outcome = MARGINALIA.outcome(s)
    assert outcome is not None
    assert outcome.winners == {1}
    assert MARGINALIA.results(s, outcome) == ("12 health left, out of cards", "16 health left")


def test_strange_and_norrell_gives_magicianship_and_prestige_even_when_all_lose() -> None:
    # Ties go "to the higher prestige" (RULES.md decision 17), so the places show it.
    engine = games.get("strange-norrell")
    end = random_playout(engine, 2, seed=3)
    state = end.state.clone()
    state.difficulty, state.defeated_by = "experienced", None
    outcome = engine.outcome(state)
    assert outcome is not None
    assert outcome.scores == (0, 0)
    expected = tuple(
        f"{magicianship(m)} magicianship, {m.prestige} prestige" for m in state.magicians
    )
    assert engine.results(state, outcome) == expected
    assert any(not w.startswith("0 ") for w in expected), "what they had, not the 0 of a loss"


def test_the_other_games_give_their_score_and_what_breaks_a_tie() -> None:
    spell = games.get("magic-spell")
    end = random_playout(spell, 3, seed=3, options=spell.options({"rounds": 10}))
    assert end.outcome is not None
    for seat, words in enumerate(spell.results(end.state, end.outcome)):
        assert words.startswith(amount(end.outcome.scores[seat], "credits"))
    mandragora = games.get("mandragora")
    end = random_playout(mandragora, 2, seed=3)
    assert end.outcome is not None
    first = mandragora.results(end.state, end.outcome)[0]
    assert first.startswith(amount(end.outcome.scores[0], "points") + ", ")
    assert first.endswith(" cast")
    opus = games.get("magnum-opus")
    end = random_playout(opus, 3, seed=3)
    assert end.outcome is not None
    assert opus.results(end.state, end.outcome)[0].startswith(f"{end.outcome.scores[0]} prestige, ")
