"""The years: preparation, the turn order, the end of a turn, and the end of the game."""

from __future__ import annotations

from dataclasses import replace

from games.core import LogEntry, seat_ref
from games.core.words import joined, msg
from games.strange_norrell import cards, decks, prestige, scoring
from games.strange_norrell.state import Step, StrangeNorrellState, Turn
from games.strange_norrell.text import (
    book_name,
    element_list,
    engagement_label,
    name,
    plural,
)

Log = list[LogEntry]


def is_confrontation(year: int) -> bool:
    """Whether the magicians confront the fairy this year (1811, 1813, 1815, 1817)."""
    return year in cards.board().confront_years


def prepare_year(s: StrangeNorrellState, log: Log, first: bool) -> None:
    """A. move the year token, B. reveal a card of Marseilles (the fairy grows), C. rotate the
    books of magic (A and C not in the first year); then open the response window in a year
    of confrontation, or start the first turn."""
    if not first:
        s.year += 1
    card = cards.marseilles()[s.marseilles.pop()]
    s.revealed.append(card.key)
    s.fairy = min(cards.board().fairy.top, s.fairy + card.strength)
    log.append(
        LogEntry.public(
            msg(
                "**{year}.** The card of Marseilles is **{card}**: the fairy grows {growth} to "
                "strength **{strength}**; elements {elements}; {invitations} a turn.",
                year=s.year,
                card=name(card.name),
                growth=card.strength,
                strength=s.fairy,
                elements=element_list(card.elements),
                invitations=plural(card.invitations, "invitation"),
            )
        )
    )
    if not first and s.book_offer:
        gone = s.book_offer.pop(0)
        s.book_discard.append(gone)
        revealed = decks.refill_books(s)
        shown = (
            joined((joined(("*", book_name(b), "*"), "") for b in revealed), ", ")
            if revealed
            else msg("no book")
        )
        log.append(
            LogEntry.public(
                msg(
                    "*{book}* is discarded from the books; {shown} revealed.",
                    book=book_name(gone),
                    shown=shown,
                )
            )
        )
    s.played = []
    if is_confrontation(s.year):
        log.append(LogEntry.public(msg("In {year} the magicians confront the fairy.", year=s.year)))
        s.window = [seat for seat in s.order if s.magicians[seat].spells]
        if s.window:
            log.append(
                LogEntry.public(
                    msg(
                        "Before the first turn, magicians holding spells may play those allowed "
                        "outside their turn, then pass."
                    )
                )
            )
            return
    start_next_turn(s, log)


def start_next_turn(s: StrangeNorrellState, log: Log) -> None:
    """The highest magician on the prestige tracker who has not played this year plays next;
    after the last one, the next year begins (or the game ends after 1817)."""
    waiting = [seat for seat in s.order if seat not in s.played]
    if waiting:
        s.turn = Turn(waiting[0])
        log.append(LogEntry.public(msg("It is {who}'s turn.", who=seat_ref(waiting[0]))))
        return
    s.turn = None
    if s.year >= cards.board().last_year:
        end_game(s, log)
        return
    prepare_year(s, log, first=False)


def close_window(s: StrangeNorrellState, seat: int, log: Log) -> None:
    """``seat`` passes; once everyone has, the year's turns begin."""
    s.window.remove(seat)
    log.append(LogEntry.public(msg("{who} passes.", who=seat_ref(seat))))
    if not s.window:
        start_next_turn(s, log)


def end_turn(s: StrangeNorrellState, log: Log) -> None:
    """D. confront the fairy in its years; E. draw invitations, then discard to the limit."""
    turn = s.current
    seat = turn.seat
    who = seat_ref(seat)
    if is_confrontation(s.year):
        total = scoring.magicianship(s.magicians[seat])
        if total >= s.fairy:
            log.append(
                LogEntry.public(
                    msg(
                        "{who} confronts the fairy with {total} magicianship against its "
                        "strength {strength} and **defeats the gentleman with the thistle-down "
                        "hair!**",
                        who=who,
                        total=total,
                        strength=s.fairy,
                    )
                )
            )
            s.defeated_by = seat
            end_game(s, log)
            return
        log.append(LogEntry.public(msg("{who} confronts the fairy, and nothing happens.", who=who)))
    m = s.magicians[seat]
    count = cards.marseilles()[s.revealed[-1]].invitations
    count += 1 if prestige.has(s, seat, "letters") else 0
    drawn = [c for c in (decks.draw_invitation(s) for _ in range(count)) if c is not None]
    m.hand = sorted(m.hand + drawn)
    drawn_words = plural(len(drawn), "invitation")
    log.append(LogEntry.public(msg("{who} draws {cards}.", who=who, cards=drawn_words)))
    if drawn:
        names = joined((engagement_label(c) for c in drawn), ", ")
        log.append(LogEntry.private(msg("You draw {cards}.", cards=names), [seat]))
    s.turn = replace(turn, phase="tidy")
    if len(m.hand) > cards.board().hand_limit:
        s.steps.insert(0, Step("discard", seat))


def discard_to_limit(s: StrangeNorrellState, seat: int, card: str, log: Log) -> None:
    """Discard one card; another is owed while the hand is still over the limit."""
    s.steps.pop(0)
    m = s.magicians[seat]
    m.hand.remove(card)
    decks.discard_engagement(s, card)
    log.append(
        LogEntry.public(
            msg("{who} discards {card}.", who=seat_ref(seat), card=engagement_label(card))
        )
    )
    if len(m.hand) > cards.board().hand_limit:
        s.steps.insert(0, Step("discard", seat))


def finish_turn(s: StrangeNorrellState, log: Log) -> None:
    """Flip the used books face up, cover the action chosen, and pass play on."""
    turn = s.current
    m = s.magicians[turn.seat]
    if turn.action in cards.ACTIONS:
        m.covered.append(turn.action)
    s.played.append(turn.seat)
    s.turn = None
    start_next_turn(s, log)


def end_game(s: StrangeNorrellState, log: Log) -> None:
    """The game is over: the fairy was defeated, or 1817 has ended."""
    s.finished = True
    s.turn = None
    s.steps = []
    s.window = []
    if s.defeated_by is None:
        if s.difficulty == "standard":
            log.append(
                LogEntry.public(
                    msg(
                        "1817 ends and the gentleman with the thistle-down hair is undefeated: "
                        "he reigns over England. The magicians still compare their magicianship."
                    )
                )
            )
        else:
            log.append(
                LogEntry.public(
                    msg(
                        "1817 ends and the gentleman with the thistle-down hair is undefeated: "
                        "at this difficulty, every magician loses."
                    )
                )
            )
    log.append(LogEntry.public(msg("The game is over.")))
