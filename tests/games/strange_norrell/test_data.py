"""The project's own card, map and magician data: complete, consistent and as the rules say."""

from __future__ import annotations

from collections import Counter

import pytest

from games.strange_norrell import cards, movement


def test_six_elements() -> None:
    assert cards.ELEMENTS == ("birds", "hills", "rain", "stones", "trees", "wind")
    assert cards.board().elements == cards.ELEMENTS


def test_four_magicians_each_with_a_unique_action() -> None:
    magicians = cards.magicians()
    assert set(magicians) == {"strange", "norrell", "childermass", "segundus"}
    assert {m.unique for m in magicians.values()} == {
        "battlefield",
        "libraries",
        "read-cards",
        "school",
    }
    assert magicians["strange"].unique == "battlefield", "Strange's unique action gives elements"


def test_six_action_slots_five_standard_and_one_unique() -> None:
    assert tuple(cards.actions()) == (
        "acquire",
        "kings-roads",
        "rain-hills",
        "birds-stones",
        "trees-wind",
        "unique",
    )
    studies = {k: set(a.elements) for k, a in cards.actions().items() if a.elements}
    assert studies == {
        "rain-hills": {"rain", "hills"},
        "birds-stones": {"birds", "stones"},
        "trees-wind": {"trees", "wind"},
    }


def test_years_confrontations_and_hand_limit() -> None:
    board = cards.board()
    assert (board.first_year, board.last_year) == (1806, 1817)
    assert board.confront_years == (1811, 1813, 1815, 1817)
    assert board.hand_limit == 5
    assert (board.moves_per_turn, board.engagements_per_turn) == (2, 2)
    assert board.fairy.starts == {"standard": 0, "experienced": 4, "foolhardy": 8}


def test_at_least_twelve_cards_of_marseilles_with_strength_elements_and_invitations() -> None:
    deck = cards.marseilles().values()
    assert len(deck) >= 12
    for card in deck:
        assert card.strength >= 1
        assert 2 <= len(card.elements) <= 3
        assert 1 <= card.invitations <= 3
    shown = Counter(e for card in deck for e in card.elements)
    assert set(shown) == set(cards.ELEMENTS)


def test_the_fairy_track_is_tuned_to_grow_about_two_a_year() -> None:
    strengths = [c.strength for c in cards.marseilles().values()]
    average = sum(strengths) / len(strengths)
    assert 2.1 <= average <= 2.3
    assert max(strengths) <= 3


def test_richer_cards_of_marseilles_feed_the_fairy_more() -> None:
    for card in cards.marseilles().values():
        richness = len(card.elements) + card.invitations
        assert card.strength == min(richness - 2, 3)


def test_feats_are_worth_two_to_five_one_per_token() -> None:
    feats = cards.feats().values()
    assert Counter(f.value for f in feats) == {2: 9, 3: 10, 4: 9, 5: 8}
    assert all(f.value == len(f.elements) for f in feats)


def test_eighteen_books_one_of_each_form_per_element() -> None:
    books = cards.books().values()
    assert sorted((b.element, b.form) for b in books) == sorted(
        (e, form) for e in cards.ELEMENTS for form in ("double", "convert", "focus")
    )


def test_spells_include_daedalus_rose_a_pupil_and_spells_playable_out_of_turn() -> None:
    spells = cards.spells()
    assert len(cards.spell_deck()) == 24
    assert spells["daedalus-rose"].name == "Daedalus's Rose"
    assert spells["daedalus-rose"].effect == "place"
    assert any(s.effect == "pupil" for s in spells.values())
    assert any(s.grants_magicianship for s in spells.values())
    assert {s.key for s in spells.values() if s.timing == "any"} == {
        "fairy-bargain",
        "fairy-insult",
        "raven-favour",
    }


def test_named_connexions_include_the_coachman_the_street_magician_and_vinulus() -> None:
    named = cards.connexions()
    assert {"coachman", "street-magician", "vinulus"} <= set(named)
    assert named["coachman"].effects == ("move",)
    assert "place" in named["street-magician"].effects
    assert "place" in named["vinulus"].effects
    assert Counter(c.space for c in named.values()) == dict.fromkeys(cards.SPACES, 2)


def test_social_engagements_name_a_location_and_an_element() -> None:
    for card in cards.engagements().values():
        assert card.location in cards.places()
        assert card.element in cards.ELEMENTS
    assert all(c.prestige == 0 for c in cards.invitations().values())
    assert {c.prestige for c in cards.introductions().values()} == {1, 2, 3}
    assert len(cards.invitation_deck()) == len(cards.introduction_deck()) == 43


def test_every_place_has_social_engagements() -> None:
    located = {cards.engagements()[c].location for c in cards.invitation_deck()}
    assert located == set(cards.places())


def test_the_map_has_london_and_five_city_locations_reached_through_it() -> None:
    assert cards.map_data().london == "london"
    assert "london" not in cards.places()
    assert len(cards.city()) == 5
    assert len(cards.places()) == 19
    for place in cards.city():
        assert set(cards.neighbours()[place]) == set(), "the City connects only through London"


@pytest.mark.parametrize("place", cards.places())
def test_every_place_reaches_every_other(place: str) -> None:
    seen = {place}
    frontier = [place]
    while frontier:
        for there in movement.destinations(frontier.pop()):
            if there not in seen:
                seen.add(there)
                frontier.append(there)
    assert seen == set(cards.places())


def test_codes_never_clash_across_kinds() -> None:
    kinds = cards.code_kinds()
    assert kinds["rain"] == "element"
    assert kinds["york"] == "location"
    assert kinds["york-wind"] == "engagement"
    assert kinds["rain-fleet"] == "feat"
    assert kinds["daedalus-rose"] == "spell"
