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

from collections.abc import Iterable, Sequence

from games.core import HANDS_REVEALED, Board, BoardField, seat_ref
from games.core.board import MAX_FIELD_VALUE
from games.core.words import Msg, data_msg, joined, msg, nmsg, pmsg
from games.marginalia import cards
from games.marginalia.effects import effect_of
from games.marginalia.labels import type_name
from games.marginalia.page import FILES
from games.marginalia.text import (
    HUMOR_SYMBOLS,
    ability_line,
    card_line,
    card_name,
    cards_count,
    end_reason,
)
from games.marginalia.view import MarginaliaView, MarginalisView, PendingView

EMPTY_CELL = "·"
#: What a hand's coloured marks mean, said once under the hand.
_HUMOURS = msg(
    "(the mark is the card's humour: {coleric} choleric, {flegmat} phlegmatic, {sanguin} "
    "sanguine, {melanc} melancholic; attack/health after the name)",
    **HUMOR_SYMBOLS,
)
CELL = 8
#: How much of a field's limit the English text of a list may fill: the rest is room for
#: the words of languages that say it longer.
FIELD_BUDGET = MAX_FIELD_VALUE * 3 // 4

#: The phases, as the title names them: play, attack or reset.
_PHASES = {
    "play": "play",
    "attack": "attack",
    "between-fights": "attack",
    "reset": "reset",
    "choose-reset": "reset",
    "other-reset": "reset",
    "cleanup": "reset",
}


def describe(view: MarginaliaView) -> Board:
    """The page and both sides for everyone, plus the hand and decisions of a seat's view."""
    fields = [BoardField(name=msg("The page"), value=_grid(view), pictured=True)]
    fields += [_side_field(view, seat) for seat in _seat_order(view)]
    fields += _chunked(msg("Abilities on the page"), _abilities(view))
    fields += _chunked(msg("Other cards named here"), [card_line(code) for code in _in_sight(view)])
    if view.hand is not None and view.hand:
        fields += _chunked(msg("Your hand"), [*(card_line(code) for code in view.hand), _HUMOURS])
    revealed = _revealed(view)
    if revealed:
        fields.append(BoardField(name=HANDS_REVEALED, value=revealed, pictured=True))
    return Board(
        title=_title(view),
        description=_status(view),
        fields=tuple(fields),
        footer=_footer(view),
    )


def _title(view: MarginaliaView) -> Msg:
    if view.finished or view.phase not in _PHASES:
        return msg("Marginalia · game over")
    turn, player = view.turn, seat_ref(view.active)
    if _PHASES[view.phase] == "play":
        return msg("Marginalia · turn {turn} · {player}'s play phase", turn=turn, player=player)
    if _PHASES[view.phase] == "attack":
        return msg("Marginalia · turn {turn} · {player}'s attack phase", turn=turn, player=player)
    return msg("Marginalia · turn {turn} · {player}'s reset phase", turn=turn, player=player)


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
def _grid(view: MarginaliaView) -> Msg:
    """The top side's back line first, the bottom side's (:func:`bottom_seat`) back line
    last, files a-e, each cell the short label, attack and health left; each row ends with
    its owner's name, so whose row it is never depends on who sits where."""
    by_space = {m.space: m for m in view.page}
    bottom = bottom_seat(view)
    order = [*reversed(rows_of(1 - bottom)), *rows_of(bottom)]
    rows: list[Msg | str] = ["   " + "".join(f"{f:<{CELL}}" for f in FILES).rstrip()]
    for index, (seat, rank, line) in enumerate(order):
        if index == 2:  # between the two front lines
            rows.append("   " + "─" * (CELL * len(FILES) - 2))
        cells = "".join(f"{_cell(by_space.get(f'{f}{rank}')):<{CELL}}" for f in FILES)
        row = f"{rank}  {cells}"
        if line == "front":
            rows.append(msg("{row}{player} front", row=row, player=seat_ref(seat)))
        else:
            rows.append(msg("{row}{player} back", row=row, player=seat_ref(seat)))
    key = msg("Each cell: card, attack/health left; each row ends with its player and line.")
    return msg("```\n{grid}\n```\n{key}", grid=joined(rows), key=key)


def _cell(m: MarginalisView | None) -> str:
    if m is None:
        return EMPTY_CELL
    return f"{cards.card(m.card).short} {m.attack}/{m.health - m.damage}"


def _side_field(view: MarginaliaView, seat: int) -> BoardField:
    side = view.sides[seat]
    marks: list[Msg | str] = []
    if seat in view.to_act and not view.finished:
        marks.append("▶")
    if seat == view.first:
        marks.append(msg("went first"))
    if view.winner == seat:
        marks.append(msg("🏆 winner"))
    head = msg("{player} · ❤️ {health}", player=seat_ref(seat), health=side.health)
    if marks:
        head = msg("{head} ({marks})", head=head, marks=joined(marks, ", "))
    facts = {"deck": side.deck, "hand": side.hand, "discard": side.discard}
    erased = len(side.erased)
    if side.seen_discards:
        seen = joined((card_name(c) for c in side.seen_discards), ", ")
        counts = msg(
            "Deck {deck} · hand {hand} · discard {discard} ({seen} seen) · erased {erased}",
            seen=seen,
            erased=erased,
            **facts,
        )
    else:
        counts = msg(
            "Deck {deck} · hand {hand} · discard {discard} · erased {erased}",
            erased=erased,
            **facts,
        )
    lines: list[Msg] = [counts]
    for m in view.page:
        if m.seat == seat:
            lines.append(_legend(m))
    return BoardField(name=head, value=joined(lines))


def _legend(m: MarginalisView) -> Msg:
    data = cards.card(m.card)
    ability = cards.ability_of(m.card)
    text = msg(
        "`{space}` {short} **{card}** {attack}/{health}",
        space=m.space,
        short=data.short,
        card=card_name(m.card),
        attack=m.attack,
        health=m.health,
    )
    if m.damage:
        text = nmsg("{card}, {n} damage", "{card}, {n} damage", m.damage, card=text)
    if m.token:
        return msg("{card} · token", card=text)
    if ability is not None and m.used:
        return msg("{card} · *{ability}* (used)", card=text, ability=data_msg(ability.name))
    if ability is not None:
        return msg("{card} · *{ability}*", card=text, ability=data_msg(ability.name))
    return text


def _abilities(view: MarginaliaView) -> list[Msg]:
    """One line for each card on the page (tokens have no ability)."""
    seen = dict.fromkeys(m.card for m in view.page if not m.token)
    return [
        msg("**{card}** — {ability}", card=card_name(code), ability=ability_line(code))
        for code in seen
    ]


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


def _revealed(view: MarginaliaView) -> Msg:
    """Both hands and discard piles once the game is over (empty before: they are secret
    while the game runs); a line too long for its share of the field ends in "…"."""
    lines: list[Msg] = []
    for side in view.sides:
        player = seat_ref(side.seat)
        for held, codes in ((True, side.held), (False, side.discarded)):
            if codes is None:
                continue
            listed = joined((card_name(code) for code in codes), ", ") if codes else msg("nothing")
            if held:
                lines.append(msg("{player} held {cards}", player=player, cards=listed))
            else:
                lines.append(msg("{player} discarded {cards}", player=player, cards=listed))
    share = MAX_FIELD_VALUE // max(1, len(lines)) - 1
    return joined(line if len(line) <= share else _cut(line, share) for line in lines)


def _cut(line: Msg, share: int) -> Msg:
    """A line too long for its share of a field, cut with "…" (said in English: only a
    huge hand could ever need it)."""
    return msg("{text}…", text=line[: share - 1])


def _chunked(title: Msg, lines: Iterable[Msg]) -> list[BoardField]:
    """Lines over as many fields as they need, each within the field limit."""
    groups: list[list[Msg]] = []
    for line in lines:
        if not groups or len("\n".join([*groups[-1], line])) > FIELD_BUDGET:
            groups.append([])
        groups[-1].append(line)
    return [
        BoardField(
            name=title if index == 0 else msg("{title} (cont.)", title=title),
            value=joined(group),
        )
        for index, group in enumerate(groups)
    ]


# -------------------------------------------------------------------------- status
def _status(view: MarginaliaView) -> Msg:
    if view.finished:
        assert view.winner is not None
        reason = end_reason(1 - view.winner, view.sides[1 - view.winner].health)
        return msg("{reason}. **{player} wins.**", reason=reason, player=seat_ref(view.winner))
    first = msg("{player} went first.", player=seat_ref(view.first))
    if view.pending is not None:
        line = msg("{first} {now}", first=first, now=_waiting(view.pending))
        if view.viewer == view.pending.seat:
            decision = _your_decision(view.pending, view.search or (), open_spaces(view))
            line = joined((line, decision))
        return line
    who = seat_ref(view.active)
    move: Msg | None = None
    if view.phase == "play":
        now = msg(
            "{player}'s play phase: {plays} of {cards} played.",
            player=who,
            plays=view.plays,
            cards=cards_count(view.play_limit),
        )
        if view.viewer == view.active:
            move = msg("**Your move:** {options}.", options=_play_options(view))
    elif view.phase == "between-fights":
        now = msg("{player}'s attack phase, between two fights: abilities may be used.", player=who)
        if view.viewer == view.active:
            move = msg("**Your move:** use an ability, or attack to go on.")
    elif view.phase == "other-reset":
        other = 1 - view.active
        now = msg(
            "{player}'s reset phase: {other} may use an ability before it ends.",
            player=who,
            other=seat_ref(other),
        )
        if view.viewer == other:
            move = msg("**Your move:** use an ability, or let the turn end.")
    else:
        now = msg("{player}'s reset phase: abilities may still be used.", player=who)
        if view.viewer == view.active:
            if _abilities_to_use(view):
                move = msg("**Your move:** use an ability, or end your turn.")
            else:
                move = msg("**Your move:** end your turn.")
    line = msg("{first} {now}", first=first, now=now)
    return joined((line, move)) if move is not None else line


def _play_options(view: MarginaliaView) -> Msg:
    """What the active viewer may do in the play phase, from what the view shows: play a card
    while the limit allows, use an ability if a front-line marginalis has one unused, attack."""
    options: list[Msg] = []
    if view.hand and view.plays < view.play_limit:
        options.append(msg("play a card from your hand"))
    if _abilities_to_use(view):
        options.append(msg("use an ability"))
    front = sum(1 for m in view.page if m.seat == view.active and m.line == "front")
    if front >= 2:
        options.append(msg("attack (from the left or the right column) to end the play phase"))
    else:
        options.append(msg("attack to end the play phase"))
    if len(options) == 1:
        return options[0]
    return msg("{options}, or {last}", options=joined(options[:-1], ", "), last=options[-1])


def _abilities_to_use(view: MarginaliaView) -> list[str]:
    """Spaces of the active side's front line whose activated ability is not used yet."""
    found = []
    for m in view.page:
        ability = cards.ability_of(m.card) if not m.token else None
        mine = m.seat == view.active and m.line == "front" and not m.used
        if mine and ability is not None and ability.activated:
            found.append(m.space)
    return found


def either(parts: Sequence[Msg | str]) -> Msg | str:
    """Choices joined by "or", each of them: ``a2 or b2 or c2``."""
    found = parts[0]
    for later in parts[1:]:
        found = msg("{first} or {then}", first=found, then=later)
    return found


def _waiting(p: PendingView) -> Msg:
    who = seat_ref(p.seat)
    card = msg("**{card}**", card=card_name(p.card)) if p.card else msg("a card")
    match p.kind:
        case "play":
            return msg("{player} is playing a card from their hand.", player=who)
        case "place":
            return msg("{player} chooses where to play {card}.", player=who, card=card)
        case "target":
            ability = cards.ability_of(p.card) if p.card else None
            what = (
                msg("{card}'s *{ability}*", card=card, ability=data_msg(ability.name))
                if ability is not None
                else card
            )
            if p.space:
                return msg(
                    "{player} chooses the target of {what} ({space}).",
                    player=who,
                    what=what,
                    space=p.space,
                )
            return msg("{player} chooses the target of {what}.", player=who, what=what)
        case "fortune":
            return msg(
                "{player} revealed {card} with Rota Fortuna and may play it.", player=who, card=card
            )
        case "search":
            ability = cards.ability_of(p.card)
            kind = type_name(ability.effect.type) if ability is not None else pmsg("type", "card")
            if p.space:
                return msg(
                    "{player} searches their deck for a {kind} to stand behind {card} ({space}).",
                    player=who,
                    kind=kind,
                    card=card,
                    space=p.space,
                )
            return msg(
                "{player} searches their deck for a {kind} to stand behind {card}.",
                player=who,
                kind=kind,
                card=card,
            )
    if p.space:
        return msg(
            "{player} chooses where {card} ({space}) flies.", player=who, card=card, space=p.space
        )
    return msg("{player} chooses where {card} flies.", player=who, card=card)


def _your_decision(p: PendingView, finds: tuple[str, ...], spaces: list[str]) -> Msg:
    match p.kind:
        case "place":
            if not spaces:
                return msg("**Your decision:** play it to an open space, or go back.")
            return msg(
                "**Your decision:** play it to {spaces}, or go back.",
                spaces=either(spaces),
            )
        case "target":
            players = msg("{p1} or {p2}", p1=seat_ref(0), p2=seat_ref(1))
            aim = effect_of(p.card, p.branch).target
            if aim == "marginalis":
                aims = msg("aim it at a marginalis")
            elif aim == "player":
                aims = msg("aim it at {players}", players=players)
            else:
                aims = msg("aim it at a marginalis or at {players}", players=players)
            if p.source == "effect":
                return msg("**Your decision:** {aims}.", aims=aims)
            return msg("**Your decision:** {aims}, or go back.", aims=aims)
        case "fortune":
            name = card_name(p.card) if p.card else msg("it")
            return msg(
                "**Your decision:** play {card}, or decline (it goes to your discard pile).",
                card=name,
            )
        case "search":
            options = [card_name(code) for code in finds] + [msg("a token")]
            return msg("**Your decision:** summon {options}.", options=either(options))
    return msg("**Your decision:** choose where it flies, or go back.")


def _footer(view: MarginaliaView) -> Msg:
    """One hint for typing a move, from what the viewer may do now; nothing otherwise."""
    if view.finished:
        return msg("Thanks for playing Marginalia.")
    aside = msg("{cards} set aside.", cards=cards_count(view.set_aside))
    if view.viewer != view.active or view.pending is not None or view.phase != "play":
        return aside
    spaces = open_spaces(view)
    if not view.hand or not spaces:
        return aside
    card = next((c for c in view.hand if _is_marginalis(c)), view.hand[0])
    typed = f"/play play {card} to {spaces[0]}" if _is_marginalis(card) else f"/play play {card}"
    return msg("Type e.g. {typed} · {aside}", typed=typed, aside=aside)
