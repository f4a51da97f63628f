"""Reading variant options as typed: ``name=value`` pairs checked by the engine's model."""

from __future__ import annotations

from typing import Any

import pytest

import games
from bot.common.refusals import Refusal
from bot.lobby.options import (
    MAX_OPTIONS_TEXT,
    describe_options,
    example,
    option_choices,
    parse_options,
)

MANDRAGORA = games.get("mandragora")
MAGNUM_OPUS = games.get("magnum-opus")
MAGIC_SPELL = games.get("magic-spell")
MARGINALIA = games.get("marginalia")
STRANGE = games.get("strange-norrell")


def refusal(engine: Any, text: str) -> str:
    with pytest.raises(Refusal) as caught:
        parse_options(engine, text)
    return caught.value.message


@pytest.mark.parametrize("text", [None, "", "   ", "default", "DEFAULT", " Default "])
def test_nothing_or_default_gives_the_defaults(text: str | None) -> None:
    for engine in games.ENGINES.values():
        assert parse_options(engine, text) == engine.Options()


@pytest.mark.parametrize(
    ("text", "teams"),
    [
        ("teams=true", True),
        ("teams=TRUE", True),
        ("Teams=Yes", True),
        ("teams=on", True),
        ("teams=false", False),
        ("teams=no", False),
        ("teams=off", False),
        ("teams=false teams=true", True),  # the last one stands
    ],
)
def test_bools(text: str, teams: bool) -> None:
    options = parse_options(MANDRAGORA, text)
    assert options == MANDRAGORA.Options(teams=teams)
    assert options.model_dump() == {"teams": teams}


def test_ints() -> None:
    assert parse_options(MAGNUM_OPUS, "first_player=3").model_dump() == {"first_player": 3}
    assert parse_options(MAGNUM_OPUS, "first_player=none").model_dump() == {"first_player": None}
    assert refusal(MAGNUM_OPUS, "first_player=0") == (
        "Option first_player: Input should be greater than or equal to 1."
    )
    assert refusal(MAGNUM_OPUS, "first_player=6") == (
        "Option first_player: Input should be less than or equal to 5."
    )
    assert refusal(MAGNUM_OPUS, "first_player=-2") == (
        "Option first_player: Input should be greater than or equal to 1."
    )


def test_literal_values() -> None:
    options = parse_options(MAGIC_SPELL, "heavy_courseload=12")
    assert options.model_dump() == {
        "heavy_courseload": 12,
        "low_enrollment": False,
        "philosophers_stone": False,
        "open_research": False,
        "rounds": None,
    }
    assert parse_options(MAGIC_SPELL, "heavy_courseload=15").model_dump()["heavy_courseload"] == 15
    assert refusal(MAGIC_SPELL, "heavy_courseload=13") == (
        "Option heavy_courseload: Input should be 12 or 15."
    )
    assert refusal(MAGIC_SPELL, "heavy_courseload=heavy") == (
        "Option heavy_courseload: Input should be 12 or 15."
    )


def test_several_pairs_with_spaces_or_commas() -> None:
    options = parse_options(MAGIC_SPELL, "low_enrollment=yes, open_research=on")
    assert options.model_dump() == {
        "heavy_courseload": None,
        "low_enrollment": True,
        "philosophers_stone": False,
        "open_research": True,
        "rounds": None,
    }
    assert parse_options(MAGIC_SPELL, "low_enrollment=yes,open_research=on") == options


def test_unknown_names_are_refused_with_the_known_ones() -> None:
    assert refusal(MANDRAGORA, "colour=red") == (
        "Mandragora has no option colour (options: teams)."
    )
    assert refusal(STRANGE, "hard=true easy=true") == (
        "Jonathan Strange & Mr Norrell has no option easy, hard (options: experienced, foolhardy)."
    )
    assert refusal(MARGINALIA, "teams=true") == "Marginalia has no options: leave them out."


def test_ill_typed_values_are_refused() -> None:
    assert refusal(MANDRAGORA, "teams=maybe") == (
        "Option teams: Input should be a valid boolean, unable to interpret input."
    )
    assert refusal(MANDRAGORA, "teams=true=false") == (
        "Option teams: Input should be a valid boolean, unable to interpret input."
    )


@pytest.mark.parametrize("pair", ["teams", "=true", "teams=", "=", "teams:true"])
def test_malformed_pairs_are_refused_with_an_example(pair: str) -> None:
    assert refusal(MANDRAGORA, f"teams=true {pair}") == (
        f"Write options as name=value, e.g. teams=true; not “{pair}”."
    )


def test_a_malformed_pair_is_quoted_shortened() -> None:
    pair = "x" * 60
    assert refusal(MANDRAGORA, pair) == (
        f"Write options as name=value, e.g. teams=true; not “{'x' * 40}”."
    )


def test_over_long_text_is_refused_before_reading_it() -> None:
    text = ("teams=true " * 20)[: MAX_OPTIONS_TEXT + 1]
    assert len(text) == 201
    assert refusal(MANDRAGORA, text) == "Options are at most 200 characters."
    fits = "teams=true".ljust(MAX_OPTIONS_TEXT, " ")
    assert parse_options(MANDRAGORA, fits) == MANDRAGORA.Options(teams=True)


@pytest.mark.parametrize("value", ["--1", "²"])
def test_odd_numbers_are_refused_not_crashed(value: str) -> None:
    assert refusal(MAGNUM_OPUS, f"first_player={value}").startswith("Option first_player:")


def test_the_malformed_pair_hint_never_offers_default_as_a_pair() -> None:
    message = refusal(MARGINALIA, "fast")
    assert "e.g. default" not in message


def test_option_choices_list_default_first_then_the_engine_variants() -> None:
    assert option_choices(MANDRAGORA) == ["default", "teams=true"]
    assert option_choices(MAGNUM_OPUS) == ["default"]
    assert option_choices(MARGINALIA) == ["default"]
    assert option_choices(STRANGE) == ["default", "experienced=true", "foolhardy=true"]
    assert option_choices(MAGIC_SPELL) == [
        "default",
        "low_enrollment=true",
        "rounds=30",
        "heavy_courseload=12 philosophers_stone=true rounds=40",
        "open_research=true rounds=20",
        "heavy_courseload=15 low_enrollment=true philosophers_stone=true open_research=true",
    ]
    assert example(MANDRAGORA) == "teams=true"


@pytest.mark.parametrize("key", sorted(games.ENGINES))
def test_every_choice_is_a_configuration_and_reads_back(key: str) -> None:
    engine = games.get(key)
    configured = {describe_options(options) for _, options in engine.configurations()}
    choices = option_choices(engine)
    assert choices[0] == "default"
    assert len(choices) == len(set(choices))
    assert set(choices[1:]) == configured - {"default"}
    for text in choices:
        assert describe_options(parse_options(engine, text)) == text


@pytest.mark.parametrize("key", sorted(games.ENGINES))
def test_describe_options_round_trips_every_configuration(key: str) -> None:
    engine = games.get(key)
    for _, options in engine.configurations():
        text = describe_options(options)
        assert parse_options(engine, text) == options
        assert parse_options(engine, text.upper()) == options


def test_describe_options_names_only_what_differs_from_the_defaults() -> None:
    assert describe_options(MANDRAGORA.Options()) == "default"
    assert describe_options(MANDRAGORA.Options(teams=True)) == "teams=true"
    assert describe_options(MAGNUM_OPUS.Options(first_player=2)) == "first_player=2"
    assert describe_options(MAGIC_SPELL.Options(heavy_courseload=12)) == "heavy_courseload=12"
