"""B. Visits: up to two moves and two social engagements, in any order; connexions."""

from __future__ import annotations

import pytest

from games.core import UnknownNotation
from games.strange_norrell import cards
from games.strange_norrell.state import FeatInPlay, StrangeNorrellState
from tests.games.strange_norrell.positions import (
    ENGINE,
    act,
    in_phase,
    play,
    position,
    public_text,
    refusal,
    texts,
    tokens_on,
)

CITY = ["hanover-square", "soho-square", "harley-street", "westminster", "covent-garden"]


def _visiting(location: str | None = None, **kwargs: object) -> StrangeNorrellState:
    s = position(3, locations=[location, None, None], **kwargs)  # type: ignore[arg-type]
    return in_phase(s, "visits", "rain-hills")


def _moves(s: StrangeNorrellState) -> list[str]:
    return [t.removeprefix("move ") for t in texts(s, 0) if t.startswith("move ")]


# ------------------------------------------------------------------------- moving
def test_the_first_move_of_the_game_places_the_magician_anywhere() -> None:
    s = _visiting()
    assert "arrive" in texts(s, 0)
    s = play(s, (0, "arrive"))
    assert texts(s, 0) == [f"to {p}" for p in cards.places()] + ["back"]
    s = play(s, (0, "to plymouth"))
    assert s.magicians[0].location == "plymouth"
    assert s.current.moves == 1, "the first placement counts as one of the two moves"


def test_arriving_can_be_taken_back() -> None:
    s = play(_visiting(), (0, "arrive"), (0, "back"))
    assert s.magicians[0].location is None
    assert s.current.moves == 0


def test_a_magician_not_yet_on_the_map_must_arrive_first() -> None:
    assert refusal(_visiting(), 0, "move york") == (
        "Your magician is not on the map yet: arrive first, then choose where."
    )


def test_a_move_follows_a_path_to_an_adjacent_location() -> None:
    assert _moves(_visiting("york")) == ["newcastle", "starecross", "hurtfew"]
    assert refusal(_visiting("york"), 0, "move plymouth") == (
        "Plymouth is not one move from York: you can reach newcastle, starecross, hurtfew."
    )


def test_moving_onto_london_moves_to_any_location_of_the_city_instead() -> None:
    assert _moves(_visiting("oxford")) == ["ashfair", "cambridge", "bath", *CITY]
    with pytest.raises(UnknownNotation):
        act(_visiting("oxford"), 0, "move london")


def test_from_the_city_to_another_city_location_or_next_to_london() -> None:
    others = [p for p in CITY if p != "westminster"]
    assert _moves(_visiting("westminster")) == [
        *others,
        "cambridge",
        "oxford",
        "brighton",
        "dover",
    ]


def test_two_moves_a_turn() -> None:
    s = play(_visiting("york"), (0, "move hurtfew"), (0, "move manchester"))
    assert s.magicians[0].location == "manchester"
    assert _moves(s) == []
    assert refusal(s, 0, "move liverpool") == "You have made all 2 of your moves this turn."


def test_the_king_s_roads_take_one_move_anywhere() -> None:
    s = in_phase(position(3, locations=["newcastle", None, None]), "visits", roads=True)
    s = play(s, (0, "ride"), (0, "to plymouth"))
    assert s.magicians[0].location == "plymouth"
    assert (s.current.moves, s.current.roads) == (1, False)
    assert "ride" not in texts(s, 0)


def test_riding_can_be_taken_back_and_keeps_the_roads() -> None:
    s = in_phase(position(3, locations=["newcastle", None, None]), "visits", roads=True)
    s = play(s, (0, "ride"), (0, "back"))
    assert (s.current.moves, s.current.roads) == (0, True)


def test_moves_are_told_to_everyone() -> None:
    log = act(_visiting("york"), 0, "move hurtfew").log
    assert public_text(log) == "{p0} moves to Hurtfew Abbey."


# ------------------------------------------------------------- social engagements
def test_an_introduction_at_its_location_moves_the_disc_up_the_prestige_track() -> None:
    s = _visiting("york", hands=[["york-stones-3"], [], []], prestige=[0, 1, 1], order=[1, 2, 0])
    assert "attend york-stones-3" in texts(s, 0)
    s = play(s, (0, "attend york-stones-3"))
    assert s.magicians[0].prestige == 3
    assert s.order[0] == 0
    assert s.introduction_discard[-1] == "york-stones-3"
    assert s.magicians[0].hand == []


def test_a_disc_landing_on_others_goes_on_top() -> None:
    s = _visiting("york", hands=[["york-rain-2"], [], []], prestige=[0, 2, 2], order=[1, 2, 0])
    s = play(s, (0, "attend york-rain-2"))
    assert s.order == [0, 1, 2]


def test_an_engagement_needs_the_magician_at_its_location() -> None:
    s = _visiting("newcastle", hands=[["york-stones-3"], [], []])
    assert not [t for t in texts(s, 0) if t.startswith("attend")]
    assert refusal(s, 0, "attend york-stones-3") == (
        "That engagement is at York, and your magician is at Newcastle."
    )


def test_two_social_engagements_a_turn() -> None:
    hand = ["york-rain-2", "york-stones-3", "york-rain-2"]
    s = _visiting("york", hands=[hand, [], []], prestige=[22, 0, 0])
    s = play(s, (0, "attend york-rain-2"), (0, "attend york-stones-3"))
    assert refusal(s, 0, "attend york-rain-2") == (
        "You have fulfilled all 2 of your social engagements this turn."
    )


def test_moves_and_engagements_come_in_any_order() -> None:
    s = _visiting("york", hands=[["york-rain-2", "hurtfew-wind-3"], [], []], prestige=[22, 0, 0])
    s = play(
        s,
        (0, "attend york-rain-2"),
        (0, "move hurtfew"),
        (0, "attend hurtfew-wind-3"),
        (0, "move manchester"),
    )
    assert s.magicians[0].prestige == 27


def test_an_invitation_offers_two_introductions_two_feats_or_one_of_each() -> None:
    s = play(_visiting("york", hands=[["york-wind"], [], []]), (0, "attend york-wind"))
    offer = sorted(s.feat_offer)
    options = texts(s, 0)
    assert options[0] == "take intro intro"
    assert options[1:5] == [f"take intro {f}" for f in offer]
    assert len(options) == 1 + 4 + 6 + 1
    assert options[-1] == "back"


def test_an_invitation_for_two_introductions() -> None:
    s = play(_visiting("york", hands=[["york-wind"], [], []]), (0, "attend york-wind"))
    top_two = sorted(s.introductions[-2:])
    s = play(s, (0, "take intro intro"))
    assert s.magicians[0].hand == top_two
    assert s.invitation_discard[-1] == "york-wind"
    assert s.current.engagements == 1


def test_an_invitation_for_two_feats_reveals_new_ones_until_four_are_available() -> None:
    s = play(_visiting("york", hands=[["york-wind"], [], []]), (0, "attend york-wind"))
    a, b = sorted(s.feat_offer)[:2]
    s = play(s, (0, f"take {a} {b}"))
    assert [f.feat for f in s.magicians[0].feats] == [a, b]
    assert len(s.feat_offer) == 4
    assert a not in s.feat_offer


def test_an_invitation_for_one_introduction_and_one_feat() -> None:
    s = play(_visiting("york", hands=[["york-wind"], [], []]), (0, "attend york-wind"))
    feat = s.feat_offer[0]
    s = play(s, (0, f"take intro {feat}"))
    assert len(s.magicians[0].hand) == 1
    assert [f.feat for f in s.magicians[0].feats] == [feat]


def test_the_reward_picks_may_be_typed_in_any_order() -> None:
    s = play(_visiting("york", hands=[["york-wind"], [], []]), (0, "attend york-wind"))
    feat = s.feat_offer[0]
    assert ENGINE.parse(s, 0, f"take {feat} intro") == ENGINE.parse(s, 0, f"take intro {feat}")


def test_an_invitation_can_be_taken_back_before_its_reward_is_chosen() -> None:
    s = _visiting("york", hands=[["york-wind"], [], []])
    t = play(s, (0, "attend york-wind"), (0, "back"))
    assert ENGINE.dump(t) == ENGINE.dump(s)


def test_drawn_introductions_are_told_only_to_their_owner() -> None:
    s = play(_visiting("york", hands=[["york-wind"], [], []]), (0, "attend york-wind"))
    log = act(s, 0, "take intro intro").log
    assert "{p0} draws 2 introductions." in public_text(log)
    private = [e for e in log if e.audience is not None]
    assert [e.audience for e in private] == [frozenset({0})]


def test_segundus_school_fulfils_one_engagement_wherever_the_magician_is() -> None:
    hands: list[list[str]] = [[], [], [], ["york-stones-3", "plymouth-stones-3"]]
    s = position(4, current=3, hands=hands, prestige=[0, 0, 0, 22])
    s = play(s, (3, "school"))
    assert texts(s, 3)[:3] == ["arrive", "attend plymouth-stones-3", "attend york-stones-3"]
    s = play(s, (3, "attend york-stones-3"))
    assert not s.current.school
    assert s.current.engagements == 1
    assert refusal(s, 3, "attend plymouth-stones-3") == (
        "That engagement is at Plymouth, and your magician is not on the map yet."
    )


def test_the_school_is_kept_for_an_engagement_at_the_magician_s_location() -> None:
    hands: list[list[str]] = [[], [], [], ["york-stones-3", "plymouth-stones-3"]]
    s = position(
        4, current=3, hands=hands, locations=[None, None, None, "york"], prestige=[0, 0, 0, 22]
    )
    s = play(s, (3, "school"), (3, "attend york-stones-3"))
    assert s.current.school
    s = play(s, (3, "attend plymouth-stones-3"))
    assert s.magicians[3].prestige == 28


# ------------------------------------------------------------------------ connexions
def _intro_to(prestige: int, card: str = "york-stones-3", **kwargs: object) -> StrangeNorrellState:
    s = _visiting("york", hands=[[card], [], []], prestige=[prestige, 0, 0], **kwargs)
    return play(s, (0, f"attend {card}"))


def test_reaching_a_connexion_space_gains_a_connexion() -> None:
    s = _intro_to(0)  # 0 -> 3: the first connexion space
    assert s.steps[0].kind == "connexion"
    spaces = ["connexion horses", "connexion salon", "connexion letters", "connexion patron"]
    assert texts(s, 0) == spaces + [f"named {c}" for c in s.connexion_offer]
    s = play(s, (0, "connexion salon"))
    assert s.magicians[0].connexions == {"salon": ""}


def test_passing_a_connexion_space_gains_one_too() -> None:
    s = _intro_to(6)  # 6 -> 9 passes the space at 8
    assert s.steps[0].kind == "connexion"


def test_no_connexion_without_reaching_a_connexion_space() -> None:
    s = _intro_to(8)  # 8 -> 11
    assert not s.steps


def test_a_named_connexion_instead_fills_the_space_it_shows() -> None:
    s = _visiting("york", hands=[["york-stones-3"], [], []])
    s.connexion_offer = ["lady-pole", "drawlight"]
    s.connexions = ["vinulus"]
    s = play(s, (0, "attend york-stones-3"), (0, "named lady-pole"))
    assert s.magicians[0].connexions == {"patron": "lady-pole"}
    assert s.magicians[0].prestige == 5, "Lady Pole: two more spaces up"
    assert s.connexion_offer == ["drawlight", "vinulus"], "a new one is revealed"


def test_a_named_connexion_whose_space_is_filled_cannot_be_taken() -> None:
    s = _visiting("york", hands=[["york-stones-3"], [], []], connexions=[{"patron": ""}, {}, {}])
    s.connexion_offer = ["lady-pole", "drawlight"]
    s.connexions = [c for c in s.connexions if c not in s.connexion_offer]
    s = play(s, (0, "attend york-stones-3"))
    assert "named lady-pole" not in texts(s, 0)
    assert "named drawlight" in texts(s, 0)
    assert refusal(s, 0, "named lady-pole") == (
        "Lady Pole needs your A Patron in Government space, already filled."
    )


def test_with_every_space_filled_no_connexion_is_gained() -> None:
    full = dict.fromkeys(cards.SPACES, "")
    s = _visiting("york", hands=[["york-stones-3"], [], []], connexions=[full, {}, {}])
    log = act(s, 0, "attend york-stones-3").log
    assert "no empty connexion space" in public_text(log)


def test_post_horses_give_a_third_move() -> None:
    s = _visiting("york", connexions=[{"horses": ""}, {}, {}])
    s = play(s, (0, "move hurtfew"), (0, "move manchester"), (0, "move liverpool"))
    assert s.magicians[0].location == "liverpool"


def test_a_fashionable_salon_gives_a_third_engagement() -> None:
    hand = ["york-rain-2", "york-stones-3", "york-rain-2"]
    s = _visiting("york", hands=[hand, [], []], connexions=[{"salon": ""}, {}, {}])
    s.magicians[0].prestige = 22
    s = play(s, *[(0, f"attend {c}") for c in hand])
    assert s.magicians[0].prestige == 29


def test_a_patron_adds_one_prestige_to_each_introduction() -> None:
    s = _intro_to(10, connexions=[{"patron": ""}, {}, {}])
    assert s.magicians[0].prestige == 14


def test_letters_from_admirers_draw_one_more_invitation() -> None:
    s = in_phase(position(3, connexions=[{"letters": ""}, {}, {}]), "visits")
    s = play(s, (0, "end"))
    assert len(s.magicians[0].hand) == cards.marseilles()["emperor"].invitations + 1


def test_the_coachman_drives_anywhere_without_using_a_move() -> None:
    s = _visiting("york", hands=[["york-stones-3"], [], []])
    s.connexion_offer = ["coachman", "drawlight"]
    s.connexions = [c for c in s.connexions if c not in s.connexion_offer]
    s = play(s, (0, "attend york-stones-3"), (0, "named coachman"))
    assert texts(s, 0)[-1] == "stay"
    s = play(s, (0, "to dover"))
    assert s.magicians[0].location == "dover"
    assert s.current.moves == 0
    assert s.magicians[0].connexions == {"horses": "coachman"}


def test_the_coachman_may_be_declined() -> None:
    s = _visiting("york", hands=[["york-stones-3"], [], []])
    s.connexion_offer = ["coachman", "drawlight"]
    s.connexions = [c for c in s.connexions if c not in s.connexion_offer]
    s = play(s, (0, "attend york-stones-3"), (0, "named coachman"), (0, "stay"))
    assert s.magicians[0].location == "york"


def test_the_street_magician_places_an_allowed_element_without_a_card() -> None:
    feats = [["thames-fog", "kestrel"], [], []]
    s = _visiting("york", hands=[["york-stones-3"], [], []], feats=feats, card="hanged-man")
    s.connexion_offer = ["street-magician", "drawlight"]
    s.connexions = [c for c in s.connexions if c not in s.connexion_offer]
    s = play(s, (0, "attend york-stones-3"), (0, "named street-magician"))
    # hanged man: rain and wind; studying rain and hills. Rain fits only the fog; wind both.
    assert texts(s, 0) == ["element rain", "element wind"]
    s = play(s, (0, "element wind"))
    assert texts(s, 0) == ["on thames-fog", "on kestrel"]
    s = play(s, (0, "on kestrel"))
    assert tokens_on(s, 0, "kestrel") == ("wind",)
    assert s.current.phase == "visits", "a connexion's token does not end the visits"


def test_vinulus_draws_an_introduction_then_places_a_token() -> None:
    s = _visiting("york", hands=[["york-stones-3"], [], []], feats=[["thames-fog"], [], []])
    s.connexion_offer = ["vinulus", "drawlight"]
    s.connexions = [c for c in s.connexions if c not in s.connexion_offer]
    s = play(s, (0, "attend york-stones-3"), (0, "named vinulus"))
    assert len(s.magicians[0].hand) == 1
    assert tokens_on(s, 0, "thames-fog") == ("rain",), "the only allowed element a feat needs"


def test_mr_honeyfoot_takes_an_available_feat() -> None:
    s = _visiting("york", hands=[["york-stones-3"], [], []])
    s.connexion_offer = ["honeyfoot", "drawlight"]
    s.connexions = [c for c in s.connexions if c not in s.connexion_offer]
    s = play(s, (0, "attend york-stones-3"), (0, "named honeyfoot"))
    feat = sorted(s.feat_offer)[0]
    assert texts(s, 0) == [f"take {f}" for f in sorted(s.feat_offer)]
    s = play(s, (0, f"take {feat}"))
    assert s.magicians[0].feats == [FeatInPlay(feat)]


@pytest.mark.parametrize(
    ("named", "hand", "spells"),
    [("sir-walter", 2, 0), ("drawlight", 2, 0), ("stephen-black", 0, 1)],
)
def test_named_connexions_that_draw_cards(named: str, hand: int, spells: int) -> None:
    s = _visiting("york", hands=[["york-stones-3"], [], []])
    s.connexion_offer = [named, "lady-pole"]
    s.connexions = [c for c in s.connexions if c not in s.connexion_offer]
    s = play(s, (0, "attend york-stones-3"), (0, f"named {named}"))
    assert (len(s.magicians[0].hand), len(s.magicians[0].spells)) == (hand, spells)


def test_the_prestige_tracker_stops_at_its_top_space() -> None:
    s = _intro_to(28)
    assert s.magicians[0].prestige == 30


def test_when_introductions_run_out_an_invitation_offers_feats_only() -> None:
    s = _visiting("york", hands=[["york-wind"], [], []])
    s.introductions = []
    s.introduction_discard = []
    s = play(s, (0, "attend york-wind"))
    assert not [t for t in texts(s, 0) if "intro" in t]
    assert len(texts(s, 0)) == 6 + 1


def test_when_the_feat_deck_runs_out_fewer_feats_are_available() -> None:
    s = _visiting("york", hands=[["york-wind"], [], []])
    s.feats = []
    a, b = sorted(s.feat_offer)[:2]
    s = play(s, (0, "attend york-wind"), (0, f"take {a} {b}"))
    assert len(s.feat_offer) == 2


def test_a_connexion_s_token_is_lost_when_no_feat_needs_an_allowed_element() -> None:
    s = _visiting("york", hands=[["york-stones-3"], [], []], feats=[["kestrel"], [], []])
    s.connexion_offer = ["street-magician", "drawlight"]
    s.connexions = [c for c in s.connexions if c not in s.connexion_offer]
    log = (
        act(s, 0, "attend york-stones-3").log
        + act(play(s, (0, "attend york-stones-3")), 0, "named street-magician").log
    )
    assert "{p0} has no feat to place on." in public_text(log)
