"""A magician's turn: choosing an action, visits, and the decisions they open.

Every function here works on a state that the engine has already cloned.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations

from games.core import LogEntry, seat_ref
from games.core.words import Msg, joined, msg, nmsg
from games.strange_norrell import cards, decks, movement, prestige
from games.strange_norrell.actions import (
    INTRO,
    Acquire,
    Action,
    Arrive,
    Attend,
    Battlefield,
    KingsRoads,
    Libraries,
    Move,
    ReadCards,
    Ride,
    School,
    StillWaters,
    Study,
    Take,
)
from games.strange_norrell.state import STILL, FeatInPlay, Step, StrangeNorrellState
from games.strange_norrell.text import (
    book_name,
    element_list,
    engagement_label,
    feat_label,
    place_name,
)

Log = list[LogEntry]


# -------------------------------------------------------------------- A. the action
def action_choices(s: StrangeNorrellState, seat: int) -> list[Action]:
    """The actions not covered by a disc, and stilling the waters once any is covered."""
    m = s.magicians[seat]
    covered = set(m.covered)
    choices: list[Action] = []
    if "acquire" not in covered:
        choices += [Acquire(b) for b in s.book_offer]
    if "kings-roads" not in covered:
        choices.append(KingsRoads())
    choices += [Study(key) for key in cards.STUDIES if key not in covered]
    if "unique" not in covered:
        unique = cards.magicians()[m.board].unique
        if unique == "battlefield":
            choices += [Battlefield(a, b) for a, b in combinations(cards.ELEMENTS, 2)]
        elif unique == "libraries":
            choices += [Libraries(b) for b in s.book_offer]
        elif unique == "read-cards":
            choices.append(ReadCards())
        else:
            choices.append(School())
    if covered:
        choices.append(StillWaters())
    return choices


def choose_action(s: StrangeNorrellState, seat: int, action: Action, log: Log) -> None:
    """Put an action disc in the chosen slot (or still the waters) and apply its effect."""
    turn = s.current
    m = s.magicians[seat]
    who = seat_ref(seat)
    key = "unique"
    elements: tuple[str, ...] = ()
    match action:
        case Acquire(book):
            key = "acquire"
            _take_book(s, seat, book, log, "acquire")
        case KingsRoads():
            key = "kings-roads"
            log.append(LogEntry.public(msg("{who} takes the King's Roads.", who=who)))
        case Study(study):
            key = study
            elements = cards.actions()[study].elements
            log.append(
                LogEntry.public(
                    msg("{who} studies {elements}.", who=who, elements=element_list(elements))
                )
            )
        case Battlefield(first, second):
            elements = (first, second)
            log.append(
                LogEntry.public(
                    msg(
                        "{who} works battlefield magic with {elements}.",
                        who=who,
                        elements=element_list(elements),
                    )
                )
            )
        case Libraries(book):
            _take_book(s, seat, book, log, "libraries", reveal=False)
            gone = list(s.book_offer)
            s.book_offer.clear()
            s.book_discard.extend(gone)
            _reveal_books(s, log)
        case ReadCards():
            if len(s.revealed) > 1:
                elements = cards.marseilles()[s.revealed[-2]].elements
                log.append(
                    LogEntry.public(
                        msg(
                            "{who} reads the cards: {elements} this turn.",
                            who=who,
                            elements=element_list(elements),
                        )
                    )
                )
            else:
                log.append(
                    LogEntry.public(
                        msg("{who} reads the cards, but no earlier card lies there.", who=who)
                    )
                )
        case School():
            log.append(LogEntry.public(msg("{who} calls on the school at Starecross.", who=who)))
        case StillWaters():
            key = STILL
            m.covered.clear()
            log.append(
                LogEntry.public(
                    msg("{who} stills the waters: every action is free again.", who=who)
                )
            )
        case _:
            raise AssertionError(action)
    s.turn = replace(
        turn,
        phase="visits",
        action=key,
        # An element a spell made available before the action (Storms over the Peninsula)
        # stays available beside the action's own.
        elements=tuple(dict.fromkeys((*turn.elements, *elements))),
        roads=isinstance(action, KingsRoads),
        school=isinstance(action, School),
    )


def _take_book(
    s: StrangeNorrellState, seat: int, book: str, log: Log, verb: str, reveal: bool = True
) -> None:
    s.book_offer.remove(book)
    s.magicians[seat].books.append(book)
    who, name = seat_ref(seat), book_name(book)
    if verb == "acquire":
        log.append(LogEntry.public(msg("{who} acquires *{book}*.", who=who, book=name)))
    else:
        log.append(
            LogEntry.public(
                msg("{who} buys up the libraries and keeps *{book}*.", who=who, book=name)
            )
        )
    if reveal:
        _reveal_books(s, log)


def _reveal_books(s: StrangeNorrellState, log: Log) -> None:
    revealed = decks.refill_books(s)
    if revealed:
        names = joined((joined(("*", book_name(b), "*"), "") for b in revealed), ", ")
        log.append(LogEntry.public(msg("Revealed: {books}.", books=names)))


# ------------------------------------------------------------------------ B. visits
def move_limit(s: StrangeNorrellState, seat: int) -> int:
    """Two moves a turn, three with Post-horses."""
    return cards.board().moves_per_turn + (1 if prestige.has(s, seat, "horses") else 0)


def engagement_limit(s: StrangeNorrellState, seat: int) -> int:
    """Two social engagements a turn, three with a Fashionable Salon."""
    return cards.board().engagements_per_turn + (1 if prestige.has(s, seat, "salon") else 0)


def visit_choices(s: StrangeNorrellState, seat: int) -> list[Action]:
    """Moves and social engagements still allowed this turn."""
    turn = s.current
    m = s.magicians[seat]
    choices: list[Action] = []
    if turn.moves < move_limit(s, seat):
        if m.location is None:
            choices.append(Arrive())
        else:
            choices += [Move(p) for p in movement.destinations(m.location)]
            if turn.roads:
                choices.append(Ride())
    if turn.engagements < engagement_limit(s, seat):
        choices += [Attend(c) for c in attendable(s, seat)]
    return choices


def attendable(s: StrangeNorrellState, seat: int) -> list[str]:
    """Cards in hand at the magician's location (any card while the school is unused)."""
    m = s.magicians[seat]
    if s.current.school:
        return sorted(set(m.hand))
    engagements = cards.engagements()
    return sorted({c for c in m.hand if engagements[c].location == m.location})


def move(s: StrangeNorrellState, seat: int, location: str, log: Log, roads: bool = False) -> None:
    """One of the turn's moves."""
    m = s.magicians[seat]
    first = m.location is None
    m.location = location
    turn = s.current
    s.turn = replace(turn, moves=turn.moves + 1)
    who = seat_ref(seat)
    if first:
        log.append(
            LogEntry.public(msg("{who} arrives at {place}.", who=who, place=place_name(location)))
        )
    elif roads:
        log.append(
            LogEntry.public(
                msg("{who} rides the King's Roads to {place}.", who=who, place=place_name(location))
            )
        )
    else:
        log.append(
            LogEntry.public(msg("{who} moves to {place}.", who=who, place=place_name(location)))
        )


def attend(s: StrangeNorrellState, seat: int, card: str, log: Log) -> None:
    """Fulfil an introduction at once; an invitation waits for its reward to be chosen."""
    data = cards.engagements()[card]
    if not data.is_introduction:
        picks = min(2, decks.introductions_left(s) + len(s.feat_offer))
        if picks:
            s.steps.insert(0, Step("reward", seat, source="invitation", code=card, tokens=picks))
            return
        _spend_engagement(s, seat, card)
        log.append(
            LogEntry.public(
                msg(
                    "{who} fulfils {card}, but no introduction or feat is left to take.",
                    who=seat_ref(seat),
                    card=engagement_label(card),
                )
            )
        )
        return
    _spend_engagement(s, seat, card)
    label = engagement_label(card)
    bonus = 1 if prestige.has(s, seat, "patron") else 0
    said: Msg = (
        msg("{who} fulfils {card} (and 1 more from a patron).", who=seat_ref(seat), card=label)
        if bonus
        else msg("{who} fulfils {card}.", who=seat_ref(seat), card=label)
    )
    log.append(LogEntry.public(said))
    prestige.gain(s, seat, data.prestige + bonus, log)


def _spend_engagement(s: StrangeNorrellState, seat: int, card: str) -> None:
    m = s.magicians[seat]
    turn = s.current
    away = cards.engagements()[card].location != m.location
    m.hand.remove(card)
    decks.discard_engagement(s, card)
    s.turn = replace(turn, engagements=turn.engagements + 1, school=turn.school and not away)


def reward_choices(s: StrangeNorrellState, step: Step) -> list[Action]:
    """An invitation's picks: two introductions, two feats, or one of each (fewer when the
    decks run short); Mr Honeyfoot's: one feat."""
    offer = sorted(s.feat_offer)
    choices: list[Action] = []
    if step.source == "honeyfoot":
        return [*choices, *(Take((f,)) for f in offer)]
    intros = decks.introductions_left(s)
    if step.tokens == 1:
        if intros:
            choices.append(Take((INTRO,)))
        return [*choices, *(Take((f,)) for f in offer)]
    if intros >= 2:
        choices.append(Take((INTRO, INTRO)))
    if intros >= 1:
        choices += [Take((INTRO, f)) for f in offer]
    choices += [Take(pair) for pair in combinations(offer, 2)]
    return choices


def take_reward(s: StrangeNorrellState, seat: int, picks: tuple[str, ...], log: Log) -> None:
    """Resolve the top reward step with these picks."""
    step = s.steps.pop(0)
    m = s.magicians[seat]
    who = seat_ref(seat)
    if step.source == "invitation":
        _spend_engagement(s, seat, step.code)
        log.append(
            LogEntry.public(msg("{who} fulfils {card}.", who=who, card=engagement_label(step.code)))
        )
    drawn: list[str] = []
    for pick in picks:
        if pick == INTRO:
            card = decks.draw_introduction(s)
            if card is not None:
                drawn.append(card)
            continue
        s.feat_offer.remove(pick)
        m.feats.append(FeatInPlay(pick))
        log.append(LogEntry.public(msg("{who} takes the feat {feat}.", who=who, feat=_feat(pick))))
    if drawn:
        m.hand = sorted(m.hand + drawn)
        log.append(
            LogEntry.public(
                nmsg(
                    "{who} draws an introduction.",
                    "{who} draws {n} introductions.",
                    len(drawn),
                    who=who,
                )
            )
        )
        names = joined((engagement_label(c) for c in drawn), ", ")
        log.append(LogEntry.private(msg("You draw {cards}.", cards=names), [seat]))
    revealed = decks.refill_feats(s)
    if revealed:
        log.append(
            LogEntry.public(
                msg(
                    "New feats of magic: {feats}.",
                    feats=joined((_feat(f) for f in revealed), ", "),
                )
            )
        )


def _feat(code: str) -> Msg:
    return joined(("**", feat_label(code), "**"), "")
