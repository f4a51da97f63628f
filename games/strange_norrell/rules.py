"""Who acts, with which actions, and applying them: the rules in one place to look up.

Every function here works on a state that the engine has already cloned, so the mutations
never reach the caller's state.
"""

from __future__ import annotations

from dataclasses import replace

from games.core import LogEntry, seat_ref
from games.core.words import msg
from games.strange_norrell import cards, magic, movement, prestige, spellcasting, turn, years
from games.strange_norrell.actions import (
    Acquire,
    Action,
    Arrive,
    Attend,
    Back,
    Battlefield,
    Cast,
    Connexion,
    Discard,
    DiscardSpell,
    Element,
    End,
    KingsRoads,
    Libraries,
    Magic,
    Move,
    Named,
    On,
    Pass,
    ReadCards,
    Ride,
    School,
    Stay,
    StillWaters,
    Study,
    Take,
    To,
    Uncover,
    Use,
    With,
)
from games.strange_norrell.state import Step, StrangeNorrellState
from games.strange_norrell.text import place_name

Log = list[LogEntry]
CHOOSING = (Acquire, KingsRoads, Study, Battlefield, Libraries, ReadCards, School, StillWaters)


# ----------------------------------------------------------------- who acts, with what
def to_act(s: StrangeNorrellState) -> frozenset[int]:
    """The seats that owe a decision: the response window's, else the player's."""
    if s.finished:
        return frozenset()
    if s.window:
        return frozenset(s.window)
    if s.steps:
        return frozenset({s.steps[0].seat})
    return frozenset({s.current.seat})


def legal_actions(s: StrangeNorrellState, seat: int) -> list[Action]:
    """Every action ``seat`` may take now, in a fixed order."""
    if s.finished:
        return []
    if s.window:
        if seat not in s.window:
            return []
        return [*spellcasting.spell_choices(s, seat, in_window=True), Pass()]
    if seat not in to_act(s):
        return []
    if s.steps:
        return step_choices(s, s.steps[0])
    current = s.current
    if current.phase == "choose":
        # "During a player's turn spells can be played": before the action is chosen too.
        spells = spellcasting.spell_choices(s, seat, in_window=False)
        return [*turn.action_choices(s, seat), *spells]
    m = s.magicians[seat]
    choices: list[Action] = []
    if current.phase == "visits":
        choices += turn.visit_choices(s, seat)
    choices += [Magic(c) for c in magic.magic_cards(s, m)]
    choices += [Use(b) for b in magic.usable_books(s, m)]
    choices += spellcasting.spell_choices(s, seat, in_window=False)
    choices.append(End())
    return choices


def declining(s: StrangeNorrellState, seat: int) -> Action | None:
    """What ``seat`` does by saying nothing (``Engine.pass_action``): the "no" to what it
    may leave undone. Before the turns of a year it plays no spell (`pass`), and it lets
    the Coachman's drive go (`stay`). A turn itself, and every choice that must be made, are
    not declined: ``None``."""
    if seat not in to_act(s):
        return None
    if s.window:
        return Pass()
    if s.steps and s.steps[0].kind == "destination" and s.steps[0].source == "coachman":
        return Stay()
    return None


def step_choices(s: StrangeNorrellState, step: Step) -> list[Action]:
    """The options of a pending decision."""
    m = s.magicians[step.seat]
    match step.kind:
        case "place":
            kind, options = magic.next_choice(s, step)
            choices: list[Action]
            if kind == "card":
                choices = [With(c) for c in options]
            elif kind == "element":
                choices = [Element(e) for e in options]
            else:
                choices = [On(f) for f in options]
            return choices if step.source == "connexion" else [*choices, Back()]
        case "reward":
            choices = turn.reward_choices(s, step)
            return choices if step.source == "honeyfoot" else [*choices, Back()]
        case "connexion":
            spaces: list[Action] = [Connexion(x) for x in prestige.empty_spaces(s, step.seat)]
            return spaces + [Named(c) for c in prestige.named_choices(s, step.seat)]
        case "destination":
            places: list[Action] = [To(p) for p in movement.anywhere(m.location)]
            return [*places, Stay() if step.source == "coachman" else Back()]
        case "uncover":
            covered: list[Action] = [Uncover(a) for a in cards.ACTIONS if a in m.covered]
            return [*covered, Back()]
        case "conjure":
            return [*(Element(e) for e in cards.ELEMENTS), Back()]
        case "discard":
            return [Discard(c) for c in sorted(set(m.hand))]
    raise AssertionError(step.kind)


# ------------------------------------------------------------------------- applying
def apply(s: StrangeNorrellState, seat: int, action: Action, log: Log) -> None:
    """Apply a legal action to the (already cloned) state, writing what happened to ``log``."""
    if s.window:
        if isinstance(action, Cast):
            spellcasting.cast(s, seat, action.spell, log)
        else:
            years.close_window(s, seat, log)
        return
    if s.steps:
        _apply_step(s, seat, s.steps[0], action, log)
    else:
        _apply_turn(s, seat, action, log)
    _settle(s, log)


def _apply_turn(s: StrangeNorrellState, seat: int, action: Action, log: Log) -> None:
    if isinstance(action, CHOOSING):
        turn.choose_action(s, seat, action, log)
        return
    match action:
        case Move(location):
            turn.move(s, seat, location, log)
        case Arrive():
            s.steps.insert(0, Step("destination", seat, source="first"))
        case Ride():
            s.steps.insert(0, Step("destination", seat, source="roads"))
        case Attend(card):
            turn.attend(s, seat, card, log)
        case Magic(card):
            magic.start_card(s, seat, card, log)
        case Use(book):
            magic.start_book(s, seat, book, log)
        case Cast(spell):
            spellcasting.cast(s, seat, spell, log)
        case DiscardSpell(spell):
            spellcasting.discard_for_prestige(s, seat, spell, log)
        case End():
            years.end_turn(s, log)
        case _:
            raise AssertionError(action)


def _apply_step(s: StrangeNorrellState, seat: int, step: Step, action: Action, log: Log) -> None:
    match action:
        case Back():
            s.steps.pop(0)
        case With(card):
            s.steps[0] = replace(step, card=card)
            magic.advance(s, log)
        case Element(element) if step.kind == "conjure":
            spellcasting.conjure(s, seat, element, log)
        case Element(element):
            s.steps[0] = replace(step, element=element)
            magic.advance(s, log)
        case On(feat):
            s.steps[0] = replace(step, feats=(*step.feats, feat))
            magic.advance(s, log)
        case Take(picks):
            turn.take_reward(s, seat, picks, log)
        case Connexion(space):
            prestige.take_plain(s, seat, space, log)
        case Named(code):
            prestige.take_named(s, seat, code, log)
        case To(location):
            _go_anywhere(s, seat, step, location, log)
        case Stay():
            s.steps.pop(0)
            log.append(LogEntry.public(msg("{who} stays where they are.", who=seat_ref(seat))))
        case Uncover(action_key):
            spellcasting.uncover(s, seat, action_key, log)
        case Discard(card):
            years.discard_to_limit(s, seat, card, log)
        case _:
            raise AssertionError(action)


def _go_anywhere(s: StrangeNorrellState, seat: int, step: Step, location: str, log: Log) -> None:
    s.steps.pop(0)
    if step.source == "first":
        turn.move(s, seat, location, log)
        return
    if step.source == "roads":
        turn.move(s, seat, location, log, roads=True)
        s.turn = replace(s.current, roads=False)
        return
    m = s.magicians[seat]
    m.location = location
    if step.source == "spell":
        went = msg("the magician goes to {place}.", place=place_name(location))
        spellcasting.spend(s, seat, step.code, log, went)
    else:
        log.append(
            LogEntry.public(
                msg(
                    "The Coachman drives {who} to {place}.",
                    who=seat_ref(seat),
                    place=place_name(location),
                )
            )
        )


def _settle(s: StrangeNorrellState, log: Log) -> None:
    """Once no decision is owed after the turn's end, pass play on."""
    if s.finished or s.steps or s.window or s.turn is None:
        return
    if s.turn.phase == "tidy":
        years.finish_turn(s, log)
