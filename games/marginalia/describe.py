"""A Marginalia view as a platform-neutral board, shown as text under the picture.

What the text carries, and what it leaves to the picture (``picture.py``): the picture is the
table at a glance (the page, whose rows are whose, health, whose turn, the viewer's hand). The
text says in words who went first and whose turn it is, what the player to act is doing or
deciding, what each ability on the page and in the hand does, the damage marked on each
marginalis, the cards seen in discard piles, and explains its terms the first time they
appear (``3/4`` is attack/health, p1 and p2, a humour). It keeps a compact grid of the page so
the game can be played when no picture is shown. Rows are drawn with the viewer's side at the
bottom, or the first player's side for spectators, each row named by its owner. Every hint for
typing a move is built from what is legal now (the spaces free on the player's side, the cards
in their hand), or it is not shown.
"""

from __future__ import annotations

from collections.abc import Iterable

from games.core import HANDS_REVEALED, Board, BoardField, seat_ref
from games.core.board import MAX_FIELD_VALUE
from games.marginalia import cards
from games.marginalia.effects import effect_of
from games.marginalia.page import FILES
from games.marginalia.text import HUMOR_SYMBOLS, ability_line, card_line, plural
from games.marginalia.view import MarginaliaView, MarginalisView, PendingView

EMPTY_CELL = "·"
#: What a hand's coloured marks mean, said once under the hand.
_HUMOURS = (
    "(the mark is the card's humour: "
    + ", ".join(
        f"{HUMOR_SYMBOLS[h]} {n}"
        for h, n in (
            ("coleric", "choleric"),
            ("flegmat", "phlegmatic"),
            ("sanguin", "sanguine"),
            ("melanc", "melancholic"),
        )
    )
    + "; attack/health after the name)"
)
CELL = 8

_PHASES = {
    "play": "play phase",
    "attack": "attack phase",
    "between-fights": "attack phase",
    "reset": "reset phase",
    "choose-reset": "reset phase",
    "other-reset": "reset phase",
    "cleanup": "reset phase",
    "over": "game over",
}


def describe(view: MarginaliaView) -> Board:
    """The page and both sides for everyone, plus the hand and decisions of a seat's view."""
    fields = [BoardField(name="The page", value=_grid(view), pictured=True)]
    fields += [_side_field(view, seat) for seat in _seat_order(view)]
    fields += _chunked("Abilities on the page", _abilities(view))
    fields += _chunked("Other cards named here", [card_line(code) for code in _in_sight(view)])
    if view.hand is not None and view.hand:
        fields += _chunked("Your hand", [*(card_line(code) for code in view.hand), _HUMOURS])
    revealed = _revealed(view)
    if revealed:
        fields.append(BoardField(name=HANDS_REVEALED, value=revealed, pictured=True))
    return Board(
        title=_title(view),
        description=_status(view),
        fields=tuple(fields),
        footer=_footer(view),
    )


def _title(view: MarginaliaView) -> str:
    if view.finished:
        return "Marginalia · game over"
    return f"Marginalia · turn {view.turn} · {seat_ref(view.active)}'s {_PHASES[view.phase]}"


def bottom_seat(view: MarginaliaView) -> int:
    """The side drawn at the bottom: the viewer's, or the first player's for spectators."""
    return view.viewer if view.viewer is not None else view.first


def _seat_order(view: MarginaliaView) -> list[int]:
    """The top side first, the bottom side (:func:`bottom_seat`) last."""
    bottom = bottom_seat(view)
    return [1 - bottom, bottom]


#: Each seat's (front, back) ranks: p1 plays ranks 2 and 1, p2 ranks 3 and 4.
_RANKS = ((2, 1), (3, 4))


def rows_of(seat: int) -> list[tuple[int, int, str]]:
    """A seat's two rows as (seat, rank, line), the front line first."""
    front, back = _RANKS[seat]
    return [(seat, front, "front"), (seat, back, "back")]


def open_spaces(view: MarginaliaView) -> list[str]:
    """The spaces the player to act may play a card to now, from the page: on their side, the
    front line of an empty column or behind a lone front-line marginalis (only the front line
    for the token an incantation places). Empty when nobody is about to play a card."""
    pending = view.pending
    if view.finished:
        return []
    if pending is not None:
        if pending.kind != "place":
            return []
        seat, token = pending.seat, bool(pending.card) and not _is_marginalis(pending.card)
    elif view.phase == "play" and view.plays < view.play_limit and view.sides[view.active].hand:
        seat, token = view.active, False
    else:
        return []
    taken = {m.space for m in view.page}
    (front, _), (back, _) = ((rank, line) for _, rank, line in rows_of(seat))
    spaces = []
    for file in FILES:
        if f"{file}{front}" not in taken:
            spaces.append(f"{file}{front}")
        elif not token and f"{file}{back}" not in taken:
            spaces.append(f"{file}{back}")
    return spaces


def _is_marginalis(code: str) -> bool:
    return cards.card(code).kind != "incantation"


# ------------------------------------------------------------------------ the page
def _grid(view: MarginaliaView) -> str:
    """The top side's back line first, the bottom side's (:func:`bottom_seat`) back line
    last, files a-e, each cell the short label, attack and health left; each row ends with
    its owner's name, so whose row it is never depends on who sits where."""
    by_space = {m.space: m for m in view.page}
    bottom = bottom_seat(view)
    order = [*reversed(rows_of(1 - bottom)), *rows_of(bottom)]
    rows = ["   " + "".join(f"{f:<{CELL}}" for f in FILES).rstrip()]
    for index, (seat, rank, line) in enumerate(order):
        if index == 2:  # between the two front lines
            rows.append("   " + "─" * (CELL * len(FILES) - 2))
        cells = "".join(f"{_cell(by_space.get(f'{f}{rank}')):<{CELL}}" for f in FILES)
        rows.append(f"{rank}  {cells}{seat_ref(seat)} {line}")
    key = "Each cell: card, attack/health left; each row ends with its player and line."
    return "```\n" + "\n".join(rows) + "\n```\n" + key


def _cell(m: MarginalisView | None) -> str:
    if m is None:
        return EMPTY_CELL
    return f"{cards.card(m.card).short} {m.attack}/{m.health - m.damage}"


def _side_field(view: MarginaliaView, seat: int) -> BoardField:
    side = view.sides[seat]
    marks = []
    if seat in view.to_act and not view.finished:
        marks.append("▶")
    if seat == view.first:
        marks.append("went first")
    if view.winner == seat:
        marks.append("🏆 winner")
    head = f"{seat_ref(seat)} · ❤️ {side.health}" + (f" ({', '.join(marks)})" if marks else "")
    counts = f"Deck {side.deck} · hand {side.hand} · discard {side.discard}"
    if side.seen_discards:
        counts += " (" + ", ".join(cards.card(c).name for c in side.seen_discards) + " seen)"
    lines = [f"{counts} · erased {len(side.erased)}"]
    for m in view.page:
        if m.seat == seat:
            lines.append(_legend(m))
    return BoardField(name=head, value="\n".join(lines))


def _legend(m: MarginalisView) -> str:
    data = cards.card(m.card)
    ability = cards.ability_of(m.card)
    text = f"`{m.space}` {data.short} **{data.name}** {m.attack}/{m.health}"
    if m.damage:
        text += f", {m.damage} damage"
    if m.token:
        text += " · token"
    elif ability is not None:
        text += f" · *{ability.name}*" + (" (used)" if m.used else "")
    return text


def _abilities(view: MarginaliaView) -> list[str]:
    """One line for each card on the page (tokens have no ability)."""
    seen = dict.fromkeys(m.card for m in view.page if not m.token)
    return [f"**{cards.card(code).name}** — {ability_line(code)}" for code in seen]


def _in_sight(view: MarginaliaView) -> list[str]:
    """Cards this board names that are neither on the page nor in the viewer's hand, so
    their effect is read here too: those seen going to a discard pile, the card Rota
    Fortuna revealed, the cards (and the token) the viewer's own search offers."""
    named = [code for side in view.sides for code in side.seen_discards]
    pending = view.pending
    if pending is not None and pending.card and pending.source == "revealed":
        named.append(pending.card)
    if pending is not None and view.search is not None:
        named += [*view.search, effect_of(pending.card).token]
    shown = {m.card for m in view.page} | set(view.hand or ())
    return [code for code in dict.fromkeys(named) if code not in shown]


def _revealed(view: MarginaliaView) -> str:
    """Both hands and discard piles once the game is over (empty before: they are secret
    while the game runs); a line too long for its share of the field ends in "…"."""
    lines = []
    for side in view.sides:
        for verb, codes in (("held", side.held), ("discarded", side.discarded)):
            if codes is not None:
                listed = ", ".join(cards.card(code).name for code in codes) or "nothing"
                lines.append(f"{seat_ref(side.seat)} {verb} {listed}")
    share = MAX_FIELD_VALUE // max(1, len(lines)) - 1
    return "\n".join(line if len(line) <= share else line[: share - 1] + "…" for line in lines)


def _chunked(title: str, lines: Iterable[str]) -> list[BoardField]:
    """Lines over as many fields as they need, each within the field limit."""
    groups: list[list[str]] = []
    for line in lines:
        if not groups or len("\n".join([*groups[-1], line])) > MAX_FIELD_VALUE:
            groups.append([])
        groups[-1].append(line[:MAX_FIELD_VALUE])
    return [
        BoardField(name=title if index == 0 else f"{title} (cont.)", value="\n".join(group))
        for index, group in enumerate(groups)
    ]


# -------------------------------------------------------------------------- status
def _status(view: MarginaliaView) -> str:
    if view.finished:
        assert view.winner is not None
        return f"{view.end_reason}. **{seat_ref(view.winner)} wins.**"
    first = f"{seat_ref(view.first)} went first. "
    if view.pending is not None:
        line = first + _waiting(view.pending)
        if view.viewer == view.pending.seat:
            line += "\n" + _your_decision(view.pending, view.search or (), open_spaces(view))
        return line
    who = seat_ref(view.active)
    if view.phase == "play":
        played = f"{view.plays} of {plural(view.play_limit, 'card')} played"
        line = f"{first}{who}'s play phase: {played}."
        if view.viewer == view.active:
            line += "\n**Your move:** " + _play_options(view) + "."
        return line
    if view.phase == "between-fights":
        line = f"{first}{who}'s attack phase, between two fights: abilities may be used."
        if view.viewer == view.active:
            line += "\n**Your move:** use an ability, or attack to go on."
        return line
    if view.phase == "other-reset":
        other = 1 - view.active
        line = f"{first}{who}'s reset phase: {seat_ref(other)} may use an ability before it ends."
        if view.viewer == other:
            line += "\n**Your move:** use an ability, or let the turn end."
        return line
    line = f"{first}{who}'s reset phase: abilities may still be used."
    if view.viewer == view.active:
        use = "use an ability, or " if _abilities_to_use(view) else ""
        line += f"\n**Your move:** {use}end your turn."
    return line


def _play_options(view: MarginaliaView) -> str:
    """What the active viewer may do in the play phase, from what the view shows: play a card
    while the limit allows, use an ability if a front-line marginalis has one unused, attack."""
    options = []
    if view.hand and view.plays < view.play_limit:
        options.append("play a card from your hand")
    if _abilities_to_use(view):
        options.append("use an ability")
    front = sum(1 for m in view.page if m.seat == view.active and m.line == "front")
    side = " (from the left or the right column)" if front >= 2 else ""
    options.append(f"attack{side} to end the play phase")
    return ", ".join(options[:-1]) + (", or " if len(options) > 1 else "") + options[-1]


def _abilities_to_use(view: MarginaliaView) -> list[str]:
    """Spaces of the active side's front line whose activated ability is not used yet."""
    found = []
    for m in view.page:
        ability = cards.ability_of(m.card) if not m.token else None
        mine = m.seat == view.active and m.line == "front" and not m.used
        if mine and ability is not None and ability.activated:
            found.append(m.space)
    return found


def _waiting(p: PendingView) -> str:
    who = seat_ref(p.seat)
    card = f"**{cards.card(p.card).name}**" if p.card else "a card"
    where = f" ({p.space})" if p.space else ""
    match p.kind:
        case "play":
            return f"{who} is playing a card from their hand."
        case "place":
            return f"{who} chooses where to play {card}."
        case "target":
            ability = cards.ability_of(p.card) if p.card else None
            what = f"{card}'s *{ability.name}*" if ability is not None else card
            return f"{who} chooses the target of {what}{where}."
        case "fortune":
            return f"{who} revealed {card} with Rota Fortuna and may play it."
        case "search":
            ability = cards.ability_of(p.card)
            kind = ability.effect.type if ability is not None else "card"
            return f"{who} searches their deck for a {kind} to stand behind {card}{where}."
    return f"{who} chooses where {card}{where} flies."


def _your_decision(p: PendingView, finds: tuple[str, ...], spaces: list[str]) -> str:
    match p.kind:
        case "place":
            where = " or ".join(spaces) or "an open space"
            return f"**Your decision:** play it to {where}, or go back."
        case "target":
            back = "" if p.source == "effect" else ", or go back"
            players = f"{seat_ref(0)} or {seat_ref(1)}"
            aims = {
                "marginalis": "aim it at a marginalis",
                "player": f"aim it at {players}",
            }.get(effect_of(p.card, p.branch).target, f"aim it at a marginalis or at {players}")
            return f"**Your decision:** {aims}{back}."
        case "fortune":
            name = cards.card(p.card).name if p.card else "it"
            return f"**Your decision:** play {name}, or decline (it goes to your discard pile)."
        case "search":
            options = [cards.card(code).name for code in finds] + ["a token"]
            return "**Your decision:** summon " + " or ".join(options) + "."
    return "**Your decision:** choose where it flies, or go back."


def _footer(view: MarginaliaView) -> str:
    """One hint for typing a move, from what the viewer may do now; nothing otherwise."""
    if view.finished:
        return "Thanks for playing Marginalia."
    aside = f"{plural(view.set_aside, 'card')} set aside."
    if view.viewer != view.active or view.pending is not None or view.phase != "play":
        return aside
    spaces = open_spaces(view)
    if not view.hand or not spaces:
        return aside
    card = next((c for c in view.hand if _is_marginalis(c)), view.hand[0])
    to = f" to {spaces[0]}" if _is_marginalis(card) else ""
    return f"Type e.g. /play play {card}{to} · {aside}"
