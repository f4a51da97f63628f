"""A Marginalia view as a platform-neutral board: the page as a compact grid, each side's
marginalia and counts, the abilities at work, and the viewer's hand."""

from __future__ import annotations

from collections.abc import Iterable

from games.core import Board, BoardField, seat_ref
from games.core.board import MAX_FIELD_VALUE
from games.marginalia import cards
from games.marginalia.effects import effect_of
from games.marginalia.page import FILES
from games.marginalia.text import ability_line, card_line, plural
from games.marginalia.view import MarginaliaView, MarginalisView, PendingView

EMPTY_CELL = "·"
CELL = 8

_PHASES = {
    "play": "play phase",
    "attack": "attack phase",
    "reset": "reset phase",
    "choose-reset": "reset phase",
    "cleanup": "reset phase",
    "over": "game over",
}


def describe(view: MarginaliaView) -> Board:
    """The page and both sides for everyone, plus the hand and decisions of a seat's view."""
    fields = [BoardField(name="The page", value=_grid(view))]
    fields += [_side_field(view, seat) for seat in _seat_order(view)]
    fields += _chunked("Abilities on the page", _abilities(view))
    if view.hand is not None and view.hand:
        fields += _chunked("Your hand", [card_line(code) for code in view.hand])
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


def _seat_order(view: MarginaliaView) -> list[int]:
    """The viewer's side last (at the bottom); the second seat's first for spectators."""
    return [0, 1] if view.viewer == 1 else [1, 0]


# ------------------------------------------------------------------------ the page
def _grid(view: MarginaliaView) -> str:
    """Ranks 4-1 top to bottom (1-4 for the second seat), files a-e, each cell the short
    label, attack and health left."""
    by_space = {m.space: m for m in view.page}
    ranks = [1, 2, 3, 4] if view.viewer == 1 else [4, 3, 2, 1]
    rows = ["   " + "".join(f"{f:<{CELL}}" for f in FILES).rstrip()]
    for index, rank in enumerate(ranks):
        if index == 2:  # between the two front lines
            rows.append("   " + "─" * (CELL * len(FILES) - 2))
        cells = "".join(f"{_cell(by_space.get(f'{f}{rank}')):<{CELL}}" for f in FILES)
        owner = "p1" if rank <= 2 else "p2"
        line = "front" if rank in (2, 3) else "back"
        rows.append(f"{rank}  {cells}{owner} {line}")
    return "```\n" + "\n".join(rows) + "\n```"


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
        marks.append("first player")
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
    if view.pending is not None:
        line = _waiting(view.pending)
        if view.viewer == view.pending.seat:
            line += "\n" + _your_decision(view.pending, view.search or ())
        return line
    who = seat_ref(view.active)
    if view.phase == "play":
        played = f"{view.plays} of {plural(view.play_limit, 'card')} played"
        line = f"{who}'s play phase: {played}."
        if view.viewer == view.active:
            line += (
                "\n**Your move:** `play CARD`, `use SPACE` for an ability, or `attack` "
                "(`attack from a` / `attack from e`) to end the play phase."
            )
        return line
    line = f"{who}'s reset phase: abilities may still be used."
    if view.viewer == view.active:
        line += "\n**Your move:** `use SPACE`, or `end turn`."
    return line


def _waiting(p: PendingView) -> str:
    who = seat_ref(p.seat)
    card = f"**{cards.card(p.card).name}**" if p.card else "a card"
    where = f" ({p.space})" if p.space else ""
    match p.kind:
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


def _your_decision(p: PendingView, finds: tuple[str, ...]) -> str:
    match p.kind:
        case "place":
            return "**Your decision:** `to SPACE` (e.g. `to c2`), or `back`."
        case "target":
            back = "" if p.source == "effect" else ", or `back`"
            aims = {
                "marginalis": "`target SPACE`",
                "player": "`target p1` or `target p2`",
            }.get(effect_of(p.card, p.branch).target, "`target SPACE` or `target p1`/`target p2`")
            return f"**Your decision:** {aims}{back}."
        case "fortune":
            return (
                f"**Your decision:** `play {p.card}`, or `decline` (it goes to your discard pile)."
            )
        case "search":
            options = [f"`summon {code}`" for code in finds] + ["`summon token`"]
            return "**Your decision:** " + " or ".join(options) + "."
    return "**Your decision:** `to SPACE`, or `back`."


def _footer(view: MarginaliaView) -> str:
    if view.finished:
        return "Thanks for playing Marginalia."
    return (
        f"{view.set_aside} cards set aside · spaces a1–e4 (p1 ranks 1–2, p2 ranks 3–4) · "
        "play CARD · to SPACE · target SPACE|p1|p2 · use SPACE · attack · end turn · back"
    )
