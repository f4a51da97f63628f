"""A view as a platform-neutral board: the text shown under the picture.

The picture (``picture.py``) is the table at a glance: whose turn, the years and the fairy's
strength, each magician's prestige, feats completed and cards in hand, the map with the
magicians on it, and the viewer's hand and magicianship. This board says in words what is
happening and what the viewer decides now, and carries the details the picture leaves out:
the year's card of Marseilles, the books, feats and named connexions on offer, each
magician's feats in play, books, connexions and covered actions, the turn's elements and
limits, and the scores itemized. It keeps prestige, places and the viewer's cards so that a
game can be played from the text alone when no picture is shown, but not the counts of cards,
spells and completed feats that the picture shows beside each magician.
"""

from __future__ import annotations

from collections import Counter

from games.core import FINAL_SCORES, HANDS_REVEALED, Board, BoardField, seat_ref
from games.core.board import MAX_FIELD_VALUE
from games.core.words import Msg, joined, msg, pmsg
from games.strange_norrell import cards, catalogue
from games.strange_norrell.scoring import ScoreLine
from games.strange_norrell.state import STILL
from games.strange_norrell.text import (
    action_name,
    book_effect,
    book_label,
    book_name,
    connexion_name,
    element_list,
    element_word,
    engagement_list,
    feat_label,
    feat_name,
    name,
    none,
    place_name,
    plural,
    short_card,
    space_name,
    spell_name,
    tokens,
)
from games.strange_norrell.view import FeatView, MagicianView, PendingView, StrangeNorrellView

TITLE = "Jonathan Strange & Mr Norrell"
FAIRY, CARD, PIN, DONE, NOW = "🧚", "🃏", "📍", "✓", "▶"
#: Characters a terse board gives one magician's feats and books, so a field stays in bounds.
FEATS_ROOM, BOOKS_ROOM = 520, 180


def _waiting(kind: str, who: str) -> Msg:
    return {
        "place": msg("{who} is placing element tokens.", who=who),
        "reward": msg("{who} is choosing what an invitation brings.", who=who),
        "connexion": msg("{who} gains a connexion and chooses which.", who=who),
        "destination": msg("{who} chooses where to go.", who=who),
        "uncover": msg("{who} chooses an action disc to return to the basin.", who=who),
        "conjure": msg("{who} chooses an element to conjure.", who=who),
        "discard": msg("{who} discards down to five social engagements.", who=who),
        "spell": msg("{who} is casting a spell.", who=who),
    }[kind]


#: What the viewer decides, in words: the choices themselves are listed by `/play` (and its
#: buttons) from the legal moves, so a hint never names a move that is not open. Whether
#: `back` is open depends on where the decision came from (see ``_back``).
def _hint(kind: str) -> Msg:
    return {
        "reward": msg("choose what it brings (`/play` lists the choices)"),
        "connexion": msg("choose an empty connexion space, or a named connexion on offer"),
        "destination": msg("choose where to go"),
        "uncover": msg("choose an action disc to return to the basin"),
        "conjure": msg("choose an element to conjure"),
        "discard": msg("discard down to five social engagements"),
    }[kind]


#: Decisions that cannot be taken back, by kind and, where it matters, by their source.
_NO_BACK = {("connexion", ""), ("discard", ""), ("place", "connexion"), ("reward", "honeyfoot")}


def _phase(phase: str, who: str) -> Msg:
    return {
        "choose": msg(
            "{who}'s turn: choose an action or still the waters (spells may come first).",
            who=who,
        ),
        "visits": msg(
            "{who}'s turn: visits (moves and social engagements), magic and spells.", who=who
        ),
        "magic": msg("{who}'s turn: doing magic.", who=who),
        "tidy": msg("{who} is tidying up.", who=who),
    }[phase]


def describe(view: StrangeNorrellView) -> Board:
    """The table for everyone, plus the viewer's cards and decisions when the view is a
    seat's. A crowded table is drawn again more tersely so that it fits a board's limits."""
    board = _board(view, compact=False)
    return _board(view, compact=True) if board.limit_problems() else board


def _board(view: StrangeNorrellView, compact: bool) -> Board:
    fields = [
        BoardField(name=msg("The year"), value=_year(view), pictured=True),
        BoardField(name=msg("Prestige (turn order)"), value=_prestige(view), pictured=True),
        BoardField(name=msg("Books of magic"), value=_books(view)),
        BoardField(name=msg("Feats of magic"), value=_feat_offer(view)),
        BoardField(name=pmsg("field", "Connexions"), value=_connexions(view, compact)),
    ]
    fields += [_magician_field(view, m, compact) for m in view.magicians]
    if view.turn is not None:
        fields.append(BoardField(name=msg("This turn"), value=_this_turn(view)))
    if view.hand is not None:
        fields.append(
            BoardField(name=msg("Your hand"), value=engagement_list(view.hand), pictured=True)
        )
    if view.spells is not None:
        fields.append(BoardField(name=msg("Your spells"), value=_spells(view.spells)))
    if view.completed:
        fields.append(
            BoardField(
                name=msg("Your completed feats"),
                value=joined((feat_label(f) for f in view.completed), ", "),
            )
        )
    if view.my_score is not None and not view.finished:
        fields.append(BoardField(name=msg("Your magicianship"), value=_score(view.my_score)))
    revealed = revealed_text(view)
    if revealed:
        fields.append(BoardField(name=HANDS_REVEALED, value=revealed, pictured=True))
    if view.scores is not None:
        fields.append(BoardField(name=FINAL_SCORES, value=_final(view)))
    return Board(
        title=_title(view),
        description=_status(view),
        fields=tuple(fields),
        footer=_footer(view),
    )


def _title(view: StrangeNorrellView) -> str:
    if view.finished:
        return joined((_game(), msg("game over")), " · ")
    return joined((_game(), str(view.year)), " · ")


def _game() -> Msg:
    """The game's published name in the reader's language."""
    return msg("Jonathan Strange & Mr Norrell")


def _status(view: StrangeNorrellView) -> str:
    if view.finished:
        return _result(view)
    if view.window:
        who = ", ".join(seat_ref(s) for s in view.window)
        line = msg(
            "Before the turns of {year}: {who} may play spells allowed outside their turn, "
            "then pass.",
            year=view.year,
            who=who,
        )
        if view.viewer in view.window:
            return joined(
                (
                    line,
                    msg("**Your decision:** cast a spell allowed outside your turn, or `pass`."),
                ),
                "\n",
            )
        return line
    if view.pending is not None:
        pending = view.pending
        line = _waiting(pending.kind, seat_ref(pending.seat))
        if view.viewer == pending.seat:
            return joined((line, _your_decision(pending)), "\n")
        return line
    assert view.turn is not None
    line = _phase(view.turn.phase, seat_ref(view.turn.seat))
    if view.viewer == view.turn.seat:
        return joined((line, msg("**Your move.**")), "\n")
    return line


def _your_decision(pending: PendingView) -> Msg:
    if pending.kind != "place":
        what = _hint(pending.kind)
    elif pending.source == "book" and not pending.card:
        what = msg("choose the card the book discards")
    elif not pending.element:
        what = msg("choose the token's element")
    else:
        what = msg("choose the feat for the {element} token", element=element_word(pending.element))
    way = _back(pending)
    if way == "stay":
        return msg("**Your decision:** {what}, or `stay`.", what=what)
    if way == "back":
        return msg("**Your decision:** {what}, or `back`.", what=what)
    return msg("**Your decision:** {what}.", what=what)


def _back(pending: PendingView) -> str:
    """How the decision can be left: `stay` for the Coachman, else `back` where it is open."""
    if pending.kind == "destination" and pending.source == "coachman":
        return "stay"
    if (pending.kind, "") in _NO_BACK or (pending.kind, pending.source) in _NO_BACK:
        return ""
    return "back"


def _result(view: StrangeNorrellView) -> str:
    if view.defeated_by is not None:
        return msg(
            "{who} defeated the gentleman with the thistle-down hair. The greatest "
            "magicianship wins; ties go to prestige, then the disc on top.",
            who=seat_ref(view.defeated_by),
        )
    if view.everyone_loses:
        return msg(
            "The gentleman with the thistle-down hair was never defeated: at this difficulty, "
            "every magician loses."
        )
    return msg(
        "The gentleman with the thistle-down hair reigns undefeated; the magicians compare "
        "their magicianship all the same."
    )


def _year(view: StrangeNorrellView) -> str:
    card = cards.marseilles()[view.marseilles]
    years = cards.board().confront_years
    when = (
        msg("**this year**")
        if view.confrontation
        else msg("in {years}", years=", ".join(str(y) for y in years))
    )
    lines = [
        msg(
            "{symbol} **{card}** (strength {strength}): {elements} · {invitations} a turn",
            symbol=CARD,
            card=name(card.name),
            strength=card.strength,
            elements=element_list(card.elements),
            invitations=plural(card.invitations, "invitation"),
        ),
        msg(
            "{symbol} Fairy strength **{strength}** · confronted {when} (a magician whose "
            "magicianship reaches its strength then defeats it and ends the game)",
            symbol=FAIRY,
            strength=view.fairy,
            when=when,
        ),
    ]
    if view.earlier_cards:
        earlier = joined((name(cards.marseilles()[c].name) for c in view.earlier_cards), ", ")
        lines.append(msg("Earlier: {cards}", cards=earlier))
    if view.difficulty == "experienced":
        lines.append(msg("Difficulty: experienced (all lose if the fairy is undefeated)"))
    elif view.difficulty == "foolhardy":
        lines.append(msg("Difficulty: foolhardy (all lose if the fairy is undefeated)"))
    return joined(lines, "\n")


def _prestige(view: StrangeNorrellView) -> str:
    lines: list[str] = []
    for seat in view.order:
        m = view.magicians[seat]
        mark = f" {NOW}" if view.turn is not None and view.turn.seat == seat else ""
        mark += f" {DONE}" if m.played and not view.finished else ""
        lines.append(f"`{m.prestige:>2}` {seat_ref(seat)}{mark}")
    marks = ", ".join(str(n) for n in cards.board().prestige.connexion_spaces)
    lines.append(msg("Reaching {marks} gains a connexion (a lasting ability)", marks=marks))
    return joined(lines, "\n")


def _books(view: StrangeNorrellView) -> str:
    if not view.book_offer:
        return msg("none left")
    lines: list[str] = [book_label(b) for b in view.book_offer]
    lines[0] = msg("{book} (discarded next)", book=lines[0])
    return joined(lines, "\n")


def _feat_offer(view: StrangeNorrellView) -> str:
    lines: list[str] = [feat_label(f) for f in view.feat_offer]
    lines.append(msg("Deck: {feats}", feats=plural(view.feats_left, "feat")))
    return joined(lines, "\n")


def _connexions(view: StrangeNorrellView, compact: bool) -> str:
    """What gaining a connexion gives: the four spaces of a magician board and their lasting
    abilities (on a crowded table, only for a viewer choosing one), then the named connexions
    on offer."""
    marks = ", ".join(str(n) for n in cards.board().prestige.connexion_spaces)
    lines: list[str] = [
        msg(
            "Reaching or passing {marks} on the prestige tracker gains one: a disc on an empty "
            "space of your board gives its ability for the rest of the game, or a named "
            "connexion on offer gives its effect now and fills its space.",
            marks=marks,
        )
    ]
    pending = view.pending
    choosing = pending is not None and pending.kind == "connexion" and pending.seat == view.viewer
    if not compact or choosing:
        lines += [
            joined(("**", name(space.name), "**: ", name(space.text)), "")
            for space in cards.board().connexion_spaces
        ]
    offer = [
        joined(
            (
                "**",
                connexion_name(code),
                "** (",
                space_name(data.space),
                "): ",
                name(data.text),
            ),
            "",
        )
        for code in view.connexion_offer
        for data in (cards.connexions()[code],)
    ]
    if offer:
        lines += [msg("Named connexions on offer:"), *offer]
    else:
        lines += [msg("Named connexions: none left")]
    return joined(lines, "\n")


def _magician_field(view: StrangeNorrellView, m: MagicianView, compact: bool) -> BoardField:
    data = cards.magicians()[m.board]
    marks = f" {NOW}" if m.seat in view.to_act and not view.finished else ""
    title = joined((seat_ref(m.seat), " · ", name(data.name), marks), "")
    mine = m.seat == view.viewer
    feats = [_feat_in_play(f, compact=compact) for f in m.feats]
    books = [_book(b, mine, compact) for b in m.books]
    lines: list[str] = [
        msg(
            "{pin} {place} · {invitations}, {introductions} in hand",
            pin=PIN,
            place=place_name(m.location),
            invitations=plural(m.invitations, "invitation"),
            introductions=plural(m.introductions, "introduction"),
        ),
        msg(
            "Feats: {feats}",
            feats=_within(feats, "; ", FEATS_ROOM) if compact else joined(feats, "; ") or none(),
        ),
    ]
    if books:
        lines.append(
            msg(
                "Books: {books}",
                books=_within(books, ", ", BOOKS_ROOM) if compact else joined(books, ", "),
            )
        )
    if m.connexions:
        held = [_connexion(space, named, mine, compact) for space, named in m.connexions]
        sep = "; " if mine or not compact else ", "
        lines.append(msg("Connexions: {connexions}", connexions=joined(held, sep)))
    if m.pupil and m.magic_spells:
        lines.append(
            msg(
                "Has a pupil and {spells} of magicianship played",
                spells=plural(m.magic_spells, "spell"),
            )
        )
    elif m.pupil:
        lines.append(msg("Has a pupil"))
    elif m.magic_spells:
        lines.append(
            msg("Has {spells} of magicianship played", spells=plural(m.magic_spells, "spell"))
        )
    if m.covered:
        covered = [_action_name(a, m.board) for a in m.covered]
        lines.append(msg("Covered: {actions}", actions=joined(covered, ", ")))
    unique = catalogue.short_of(data.unique)
    if compact and not mine:
        lines.append(msg("Unique: {action}", action=name(data.unique_name)))
    else:
        lines.append(
            msg("Unique: {action} — {effect}", action=name(data.unique_name), effect=unique)
        )
    return BoardField(name=title, value=joined(lines, "\n"), inline=False)


def _within(items: list[str], separator: str, room: int) -> Msg:
    """As many items as fit in ``room`` characters, then how many more there are."""
    shown: list[str] = []
    for i, item in enumerate(items):
        rest = len(items) - i
        if len(separator.join([*shown, item, f"… +{rest}"])) > room:
            return joined([*shown, msg("… +{rest} more", rest=rest)], separator)
        shown.append(item)
    return joined(shown, separator) if shown else none()


def _feat_in_play(feat: FeatView, compact: bool) -> str:
    """A feat by its name, with the tokens it needs and those placed on it (a crowded
    table: by its tokens alone)."""
    data = cards.feats()[feat.feat]
    needs = tokens(data.elements)
    if not compact:
        needs = joined((feat_name(feat.feat), needs), " ")
    if feat.tokens:
        return msg("{feat} has {tokens}", feat=needs, tokens=tokens(feat.tokens))
    return needs


def _book(code: str, mine: bool, compact: bool) -> str:
    """A book by its name, with what it does; a crowded table keeps only what the viewer's
    own books do and the names of others'."""
    if compact:
        return book_effect(code) if mine else book_name(code)
    return book_label(code)


def _connexion(space: str, named: str, mine: bool, compact: bool) -> str:
    """A connexion space held, with its ability (a crowded table: others' by name only)."""
    label = space_name(space)
    if compact and not mine:
        return label
    held = joined((label, " (", connexion_name(named), ")"), "") if named else label
    return held if compact else joined((held, catalogue.short_of(space)), ": ")


def revealed_lines(m: MagicianView) -> list[str]:
    """What a magician held once the game is over, in short words: cards in hand, spells,
    completed feats (nothing before the end: they are secret while the game runs)."""
    if m.held is None:
        return []
    hand = [short_card(code) for code in m.held]
    spells = [spell_name(code) for code in m.held_spells or ()]
    feats = [feat_name(code) for code in m.completed_feats or ()]
    return [
        msg("hand: {cards}", cards=joined(hand, ", ") if hand else none()),
        msg("spells: {spells}", spells=joined(spells, ", ") if spells else none()),
        msg("feats: {feats}", feats=joined(feats, ", ") if feats else none()),
    ]


def revealed_text(view: StrangeNorrellView) -> str:
    """Every magician's hand, spells and completed feats once the game is over."""
    blocks = [
        joined((seat_ref(m.seat), joined(lines, "; ")), " — ")
        for m in view.magicians
        if (lines := revealed_lines(m))
    ]
    share = MAX_FIELD_VALUE // max(1, len(blocks)) - 1
    return joined((b if len(b) <= share else b[: share - 1] + "…" for b in blocks), "\n")


def _spells(spells: tuple[str, ...]) -> str:
    """The viewer's spells, each with what it does."""
    if not spells:
        return none()
    lines = []
    for code, count in Counter(spells).items():
        times = f"{count}× " if count > 1 else ""
        effect = catalogue.short_of(code)
        lines.append(joined((times, "**", spell_name(code), "**: ", effect), ""))
    return joined(lines, "\n")


def _action_name(action: str, board: str) -> Msg:
    if action == "unique":
        return name(cards.magicians()[board].unique_name)
    return action_name(action)


def _this_turn(view: StrangeNorrellView) -> str:
    turn = view.turn
    assert turn is not None
    board = view.magicians[turn.seat].board
    if not turn.action:
        action = msg("not chosen yet")
    elif turn.action == STILL:
        action = msg("stilled the waters")
    else:
        action = _action_name(turn.action, board)
    lines = [
        msg("Action: {action}", action=action),
        msg("Elements for magic: {elements}", elements=element_list(turn.available)),
        msg(
            "Moves {moves}/{move_limit} · engagements {engagements}/{engagement_limit}",
            moves=turn.moves,
            move_limit=turn.move_limit,
            engagements=turn.engagements,
            engagement_limit=turn.engagement_limit,
        ),
    ]
    if turn.roads:
        lines.append(msg("The King's Roads are still open."))
    if turn.school:
        lines.append(msg("The school may still fulfil one engagement anywhere."))
    if turn.used_books:
        used = joined((book_name(b) for b in turn.used_books), ", ")
        lines.append(msg("Books used: {books}", books=used))
    return joined(lines, "\n")


def _score(line: ScoreLine) -> str:
    parts = [
        msg("feats {points} ({completed})", points=line.feats, completed=line.feats_completed),
        msg("books {points}", points=line.books),
    ]
    if line.pupil:
        parts.append(msg("pupil {points}", points=line.pupil))
    if line.spells:
        parts.append(msg("spells {points}", points=line.spells))
    return joined((f"**{line.total}**", joined(parts, ", ")), " = ")


def _final(view: StrangeNorrellView) -> str:
    assert view.scores is not None
    rank = {seat: i for i, seat in enumerate(view.order)}
    ordered = sorted(view.scores, key=lambda line: (-line.total, rank[line.seat]))
    lines = [
        msg(
            "{who}: {score} · prestige {prestige}",
            who=seat_ref(line.seat),
            score=_score(line),
            prestige=line.prestige,
        )
        for line in ordered
    ]
    if view.everyone_loses:
        lines.append(msg("Every magician loses: the fairy was never defeated."))
    return joined(lines, "\n")


def _footer(view: StrangeNorrellView) -> str:
    """One current hint, or what magicianship is: never a list of every command."""
    if view.finished:
        return msg("Thanks for playing {game}.", game=_game())
    if view.viewer is not None and view.viewer in view.to_act:
        if view.pending is None and view.turn is not None and view.turn.seat == view.viewer:
            if view.turn.phase == "choose":
                return msg(
                    "Your turn: choose an action (spells may come first); `/play` suggests "
                    "every move you may make."
                )
            return msg("Your turn: `/play` suggests every move you may make now.")
        return msg("`/play` suggests every choice you may make now.")
    return msg(
        "Magicianship: completed feats, books, a pupil and spells of magicianship; "
        "the greatest wins."
    )
