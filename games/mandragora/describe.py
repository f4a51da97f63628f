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
from games.mandragora import cards, catalogue
from games.mandragora.casting import castable_books
from games.mandragora.scoring import ScoreLine
from games.mandragora.text import card_label, card_list, plural
from games.mandragora.view import MandragoraView, PendingView, SorcererView

DAY, NIGHT, ASSISTANT, CURSE = "☀️", "🌙", "🧙", "💀"

_WAITING = {
    "ingredients": "{who} is preparing a spell.",
    "transfer": "{who} chooses who receives a cursed scroll.",
    "substitute": "{who} chooses whose hand to draw from.",
    "substitute-give": "{who} chooses a card to hand back to {other}.",
    "levitate": "{who} chooses a card to levitate.",
    "share": "{who} received cursed scrolls and may trade a card with their partner.",
    "share-reply": "{who} chooses a card for their partner {other}.",
}

_HINTS = {
    "transfer": "pass the cursed scroll to an opponent.",
    "substitute": "draw blindly from an opponent's hand.",
    "substitute-give": "hand back any card, even the one you drew.",
    "levitate": "take a card from a day shop, or one blindly from a night shop.",
    "share": "give your partner a card, ask for one, swap one, or let it be.",
    "share-reply": "give the card your partner asked for.",
}


def describe(view: MandragoraView) -> Board:
    """The table for everyone, plus the viewer's hand and decisions when the view is a seat's."""
    fields = [
        BoardField(name="Shops", value=_shops(view), pictured=True),
        BoardField(name="Spell stacks", value=_stacks(view), pictured=True),
    ]
    fields += [_sorcerer_field(view, s, first=index == 0) for index, s in enumerate(view.sorcerers)]
    spells = _spells_in_sight(view)
    if spells:
        fields.append(BoardField(name="Spells in sight", value=spells))
    if view.hand is not None:
        # Not pictured: the picture shows the cards, only the text says what they do.
        fields.append(BoardField(name="Your hand", value=hand_text(view.hand)))
    if view.my_score is not None and not view.finished:
        fields.append(
            BoardField(name="Your score if the game ended now", value=_score(view.my_score))
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
        return "Mandragora · game over"
    title = f"Mandragora · turn {view.turn}"
    if view.final_round is not None:
        title += f" · final round {view.final_round} of 3"
    return title


def _status(view: MandragoraView) -> str:
    if view.finished:
        return "The game is over. Most points wins; ties go to whoever cast more spells."
    pending = view.pending
    if pending is not None:
        line = _WAITING[pending.kind].format(
            who=seat_ref(pending.seat), other=seat_ref(pending.other)
        )
        if view.viewer == pending.seat:
            line += "\n" + _your_decision(pending)
        return line
    who = seat_ref(view.current)
    line = f"{who}'s turn: send the assistant or cast a spell."
    if view.extra_turn:
        line = f"{who} takes an extra turn (Replication), or lets it pass."
    if view.viewer == view.current:
        line += "\n**Your move.**"
    return line


def _your_decision(pending: PendingView) -> str:
    if pending.kind == "ingredients":
        book = "a mandrake" if pending.book == cards.MANDRAKE else card_label(pending.book)
        return (
            f"**Your spell:** {book} with {card_list(pending.ingredients)}."
            " Add ingredients, choose a power, or go back."
        )
    if pending.kind == "share-reply" and pending.card:
        return (
            f"**Your partner offers** {card_label(pending.card)} in exchange: "
            "choose the card to send back."
        )
    return "**Your decision:** " + _HINTS[pending.kind]


def _shops(view: MandragoraView) -> str:
    lines = []
    for shop in view.shops:
        tile = NIGHT if shop.night else DAY
        if shop.night:
            stock = plural(shop.face_down, "face-down card") if shop.face_down else "empty"
        else:
            stock = card_list(shop.cards) if shop.cards else "empty"
        here = f" ← {ASSISTANT}" if shop.number == view.assistant + 1 else ""
        lines.append(f"`{shop.number:>2}` {tile} {stock}{here}")
    return "\n".join(lines)


def _stacks(view: MandragoraView) -> str:
    parts = []
    for stack in view.stacks:
        top = cards.spells()[stack.top].name if stack.top else "—"
        parts.append(f"**{stack.value}**: {top} ({stack.size} left)")
    return (
        " · ".join(parts)
        + "\n(a spell cast at power N takes the top card of stack N)"
        + f"\nDeck: {plural(view.deck_size, 'card')}"
    )


def _sorcerer_field(view: MandragoraView, s: SorcererView, *, first: bool) -> BoardField:
    """A sorcerer's marks, counts and spells; the first field also says what its terms mean."""
    marks = []
    if view.teams:
        marks.append("team A" if s.seat % 2 == 0 else "team B")
    if view.curse_holder == s.seat:
        marks.append(f"{CURSE} Curse: −2 at the end")
    if view.countdown_seat == s.seat and view.final_round is not None:
        marks.append(f"⏳ {4 - view.final_round}")
    if s.dropped:
        marks.append("dropped out")
    if s.seat in view.to_act and not view.finished:
        marks.append("▶")
    name = seat_ref(s.seat) + (f" ({', '.join(marks)})" if marks else "")
    spells = ", ".join(
        f"{cards.spells()[c.spell].name} {c.value}+{_book_short(c.book)}" for c in s.spells
    )
    if first:
        counts = (
            f"Hand: {plural(s.hand_size, 'card')} · 📜 {s.scrolls} cursed "
            f"(most scrolls holds the Curse) · reach {s.reach} (shops the assistant may walk)"
        )
        spells_head = f"Spells ({plural(s.spell_points, 'point')}: spell + book value)"
    else:
        counts = f"Hand: {plural(s.hand_size, 'card')} · 📜 {s.scrolls} · reach {s.reach}"
        spells_head = f"Spells ({plural(s.spell_points, 'point')})"
    value = f"{counts}\n{spells_head}: {spells or 'none yet'}"
    return BoardField(name=name, value=value, inline=True)


#: The end-of-game spells say "at the end" in their own words.
_TIMING = {"immediate": "", "permanent": " · lasts the game", "end": ""}


def _spells_in_sight(view: MandragoraView) -> str:
    """What each spell on the table does: the stacks' face-up tops and every spell cast."""
    seen = [stack.top for stack in view.stacks if stack.top]
    seen += [spell.spell for s in view.sorcerers for spell in s.spells]
    lines = []
    for key in sorted(set(seen), key=list(cards.spells()).index):
        data = cards.spells()[key]
        lines.append(f"**{data.name}**{_TIMING[data.timing]} — {_brief(key)}")
    return "\n".join(lines)


def _revealed(view: MandragoraView) -> str:
    """Every sorcerer's hand once the game is over, one line each (empty before: hands are
    secret while the game runs)."""
    lines = [
        f"{seat_ref(s.seat)}: {card_list(s.hand) if s.hand else 'no cards'}"
        for s in view.sorcerers
        if s.hand is not None
    ]
    return "\n".join(lines)[:MAX_FIELD_VALUE]


def hand_text(hand: tuple[str, ...]) -> str:
    """The viewer's cards with what each does: ingredients on one line, then each spellbook
    and the mandrake on a line of its own (every spellbook on one line when that is too long
    for a field)."""
    if not hand:
        return "nothing"
    ingredients = [card for card in hand if cards.is_ingredient(card)]
    books = sorted({card for card in hand if cards.is_book(card)}, key=_box_order)
    lines = []
    if ingredients:
        lines.append(
            f"{card_list(ingredients)} — ingredients: each raises its spell's top power by 1"
        )
    lines += [f"{card_label(book)} — {_brief(book)}" for book in books]
    if cards.MANDRAKE in hand:
        mandrakes = card_list([card for card in hand if card == cards.MANDRAKE])
        lines.append(f"{mandrakes} — {_brief(cards.MANDRAKE)}")
    text = "\n".join(lines)
    if len(text) <= MAX_FIELD_VALUE:
        return text
    compact = [line for line in lines if not any(line.startswith(card_label(b)) for b in books)]
    compact.insert(
        1 if ingredients else 0,
        f"{card_list(books)} — spellbooks: each adds its value to every spell cast with it",
    )
    return "\n".join(compact)


def _brief(key: str) -> str:
    return catalogue.entry(key).brief


def _box_order(card: str) -> int:
    return list(dict.fromkeys(cards.all_cards())).index(card)


def _book_short(book: str) -> str:
    return "🌱0" if book == cards.MANDRAKE else f"{card_label(book)}"


def _score(line: ScoreLine) -> str:
    kept = line.colours_in_hand - line.colours_discarded
    parts = [f"spells {line.spell_points}", f"colours in hand −{kept}"]
    if line.colours_discarded:
        parts.append(f"({line.colours_discarded} discarded by spells)")
    if line.curse:
        parts.append("Curse −2")
    return f"**{line.total}** = " + ", ".join(parts)


def _final(view: MandragoraView) -> str:
    assert view.scores is not None
    ordered = sorted(view.scores, key=lambda line: (-line.total, -line.spells_cast, line.seat))
    lines = [
        f"{seat_ref(line.seat)}: {_score(line)} · {plural(line.spells_cast, 'spell')}"
        for line in ordered
    ]
    if view.teams:
        a = sum(line.total for line in view.scores if line.seat % 2 == 0)
        b = sum(line.total for line in view.scores if line.seat % 2 == 1)
        lines.append(
            f"Team A ({seat_ref(0)} & {seat_ref(2)}): {a} · "
            f"Team B ({seat_ref(1)} & {seat_ref(3)}): {b}"
        )
    return "\n".join(lines)


def _footer(view: MandragoraView) -> str:
    """One hint for typing a move, from what the viewer may do now; nothing otherwise."""
    if view.finished:
        return "Thanks for playing Mandragora."
    if view.viewer is None or view.viewer != view.current or view.pending is not None:
        return ""
    assert view.hand is not None
    reach = view.sorcerers[view.viewer].reach
    steps = "move 1" if reach == 1 else f"move 1 … move {reach}"
    hint = f"Type /play {steps} (shops clockwise)"
    books = castable_books(view.hand, [["card"] * stack.size for stack in view.stacks])
    if books:
        hint += f", or /play cast {books[0]} to start a spell"
    return hint + "."
