"""C. Do magic: discard a card to place an available element on a feat; books of magic;
completing feats."""

from __future__ import annotations

from games.strange_norrell.state import FeatInPlay, StrangeNorrellState
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

# The Hanged Man shows rain and wind; the King's Roads add no element.


def _magic(
    hand: list[str],
    feats: list[str | FeatInPlay],
    books: list[str] | None = None,
    action: str = "kings-roads",
    card: str = "hanged-man",
) -> StrangeNorrellState:
    s = position(
        3,
        hands=[hand, [], []],
        feats=[feats, [], []],
        books=[books or [], [], []],
        card=card,
        locations=["york", None, None],
    )
    return in_phase(s, "visits", action)


# ---------------------------------------------------------------------- do magic
def test_magic_discards_a_card_to_place_a_token_of_its_element() -> None:
    s = play(_magic(["york-wind"], ["thames-fog"]), (0, "magic york-wind"))
    assert tokens_on(s, 0, "thames-fog") == ("wind",)
    assert s.magicians[0].hand == []
    assert s.invitation_discard[-1] == "york-wind"


def test_the_element_must_be_on_the_card_of_marseilles_or_studied() -> None:
    s = _magic(["york-wind"], ["thames-fog"], card="emperor")
    assert "magic york-wind" not in texts(s, 0)
    assert refusal(s, 0, "magic york-wind") == (
        "Wind is not available this turn (available: ⛰️ hills, 🪨 stones)."
    )
    studied = _magic(["york-wind"], ["thames-fog"], card="emperor", action="trees-wind")
    assert "magic york-wind" in texts(studied, 0)


def test_a_token_goes_only_on_a_feat_that_shows_its_element() -> None:
    s = _magic(["york-wind"], ["milestone", "thames-fog"])
    s = play(s, (0, "magic york-wind"))
    assert tokens_on(s, 0, "thames-fog") == ("wind",)
    assert tokens_on(s, 0, "milestone") == ()


def test_with_several_feats_to_choose_from_the_player_chooses() -> None:
    s = play(_magic(["york-wind"], ["thames-fog", "kestrel"]), (0, "magic york-wind"))
    assert texts(s, 0) == ["on thames-fog", "on kestrel", "back"]
    s = play(s, (0, "on kestrel"))
    assert tokens_on(s, 0, "kestrel") == ("wind",)


def test_a_feat_takes_no_more_tokens_of_an_element_than_it_shows() -> None:
    s = _magic(["york-wind"], [FeatInPlay("rain-fleet", ("wind",))])
    assert refusal(s, 0, "magic york-wind") == "None of your feats of magic needs wind."


def test_back_before_the_token_is_placed_changes_nothing() -> None:
    s = _magic(["york-wind"], ["thames-fog", "kestrel"])
    assert ENGINE.dump(play(s, (0, "magic york-wind"), (0, "back"))) == ENGINE.dump(s)


def test_doing_magic_ends_the_visits() -> None:
    s = play(_magic(["york-wind", "york-birds"], ["thames-fog"]), (0, "magic york-wind"))
    assert s.current.phase == "magic"
    assert not [t for t in texts(s, 0) if t.startswith(("move", "attend", "ride", "arrive"))]
    assert (
        refusal(s, 0, "move hurtfew") == "Your visits are over once you have done magic this turn."
    )


def test_magic_may_be_done_again_with_each_card() -> None:
    s = _magic(["york-wind", "hurtfew-rain"], ["rain-fleet"])
    s = play(s, (0, "magic york-wind"), (0, "magic hurtfew-rain"))
    assert sorted(tokens_on(s, 0, "rain-fleet")) == ["rain", "wind"]


def test_an_exact_match_completes_the_feat_and_draws_a_spell() -> None:
    s = _magic(["york-wind"], [FeatInPlay("thames-fog", ("rain",)), "kestrel"])
    top = s.spells[-1]
    t = act(s, 0, "magic york-wind")
    s = play(s, (0, "magic york-wind"), (0, "on thames-fog"))
    assert [f.feat for f in s.magicians[0].feats] == ["kestrel"], "its tokens leave with it"
    assert s.magicians[0].completed == ["thames-fog"]
    assert s.magicians[0].spells == [top]
    assert t.state.steps, "the feat was chosen by the player"


def test_completing_a_feat_is_announced_and_the_spell_kept_secret() -> None:
    s = _magic(["york-wind"], [FeatInPlay("thames-fog", ("rain",))])
    log = act(s, 0, "magic york-wind").log
    assert "{p0} completes **A Fog upon the Thames** (2 magicianship)" in public_text(log)
    assert "{p0} draws a spell." in public_text(log)
    private = [e for e in log if e.audience is not None]
    assert len(private) == 1
    assert private[0].audience == frozenset({0})


# ------------------------------------------------------------------ books of magic
def test_a_double_book_discards_its_element_to_place_two_tokens_of_it() -> None:
    s = _magic(["hurtfew-rain"], ["rain-fleet"], books=["rain-summoning"])
    assert "use rain-summoning" in texts(s, 0)
    s = play(s, (0, "use rain-summoning"))
    assert tokens_on(s, 0, "rain-fleet") == ("rain", "rain")
    assert s.current.used_books == ("rain-summoning",)


def test_a_double_book_may_spread_its_tokens_over_two_feats() -> None:
    s = _magic(["hurtfew-rain"], ["thames-fog", "cursed-well"], books=["rain-summoning"])
    s = play(s, (0, "use rain-summoning"))
    assert texts(s, 0) == ["on thames-fog", "on cursed-well", "back"]
    s = play(s, (0, "on thames-fog"))
    assert tokens_on(s, 0, "thames-fog") == ("rain",)
    assert tokens_on(s, 0, "cursed-well") == ("rain",), "the second token has one place left"


def test_a_double_book_places_only_what_the_feats_can_take() -> None:
    s = _magic(["hurtfew-rain"], ["thames-fog"], books=["rain-summoning"])
    s = play(s, (0, "use rain-summoning"))
    assert tokens_on(s, 0, "thames-fog") == ("rain",)


def test_a_convert_book_discards_its_element_to_place_any_available_element() -> None:
    s = _magic(["hurtfew-rain"], ["kestrel", "thames-fog"], books=["weather-log"])
    s = play(s, (0, "use weather-log"))
    assert texts(s, 0) == ["element rain", "element wind", "back"]
    s = play(s, (0, "element wind"), (0, "on kestrel"))
    assert tokens_on(s, 0, "kestrel") == ("wind",)


def test_a_focus_book_discards_any_card_to_place_its_element() -> None:
    s = _magic(["york-stones-3", "york-birds"], ["thames-fog"], books=["weathercock"])
    s = play(s, (0, "use weathercock"))
    assert texts(s, 0) == ["with york-birds", "with york-stones-3", "back"]
    s = play(s, (0, "with york-stones-3"))
    assert tokens_on(s, 0, "thames-fog") == ("wind",)
    assert s.magicians[0].hand == ["york-birds"]


def test_a_book_s_token_must_be_available_though_its_card_need_not_be() -> None:
    s = _magic(["york-stones-3"], ["milestone"], books=["barrow-roads"], card="hanged-man")
    assert "use barrow-roads" not in texts(s, 0), "hills is not available"
    assert refusal(s, 0, "use barrow-roads") == (
        "*The Old Roads under the Barrows* cannot place a token now: hills is not available "
        "this turn."
    )
    studied = _magic(["york-stones-3"], ["milestone"], books=["barrow-roads"], action="rain-hills")
    assert "use barrow-roads" in texts(studied, 0)


def test_each_book_once_a_turn() -> None:
    s = _magic(["hurtfew-rain", "york-wind"], ["rain-fleet"], books=["weathercock"])
    s = play(s, (0, "use weathercock"), (0, "with hurtfew-rain"))
    assert "use weathercock" not in texts(s, 0)
    assert refusal(s, 0, "use weathercock") == (
        "You have already used *The Weathercock's Confession* this turn."
    )


def test_used_books_are_flipped_face_up_for_the_next_turn() -> None:
    s = _magic(["hurtfew-rain", "york-wind"], ["rain-fleet"], books=["weathercock"])
    s = play(s, (0, "use weathercock"), (0, "with hurtfew-rain"), (0, "end"))
    assert s.turn is not None
    assert s.current.seat == 1
    assert s.current.used_books == ()


def test_choosing_a_book_s_card_can_be_taken_back() -> None:
    s = _magic(["york-stones-3", "york-birds"], ["thames-fog"], books=["weathercock"])
    t = play(s, (0, "use weathercock"), (0, "back"))
    assert ENGINE.dump(t) == ENGINE.dump(s)


def test_using_a_book_is_doing_magic() -> None:
    s = _magic(["hurtfew-rain"], ["rain-fleet"], books=["rain-summoning"])
    assert play(s, (0, "use rain-summoning")).current.phase == "magic"


def test_magic_is_logged_with_the_card_and_the_feat() -> None:
    log = act(_magic(["york-wind"], ["thames-fog"]), 0, "magic york-wind").log
    assert public_text(log) == ("{p0} discards ✉️ York 🌬️ to place 🌬️ wind on A Fog upon the Thames.")


def test_tokens_stay_on_an_unfinished_feat_from_turn_to_turn() -> None:
    s = play(_magic(["york-wind"], ["rain-fleet"]), (0, "magic york-wind"))
    s = pass_turn(pass_turn(play(s, (0, "end"))))
    assert tokens_on(s, 0, "rain-fleet") == ("wind",)


def test_with_no_spell_left_completing_a_feat_draws_none() -> None:
    s = _magic(["york-wind"], [FeatInPlay("thames-fog", ("rain",))])
    s.spells = []
    s.spell_discard = []
    s = play(s, (0, "magic york-wind"))
    assert s.magicians[0].completed == ["thames-fog"]
    assert s.magicians[0].spells == []


def test_an_empty_spell_deck_is_rebuilt_from_its_discard_pile() -> None:
    s = _magic(["york-wind"], [FeatInPlay("thames-fog", ("rain",))])
    s.spell_discard = ["pupil"]
    s.spells = []
    s = play(s, (0, "magic york-wind"))
    assert s.magicians[0].spells == ["pupil"]
