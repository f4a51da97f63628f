"""A Magnum Opus view as a platform-neutral board, shown as text under the picture.

What the text carries, and what it leaves to the picture (``picture.py``): the picture is the
table at a glance (the two markets, each alchemist's silver and ingredients, who is to act, the
viewer's pack and Magnum Opus). The text says in words what the phase is and what follows it,
what the patron's Character does, the Characters by name in front of each alchemist, the
viewer's choices, the score itemized, and explains its terms the first time they appear: the
Ouroboros, the Prime Ingredients, a Magnum Opus. It stays complete enough to play from when no
picture is shown. Its footer is one hint for typing a move, built from the viewer's legal
moves, or nothing.
"""

from __future__ import annotations

from games.core import FINAL_SCORES, Board, BoardField, seat_ref
from games.magnum_opus import cards
from games.magnum_opus.catalogue import character_short
from games.magnum_opus.scoring import ScoreLine
from games.magnum_opus.state import CLOCK_PRICE, LANE_PRICE, PICKS_PER_ROUND
from games.magnum_opus.text import (
    character_label,
    code_label,
    plural,
    token_label,
    token_list,
)
from games.magnum_opus.view import AlchemistView, MagnumOpusView

OUROBOROS, SILVER, ACTING, CHOSEN = "🐍", "🪙", "▶", "✔"


def describe(view: MagnumOpusView) -> Board:
    """The table for everyone, plus the viewer's pack, Magnum Opus and choices for a seat."""
    fields = [
        BoardField(name=f"Golden Lane ({LANE_PRICE} silver)", value=_lane(view), pictured=True),
        BoardField(
            name=f"Astronomical Clock ({CLOCK_PRICE} silver)", value=_clock(view), pictured=True
        ),
    ]
    fields += [_alchemist_field(view, a) for a in view.alchemists]
    fields.append(BoardField(name="Prime Ingredients", value=_prime(view)))
    if view.hand is not None and not view.finished:
        fields.append(BoardField(name="Your pack", value=_hand(view), pictured=True))
    legend = _characters(view)
    if legend:
        fields.append(BoardField(name="What the Characters do", value=legend))
    if view.dealt is not None and not view.finished:
        fields.append(BoardField(name="Your Magnum Opus", value=_opus(view)))
    if view.choices:
        fields.append(BoardField(name="Your choices", value=_choices(view)))
    if view.my_score is not None and not view.finished:
        fields.append(
            BoardField(name="Your score if the game ended now", value=_score(view.my_score))
        )
    if view.scores is not None:
        fields.append(BoardField(name=FINAL_SCORES, value=_final(view)))
    return Board(
        title=_title(view),
        description=_status(view),
        fields=tuple(fields),
        footer=_footer(view),
    )


def _title(view: MagnumOpusView) -> str:
    if view.finished:
        return "Magnum Opus · game over"
    head = f"Magnum Opus · round {view.round} of {view.rounds}"
    if view.phase == "keep":
        return "Magnum Opus · choosing a Magnum Opus card"
    if view.phase == "pick":
        return f"{head} · Solicitations, card {view.cards_laid + 1} of {PICKS_PER_ROUND}"
    return f"{head} · Patronage: {character_label(view.calling)}"


def _status(view: MagnumOpusView) -> str:
    if view.finished:
        return (
            "The game is over. Most Prestige Points wins; ties go to most completed formulas, "
            "then most silver."
        )
    mine = view.viewer is not None and view.viewer in view.to_act
    waiting = ", ".join(seat_ref(seat) for seat in view.to_act)
    if view.phase == "keep":
        line = f"Everyone keeps one of two Magnum Opus cards, secretly. Waiting for {waiting}."
        return line + ("\n**Keep one of your cards.**" if mine else "")
    if view.phase == "pick":
        direction = "left" if view.passes_left else "right"
        then = (
            "then the Patronage begins"
            if view.cards_laid + 1 == PICKS_PER_ROUND
            else f"then packs pass to the {direction} and {seat_ref(view.keeper)} takes the pack"
            " under the Ouroboros"
        )
        line = f"Everyone chooses a card at once, face down; {then}. Waiting for {waiting}."
        return line + ("\n**Choose a card from your pack.**" if mine else "")
    patron = view.patron
    assert patron is not None
    summary = cards.characters()[patron.numeral].summary
    line = f"{seat_ref(patron.seat)} is the patron of {character_label(patron.numeral)}: {summary}"
    if patron.target >= 0:
        line += f"\nThe Favor aims at {seat_ref(patron.target)}"
        line += f", taking their {code_label(patron.taken)}." if patron.taken else "."
    elif patron.numeral <= cards.LAST_SHOWING:
        line += "\n" + _clock_alternative(view, patron.seat, patron.numeral)
    return line + ("\n**Your decision.**" if mine else "")


def _clock_alternative(view: MagnumOpusView, seat: int, numeral: int) -> str:
    """What the patron of I–VI may do instead of taking the Funds and the Favor."""
    front = view.alchemists[seat].front
    shown = [
        kind
        for kind in cards.ingredients()
        if any(f"{cards.characters()[numeral].key}-{kind}" == code for code in front)
    ]
    offer = " or ".join(token_label(kind) for kind in shown)
    line = (
        f"Instead, {seat_ref(seat)} may renounce the Funds and the Favor to buy one {offer} "
        f"(shown on their {cards.ROMAN[numeral]} cards) at the Astronomical Clock for "
        f"{CLOCK_PRICE} silver"
    )
    if view.alchemists[seat].silver < CLOCK_PRICE:
        return f"{line}, but they have only {view.alchemists[seat].silver} silver."
    if not any(kind in view.clock for kind in shown):
        return f"{line}, but the Clock has none now."
    return f"{line}."


def _lane(view: MagnumOpusView) -> str:
    market = token_list(view.lane) if view.lane else "empty"
    coming = " → ".join(token_label(t) for t in view.lane_row) or "none"
    return f"For sale: {market}\nStill to come, left first: {coming}"


def _clock(view: MagnumOpusView) -> str:
    prime = cards.prime_cards()[view.prime]
    first, second = prime.pair
    market = token_list(view.clock) if view.clock else "empty"
    return (
        f"For sale: {market}\n"
        f"Prime Ingredients: **{prime.name}** ({token_label(first)} + {token_label(second)})\n"
        f"Face-down tokens: {view.face_down_tokens} · in the box: {token_list(view.box)}"
    )


def _prime(view: MagnumOpusView) -> str:
    """The Prime Ingredient card and what it scores, in words the picture does not carry."""
    prime = cards.prime_cards()[view.prime]
    first, second = prime.pair
    return (
        f"**{prime.name}**: each pair of {token_label(first)} + {token_label(second)} held at "
        "the end scores an extra Prestige Point."
    )


def _characters(view: MagnumOpusView) -> str:
    """What the Characters the viewer can see do: those in their pack, in front of anyone,
    and the one being called; one line each, in numeral order."""
    if view.finished:
        return ""
    seen = {cards.numeral_of_code(code) for a in view.alchemists for code in a.front}
    seen |= {cards.numeral_of_code(code) for code in view.hand or ()}
    if view.my_pick is not None:
        seen.add(cards.numeral_of_code(view.my_pick))
    if view.patron is not None:
        seen.add(view.patron.numeral)
    return "\n".join(
        f"{character_label(numeral)} — {character_short(numeral)}" for numeral in sorted(seen)
    )


def _alchemist_field(view: MagnumOpusView, a: AlchemistView) -> BoardField:
    marks = []
    if a.seat == view.keeper:
        marks.append(f"{OUROBOROS} Ouroboros")
    if a.chosen:
        marks.append(CHOSEN)
    if a.seat in view.to_act and not view.finished:
        marks.append(ACTING)
    name = seat_ref(a.seat) + (f" ({', '.join(marks)})" if marks else "")
    lines = [
        f"{SILVER} {a.silver} silver · ingredients: {token_list(a.ingredients)}",
        "Cards: " + (_front(view, a.front) or "none"),
    ]
    if view.phase == "pick":
        lines.append(f"Pack in hand: {plural(a.pack_size, 'card')}")
    if a.seat == view.keeper and not view.finished:
        lines.append(f"{OUROBOROS} The Ouroboros: its keeper takes the spare pack when packs pass.")
    if a.opus is not None:
        lines.append(f"Magnum Opus: {_opus_short(a.opus)}")
    return BoardField(name=name, value="\n".join(lines), inline=True)


def _front(view: MagnumOpusView, front: tuple[str, ...]) -> str:
    """Cards in front grouped by Character; those already called are struck through."""
    parts = []
    for code in front:
        label = code_label(code)
        resolved = view.phase == "patronage" and cards.numeral_of_code(code) < view.calling
        parts.append(f"~~{label}~~" if resolved else label)
    return " · ".join(parts)


def _hand(view: MagnumOpusView) -> str:
    assert view.hand is not None
    lines = [code_label(code) for code in view.hand] or ["empty"]
    if view.my_pick is not None:
        lines.append(f"Chosen, face down: **{code_label(view.my_pick)}**")
    return "\n".join(lines)


def _opus(view: MagnumOpusView) -> str:
    assert view.dealt is not None
    data = cards.opus_cards()
    if view.my_opus is None:
        return "\n".join(f"`keep {key}`: {_opus_line(key)}" for key in view.dealt)
    discarded = next(key for key in view.dealt if key != view.my_opus)
    return (
        f"{_opus_line(view.my_opus)}\n(a secret goal: holding a formula's ingredients at the end"
        f" scores 2 points; discarded: {data[discarded].name})"
    )


def _opus_short(key: str) -> str:
    """A revealed Magnum Opus card and its two formulas in symbols."""
    card = cards.opus_cards()[key]
    symbols = " or ".join(
        "".join(cards.ingredient_data()[kind].symbol for kind in formula)
        for formula in card.formulas
    )
    return f"{card.name} ({symbols})"


def _opus_line(key: str) -> str:
    card = cards.opus_cards()[key]
    formulas = " or ".join(" + ".join(token_label(t) for t in f) for f in card.formulas)
    return f"**{card.name}**: {formulas}"


def _choices(view: MagnumOpusView) -> str:
    return " · ".join(f"`{text}`" for text in view.choices)


def _score(line: ScoreLine) -> str:
    return (
        f"**{line.total}** = {plural(line.ingredients, 'ingredient')} + "
        f"{plural(line.prime_pairs, 'Prime pair')} + {2 * line.formulas} for "
        f"{plural(line.formulas, 'formula')}"
    )


def _final(view: MagnumOpusView) -> str:
    assert view.scores is not None
    ordered = sorted(view.scores, key=lambda x: (-x.total, -x.formulas, -x.silver, x.seat))
    return "\n".join(
        f"{seat_ref(line.seat)}: {_score(line)} · {line.silver} silver" for line in ordered
    )


def _footer(view: MagnumOpusView) -> str:
    """One hint for typing a move, from the viewer's legal moves; nothing when they have none."""
    if view.finished:
        return "Thanks for playing Magnum Opus."
    if not view.choices:
        return ""
    return f"Type /play and one of your choices, e.g. /play {view.choices[0]}."
