"""The prestige tracker, turn order, and the connexions gained on the way up."""

from __future__ import annotations

from games.core import LogEntry, seat_ref
from games.core.words import joined, msg, pmsg
from games.strange_norrell import cards, decks, magic
from games.strange_norrell.state import Step, StrangeNorrellState
from games.strange_norrell.text import (
    connexion_name,
    engagement_label,
    plural,
    space_name,
    spell_name,
)

Log = list[LogEntry]


def gain(s: StrangeNorrellState, seat: int, amount: int, log: Log) -> None:
    """Move ``seat``'s disc up ``amount`` spaces (to the top space at most), on top of any
    discs already there, and owe a connexion for each connexion space reached or passed."""
    m = s.magicians[seat]
    before = m.prestige
    after = min(cards.board().prestige.top, before + amount)
    if after == before:
        log.append(
            LogEntry.public(msg("{who} is already at the top of the tracker.", who=seat_ref(seat)))
        )
        return
    m.prestige = after
    s.order.remove(seat)
    place = next(
        (i for i, other in enumerate(s.order) if s.magicians[other].prestige <= after),
        len(s.order),
    )
    s.order.insert(place, seat)
    log.append(
        LogEntry.public(
            msg("{who} moves up to {prestige} prestige.", who=seat_ref(seat), prestige=after)
        )
    )
    crossed = [n for n in cards.board().prestige.connexion_spaces if before < n <= after]
    for _ in crossed:
        if empty_spaces(s, seat):
            s.steps.insert(0, Step("connexion", seat))
        else:
            log.append(
                LogEntry.public(
                    msg("{who} has no empty connexion space left to fill.", who=seat_ref(seat))
                )
            )


def empty_spaces(s: StrangeNorrellState, seat: int) -> list[str]:
    """Connexion spaces of ``seat``'s board with no disc yet."""
    filled = s.magicians[seat].connexions
    return [space for space in cards.SPACES if space not in filled]


def named_choices(s: StrangeNorrellState, seat: int) -> list[str]:
    """Available named connexions whose space on ``seat``'s board is still empty."""
    filled = s.magicians[seat].connexions
    return [c for c in s.connexion_offer if cards.connexions()[c].space not in filled]


def has(s: StrangeNorrellState, seat: int, space: str) -> bool:
    """Whether ``seat`` has a disc on this connexion space, and so its ability."""
    return space in s.magicians[seat].connexions


def take_plain(s: StrangeNorrellState, seat: int, space: str, log: Log) -> None:
    """Gain a connexion: a disc on an empty space."""
    s.steps.pop(0)
    s.magicians[seat].connexions[space] = ""
    name = space_name(space)
    log.append(
        LogEntry.public(
            msg("{who} gains a connexion: **{space}**.", who=seat_ref(seat), space=name)
        )
    )


def take_named(s: StrangeNorrellState, seat: int, code: str, log: Log) -> None:
    """Gain a named connexion instead: its card, its space, then its immediate effects."""
    s.steps.pop(0)
    data = cards.connexions()[code]
    s.magicians[seat].connexions[data.space] = code
    s.connexion_offer.remove(code)
    space = space_name(data.space)
    who = seat_ref(seat)
    log.append(
        LogEntry.public(
            msg(
                "{who} gains the named connexion **{named}** on **{space}**.",
                who=who,
                named=connexion_name(code),
                space=space,
            )
        )
    )
    revealed = decks.refill_connexions(s)
    if revealed:
        log.append(
            LogEntry.public(
                msg("A new named connexion: **{named}**.", named=connexion_name(revealed[0]))
            )
        )
    # Effects that need a decision go on the stack last-first, so they resolve in card order.
    later = [e for e in data.effects if e in ("move", "place", "feat")]
    for effect in data.effects:
        if effect not in later:
            _draw_or_gain(s, seat, effect, data.amount, log)
    for effect in reversed(later):
        _decision(s, seat, code, effect, log)


def _draw_or_gain(s: StrangeNorrellState, seat: int, effect: str, amount: int, log: Log) -> None:
    m = s.magicians[seat]
    who = seat_ref(seat)
    if effect == "prestige":
        gain(s, seat, amount, log)
        return
    drawn: list[str] = []
    for _ in range(amount):
        card = {
            "spells": decks.draw_spell,
            "invitations": decks.draw_invitation,
            "introductions": decks.draw_introduction,
        }[effect](s)
        if card is not None:
            drawn.append(card)
    if effect == "spells":
        m.spells = sorted(m.spells + drawn)
        names = joined((joined(("**", spell_name(c), "**"), "") for c in drawn), ", ")
    else:
        m.hand = sorted(m.hand + drawn)
        names = joined((engagement_label(c) for c in drawn), ", ")
    kind = {"spells": "spell", "invitations": "invitation", "introductions": "introduction"}
    count = plural(len(drawn), kind[effect])
    log.append(LogEntry.public(msg("{who} draws {cards}.", who=who, cards=count)))
    said = names if drawn else pmsg("drawn", "nothing")
    log.append(LogEntry.private(msg("You draw {cards}.", cards=said), [seat]))


def _decision(s: StrangeNorrellState, seat: int, code: str, effect: str, log: Log) -> None:
    if effect == "move":
        s.steps.insert(0, Step("destination", seat, source="coachman", code=code))
    elif effect == "feat":
        if s.feat_offer:
            s.steps.insert(0, Step("reward", seat, source="honeyfoot", code=code, tokens=1))
        else:
            log.append(LogEntry.public(msg("There is no feat of magic available to take.")))
    else:
        magic.start_free_token(s, seat, "connexion", code, magic.available_in_order(s), log)
