"""A game's page as HTML: while it runs, what a spectator sees in Discord (the public
board large, whose turn it is and the clock, the story told in the thread, the players);
once it is over, the game stepped through move by move with every hand laid open, and its
export and story to download.

Everything here is drawn from the views the table itself is drawn from: the public view
(``engine.view(state, None)``) and the public log lines while the game runs, the replay's
frames (:mod:`bot.replays.replays`) once it has ended.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from bot.common.announce import public_lines
from bot.common.names import level_word
from bot.common.remembered import History
from bot.replays.replays import Frame
from bot.web.markup import Namer, esc, words
from bot.words.i18n import localize
from games.core import Board, seat_ref
from games.core.words import msg, msg_list, nmsg
from storage import OPEN_SEAT, Game

#: The page's headings and controls.
NOTHING_YET = msg("Nothing has happened yet.")
BOARD_IN_WORDS = msg("The board in words")
PLAYERS = msg("Players")
STORY_SO_FAR = msg("The story so far")
WATCH_AGAIN = msg("Watch the game again")
EVERY_HAND = msg("The board in words, every hand laid open")
DOWNLOADS = msg("Downloads")
MOVES = msg("Moves")
GO_TO_MOVE = msg("Go to move")
GO = msg("Go")


@dataclass(frozen=True, slots=True)
class Picture:
    """A board's picture on the page: its address and its alt text (plain, unescaped)."""

    src: str
    alt: str


def heading(game: Game, title: str, language: str) -> str:
    """The page's title: the game's name and number."""
    return localize(msg("{game} #{number}", game=title, number=game.id), language)


def figure(picture: Picture | None, caption: str) -> str:
    """The board's picture at full width, described for those who cannot see it."""
    if picture is None:
        return ""
    return (
        f'<figure><img src="{esc(picture.src)}" alt="{esc(picture.alt)}" loading="eager">'
        f'<figcaption class="visually-hidden">{caption}</figcaption></figure>'
    )


def board_html(board: Board, namer: Namer) -> str:
    """The board's texts (what the picture shows, in words, and what it does not)."""
    parts = [f"<p>{words(board.description, namer)}</p>"] if board.description else []
    fields = "".join(
        f"<dt>{words(f.name, namer)}</dt><dd>{words(f.value, namer) or '—'}</dd>"
        for f in board.fields
    )
    if fields:
        parts.append(f'<dl class="board">{fields}</dl>')
    if board.footer:
        parts.append(f'<p class="muted">{words(board.footer, namer)}</p>')
    return "\n".join(parts)


def turn_words(waiting: frozenset[int]) -> str:
    """Whose turn it is, in words (neutral text)."""
    seats = [seat_ref(s) for s in sorted(waiting)]
    if not seats:
        return ""
    if len(seats) == 1:
        return msg("{who} to play.", who=seats[0])
    return msg("Waiting for {who}.", who=msg_list(seats, style="unit"))


def players_html(game: Game, namer: Namer, waiting: frozenset[int]) -> str:
    """The players in seat order: each one's name, an AI's level, who is to play, who
    resigned (said in words, never by colour alone)."""
    items: list[str] = []
    resigned = game.resigned_seats()
    ordered = [s for s in game.in_seat_order() if s.seat is not None]
    for seat in ordered:
        assert seat.seat is not None
        notes: list[str] = []
        if seat.user_id is None:
            level = seat.ai_level or ""
            notes.append(
                msg("open seat")
                if level == OPEN_SEAT
                else msg("AI, {level}", level=level_word(level))
            )
        if seat.seat in resigned:
            notes.append(msg("resigned"))
        if seat.seat in waiting:
            notes.append(msg("to play"))
        said = words(seat_ref(seat.seat), namer)
        if notes:
            said += " — " + esc(localize(msg_list(notes, style="unit"), namer.language))
        items.append(f"<li>{said}</li>")
    return f'<ol class="players">{"".join(items)}</ol>'


@dataclass
class Told:
    """The story's turns already written as HTML, for one game, language and names: a turn
    that is over never changes, so a page after a move writes only the newest."""

    moves: tuple[tuple[int, str], ...] = ()
    turns: dict[tuple[int, int], str] = field(default_factory=dict)

    def still_holds(self, history: History) -> bool:
        """Whether the turns kept belong to this history (a take-back changes the moves)."""
        return history.moves[: len(self.moves)] == self.moves


def story_html(history: History, last: int, namer: Namer, told: Told | None = None) -> str:
    """The public log lines up to version ``last``, grouped by turn as the thread tells
    them: a turn runs to the next post (someone new to play, or the end). ``told``: the
    turns written before, kept and added to."""
    told = told if told is not None and told.still_holds(history) else Told()
    groups: list[tuple[int, int]] = []
    start = 1
    for version in range(1, last + 1):
        if history.is_post(version) or version == last:
            groups.append((start, version))
            start = version + 1
    sections: list[str] = []
    for number, (first, end) in enumerate(groups, start=1):
        kept = told.turns.get((first, end))
        if kept is None:
            kept = _turn_html(history, number, first, end, namer)
            if history.is_post(end):  # a turn still going on may yet grow
                told.turns[(first, end)] = kept
        if kept:
            sections.append(kept)
    told.moves = history.moves[:last]
    if not sections:
        return f"<p>{esc(localize(NOTHING_YET, namer.language))}</p>"
    return '<div class="story">' + "\n".join(sections) + "</div>"


def _turn_html(history: History, number: int, first: int, end: int, namer: Namer) -> str:
    """One turn of the story: its public lines under a heading naming who moved."""
    lines = [
        line
        for v in range(max(first, history.first + 1), end + 1)
        for line in public_lines(history.moments[v].log)
    ]
    if not lines:
        return ""
    movers = sorted(
        {m for v in range(first, end + 1) if (m := history.moments[v].mover) is not None}
    )
    head = msg("Turn {number}", number=number)
    if movers:
        head = msg(
            "Turn {number}: {who}",
            number=number,
            who=msg_list([seat_ref(s) for s in movers], style="unit"),
        )
    items = "".join(f"<li>{words(line, namer)}</li>" for line in lines)
    return f"<section><h3>{words(head, namer)}</h3><ol>{items}</ol></section>"


def running_body(
    game: Game,
    title: str,
    history: History,
    namer: Namer,
    *,
    board: Board,
    picture: Picture | None,
    deadline: str,
    told: Told | None = None,
) -> str:
    """A running game's page, as a spectator in Discord sees the game (``told``: the
    story's turns written for an earlier version of this page)."""
    language = namer.language
    moment = history.moments[-1]
    last = len(history.moments) - 1
    status = " ".join(
        part for part in (words(turn_words(moment.waiting), namer), words(deadline, namer)) if part
    )
    said = nmsg("{n} move so far.", "{n} moves so far.", last)
    live = msg("This page follows the game: it changes by itself when someone moves.")
    return "\n".join(
        [
            f"<h1>{esc(heading(game, title, language))}</h1>",
            f'<p class="status" role="status">{status} {esc(localize(said, language))}</p>',
            f'<p class="live muted">{esc(localize(live, language))}</p>',
            figure(picture, esc(localize(msg("The board"), language))),
            f"<h2>{esc(localize(BOARD_IN_WORDS, language))}</h2>",
            board_html(board, namer),
            f"<h2>{esc(localize(PLAYERS, language))}</h2>",
            players_html(game, namer, moment.waiting),
            f"<h2>{esc(localize(STORY_SO_FAR, language))}</h2>",
            story_html(history, last, namer, told),
        ]
    )


def finished_body(
    game: Game,
    title: str,
    frame: Frame,
    namer: Namer,
    *,
    picture: Picture | None,
    downloads: Sequence[tuple[str, str]],
) -> str:
    """An ended game's page: the replay at ``frame`` (every hand laid open), stepped
    through with links and a form that work from the keyboard, and the downloads."""
    language = namer.language

    def say(text: str) -> str:
        return esc(localize(text, language))

    number, last = frame.move, frame.last
    ending = f'<div class="status">{words(frame.ending, namer)}</div>' if frame.ending else ""
    at = (
        msg("The deal (move 0 of {last}).", last=last)
        if number == 0
        else msg("After move {number} of {last}.", number=number, last=last)
    )
    mover = (
        ""
        if frame.mover is None
        else words(msg("Move by {who}.", who=seat_ref(frame.mover)), namer)
    )
    lines = "".join(f"<li>{words(line, namer)}</li>" for line in frame.lines)
    told = f"<ul>{lines}</ul>" if lines else ""
    nav = steps(number, last, say)
    links = "".join(
        f'<a href="{esc(href)}" download>{say(label)}</a> ' for label, href in downloads
    )
    return "\n".join(
        [
            f"<h1>{esc(heading(game, title, language))}</h1>",
            ending,
            f'<h2 id="replay">{say(WATCH_AGAIN)}</h2>',
            f'<p role="status">{say(at)} {mover}</p>',
            nav,
            told,
            figure(picture, say(at)),
            f"<h2>{say(EVERY_HAND)}</h2>",
            board_html(frame.board, namer),
            f"<h2>{say(PLAYERS)}</h2>",
            players_html(game, namer, frozenset()),
            f"<h2>{say(DOWNLOADS)}</h2>",
            f'<p class="downloads">{links}</p>',
        ]
    )


def steps(number: int, last: int, say: object) -> str:
    """First, back, forward and last as links, and a move number to go to: each a control
    the keyboard reaches, named in words."""
    assert callable(say)

    def link(label: str, to: int, key: str, off: bool) -> str:
        if off:
            return f'<a aria-disabled="true" role="link">{say(label)}</a>'
        return f'<a href="?move={to}#replay" accesskey="{key}">{say(label)}</a>'

    return (
        f'<nav class="steps" aria-label="{say(MOVES)}">'
        + link(msg("First: the deal"), 0, "h", number == 0)
        + link(msg("◀ Back"), number - 1, "j", number == 0)
        + link(msg("Forward ▶"), number + 1, "k", number >= last)
        + link(msg("Last: the end"), last, "l", number >= last)
        + '<form method="get" action="#replay">'
        f'<label for="move">{say(GO_TO_MOVE)}</label> '
        f'<input id="move" name="move" type="number" min="0" max="{last}" value="{number}"> '
        f'<button type="submit">{say(GO)}</button></form></nav>'
    )
