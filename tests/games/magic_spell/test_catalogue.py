"""The catalogue: every spell, the stone, the actions and the words of the game in plain words,
the entries each action names, and the effects the boards show."""

from __future__ import annotations

import pytest

from games.core.catalogue import SHORT_LIMIT
from games.core.playout import random_position
from games.magic_spell.actions import Action
from games.magic_spell.catalogue import STONE_KEY, spell_key
from games.magic_spell.describe import describe
from games.magic_spell.spells import spells
from games.magic_spell.state import MagicSpellState
from games.magic_spell.view import MagicSpellView
from tests.games.magic_spell.positions import ENGINE, play, position

#: Positions partway through random games: (players, options, seed, steps).
POSITIONS = [
    (players, options, seed, steps)
    for players, options in [
        (3, {"rounds": 30}),
        (2, {"low_enrollment": True, "philosophers_stone": True}),
        (4, {"rounds": 20, "open_research": True}),
    ]
    for seed, steps in [(1, 40), (2, 90), (3, 160), (4, 260)]
]


def _keys() -> set[str]:
    return {card.key for card in ENGINE.cards()}


def test_every_spell_of_the_deck_has_an_entry_with_its_effect() -> None:
    cards = {card.key: card for card in ENGINE.cards()}
    for word, data in spells().items():
        card = cards[spell_key(word)]
        assert card.name == data.name
        assert data.text in card.text
        assert card.own, "the deck is Grimoire's own"
        assert ("Credits", str(data.credits)) in card.numbers
        assert 0 < len(card.brief) <= SHORT_LIMIT
        assert not card.brief.endswith("…"), f"{word}: the short effect is cut"


def test_every_entry_has_words_a_unique_key_and_a_unique_name() -> None:
    cards = ENGINE.cards()
    assert len({c.key for c in cards}) == len(cards)
    assert len({c.name.lower() for c in cards}) == len(cards)
    for card in cards:
        assert card.text
        assert card.key == card.key.lower()
        assert 0 < len(card.brief) <= SHORT_LIMIT
        assert card.rules


def test_the_actions_the_stone_and_the_words_of_the_rules_are_listed() -> None:
    keys = _keys()
    for action in ("weave", "cast", "scrounge", "research", "rest", "trade"):
        assert f"action-{action}" in keys
    assert STONE_KEY in keys
    for word in ("spirit", "cabinet", "homework", "spellbook", "laboratory", "courseload"):
        assert f"word-{word}" in keys
    own = {c.key for c in ENGINE.cards() if c.own}
    assert "action-weave" not in own, "the rules text's own actions are not Grimoire's data"
    assert "word-semester" in own


def _named_spells(s: MagicSpellState, seat: int, action: Action) -> set[str]:
    """The spells an action plays, takes or aims at, read from its notation (and from the
    spell being cast, for the decisions a cast asks for)."""
    words = set(ENGINE.notation(action).replace("-", " ").split()) & set(spells())
    step = s.steps[seat]
    if step is not None and step.kind == "cast":
        words.add(step.spell)
    return words


@pytest.mark.parametrize(("players", "options", "seed", "steps"), POSITIONS)
def test_every_action_names_catalogue_entries_and_the_spells_it_plays(
    players: int, options: dict[str, object], seed: int, steps: int
) -> None:
    s = random_position(ENGINE, players, seed, steps, ENGINE.options(options))
    keys = _keys()
    for seat in sorted(ENGINE.to_act(s)):
        for action in [*ENGINE.legal_actions(s, seat), *ENGINE.whole_moves(s, seat)]:
            named = list(ENGINE.card_keys(s, seat, action))
            assert set(named) <= keys, (ENGINE.notation(action), named)
            for word in _named_spells(s, seat, action):
                assert spell_key(word) in named, (ENGINE.notation(action), named)
            if "stone" in ENGINE.notation(action).split():
                assert STONE_KEY in named, ENGINE.notation(action)


def test_a_cast_names_its_spell_first_and_its_decisions_name_it_too() -> None:
    s = position(spellbooks=[["yegg"], [], []], cabinets=[[], ["Q"], ["E"]])
    cast = ENGINE.parse(s, 0, "cast yegg")
    assert ENGINE.card_keys(s, 0, cast)[:2] == [spell_key("yegg"), "action-cast"]
    s = play(s, (0, "cast yegg"))
    target = ENGINE.parse(s, 0, "target 2")
    assert ENGINE.card_keys(s, 0, target)[0] == spell_key("yegg")


def test_weaving_names_the_spell_woven_and_scrounging_a_stone_names_the_stone() -> None:
    s = position(cabinets=[["K"], [], []], homework=[["ken"], [], []], lab={1: "*"})
    weave = ENGINE.parse(s, 0, "weave k on ken")
    assert ENGINE.card_keys(s, 0, weave) == [spell_key("ken"), "action-weave"]
    s = play(s, (0, "scrounge 1"))
    keep = ENGINE.parse(s, 0, "keep")
    assert ENGINE.card_keys(s, 0, keep) == ["action-scrounge", STONE_KEY]


def _board_text(s: MagicSpellState, seat: int | None) -> str:
    view = ENGINE.view(s, seat)
    assert isinstance(view, MagicSpellView)
    board = describe(view)
    return "\n".join([board.description] + [f.value for f in board.fields if not f.pictured])


def test_the_board_shows_what_the_viewer_s_homework_and_every_spellbook_spell_do() -> None:
    s = position(
        homework=[["ken", "augury"], ["vim"], []],
        spellbooks=[["quaff"], ["plethora"], []],
    )
    mine = _board_text(s, 0)
    assert "Look at an opponent's homework spells" in mine
    assert "Gain 4 spirit." in mine
    assert "Passive: your cabinet holds eight tiles." in mine
    public = _board_text(s, None)
    assert "Gain 3 spirit." not in public, "another student's homework stays secret"
    assert "Gain 3 spirit." not in mine
    assert "Gain 4 spirit." in public


def test_augury_shows_what_the_spells_it_shows_do() -> None:
    s = position(spellbooks=[["augury"], [], []], deck=("vim", "quaff", "ennui", "espy"))
    s = play(s, (0, "cast augury"))
    text = _board_text(s, 0)
    assert "Gain 4 spirit." in text
    assert "An opponent loses 3 spirit." in text
    assert "Gain 4 spirit." not in _board_text(s, 1), "only the caster sees the deck's top"


def test_boards_with_many_spellbook_spells_keep_within_the_embed_limits() -> None:
    words = list(spells())
    s = position(4, spellbooks=[words[0:9], words[9:18], words[18:27], words[27:36]])
    for seat in (None, 0):
        view = ENGINE.view(s, seat)
        assert isinstance(view, MagicSpellView)
        board = describe(view).rendered(["Ann", "Bo", "Cy", "Di"])
        assert not board.limit_problems(), board.limit_problems()
        assert "`/card`" in "\n".join(f.value for f in board.fields)


def test_the_trade_entry_says_who_trades_how_often_and_when_an_offer_ends() -> None:
    # Rules: "When it is not your turn, you may make consensual trades with any other player
    # who is not taking a turn" and "If it becomes your turn, or the turn of the player
    # you're swapping with, you must end the swap promptly"; Low Enrollment: "You may swap
    # with each other in between turns" (RULES.md decisions 18 and 19).
    trade = ENGINE.card("action-trade")
    assert trade is not None
    assert "While another student takes a turn" not in trade.text
    assert "When you are not taking a turn" in trade.text
    assert "with Low Enrollment the two students trade between turns" in trade.text
    assert "one offer a round" in trade.text
    assert "either student's turn begins" in trade.text
    # What the engine does: with Low Enrollment the student whose turn comes next trades
    # before it begins, while nobody takes a turn.
    two = position(2, cabinets=[["E"], ["K"]], low_enrollment=True)
    assert "trade with 2" in [ENGINE.notation(a) for a in ENGINE.legal_actions(two, 0)]
    # One offer a round to each student; an offer ends when either trader's turn begins.
    three = play(position(cabinets=[["A"], ["E"], ["K"]]), (1, "trade with 3 give e for k"))
    assert "trade with 3" not in [ENGINE.notation(a) for a in ENGINE.legal_actions(three, 1)]
    assert not play(three, (0, "rest")).offers
