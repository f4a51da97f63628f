"""A Mandragora view as a platform-neutral board, shown as text under the picture.

What the text carries, and what it leaves to the picture (``picture.py``): the picture is the
table at a glance (the circle of shops, whose turn it is, points, the viewer's hand). The text
says in words what the player to act is doing or deciding, lists the shops with their cards
(so the game can be played when no picture is shown), the spells each sorcerer has cast, the
score itemized, and explains its terms the first time they appear: reach, cursed scrolls and
the Curse, a spell's points. Its footer is one hint for typing a move, built from what the
viewer may do now, or nothing.
"""

from __future__ import annotations

from games.core import FINAL_SCORES, HANDS_REVEALED, Board, BoardField, seat_ref
from games.core.board import MAX_FIELD_VALUE
from games.core.words import Msg, data_msg, joined, msg, nmsg
from games.mandragora import cards, catalogue
from games.mandragora.casting import castable_books
from games.mandragora.scoring import ScoreLine
from games.mandragora.text import card_label, card_list
from games.mandragora.view import MandragoraView, PendingView, SorcererView

DAY, NIGHT, ASSISTANT, CURSE = "☀️", "🌙", "🧙", "💀"


def _waiting(kind: str, who: str, other: str) -> Msg:
    """What the sorcerer owing a decision is doing, for everyone."""
    match kind:
        case "ingredients":
            return msg("{who} is preparing a spell.", who=who)
        case "transfer":
            return msg("{who} chooses who receives a cursed scroll.", who=who)
        case "substitute":
            return msg("{who} chooses whose hand to draw from.", who=who)
        case "substitute-give":
            return msg("{who} chooses a card to hand back to {other}.", who=who, other=other)
        case "levitate":
            return msg("{who} chooses a card to levitate.", who=who)
        case "share":
            return msg(
                "{who} received cursed scrolls and may trade a card with their partner.", who=who
            )
        case "share-reply":
            return msg("{who} chooses a card for their partner {other}.", who=who, other=other)
    raise AssertionError(kind)


def _hint(kind: str) -> Msg:
    """What the sorcerer owing a decision may do, for them."""
    match kind:
        case "transfer":
            return msg("**Your decision:** pass the cursed scroll to an opponent.")
        case "substitute":
            return msg("**Your decision:** draw blindly from an opponent's hand.")
        case "substitute-give":
            return msg("**Your decision:** hand back any card, even the one you drew.")
        case "levitate":
            return msg(
                "**Your decision:** take a card from a day shop, or one blindly from a night shop."
            )
        case "share":
            return msg(
                "**Your decision:** give your partner a card, ask for one, swap one, or let it be."
            )
        case "share-reply":
            return msg("**Your decision:** give the card your partner asked for.")
    raise AssertionError(kind)


def describe(view: MandragoraView) -> Board:
    """The table for everyone, plus the viewer's hand and decisions when the view is a seat's."""
    fields = [
        BoardField(name=msg("Shops"), value=_shops(view), pictured=True),
        BoardField(name=msg("Spell stacks"), value=_stacks(view), pictured=True),
    ]
    fields += [_sorcerer_field(view, s, first=index == 0) for index, s in enumerate(view.sorcerers)]
    spells = _spells_in_sight(view)
    if spells:
        fields.append(BoardField(name=msg("Spells in sight"), value=spells))
    if view.hand is not None:
        # Not pictured: the picture shows the cards, only the text says what they do.
        fields.append(BoardField(name=msg("Your hand"), value=hand_text(view.hand)))
    if view.my_score is not None and not view.finished:
        fields.append(
            BoardField(name=msg("Your score if the game ended now"), value=_score(view.my_score))
        )
    revealed = _revealed(view)
    if revealed:
        fields.append(BoardField(name=HANDS_REVEALED, value=revealed, pictured=True))
    if view.scores is not None:
        fields.append(BoardField(name=FINAL_SCORES, value=_final(view)))
    return Board(
        title=board_title(view),
        description=_status(view),
        fields=tuple(fields),
        footer=_footer(view),
    )


def board_title(view: MandragoraView) -> str:
    """The board's title: the turn, and the final round once the countdown has begun."""
    if view.finished:
        return msg("Mandragora · game over")
    if view.final_round is not None:
        return msg(
            "Mandragora · turn {turn} · final round {round} of 3",
            turn=view.turn,
            round=view.final_round,
        )
    return msg("Mandragora · turn {turn}", turn=view.turn)


def _status(view: MandragoraView) -> str:
    if view.finished:
        return msg("The game is over. Most points wins; ties go to whoever cast more spells.")
    pending = view.pending
    if pending is not None:
        line = _waiting(pending.kind, seat_ref(pending.seat), seat_ref(pending.other))
        if view.viewer == pending.seat:
            return joined([line, _your_decision(pending)], "\n")
        return line
    who = seat_ref(view.current)
    line = msg("{who}'s turn: send the assistant or cast a spell.", who=who)
    if view.extra_turn:
        line = msg("{who} takes an extra turn (Replication), or lets it pass.", who=who)
    if view.viewer == view.current:
        return joined([line, msg("**Your move.**")], "\n")
    return line


def _your_decision(pending: PendingView) -> Msg:
    if pending.kind == "ingredients":
        book = msg("a mandrake") if pending.book == cards.MANDRAKE else card_label(pending.book)
        return msg(
            "**Your spell:** {book} with {ingredients}. Add ingredients, choose a power, or "
            "go back.",
            book=book,
            ingredients=card_list(pending.ingredients),
        )
    if pending.kind == "share-reply" and pending.card:
        return msg(
            "**Your partner offers** {card} in exchange: choose the card to send back.",
            card=card_label(pending.card),
        )
    return _hint(pending.kind)


def _shops(view: MandragoraView) -> str:
    lines = []
    for shop in view.shops:
        stock: Msg
        if shop.night:
            stock = (
                nmsg("{n} face-down card", "{n} face-down cards", shop.face_down)
                if shop.face_down
                else msg("empty")
            )
        else:
            stock = card_list(shop.cards) if shop.cards else msg("empty")
        parts: list[str] = [f"`{shop.number:>2}`", NIGHT if shop.night else DAY, stock]
        if shop.number == view.assistant + 1:
            parts.append(f"← {ASSISTANT}")
        lines.append(joined(parts, " "))
    return joined(lines, "\n")


def _stacks(view: MandragoraView) -> str:
    parts = [
        msg(
            "**{value}**: {spell} ({left} left)",
            value=stack.value,
            spell=data_msg(cards.spells()[stack.top].name) if stack.top else "—",
            left=stack.size,
        )
        for stack in view.stacks
    ]
    return joined(
        [
            joined(parts, " · "),
            msg("(a spell cast at power N takes the top card of stack N)"),
            msg("Deck: {cards}", cards=nmsg("{n} card", "{n} cards", view.deck_size)),
        ],
        "\n",
    )


def _sorcerer_field(view: MandragoraView, s: SorcererView, *, first: bool) -> BoardField:
    """A sorcerer's marks, counts and spells; the first field also says what its terms mean."""
    marks: list[str] = []
    if view.teams:
        marks.append(msg("team A") if s.seat % 2 == 0 else msg("team B"))
    if view.curse_holder == s.seat:
        marks.append(msg("{curse} Curse: −2 at the end", curse=CURSE))
    if view.countdown_seat == s.seat and view.final_round is not None:
        marks.append(f"⏳ {4 - view.final_round}")
    if s.dropped:
        marks.append(msg("dropped out"))
    if s.seat in view.to_act and not view.finished:
        marks.append("▶")
    who = seat_ref(s.seat)
    name = msg("{who} ({marks})", who=who, marks=joined(marks, ", ")) if marks else who
    spells = joined(
        [
            joined(
                [
                    data_msg(cards.spells()[c.spell].name),
                    joined([str(c.value), _book_short(c.book)], "+"),
                ],
                " ",
            )
            for c in s.spells
        ],
        ", ",
    )
    held = nmsg("{n} card", "{n} cards", s.hand_size)
    points = nmsg("{n} point", "{n} points", s.spell_points)
    if first:
        counts = msg(
            "Hand: {cards} · 📜 {scrolls} cursed (most scrolls holds the Curse) · "
            "reach {reach} (shops the assistant may walk)",
            cards=held,
            scrolls=s.scrolls,
            reach=s.reach,
        )
        spells_head = msg("Spells ({points}: spell + book value)", points=points)
    else:
        counts = msg(
            "Hand: {cards} · 📜 {scrolls} · reach {reach}",
            cards=held,
            scrolls=s.scrolls,
            reach=s.reach,
        )
        spells_head = msg("Spells ({points})", points=points)
    listed = msg(
        "{heading}: {spells}",
        heading=spells_head,
        spells=spells if s.spells else msg("none yet"),
    )
    return BoardField(name=name, value=joined([counts, listed], "\n"), inline=True)


def _spells_in_sight(view: MandragoraView) -> str:
    """What each spell on the table does: the stacks' face-up tops and every spell cast."""
    seen = [stack.top for stack in view.stacks if stack.top]
    seen += [spell.spell for s in view.sorcerers for spell in s.spells]
    lines = []
    for key in sorted(set(seen), key=list(cards.spells()).index):
        data = cards.spells()[key]
        name, effect = data_msg(data.name), _brief(key)
        # The end-of-game spells say "at the end" in their own words.
        if data.timing == "permanent":
            lines.append(msg("**{spell}** · lasts the game — {effect}", spell=name, effect=effect))
        else:
            lines.append(msg("**{spell}** — {effect}", spell=name, effect=effect))
    return joined(lines, "\n") if lines else ""


def _revealed(view: MandragoraView) -> str:
    """Every sorcerer's hand once the game is over, one line each (empty before: hands are
    secret while the game runs)."""
    lines = [
        msg(
            "{who}: {cards}",
            who=seat_ref(s.seat),
            cards=card_list(s.hand) if s.hand else msg("no cards"),
        )
        for s in view.sorcerers
        if s.hand is not None
    ]
    if not lines:
        return ""
    text = joined(lines, "\n")
    return text if len(text) <= MAX_FIELD_VALUE else text[:MAX_FIELD_VALUE]


def hand_text(hand: tuple[str, ...]) -> str:
    """The viewer's cards with what each does: ingredients on one line, then each spellbook
    and the mandrake on a line of its own (every spellbook on one line when that is too long
    for a field)."""
    if not hand:
        return msg("nothing")
    ingredients = [card for card in hand if cards.is_ingredient(card)]
    books = sorted({card for card in hand if cards.is_book(card)}, key=_box_order)
    lines: list[Msg] = []
    if ingredients:
        lines.append(
            msg(
                "{cards} — ingredients: each raises its spell's top power by 1",
                cards=card_list(ingredients),
            )
        )
    lines += [joined([card_label(book), _brief(book)], " — ") for book in books]
    if cards.MANDRAKE in hand:
        mandrakes = card_list([card for card in hand if card == cards.MANDRAKE])
        lines.append(joined([mandrakes, _brief(cards.MANDRAKE)], " — "))
    text = joined(lines, "\n")
    if len(text) <= MAX_FIELD_VALUE:
        return text
    compact = [line for line in lines if not any(line.startswith(card_label(b)) for b in books)]
    compact.insert(
        1 if ingredients else 0,
        msg(
            "{cards} — spellbooks: each adds its value to every spell cast with it",
            cards=card_list(books),
        ),
    )
    return joined(compact, "\n")


def _brief(key: str) -> Msg:
    entry = catalogue.entry(key)
    return entry.short if isinstance(entry.short, Msg) and entry.short else msg(entry.brief)


def _box_order(card: str) -> int:
    return list(dict.fromkeys(cards.all_cards())).index(card)


def _book_short(book: str) -> str:
    return "🌱0" if book == cards.MANDRAKE else card_label(book)


def _score(line: ScoreLine) -> str:
    kept = line.colours_in_hand - line.colours_discarded
    parts = [
        msg("spells {points}", points=line.spell_points),
        msg("colours in hand −{count}", count=kept),
    ]
    if line.colours_discarded:
        parts.append(msg("({count} discarded by spells)", count=line.colours_discarded))
    if line.curse:
        parts.append(msg("Curse −2"))
    return joined([f"**{line.total}** =", joined(parts, ", ")], " ")


def _final(view: MandragoraView) -> str:
    assert view.scores is not None
    ordered = sorted(view.scores, key=lambda line: (-line.total, -line.spells_cast, line.seat))
    lines = [
        msg(
            "{who}: {score} · {spells}",
            who=seat_ref(line.seat),
            score=_score(line),
            spells=nmsg("{n} spell", "{n} spells", line.spells_cast),
        )
        for line in ordered
    ]
    if view.teams:
        a = sum(line.total for line in view.scores if line.seat % 2 == 0)
        b = sum(line.total for line in view.scores if line.seat % 2 == 1)
        lines.append(msg("Team A ({p0} & {p2}): {a} · Team B ({p1} & {p3}): {b}", a=a, b=b))
    return joined(lines, "\n")


def _footer(view: MandragoraView) -> str:
    """One hint for typing a move, from what the viewer may do now; nothing otherwise."""
    if view.finished:
        return msg("Thanks for playing Mandragora.")
    if view.viewer is None or view.viewer != view.current or view.pending is not None:
        return ""
    assert view.hand is not None
    reach = view.sorcerers[view.viewer].reach
    # The commands stay as they are typed, in every language.
    move = "/play move 1" if reach == 1 else f"/play move 1 … move {reach}"
    books = castable_books(view.hand, [["card"] * stack.size for stack in view.stacks])
    if books:
        cast = f"/play cast {books[0]}"
        return msg(
            "Type {move} (shops clockwise), or {cast} to start a spell.", move=move, cast=cast
        )
    return msg("Type {move} (shops clockwise).", move=move)
