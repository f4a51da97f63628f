"""What the turn panel says: each move as a menu option (its words, and under them what the
card it names does, or how to type it), the line on how to pick, and what the cards on its
buttons do; above its controls, in a phone's screen, what happened since the member's last
move, what they are to decide and the names of what they hold. The panel itself, its
buttons and menus and what a click on them does, is :mod:`bot.tables.panel`."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.common.render import render
from bot.tables.choices import Choice, PanelChoices
from bot.tables.views import Moment
from bot.words.i18n import localize
from games.core import Board, BoardField
from games.core.catalogue import CardText
from games.core.words import msg, nmsg, pmsg


def menu_option(choice: Choice, panel: PanelChoices, names: Sequence[str]) -> discord.SelectOption:
    """A move as a menu option. Under its words: what the card it names does, when it names
    one, since nothing else on the panel says it (the typed form stays one look away, in
    the panel's "Typing works too" line and ``/play``'s suggestions); else its typed form."""
    card = panel.card_of(choice)
    hint = (
        card.brief
        if card is not None
        else msg("or type /play {notation}", notation=choice.notation)
    )
    return discord.SelectOption(
        label=_shown(say(choice.label, names), 100),
        value=str(choice.index),
        description=_shown(localize(hint), 100),
    )


def say(text: str, names: Sequence[str] | None = None) -> str:
    """``text`` in the reader's language, drawn for Discord, seats named by ``names``."""
    return render(text, names)


def _shown(text: str, limit: int) -> str:
    """``text`` cut to Discord's ``limit`` with an ellipsis."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def card_details(cards: Sequence[CardText], room: int) -> str:
    """What the cards on a panel's buttons do, a line each ("**Name** — brief"), in at most
    ``room`` characters: the lines that fit, then how many more ``/card`` shows."""
    lines = [
        say(msg("{b}{name}{/b} — {brief}", name=card.name, brief=card.brief)) for card in cards
    ]
    for shown in range(len(lines), -1, -1):
        kept = lines[:shown]
        if shown < len(lines):
            more = len(lines) - shown
            kept.append(say(nmsg("… and {n} more: /card", "… and {n} more: /card", more)))
        text = "\n".join(kept)
        if len(text) <= room:
            return text
    return ""


def how_to_pick(panel: PanelChoices) -> str:
    """One line on using the panel, with the typed form of a move as a hint."""
    if panel.whole:
        how = msg("Pick a whole move from the menu, or go one step at a time.")
        example = panel.whole[0].notation
    elif panel.steps:
        how = msg("Choose below.") if panel.steps_as_buttons else msg("Choose from the menu.")
        example = panel.steps[0].notation
    else:
        return say(msg("Step back, or choose below."))
    typing = msg("-# Typing works too: `/play {example}`", example=example)
    return f"{say(how)}\n{say(typing)}"


def back_label() -> str:
    """The label of the button taking a step back, in the reader's language."""
    return localize(pmsg("button", "Back"))


def steps_placeholder(whole: bool, page: int, pages: int) -> str:
    """The placeholder of the steps' menu: after a whole-move menu, or alone; its page."""
    if pages <= 1:
        return msg("…or one step at a time") if whole else msg("Choose your move…")
    if whole:
        return msg("…or one step at a time ({page}/{pages})", page=page + 1, pages=pages)
    return msg("Choose your move… ({page}/{pages})", page=page + 1, pages=pages)


# ------------------------------------------------------------------ the panel's text
#: The most a panel says above its controls: on a phone the buttons stay in sight without
#: scrolling. The whole board is one click away, under the panel's Board button.
PANEL_TEXT_LIMIT = 700
#: The newest log lines a panel retells of the moves since the member's last turn.
RECAP_LINES = 4
#: Room for each part of the panel's text; the cards on its buttons take what is left.
RECAP_ROOM, DECISION_ROOM, OWN_ROOM, MOVE_ROOM = 260, 220, 160, 200
#: Room for what comes before the panel: a note, and the lines of the move just made.
BEFORE_ROOM = 260
#: Field values cut at the first of these are down to their names ("Furor — Deal 3…").
_NAME_ENDS = (" — ", " (", ": ")


def since_last_turn(moments: Sequence[Moment], seat: int) -> list[str]:
    """What ``seat`` may read of the moves made since its own last move (since the deal
    when it has not moved yet), oldest first, as neutral text: ``moments`` are a game's
    versions from the deal on."""
    last = max((v for v, m in enumerate(moments) if m.mover == seat), default=0)
    return [e.text for m in moments[last + 1 :] for e in m.log if e.visible_to(seat)]


def recap_text(lines: Sequence[str], names: Sequence[str], room: int = RECAP_ROOM) -> str:
    """The newest of ``lines`` under a heading, each on one line, in at most ``room``
    characters, and how many earlier ones ``/game log`` tells."""
    shown = [_shown(" ".join(say(line, names).split()), 120) for line in lines]
    for count in range(min(RECAP_LINES, len(shown)), 0, -1):
        kept = shown[len(shown) - count :]
        earlier = len(shown) - count
        more = (
            [
                say(
                    nmsg(
                        "-# … and {n} earlier: `/game log`",
                        "-# … and {n} earlier: `/game log`",
                        earlier,
                    )
                )
            ]
            if earlier
            else []
        )
        text = "\n".join([say(msg("-# Since your last move:")), *kept, *more])
        if len(text) <= room:
            return text
    counted = (
        say(
            nmsg(
                "-# Since your last move: {n} move, in `/game log`.",
                "-# Since your last move: {n} moves, in `/game log`.",
                len(shown),
            )
        )
        if shown
        else ""
    )
    return counted if len(counted) <= room else ""


def decision_text(board: Board, names: Sequence[str], room: int = DECISION_ROOM) -> str:
    """What the board says the member is to decide (its description), the lines that fit
    in ``room``."""
    kept: list[str] = []
    for line in say(board.description, names).splitlines():
        if line.strip() and len("\n".join([*kept, line])) <= room:
            kept.append(line)
    return "\n".join(kept)


def own_text(fields: Sequence[BoardField], names: Sequence[str], room: int = OWN_ROOM) -> str:
    """The member's own fields (what spectators do not see) in a compact line each: the
    names of what they hold, not what it all does; the member's own ("Your …") first, while
    they fit in ``room``."""
    ordered = sorted(fields, key=lambda f: not f.name.startswith("Your"))
    kept: list[str] = []
    for field in ordered:
        items = [name for line in localize(field.value).splitlines() for name in _names_in(line)]
        if not items:
            continue
        line = _shown(
            localize(msg("{name}: {items}", name=field.name, items=" · ".join(items))), 120
        )
        if len("\n".join([*kept, line])) <= room:
            kept.append(line)
    return render("\n".join(kept), names)


def _names_in(line: str) -> list[str]:
    """The names a line of a field gives: its first bold words, else each of its items
    (parted by " · ") up to what it does; none for a line that only explains (``↳ …``)."""
    text = line.strip()
    if text.startswith(("↳", "(")):
        return []
    bold = text.split("**")
    if len(bold) >= 3 and bold[1].strip():
        return [bold[1].strip()]
    names = []
    for item in text.split(" · "):
        for end in _NAME_ENDS:
            item = item.split(end, 1)[0]
        if name := item.strip(" `*"):
            names.append(name)
    return names


def panel_text(
    heading: str,
    panel: PanelChoices,
    names: Sequence[str],
    *,
    before: Sequence[str] = (),
    recap: Sequence[str] = (),
    board: Board | None = None,
    own: Sequence[BoardField] = (),
) -> str:
    """What a panel says above its controls, within :data:`PANEL_TEXT_LIMIT`: ``before``
    (Discord text: a note, the lines of the member's own move), ``heading`` (the game), the
    ``recap`` of the moves since their last one, and when they are to move, what ``board``
    says they are to decide, the names of what they hold (their ``own`` fields, those
    spectators do not see), how to pick, and what the cards on the buttons do. Each part
    has its room; when they crowd, what to decide goes before the recap, and the recap
    before what they hold."""
    said = "\n".join(localize(p) for p in before if p)
    if len(said) > BEFORE_ROOM:  # the newest of it: the end of the move just made
        said = "…" + said[len(said) - BEFORE_ROOM + 1 :]
    if panel:
        head = say(msg("{game} · your move", game=heading))
    else:
        head = say(msg("{game}: it is not your turn; you will be pinged.", game=heading))
    pick = how_to_pick(panel) if panel else ""
    # What must be said first, then the rest in the room left, most telling first.
    room = PANEL_TEXT_LIMIT - len("\n".join(p for p in (said, head, pick) if p))
    decide = decision_text(board, names, min(DECISION_ROOM, room - 1)) if panel and board else ""
    room -= len(decide) + 1 if decide else 0
    told = recap_text(recap, names, min(RECAP_ROOM, room - 1))
    room -= len(told) + 1 if told else 0
    held = own_text(own, names, min(OWN_ROOM, room - 1)) if panel else ""
    text = "\n".join(p for p in (said, head, told, decide, held, pick) if p)
    cards = panel.step_cards() if panel.steps_as_buttons else []
    details = card_details(cards, PANEL_TEXT_LIMIT - len(text) - 1)
    return f"{text}\n{details}" if details else text
