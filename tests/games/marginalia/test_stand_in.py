"""What a missed deadline plays (``Engine.pass_action``): silence is "no" to every prompt a
player may ignore, and leaves their own turn's moves to the table's chooser."""

from __future__ import annotations

from games.marginalia.actions import Attack, Back, Decline, EndTurn
from tests.games.marginalia.positions import (
    ENGINE,
    FILLER,
    card_at,
    play,
    play_logged,
    position,
    stats,
)


def test_the_other_players_flight_is_not_taken_up_the_turn_is_let_end() -> None:
    # Flight: "During the reset phase, Smiting Angel may move to an unoccupied space."
    s = play(position(page={"c3": "smiting-angel", "c4": "saint", "a2": "ziz"}), (0, "attack"))
    assert s.phase == "other-reset"
    assert ENGINE.pass_action(s, 1) == EndTurn()
    s, log = play_logged(s, (1, ENGINE.notation(EndTurn())))
    assert "{p1} lets the turn end." in log
    assert card_at(s, "c3") == "smiting-angel", "the Angel stayed where it was"


def test_the_active_players_may_abilities_are_not_used_their_reset_phase_ends() -> None:
    s = play(position(page={"c2": "bishop-of-lyons", "c3": "smiting-angel"}), (0, "attack"))
    assert s.phase == "choose-reset"
    assert ENGINE.pass_action(s, 0) == EndTurn(), "Bless is not used"
    s = play(s, (0, "end turn"))
    assert ENGINE.pass_action(s, 1) == EndTurn(), "nor is the other player's Flight"


def test_between_two_fights_the_attack_goes_on_without_bless() -> None:
    # Bless: "may use it during any phase during their turn": a pause it may ignore.
    page: dict[str, str | tuple[str, int]] = {
        "a2": "bishop-of-lyons",
        "a3": "great-snail",
        "c2": ("saint", 2),
        "c3": "saint",
    }
    s = play(position(page=page), (0, "attack from a"))
    assert s.phase == "between-fights"
    assert ENGINE.pass_action(s, 0) == Attack()
    s = play(s, (0, "attack"))
    assert card_at(s, "c2") is None, "not healed, the Saint fell"


def test_an_ability_taken_up_but_not_aimed_is_put_down_again() -> None:
    s = play(
        position(page={"c2": "smiting-angel", "c1": "saint", "a2": "ziz"}), (0, "attack from a")
    )
    s = play(s, (0, "use c2"))
    assert ENGINE.pass_action(s, 0) == Back()
    s = play(s, (0, "back"))
    assert ENGINE.pass_action(s, 0) == EndTurn()
    assert stats(s, "c2")[0] == 3


def test_a_card_rota_fortuna_reveals_is_declined() -> None:
    # Rota Fortuna: "You may play it; … If you do not, it goes to your discard pile."
    s = play(
        position(hands=[["rota-fortuna"], []], decks=[[*FILLER, "ziz"], FILLER]),
        (0, "play rota-fortuna"),
    )
    assert s.steps[0].kind == "fortune"
    assert ENGINE.pass_action(s, 0) == Decline()


def test_the_play_phase_and_choices_that_must_be_made_are_left_to_the_chooser() -> None:
    s = position(hands=[["cancer"], []])
    assert ENGINE.pass_action(s, 0) is None, "a turn's own moves"
    assert ENGINE.pass_action(s, 1) is None, "not this seat's decision"
    s = play(s, (0, "play cancer"))
    assert ENGINE.pass_action(s, 0) is None, "a card being played from the hand"
