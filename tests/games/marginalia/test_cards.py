"""The card pool: the project's own set, built around the rules text's examples, checked when
it is loaded."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from games.marginalia import cards
from games.marginalia.cards import CardData, Effect, Pool

MARGINALIS: dict[str, Any] = {
    "code": "test-beast",
    "name": "Test Beast",
    "kind": "marginalis",
    "humor": "coleric",
    "short": "TST",
    "attack": 1,
    "health": 1,
    "copies": 1,
    "ability": {
        "name": "Bite",
        "text": "When it reaches the front line, deal 1 damage to a target.",
        "trigger": "front",
        "effect": {"kind": "damage", "amount": 1},
    },
}


def test_the_pool_has_96_cards_24_of_each_humor() -> None:
    humors = Counter(cards.card(code).humor for code in cards.pool())
    assert humors == {"coleric": 24, "flegmat": 24, "sanguin": 24, "melanc": 24}


def test_the_pool_leaves_variety_after_two_decks() -> None:
    assert len(cards.pool()) - 2 * cards.DECK_SIZE == 26
    assert len(set(cards.pool())) == 40
    assert max(Counter(cards.pool()).values()) <= 3


def test_the_pool_mixes_marginalia_and_incantations_in_every_humor() -> None:
    for humor in cards.HUMORS:
        kinds = Counter(cards.card(c).kind for c in cards.pool() if cards.card(c).humor == humor)
        assert kinds["marginalis"] >= 14
        assert kinds["incantation"] >= 4


def test_every_marginalis_has_a_special_ability() -> None:
    for code in cards.card_codes():
        data = cards.card(code)
        if data.kind == "marginalis":
            assert data.ability is not None
            assert data.ability.name
            assert data.ability.text


def test_the_rules_text_examples_are_as_the_text_describes_them() -> None:
    cancer = cards.card("cancer")
    assert (cancer.attack, cancer.health) == (3, 3)
    assert cancer.ability is not None
    assert cancer.ability.name == "Flame Cloaked"
    assert cancer.ability.text == "When facing an opposing marginalis, Cancer gains 1/1."
    saint = cards.card("saint")
    assert (saint.attack, saint.health) == (3, 4)
    bishop = cards.card("bishop-of-lyons").ability
    assert bishop is not None
    assert (bishop.name, bishop.text) == ("Bless", "Once per turn, heal a target for 2.")
    assert bishop.trigger == "any"
    angel = cards.card("smiting-angel").ability
    assert angel is not None
    assert angel.name == "Flight"
    assert angel.text == "During the reset phase, Smiting Angel may move to an unoccupied space."
    ziz = cards.card("ziz").ability
    assert ziz is not None
    assert ziz.name == "Blindness"
    assert ziz.text.startswith("When Ziz is attacked, flip a coin")
    cura = cards.card("cura-te-ipsum")
    assert (cura.name, cura.kind, cura.text) == (
        "cura te ipsum",
        "incantation",
        "Heal a target for 5 damage.",
    )
    assert cards.card("rota-fortuna").kind == "incantation"
    virgin = cards.card("pure-virgin").ability
    assert virgin is not None
    assert virgin.effect.kind == "search"
    assert virgin.effect.type == "unicorn"
    unicorns = {c for c in cards.card_codes() if cards.is_type(c, "unicorn")}
    assert unicorns == {"white-unicorn", "wild-unicorn"}
    assert cards.is_type("unicorn", "unicorn"), "the token is a unicorn too"


def test_every_trigger_the_rules_text_names_is_in_the_pool() -> None:
    abilities = [cards.card(c).ability for c in cards.card_codes()]
    triggers = {a.trigger for a in abilities if a is not None}
    assert triggers == {"front", "static", "play", "attack", "attacked", "reset", "any"}
    assert any(a is not None and a.reinforcement for a in abilities)
    assert any(a is not None and a.activated for a in abilities)


def test_a_few_effect_kinds_cover_the_pool() -> None:
    kinds = set()
    for code in cards.card_codes():
        data = cards.card(code)
        effect = data.effect if data.ability is None else data.ability.effect
        assert effect is not None
        kinds |= {e.kind for e in effect.branches()}
    assert len(kinds) == 13


def test_no_effect_can_hurt_both_players_at_once() -> None:
    for code in cards.card_codes():
        data = cards.card(code)
        effect = data.effect if data.ability is None else data.ability.effect
        assert effect is not None
        for e in effect.branches():
            if e.kind == "damage":
                assert e.target in ("any", "player", "marginalis", "enemy-front")


def test_tokens_have_no_ability_and_are_not_in_the_pool() -> None:
    for code in ("unicorn", "pilgrim"):
        token = cards.card(code)
        assert token.kind == "token"
        assert token.ability is None
        assert code not in cards.pool()


def test_rules_md_lists_every_card_as_the_data_has_it() -> None:
    page = (Path(cards.__file__).parent / "RULES.md").read_text()
    copies = Counter(cards.pool())
    for code, count in copies.items():
        data = cards.card(code)
        text = data.ability.text if data.ability is not None else data.text
        assert f"| {data.name} (`{code}`) | {count} |" in page
        assert text in page
        if data.is_marginalis:
            assert f"| {data.attack}/{data.health} |" in page


def test_a_marginalis_without_an_ability_is_refused() -> None:
    with pytest.raises(ValidationError, match="every marginalis has a special ability"):
        CardData.model_validate({**MARGINALIS, "ability": None})


def test_a_continuous_ability_must_grant_stats() -> None:
    ability = {**MARGINALIS["ability"], "trigger": "static"}
    with pytest.raises(ValidationError, match="continuous abilities, and only they"):
        CardData.model_validate({**MARGINALIS, "ability": ability})


def test_a_reinforcement_acts_on_the_marginalis_in_front() -> None:
    ability = {**MARGINALIS["ability"], "line": "back"}
    with pytest.raises(ValidationError, match="Reinforcement acts on the marginalis in front"):
        CardData.model_validate({**MARGINALIS, "ability": ability})


def test_only_a_reset_ability_one_may_use_works_in_each_players_turn() -> None:
    ability = {**MARGINALIS["ability"], "whose": "each"}
    with pytest.raises(ValidationError, match="only a reset ability one may use"):
        CardData.model_validate({**MARGINALIS, "ability": ability})
    flight = cards.card("smiting-angel").ability
    assert flight is not None
    assert flight.whose == "each", "the rules text's Flight: 'During the reset phase'"
    assert all(
        c.ability.whose == "yours" or c.code == "smiting-angel"
        for c in cards.catalogue().values()
        if c.ability is not None
    )


def test_a_coin_flip_needs_heads() -> None:
    with pytest.raises(ValidationError, match="needs a heads effect"):
        Effect.model_validate({"kind": "coin"})


def test_card_codes_are_unique_and_plain() -> None:
    with pytest.raises(ValidationError, match="not a card code"):
        CardData.model_validate({**MARGINALIS, "code": "Test Beast"})
    with pytest.raises(ValidationError, match="not a card code"):
        CardData.model_validate({**MARGINALIS, "code": "token"})
    beast = CardData.model_validate(MARGINALIS)
    with pytest.raises(ValidationError, match="unique"):
        Pool(cards=(beast, beast), tokens=())


def test_a_pool_too_small_for_two_decks_is_refused() -> None:
    every = tuple(cards.card(c) for c in sorted(cards.card_codes()))
    small = tuple(c.model_copy(update={"copies": 1}) for c in every)
    with pytest.raises(ValidationError, match="two decks of 35 need variety left over"):
        Pool(cards=small, tokens=())
