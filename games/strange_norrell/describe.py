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
from games.strange_norrell import cards, catalogue
from games.strange_norrell.scoring import ScoreLine
from games.strange_norrell.state import STILL
from games.strange_norrell.text import (
    book_effect,
    book_label,
    element_list,
    engagement_list,
    feat_label,
    place_name,
    plural,
    short_card,
    spell_name,
    tokens,
)
from games.strange_norrell.view import FeatView, MagicianView, PendingView, StrangeNorrellView

TITLE = "Jonathan Strange & Mr Norrell"
FAIRY, CARD, PIN, DONE, NOW = "🧚", "🃏", "📍", "✓", "▶"
#: Characters a terse board gives one magician's feats and books, so a field stays in bounds.
FEATS_ROOM, BOOKS_ROOM = 520, 180

_WAITING = {
    "place": "{who} is placing element tokens.",
    "reward": "{who} is choosing what an invitation brings.",
    "connexion": "{who} gains a connexion and chooses which.",
    "destination": "{who} chooses where to go.",
    "uncover": "{who} chooses an action disc to return to the basin.",
    "conjure": "{who} chooses an element to conjure.",
    "discard": "{who} discards down to five social engagements.",
    "spell": "{who} is casting a spell.",
}

#: What the viewer decides, in words: the choices themselves are listed by `/play` (and its
#: buttons) from the legal moves, so a hint never names a move that is not open. Whether
#: `back` is open depends on where the decision came from (see ``_back``).
_HINTS = {
    "reward": "choose what it brings (`/play` lists the choices)",
    "connexion": "choose an empty connexion space, or a named connexion on offer",
    "destination": "choose where to go",
    "uncover": "choose an action disc to return to the basin",
    "conjure": "choose an element to conjure",
    "discard": "discard down to five social engagements",
}

#: Decisions that cannot be taken back, by kind and, where it matters, by their source.
_NO_BACK = {("connexion", ""), ("discard", ""), ("place", "connexion"), ("reward", "honeyfoot")}

_PHASES = {
    "choose": "{who}'s turn: choose an action or still the waters (spells may come first).",
    "visits": "{who}'s turn: visits (moves and social engagements), magic and spells.",
    "magic": "{who}'s turn: doing magic.",
    "tidy": "{who} is tidying up.",
}


def describe(view: StrangeNorrellView) -> Board:
    """The table for everyone, plus the viewer's cards and decisions when the view is a
    seat's. A crowded table is drawn again more tersely so that it fits a board's limits."""
    board = _board(view, compact=False)
    return _board(view, compact=True) if board.limit_problems() else board


def _board(view: StrangeNorrellView, compact: bool) -> Board:
    fields = [
        BoardField(name="The year", value=_year(view), pictured=True),
        BoardField(name="Prestige (turn order)", value=_prestige(view), pictured=True),
        BoardField(name="Books of magic", value=_books(view)),
        BoardField(name="Feats of magic", value=_feat_offer(view)),
        BoardField(name="Connexions", value=_connexions(view, compact)),
    ]
    fields += [_magician_field(view, m, compact) for m in view.magicians]
    if view.turn is not None:
        fields.append(BoardField(name="This turn", value=_this_turn(view)))
    if view.hand is not None:
        fields.append(BoardField(name="Your hand", value=engagement_list(view.hand), pictured=True))
    if view.spells is not None:
        fields.append(BoardField(name="Your spells", value=_spells(view.spells)))
    if view.completed:
        fields.append(
            BoardField(
                name="Your completed feats", value=", ".join(feat_label(f) for f in view.completed)
            )
        )
    if view.my_score is not None and not view.finished:
        fields.append(BoardField(name="Your magicianship", value=_score(view.my_score)))
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
        return f"{TITLE} · game over"
    return f"{TITLE} · {view.year}"


def _status(view: StrangeNorrellView) -> str:
    if view.finished:
        return _result(view)
    if view.window:
        who = ", ".join(seat_ref(s) for s in view.window)
        line = (
            f"Before the turns of {view.year}: {who} may play spells allowed outside their turn, "
            "then pass."
        )
        if view.viewer in view.window:
            line += "\n**Your decision:** cast a spell allowed outside your turn, or `pass`."
        return line
    if view.pending is not None:
        pending = view.pending
        line = _WAITING[pending.kind].format(who=seat_ref(pending.seat))
        if view.viewer == pending.seat:
            line += "\n" + _your_decision(pending)
        return line
    assert view.turn is not None
    line = _PHASES[view.turn.phase].format(who=seat_ref(view.turn.seat))
    if view.viewer == view.turn.seat:
        line += "\n**Your move.**"
    return line


def _your_decision(pending: PendingView) -> str:
    if pending.kind != "place":
        what = _HINTS[pending.kind]
    elif pending.source == "book" and not pending.card:
        what = "choose the card the book discards"
    elif not pending.element:
        what = "choose the token's element"
    else:
        what = f"choose the feat for the {pending.element} token"
    return f"**Your decision:** {what}{_back(pending)}."


def _back(pending: PendingView) -> str:
    """How the decision can be left: `stay` for the Coachman, else `back` where it is open."""
    if pending.kind == "destination" and pending.source == "coachman":
        return ", or `stay`"
    if (pending.kind, "") in _NO_BACK or (pending.kind, pending.source) in _NO_BACK:
        return ""
    return ", or `back`"


def _result(view: StrangeNorrellView) -> str:
    if view.defeated_by is not None:
        return (
            f"{seat_ref(view.defeated_by)} defeated the gentleman with the thistle-down hair. "
            "The greatest magicianship wins; ties go to prestige, then the disc on top."
        )
    if view.everyone_loses:
        return (
            "The gentleman with the thistle-down hair was never defeated: at this difficulty, "
            "every magician loses."
        )
    return (
        "The gentleman with the thistle-down hair reigns undefeated; the magicians compare "
        "their magicianship all the same."
    )


def _year(view: StrangeNorrellView) -> str:
    card = cards.marseilles()[view.marseilles]
    years = cards.board().confront_years
    when = "**this year**" if view.confrontation else "in " + ", ".join(str(y) for y in years)
    lines = [
        f"{CARD} **{card.name}** (strength {card.strength}): {element_list(card.elements)}"
        f" · {plural(card.invitations, 'invitation')} a turn",
        f"{FAIRY} Fairy strength **{view.fairy}** · confronted {when} (a magician whose "
        "magicianship reaches its strength then defeats it and ends the game)",
    ]
    if view.earlier_cards:
        earlier = ", ".join(cards.marseilles()[c].name for c in view.earlier_cards)
        lines.append(f"Earlier: {earlier}")
    if view.difficulty != "standard":
        lines.append(f"Difficulty: {view.difficulty} (all lose if the fairy is undefeated)")
    return "\n".join(lines)


def _prestige(view: StrangeNorrellView) -> str:
    lines = []
    for seat in view.order:
        m = view.magicians[seat]
        mark = f" {NOW}" if view.turn is not None and view.turn.seat == seat else ""
        mark += f" {DONE}" if m.played and not view.finished else ""
        lines.append(f"`{m.prestige:>2}` {seat_ref(seat)}{mark}")
    marks = ", ".join(str(n) for n in cards.board().prestige.connexion_spaces)
    lines.append(f"Reaching {marks} gains a connexion (a lasting ability)")
    return "\n".join(lines)


def _books(view: StrangeNorrellView) -> str:
    if not view.book_offer:
        return "none left"
    lines = [book_label(b) for b in view.book_offer]
    lines[0] += " (discarded next)"
    return "\n".join(lines)


def _feat_offer(view: StrangeNorrellView) -> str:
    lines = [feat_label(f) for f in view.feat_offer]
    lines.append(f"Deck: {plural(view.feats_left, 'feat')}")
    return "\n".join(lines)


def _connexions(view: StrangeNorrellView, compact: bool) -> str:
    """What gaining a connexion gives: the four spaces of a magician board and their lasting
    abilities (on a crowded table, only for a viewer choosing one), then the named connexions
    on offer."""
    marks = ", ".join(str(n) for n in cards.board().prestige.connexion_spaces)
    lines = [
        f"Reaching or passing {marks} on the prestige tracker gains one: a disc on an empty "
        "space of your board gives its ability for the rest of the game, or a named connexion "
        "on offer gives its effect now and fills its space."
    ]
    pending = view.pending
    choosing = pending is not None and pending.kind == "connexion" and pending.seat == view.viewer
    if not compact or choosing:
        lines += [f"**{space.name}**: {space.text}" for space in cards.board().connexion_spaces]
    offer = [
        f"**{data.name}** ({cards.spaces()[data.space].name}): {data.text}"
        for code in view.connexion_offer
        for data in (cards.connexions()[code],)
    ]
    lines += ["Named connexions on offer:", *offer] if offer else ["Named connexions: none left"]
    return "\n".join(lines)


def _magician_field(view: StrangeNorrellView, m: MagicianView, compact: bool) -> BoardField:
    data = cards.magicians()[m.board]
    marks = f" {NOW}" if m.seat in view.to_act and not view.finished else ""
    name = f"{seat_ref(m.seat)} · {data.name}{marks}"
    mine = m.seat == view.viewer
    feats = [_feat_in_play(f, compact=compact) for f in m.feats]
    books = [_book(b, mine, compact) for b in m.books]
    lines = [
        f"{PIN} {place_name(m.location)} · {plural(m.invitations, 'invitation')}, "
        f"{plural(m.introductions, 'introduction')} in hand",
        "Feats: " + (_within(feats, "; ", FEATS_ROOM) if compact else "; ".join(feats) or "none"),
    ]
    if books:
        lines.append(
            "Books: " + (_within(books, ", ", BOOKS_ROOM) if compact else ", ".join(books))
        )
    if m.connexions:
        held = [_connexion(space, named, mine, compact) for space, named in m.connexions]
        lines.append("Connexions: " + ("; " if mine or not compact else ", ").join(held))
    extras = []
    if m.pupil:
        extras.append("a pupil")
    if m.magic_spells:
        extras.append(f"{plural(m.magic_spells, 'spell')} of magicianship played")
    if extras:
        lines.append("Has " + " and ".join(extras))
    if m.covered:
        covered = [_action_name(a, m.board) for a in m.covered]
        lines.append("Covered: " + ", ".join(covered))
    unique = catalogue.short_of(data.unique)
    lines.append(f"Unique: {data.unique_name}" + ("" if compact and not mine else f" — {unique}"))
    return BoardField(name=name, value="\n".join(lines), inline=False)


def _within(items: list[str], separator: str, room: int) -> str:
    """As many items as fit in ``room`` characters, then how many more there are."""
    shown: list[str] = []
    for i, item in enumerate(items):
        rest = len(items) - i
        if len(separator.join([*shown, item, f"… +{rest}"])) > room:
            return separator.join([*shown, f"… +{rest} more"])
        shown.append(item)
    return separator.join(shown) or "none"


def _feat_in_play(feat: FeatView, compact: bool) -> str:
    """A feat by its name, with the tokens it needs and those placed on it (a crowded
    table: by its tokens alone)."""
    data = cards.feats()[feat.feat]
    placed = f" has {tokens(feat.tokens)}" if feat.tokens else ""
    if compact:
        return f"{tokens(data.elements)}{placed}"
    return f"{data.name} {tokens(data.elements)}{placed}"


def _book(code: str, mine: bool, compact: bool) -> str:
    """A book by its name, with what it does; a crowded table keeps only what the viewer's
    own books do and the names of others'."""
    if compact:
        return book_effect(code) if mine else cards.books()[code].name
    return book_label(code)


def _connexion(space: str, named: str, mine: bool, compact: bool) -> str:
    """A connexion space held, with its ability (a crowded table: others' by name only)."""
    label = cards.spaces()[space].name
    if compact and not mine:
        return label
    held = f"{label} ({cards.connexions()[named].name})" if named else label
    return held if compact else f"{held}: {catalogue.short_of(space)}"


def revealed_lines(m: MagicianView) -> list[str]:
    """What a magician held once the game is over, in short words: cards in hand, spells,
    completed feats (nothing before the end: they are secret while the game runs)."""
    if m.held is None:
        return []
    parts = [("hand", [short_card(code) for code in m.held])]
    parts.append(("spells", [spell_name(code) for code in m.held_spells or ()]))
    parts.append(("feats", [cards.feats()[code].name for code in m.completed_feats or ()]))
    return [f"{label}: {', '.join(items) or 'none'}" for label, items in parts]


def revealed_text(view: StrangeNorrellView) -> str:
    """Every magician's hand, spells and completed feats once the game is over."""
    blocks = [
        f"{seat_ref(m.seat)} — " + "; ".join(lines)
        for m in view.magicians
        if (lines := revealed_lines(m))
    ]
    share = MAX_FIELD_VALUE // max(1, len(blocks)) - 1
    return "\n".join(b if len(b) <= share else b[: share - 1] + "…" for b in blocks)


def _spells(spells: tuple[str, ...]) -> str:
    """The viewer's spells, each with what it does."""
    if not spells:
        return "none"
    lines = []
    for code, count in Counter(spells).items():
        times = f"{count}× " if count > 1 else ""
        effect = catalogue.short_of(code)
        lines.append(f"{times}**{spell_name(code)}**: {effect}")
    return "\n".join(lines)


def _action_name(action: str, board: str) -> str:
    if action == "unique":
        return cards.magicians()[board].unique_name
    return cards.actions()[action].name


def _this_turn(view: StrangeNorrellView) -> str:
    turn = view.turn
    assert turn is not None
    board = view.magicians[turn.seat].board
    if not turn.action:
        action = "not chosen yet"
    elif turn.action == STILL:
        action = "stilled the waters"
    else:
        action = _action_name(turn.action, board)
    lines = [
        f"Action: {action}",
        f"Elements for magic: {element_list(turn.available)}",
        f"Moves {turn.moves}/{turn.move_limit} · engagements {turn.engagements}/"
        f"{turn.engagement_limit}",
    ]
    if turn.roads:
        lines.append("The King's Roads are still open.")
    if turn.school:
        lines.append("The school may still fulfil one engagement anywhere.")
    if turn.used_books:
        lines.append("Books used: " + ", ".join(cards.books()[b].name for b in turn.used_books))
    return "\n".join(lines)


def _score(line: ScoreLine) -> str:
    parts = [f"feats {line.feats} ({line.feats_completed})", f"books {line.books}"]
    if line.pupil:
        parts.append(f"pupil {line.pupil}")
    if line.spells:
        parts.append(f"spells {line.spells}")
    return f"**{line.total}** = " + ", ".join(parts)


def _final(view: StrangeNorrellView) -> str:
    assert view.scores is not None
    rank = {seat: i for i, seat in enumerate(view.order)}
    ordered = sorted(view.scores, key=lambda line: (-line.total, rank[line.seat]))
    lines = [
        f"{seat_ref(line.seat)}: {_score(line)} · prestige {line.prestige}" for line in ordered
    ]
    if view.everyone_loses:
        lines.append("Every magician loses: the fairy was never defeated.")
    return "\n".join(lines)


def _footer(view: StrangeNorrellView) -> str:
    """One current hint, or what magicianship is: never a list of every command."""
    if view.finished:
        return f"Thanks for playing {TITLE}."
    if view.viewer is not None and view.viewer in view.to_act:
        if view.pending is None and view.turn is not None and view.turn.seat == view.viewer:
            if view.turn.phase == "choose":
                return (
                    "Your turn: choose an action (spells may come first); `/play` suggests "
                    "every move you may make."
                )
            return "Your turn: `/play` suggests every move you may make now."
        return "`/play` suggests every choice you may make now."
    return (
        "Magicianship: completed feats, books, a pupil and spells of magicianship; "
        "the greatest wins."
    )
