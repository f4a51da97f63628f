"""Spells: played in your turn for their benefit or discarded for prestige; some outside your
turn, in the response window before each year of confrontation."""

from __future__ import annotations

import pytest

from games.strange_norrell import magic, scoring
from games.strange_norrell.state import StrangeNorrellState
from tests.games.strange_norrell.positions import (
    ENGINE,
    act,
    in_phase,
    pass_turn,
    play,
    position,
    public_text,
    refusal,
    texts,
    tokens_on,
)


def _casting(spells: list[str], **kwargs: object) -> StrangeNorrellState:
    s = position(3, spells=[spells, [], []], **kwargs)  # type: ignore[arg-type]
    return in_phase(s, "visits", "kings-roads")


# --------------------------------------------------------------- playing in your turn
def test_spells_may_be_played_before_the_action_is_chosen() -> None:
    """Rules: "During a player's turn spells can be played for a one-time benefit, or be
    discarded to gain 1 prestige per discarded spell" — the whole turn, its action too."""
    s = position(3, spells=[["minster-voices", "pupil"], [], []])
    assert s.current.phase == "choose"
    assert "cast minster-voices" in texts(s, 0)
    assert "discard pupil" in texts(s, 0)
    s = play(s, (0, "cast minster-voices"), (0, "discard pupil"))
    assert s.magicians[0].magic_spells == 1
    assert s.magicians[0].prestige == 1
    assert s.current.phase == "choose", "the action is still to choose"
    s = play(s, (0, "kings roads"))
    assert s.current.action == "kings-roads"


def test_scrying_frees_an_action_for_the_same_turn() -> None:
    """Rules: spells are played "during a player's turn", and "If an action symbol is covered
    by a disc you must choose another action": Scrying in a Silver Dish played first uncovers
    the disc, so that action may be chosen this very turn."""
    s = position(3, spells=[["silver-dish"], [], []], covered=[["kings-roads"], [], []])
    assert "kings roads" not in texts(s, 0)
    s = play(s, (0, "cast silver-dish"))
    assert s.steps[0].kind == "uncover", "the only covered disc is still the player's to pick"
    s = play(s, (0, "uncover kings-roads"))
    assert s.current.phase == "choose"
    assert "kings roads" in texts(s, 0)
    assert "still waters" not in texts(s, 0), "nothing is covered any more"
    s = play(s, (0, "kings roads"))
    assert s.current.roads


def test_an_element_conjured_before_the_action_stays_available() -> None:
    """Rules: spells are played "during a player's turn"; Storms over the Peninsula's element
    is available "this turn", so a study chosen after it adds to it rather than replacing it."""
    s = position(3, spells=[["peninsula-storms"], [], []])  # the Emperor: stones, hills
    s = play(s, (0, "cast peninsula-storms"), (0, "element birds"), (0, "study trees wind"))
    assert magic.available(s) == {"stones", "hills", "birds", "trees", "wind"}


def test_a_spell_before_the_action_is_a_whole_move_too() -> None:
    s = position(3, spells=[["silver-dish"], [], []], covered=[["acquire", "kings-roads"], [], []])
    whole = [ENGINE.notation(m) for m in ENGINE.whole_moves(s, 0)]
    assert "cast silver-dish uncover acquire" in whole
    assert "cast silver-dish uncover kings-roads" in whole
    assert all(m.startswith("cast ") for m in whole), "an action is one decision, not a move"


def test_spells_may_be_played_after_doing_magic_too() -> None:
    s = _casting(
        ["minster-voices"], hands=[["york-stones-3"], [], []], feats=[["milestone"], [], []]
    )
    s = play(s, (0, "magic york-stones-3"))
    assert "cast minster-voices" in texts(s, 0)


def test_a_spell_discarded_gains_one_prestige() -> None:
    s = play(_casting(["minster-voices", "pupil"]), (0, "discard pupil"))
    assert s.magicians[0].prestige == 1
    assert s.magicians[0].spells == ["minster-voices"]
    assert s.spell_discard[-1] == "pupil"


def test_daedalus_s_rose_places_birds_trees_or_wind_whether_or_not_available() -> None:
    s = _casting(["daedalus-rose"], feats=[["kestrel"], [], []])  # the Emperor: stones, hills
    assert magic.available(s) == {"stones", "hills"}
    s = play(s, (0, "cast daedalus-rose"))
    assert texts(s, 0) == ["element birds", "element wind", "back"]
    s = play(s, (0, "element wind"))
    assert tokens_on(s, 0, "kestrel") == ("wind",)
    assert s.magicians[0].spells == []
    assert s.spell_discard[-1] == "daedalus-rose"
    assert s.current.phase == "visits", "a spell is not doing magic with a card"


def test_the_counsel_of_stones_places_hills_rain_or_stones() -> None:
    s = play(_casting(["stone-counsel"], feats=[["thames-fog"], [], []]), (0, "cast stone-counsel"))
    assert tokens_on(s, 0, "thames-fog") == ("rain",)


def test_a_placing_spell_needs_a_feat_that_wants_its_elements() -> None:
    s = _casting(["daedalus-rose"], feats=[["milestone"], [], []])
    assert "cast daedalus-rose" not in texts(s, 0)
    assert refusal(s, 0, "cast daedalus-rose") == "**Daedalus's Rose** would have no effect now."


def test_a_spell_with_a_choice_can_be_taken_back() -> None:
    s = _casting(["daedalus-rose"], feats=[["kestrel"], [], []])
    assert ENGINE.dump(play(s, (0, "cast daedalus-rose"), (0, "back"))) == ENGINE.dump(s)


def test_the_road_behind_the_mirror_goes_anywhere_without_using_a_move() -> None:
    s = _casting(["mirror-road"], locations=["newcastle", None, None])
    s = play(s, (0, "cast mirror-road"), (0, "to plymouth"))
    assert s.magicians[0].location == "plymouth"
    assert s.current.moves == 0
    assert s.magicians[0].spells == []


def test_questioning_a_dead_witness_draws_two_introductions() -> None:
    s = _casting(["dead-witness"])
    top = sorted(s.introductions[-2:])
    s = play(s, (0, "cast dead-witness"))
    assert s.magicians[0].hand == top


def test_a_spell_of_magicianship_counts_once_played() -> None:
    s = _casting(["minster-voices"])
    assert scoring.magicianship(s.magicians[0]) == 0
    s = play(s, (0, "cast minster-voices"))
    assert scoring.magicianship(s.magicians[0]) == 1
    assert s.magicians[0].magic_spells == 1


def test_a_pupil_is_worth_three_and_only_one_counts() -> None:
    s = play(_casting(["pupil"]), (0, "cast pupil"))
    assert s.magicians[0].pupil
    assert scoring.magicianship(s.magicians[0]) == 3
    s.magicians[0].spells = ["pupil"]
    assert "cast pupil" not in texts(s, 0)
    assert "discard pupil" in texts(s, 0)


def test_scrying_in_a_silver_dish_returns_a_covered_disc() -> None:
    s = _casting(["silver-dish"], covered=[["acquire", "trees-wind"], [], []])
    s = play(s, (0, "cast silver-dish"))
    assert texts(s, 0) == ["uncover acquire", "uncover trees-wind", "back"]
    s = play(s, (0, "uncover trees-wind"))
    assert s.magicians[0].covered == ["acquire"]


def test_scrying_needs_a_covered_disc() -> None:
    assert "cast silver-dish" not in texts(_casting(["silver-dish"]), 0)


def test_a_fleet_made_of_rain_moves_three_spaces_up() -> None:
    s = play(_casting(["rain-ships"], prestige=[10, 0, 0]), (0, "cast rain-ships"))
    assert s.magicians[0].prestige == 13


def test_prestige_from_a_spell_can_gain_a_connexion() -> None:
    s = play(_casting(["rain-ships"], prestige=[6, 0, 0]), (0, "cast rain-ships"))
    assert s.steps[0].kind == "connexion"


def test_storms_over_the_peninsula_make_an_element_available() -> None:
    s = play(_casting(["peninsula-storms"]), (0, "cast peninsula-storms"))
    assert texts(s, 0) == [
        "element birds",
        "element hills",
        "element rain",
        "element stones",
        "element trees",
        "element wind",
        "back",
    ]
    s = play(s, (0, "element birds"))
    assert magic.available(s) == {"stones", "hills", "birds"}


def test_the_fairy_spells_move_it_two_spaces() -> None:
    s = play(_casting(["fairy-insult"], fairy=10), (0, "cast fairy-insult"))
    assert s.fairy == 12
    s = play(_casting(["fairy-bargain"], fairy=10), (0, "cast fairy-bargain"))
    assert s.fairy == 8


def test_the_fairy_never_goes_below_the_raven_space() -> None:
    s = play(_casting(["fairy-bargain"], fairy=1), (0, "cast fairy-bargain"))
    assert s.fairy == 0
    assert "cast fairy-bargain" not in texts(_casting(["fairy-bargain"], fairy=0), 0)


def test_a_spell_played_is_told_to_everyone() -> None:
    log = act(_casting(["minster-voices"]), 0, "cast minster-voices").log
    assert public_text(log) == "{p0} casts **Voices in York Minster**: 1 magicianship."


# ----------------------------------------------------------- the response window
def _before_1811(spells: list[list[str]]) -> StrangeNorrellState:
    """The last turn of 1810, about to end."""
    return position(3, spells=spells, year=1810, current=2, played=[0, 1], fairy=5)


def test_a_window_opens_before_the_turns_of_a_year_of_confrontation() -> None:
    s = pass_turn(_before_1811([["fairy-bargain"], [], ["minster-voices"]]))
    assert s.year == 1811
    assert s.window == [0, 2]
    assert ENGINE.to_act(s) == {0, 2}
    assert s.turn is None


def test_only_magicians_holding_spells_answer_the_window() -> None:
    s = pass_turn(_before_1811([[], ["raven-favour"], []]))
    assert ENGINE.to_act(s) == {1}
    assert ENGINE.legal_actions(s, 0) == []


def test_no_window_when_nobody_holds_a_spell() -> None:
    s = pass_turn(_before_1811([[], [], []]))
    assert s.window == []
    assert s.turn is not None


def test_no_window_in_other_years() -> None:
    s = position(
        3, spells=[["raven-favour"], [], []], year=1811, current=2, played=[0, 1], fairy=50
    )
    s = pass_turn(s)
    assert s.year == 1812
    assert s.window == []


def test_in_the_window_only_spells_allowed_outside_your_turn_may_be_played() -> None:
    s = pass_turn(_before_1811([["fairy-bargain", "minster-voices"], [], []]))
    assert texts(s, 0) == ["cast fairy-bargain", "pass"]
    assert refusal(s, 0, "cast minster-voices") == (
        "**Voices in York Minster** can be played only during your own turn."
    )


def test_window_spells_take_effect_at_once_and_turns_begin_when_all_have_passed() -> None:
    s = pass_turn(_before_1811([["fairy-insult"], [], ["raven-favour"]]))
    fairy = s.fairy
    s = play(s, (0, "cast fairy-insult"))
    assert s.fairy == fairy + 2
    assert ENGINE.to_act(s) == {0, 2}
    s = play(s, (2, "cast raven-favour"), (2, "pass"))
    assert ENGINE.to_act(s) == {0}
    s = play(s, (0, "pass"))
    assert s.window == []
    assert s.turn is not None
    assert s.magicians[2].magic_spells == 1


def test_spells_allowed_outside_your_turn_may_be_played_in_it_too() -> None:
    s = play(_casting(["raven-favour"]), (0, "cast raven-favour"))
    assert s.magicians[0].magic_spells == 1


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_the_window_shows_everyone_who_must_answer(seat: int) -> None:
    s = pass_turn(_before_1811([["fairy-insult"], [], ["raven-favour"]]))
    assert ENGINE.view(s, seat).window == (0, 2)
