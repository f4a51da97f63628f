"""The catalogue: every card, action, connexion and keyword in words, and the keys of moves."""

from __future__ import annotations

import pytest

from games.core.catalogue import SHORT_LIMIT
from games.core.playout import random_position
from games.strange_norrell import cards
from games.strange_norrell.actions import (
    INTRO,
    Acquire,
    Action,
    Attend,
    Cast,
    Composite,
    Connexion,
    Discard,
    DiscardSpell,
    Libraries,
    Magic,
    Named,
    On,
    Stay,
    Take,
    To,
    Uncover,
    Use,
    With,
)
from games.strange_norrell.describe import describe
from games.strange_norrell.state import StrangeNorrellState
from games.strange_norrell.text import book_effect
from games.strange_norrell.view import StrangeNorrellView
from tests.games.strange_norrell.positions import ENGINE, in_phase, play, position

CATALOGUE = {card.key: card for card in ENGINE.cards()}


def test_keys_are_unique_and_names_unique_whatever_their_case() -> None:
    entries = ENGINE.cards()
    assert len({card.key for card in entries}) == len(entries)
    assert len({card.name.lower() for card in entries}) == len(entries)
    assert all(card.key == card.key.lower() for card in entries)


def test_every_entry_has_its_effect_in_words_and_in_a_menu_option_s_room() -> None:
    for card in ENGINE.cards():
        assert card.text.strip(), card.key
        assert card.brief, card.key
        assert len(card.brief) <= SHORT_LIMIT, card.key
        assert not card.short or len(card.short) <= SHORT_LIMIT, card.key
        assert card.rules.startswith("Rules:"), card.key


@pytest.mark.parametrize(
    ("kind", "codes"),
    [
        ("spell", lambda: cards.spells()),
        ("book of magic", lambda: cards.books()),
        ("feat of magic", lambda: cards.feats()),
        ("named connexion", lambda: cards.connexions()),
        ("connexion space", lambda: cards.spaces()),
        ("card of Marseilles", lambda: cards.marseilles()),
        ("invitation", lambda: cards.invitations()),
        ("introduction", lambda: cards.introductions()),
        ("magician", lambda: cards.magicians()),
        ("unique action", lambda: {m.unique: m for m in cards.magicians().values()}),
        ("action", lambda: {a: a for a in cards.ACTIONS if a != "unique"}),
    ],
)
def test_every_card_of_the_data_has_an_entry(kind: str, codes: object) -> None:
    keys = set(codes())  # type: ignore[operator]
    assert keys
    assert keys <= {key for key, card in CATALOGUE.items() if card.kind == kind}


def test_entries_are_written_from_the_data() -> None:
    assert cards.spells()["daedalus-rose"].text in CATALOGUE["daedalus-rose"].text
    assert "(also outside your turn)" in CATALOGUE["fairy-bargain"].brief
    assert "(also outside your turn)" not in CATALOGUE["rain-ships"].brief
    assert book_effect("rook-grammar").split()[0] in CATALOGUE["rook-grammar"].brief
    assert "two birds tokens" in CATALOGUE["rook-grammar"].text
    fleet = CATALOGUE["rain-fleet"]
    assert ("Magicianship", "3") in fleet.numbers
    assert "rain, rain, wind" in fleet.text
    assert cards.spaces()["horses"].text in CATALOGUE["coachman"].text
    assert cards.magicians()["strange"].unique_text in CATALOGUE["battlefield"].text


def test_the_project_s_own_cards_are_marked_and_the_rules_own_are_not() -> None:
    for key in ("daedalus-rose", "rook-grammar", "rain-fleet", "coachman", "battlefield"):
        assert CATALOGUE[key].own, key
    for key in ("acquire", "kings-roads", "still-waters", "magicianship", "fairy"):
        assert not CATALOGUE[key].own, key


# ------------------------------------------------------------------ keys of actions
def _positions() -> list[StrangeNorrellState]:
    configurations = ENGINE.configurations()
    found = []
    for seed in range(70):
        players, options = configurations[seed % len(configurations)]
        found.append(random_position(ENGINE, players, seed, 5 + seed * 7, options))
    return found


def _names_what_it_plays(s: StrangeNorrellState, action: Action, keys: list[str]) -> None:
    """An action that plays, takes or aims a card names it."""
    match action:
        case Acquire(code) | Libraries(code) | Use(code) | Cast(code) | DiscardSpell(code):
            assert code in keys, (action, keys)
        case Attend(code) | Magic(code) | Discard(code) | With(code) | On(code) | Named(code):
            assert code in keys, (action, keys)
        case Take(picks):
            for pick in picks:
                assert (pick if pick != INTRO else "introduction") in keys, (action, keys)
        case Uncover(key) if key != "unique":
            assert key in keys, (action, keys)


@pytest.mark.slow
def test_every_legal_action_and_whole_move_names_catalogue_entries() -> None:
    seen: set[type] = set()
    for s in _positions():
        for seat in ENGINE.to_act(s):
            actions: list[Action] = [
                *ENGINE.legal_actions(s, seat),
                *ENGINE.whole_moves(s, seat),
            ]
            for action in actions:
                keys = list(ENGINE.card_keys(s, seat, action))
                assert all(ENGINE.card(key) is not None for key in keys), (action, keys)
                assert len(keys) == len(set(keys)), keys
                if isinstance(action, Composite):
                    seen.add(Composite)
                    for decision in action.decisions:
                        _names_what_it_plays(s, decision, keys)
                else:
                    seen.add(type(action))
                    _names_what_it_plays(s, action, keys)
    assert {Composite, Magic, Cast, DiscardSpell, Acquire, On, Take} <= seen, seen


def test_the_keys_name_the_card_first_and_what_it_serves() -> None:
    s = position(
        3,
        hands=[["york-wind", "york-birds", "hurtfew-wind-3"], [], []],
        feats=[["kestrel"], [], []],
        books=[["tempest-letter"], [], []],
        spells=[["silver-dish"], [], []],
        covered=[["unique"], [], []],
        locations=["york", None, None],
    )
    assert ENGINE.card_keys(s, 0, Uncover("unique")) == ["battlefield"]
    s = in_phase(s, "visits", "trees-wind")
    assert ENGINE.card_keys(s, 0, Attend("york-wind")) == ["york-wind"]
    s = play(s, (0, "use tempest-letter"))
    assert ENGINE.card_keys(s, 0, With("york-wind")) == ["york-wind", "tempest-letter"]


def test_a_connexion_names_its_space_and_a_named_one_its_card_first() -> None:
    s = position(3, hands=[["york-stones-3"], [], []], locations=["york", None, None])
    s = in_phase(s, "visits")
    s.magicians[0].prestige = 6
    s.connexion_offer = ["coachman", "drawlight"]
    s = play(s, (0, "attend york-stones-3"))
    assert s.steps[0].kind == "connexion"
    assert ENGINE.card_keys(s, 0, Named("coachman")) == ["coachman", "horses"]
    assert ENGINE.card_keys(s, 0, Connexion("salon")) == ["salon", "connexion"]
    s = play(s, (0, "named coachman"))
    assert ENGINE.card_keys(s, 0, Stay()) == ["coachman"]
    assert ENGINE.card_keys(s, 0, To("dover")) == ["coachman"]


def test_a_whole_move_names_every_card_it_uses() -> None:
    s = in_phase(
        position(3, hands=[["york-wind"], [], []], feats=[["kestrel", "thames-fog"], [], []]),
        "visits",
        "trees-wind",
    )
    moves = {ENGINE.notation(m): m for m in ENGINE.whole_moves(s, 0)}
    assert ENGINE.card_keys(s, 0, moves["magic york-wind on thames-fog"]) == [
        "york-wind",
        "thames-fog",
    ]


# --------------------------------------------------------------------------- boards
def _fields(s: StrangeNorrellState, seat: int | None) -> dict[str, str]:
    view = ENGINE.view(s, seat)
    assert isinstance(view, StrangeNorrellView)
    return {f.name: f.value for f in describe(view).fields if not f.pictured}


def test_the_board_shows_what_the_viewer_s_spells_books_and_connexions_do() -> None:
    s = position(
        3,
        spells=[["daedalus-rose", "daedalus-rose", "raven-favour"], ["pupil"], []],
        books=[["rook-grammar"], ["owl-letters"], []],
        connexions=[{"horses": "coachman"}, {}, {}],
    )
    mine = _fields(s, 0)
    spells = mine["Your spells"]
    assert f"2× **Daedalus's Rose**: {CATALOGUE['daedalus-rose'].brief}" in spells
    assert CATALOGUE["raven-favour"].brief in spells
    assert CATALOGUE["pupil"].brief not in spells, "another magician's spell stays secret"
    ann = next(v for k, v in mine.items() if k.startswith("{p0} ·"))
    assert book_effect("rook-grammar") in ann
    assert CATALOGUE["horses"].brief in ann
    assert CATALOGUE["battlefield"].brief in ann, "Ann is Jonathan Strange"
    everyone = _fields(s, None)
    assert "Your spells" not in everyone
    assert book_effect("owl-letters") in next(
        v for k, v in everyone.items() if k.startswith("{p1} ·")
    )
