"""Spells: played for their benefit, or discarded for one prestige each.

A spell that needs a choice (a token's element and feat, a destination, an action disc, an
element to conjure) stays in hand until the choice is made, so ``back`` can take it back.
"""

from __future__ import annotations

from dataclasses import replace

from games.core import LogEntry, seat_ref
from games.core.words import Msg, joined, msg, pmsg
from games.strange_norrell import cards, decks, magic, prestige
from games.strange_norrell.actions import Action, Cast, DiscardSpell
from games.strange_norrell.state import Step, StrangeNorrellState
from games.strange_norrell.text import (
    action_name,
    element_word,
    engagement_label,
    plural,
    spell_name,
)

Log = list[LogEntry]


def castable(s: StrangeNorrellState, seat: int, spell: str, in_window: bool) -> bool:
    """Whether ``seat`` may play ``spell`` now for an effect (out of turn: "any" spells)."""
    data = cards.spells()[spell]
    if in_window and data.timing != "any":
        return False
    m = s.magicians[seat]
    match data.effect:
        case "place":
            return bool(set(data.elements) & magic.needed(m))
        case "introductions":
            return decks.introductions_left(s) > 0
        case "pupil":
            return not m.pupil
        case "uncover":
            return bool(m.covered)
        case "fairy":
            return data.amount > 0 or s.fairy > 0
    return True


def spell_choices(s: StrangeNorrellState, seat: int, in_window: bool) -> list[Action]:
    """Spells to play, then (in your turn) spells to discard for prestige."""
    held = sorted(set(s.magicians[seat].spells))
    choices: list[Action] = [Cast(c) for c in held if castable(s, seat, c, in_window)]
    if not in_window:
        choices += [DiscardSpell(c) for c in held]
    return choices


def cast(s: StrangeNorrellState, seat: int, spell: str, log: Log) -> None:
    """Play a spell: at once, or through the decision it needs."""
    data = cards.spells()[spell]
    match data.effect:
        case "place":
            magic.start_free_token(s, seat, "spell", spell, data.elements, log)
        case "move":
            s.steps.insert(0, Step("destination", seat, source="spell", code=spell))
        case "uncover":
            s.steps.insert(0, Step("uncover", seat, code=spell))
        case "conjure":
            s.steps.insert(0, Step("conjure", seat, code=spell))
        case _:
            _resolve_at_once(s, seat, spell, log)


def spend(
    s: StrangeNorrellState, seat: int, spell: str, log: Log, effect: Msg | None = None
) -> None:
    """The spell leaves the hand for the face-up discard pile, announced with its effect."""
    s.magicians[seat].spells.remove(spell)
    s.spell_discard.append(spell)
    who, name = seat_ref(seat), spell_name(spell)
    if effect is None:
        log.append(LogEntry.public(msg("{who} casts **{spell}**.", who=who, spell=name)))
    else:
        log.append(
            LogEntry.public(
                msg("{who} casts **{spell}**: {effect}", who=who, spell=name, effect=effect)
            )
        )


def _resolve_at_once(s: StrangeNorrellState, seat: int, spell: str, log: Log) -> None:
    data = cards.spells()[spell]
    m = s.magicians[seat]
    if data.effect == "introductions":
        spend(s, seat, spell, log)
        drawn = [
            c for c in (decks.draw_introduction(s) for _ in range(data.amount)) if c is not None
        ]
        m.hand = sorted(m.hand + drawn)
        count = plural(len(drawn), "introduction")
        log.append(LogEntry.public(msg("{who} draws {cards}.", who=seat_ref(seat), cards=count)))
        names = joined((engagement_label(c) for c in drawn), ", ") if drawn else None
        said = names if names is not None else pmsg("drawn", "nothing")
        log.append(LogEntry.private(msg("You draw {cards}.", cards=said), [seat]))
    elif data.effect == "magicianship":
        spend(s, seat, spell, log, msg("1 magicianship."))
        m.magic_spells += 1
    elif data.effect == "pupil":
        spend(s, seat, spell, log, msg("a pupil (3 magicianship)."))
        m.pupil = True
    elif data.effect == "prestige":
        spend(s, seat, spell, log)
        prestige.gain(s, seat, data.amount, log)
    elif data.effect == "fairy":
        top = cards.board().fairy.top
        s.fairy = max(0, min(top, s.fairy + data.amount))
        spend(
            s,
            seat,
            spell,
            log,
            msg("the fairy's strength is now **{strength}**.", strength=s.fairy),
        )
    else:
        raise AssertionError(data.effect)


def discard_for_prestige(s: StrangeNorrellState, seat: int, spell: str, log: Log) -> None:
    """Discard a spell to move up one space."""
    s.magicians[seat].spells.remove(spell)
    s.spell_discard.append(spell)
    log.append(
        LogEntry.public(
            msg(
                "{who} discards **{spell}** for 1 prestige.",
                who=seat_ref(seat),
                spell=spell_name(spell),
            )
        )
    )
    prestige.gain(s, seat, 1, log)


def uncover(s: StrangeNorrellState, seat: int, action: str, log: Log) -> None:
    """Scrying in a Silver Dish: the covered action is free again."""
    step = s.steps.pop(0)
    s.magicians[seat].covered.remove(action)
    spend(s, seat, step.code, log, msg("*{action}* is free again.", action=action_name(action)))


def conjure(s: StrangeNorrellState, seat: int, element: str, log: Log) -> None:
    """Storms over the Peninsula: the element is available this turn."""
    step = s.steps.pop(0)
    turn = s.current
    if element not in turn.elements:
        s.turn = replace(turn, elements=(*turn.elements, element))
    spend(
        s,
        seat,
        step.code,
        log,
        msg("{element} is available this turn.", element=element_word(element)),
    )
