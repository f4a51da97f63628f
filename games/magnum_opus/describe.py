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
from games.core.words import Msg, data_msg, joined, msg, pmsg
from games.magnum_opus import cards
from games.magnum_opus.catalogue import character_short
from games.magnum_opus.scoring import ScoreLine
from games.magnum_opus.state import CLOCK_PRICE, LANE_PRICE, PICKS_PER_ROUND
from games.magnum_opus.text import (
    cards_count,
    character_label,
    code_label,
    formulas_count,
    ingredients_count,
    money,
    prime_pairs_count,
    token_label,
    token_list,
)
from games.magnum_opus.view import AlchemistView, MagnumOpusView

OUROBOROS, SILVER, ACTING, CHOSEN = "🐍", "🪙", "▶", "✔"


def describe(view: MagnumOpusView) -> Board:
    """The table for everyone, plus the viewer's pack, Magnum Opus and choices for a seat."""
    fields = [
        BoardField(
            name=msg("Golden Lane ({price} silver)", price=LANE_PRICE),
            value=_lane(view),
            pictured=True,
        ),
        BoardField(
            name=msg("Astronomical Clock ({price} silver)", price=CLOCK_PRICE),
            value=_clock(view),
            pictured=True,
        ),
    ]
    fields += [_alchemist_field(view, a) for a in view.alchemists]
    fields.append(BoardField(name=pmsg("field", "Prime Ingredients"), value=_prime(view)))
    if view.hand is not None and not view.finished:
        fields.append(BoardField(name=pmsg("field", "Your pack"), value=_hand(view), pictured=True))
    legend = _characters(view)
    if legend:
        fields.append(BoardField(name=msg("What the Characters do"), value=legend))
    if view.dealt is not None and not view.finished:
        fields.append(BoardField(name=pmsg("field", "Your Magnum Opus"), value=_opus(view)))
    if view.choices:
        fields.append(BoardField(name=msg("Your choices"), value=_choices(view)))
    if view.my_score is not None and not view.finished:
        fields.append(
            BoardField(name=msg("Your score if the game ended now"), value=_score(view.my_score))
        )
    if view.scores is not None:
        fields.append(BoardField(name=FINAL_SCORES, value=_final(view)))
    return Board(
        title=_title(view),
        description=_status(view),
        fields=tuple(fields),
        footer=_footer(view),
    )


def _title(view: MagnumOpusView) -> Msg:
    if view.finished:
        return msg("Magnum Opus · game over")
    if view.phase == "keep":
        return msg("Magnum Opus · choosing a Magnum Opus card")
    if view.phase == "pick":
        return msg(
            "Magnum Opus · round {round} of {rounds} · Solicitations, card {card} of {cards}",
            round=view.round,
            rounds=view.rounds,
            card=view.cards_laid + 1,
            cards=PICKS_PER_ROUND,
        )
    return msg(
        "Magnum Opus · round {round} of {rounds} · Patronage: {character}",
        round=view.round,
        rounds=view.rounds,
        character=character_label(view.calling),
    )


def _status(view: MagnumOpusView) -> Msg:
    if view.finished:
        return msg(
            "The game is over. Most Prestige Points wins; ties go to most completed formulas, "
            "then most silver."
        )
    mine = view.viewer is not None and view.viewer in view.to_act
    waiting = joined([seat_ref(seat) for seat in view.to_act], ", ")
    lines: list[Msg] = []
    if view.phase == "keep":
        lines.append(
            msg(
                "Everyone keeps one of two Magnum Opus cards, secretly. Waiting for {waiting}.",
                waiting=waiting,
            )
        )
        if mine:
            lines.append(msg("**Keep one of your cards.**"))
        return joined(lines)
    if view.phase == "pick":
        if view.cards_laid + 1 == PICKS_PER_ROUND:
            then = msg("then the Patronage begins")
        elif view.passes_left:
            then = msg(
                "then packs pass to the left and {keeper} takes the pack under the Ouroboros",
                keeper=seat_ref(view.keeper),
            )
        else:
            then = msg(
                "then packs pass to the right and {keeper} takes the pack under the Ouroboros",
                keeper=seat_ref(view.keeper),
            )
        lines.append(
            msg(
                "Everyone chooses a card at once, face down; {then}. Waiting for {waiting}.",
                then=then,
                waiting=waiting,
            )
        )
        if mine:
            lines.append(msg("**Choose a card from your pack.**"))
        return joined(lines)
    patron = view.patron
    assert patron is not None
    summary = data_msg(cards.characters()[patron.numeral].summary)
    lines.append(
        msg(
            "{patron} is the patron of {character}: {summary}",
            patron=seat_ref(patron.seat),
            character=character_label(patron.numeral),
            summary=summary,
        )
    )
    if patron.target >= 0:
        if patron.taken:
            lines.append(
                msg(
                    "The Favor aims at {rival}, taking their {card}.",
                    rival=seat_ref(patron.target),
                    card=code_label(patron.taken),
                )
            )
        else:
            lines.append(msg("The Favor aims at {rival}.", rival=seat_ref(patron.target)))
    elif patron.numeral <= cards.LAST_SHOWING:
        lines.append(_clock_alternative(view, patron.seat, patron.numeral))
    if mine:
        lines.append(msg("**Your decision.**"))
    return joined(lines)


def _clock_alternative(view: MagnumOpusView, seat: int, numeral: int) -> Msg:
    """What the patron of I–VI may do instead of taking the Funds and the Favor."""
    front = view.alchemists[seat].front
    shown = [
        kind
        for kind in cards.ingredients()
        if any(f"{cards.characters()[numeral].key}-{kind}" == code for code in front)
    ]
    offer = either([token_label(kind) for kind in shown])
    params = {
        "patron": seat_ref(seat),
        "offer": offer,
        "numeral": cards.ROMAN[numeral],
        "price": CLOCK_PRICE,
    }
    if view.alchemists[seat].silver < CLOCK_PRICE:
        return msg(
            "Instead, {patron} may renounce the Funds and the Favor to buy one {offer} (shown "
            "on their {numeral} cards) at the Astronomical Clock for {price} silver, but they "
            "have only {silver} silver.",
            silver=view.alchemists[seat].silver,
            **params,
        )
    if not any(kind in view.clock for kind in shown):
        return msg(
            "Instead, {patron} may renounce the Funds and the Favor to buy one {offer} (shown "
            "on their {numeral} cards) at the Astronomical Clock for {price} silver, but the "
            "Clock has none now.",
            **params,
        )
    return msg(
        "Instead, {patron} may renounce the Funds and the Favor to buy one {offer} (shown "
        "on their {numeral} cards) at the Astronomical Clock for {price} silver.",
        **params,
    )


def either(items: list[Msg]) -> Msg:
    """``A or B or C``."""
    said = items[0]
    for item in items[1:]:
        said = msg("{first} or {second}", first=said, second=item)
    return said


def _lane(view: MagnumOpusView) -> Msg:
    market = token_list(view.lane) if view.lane else pmsg("market", "empty")
    coming: Msg = (
        joined([token_label(t) for t in view.lane_row], " → ")
        if view.lane_row
        else pmsg("ingredients", "none")
    )
    return joined(
        [
            msg("For sale: {tokens}", tokens=market),
            msg("Still to come, left first: {tokens}", tokens=coming),
        ]
    )


def _clock(view: MagnumOpusView) -> Msg:
    prime = cards.prime_cards()[view.prime]
    first, second = prime.pair
    market = token_list(view.clock) if view.clock else pmsg("market", "empty")
    return joined(
        [
            msg("For sale: {tokens}", tokens=market),
            msg(
                "Prime Ingredients: **{card}** ({first} + {second})",
                card=data_msg(prime.name),
                first=token_label(first),
                second=token_label(second),
            ),
            msg(
                "Face-down tokens: {count} · in the box: {tokens}",
                count=view.face_down_tokens,
                tokens=token_list(view.box),
            ),
        ]
    )


def _prime(view: MagnumOpusView) -> Msg:
    """The Prime Ingredient card and what it scores, in words the picture does not carry."""
    prime = cards.prime_cards()[view.prime]
    first, second = prime.pair
    return msg(
        "**{card}**: each pair of {first} + {second} held at the end scores an extra Prestige "
        "Point.",
        card=data_msg(prime.name),
        first=token_label(first),
        second=token_label(second),
    )


def _characters(view: MagnumOpusView) -> Msg | str:
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
    return joined(
        msg(
            "{character} — {short}",
            character=character_label(numeral),
            short=character_short(numeral),
        )
        for numeral in sorted(seen)
    )


def _alchemist_field(view: MagnumOpusView, a: AlchemistView) -> BoardField:
    marks: list[Msg | str] = []
    if a.seat == view.keeper:
        marks.append(msg("{symbol} Ouroboros", symbol=OUROBOROS))
    if a.chosen:
        marks.append(CHOSEN)
    if a.seat in view.to_act and not view.finished:
        marks.append(ACTING)
    name: Msg | str = seat_ref(a.seat)
    if marks:
        name = msg("{alchemist} ({marks})", alchemist=name, marks=joined(marks, ", "))
    front = _front(view, a.front)
    lines = [
        msg(
            "{symbol} {silver} · ingredients: {tokens}",
            symbol=SILVER,
            silver=money(a.silver),
            tokens=token_list(a.ingredients),
        ),
        msg("Cards: {cards}", cards=front if a.front else pmsg("cards", "none")),
    ]
    if view.phase == "pick":
        lines.append(msg("Pack in hand: {cards}", cards=cards_count(a.pack_size)))
    if a.seat == view.keeper and not view.finished:
        lines.append(
            msg(
                "{symbol} The Ouroboros: its keeper takes the spare pack when packs pass.",
                symbol=OUROBOROS,
            )
        )
    if a.opus is not None:
        lines.append(msg("Magnum Opus: {card}", card=_opus_short(a.opus)))
    return BoardField(name=name, value=joined(lines), inline=True)


def _front(view: MagnumOpusView, front: tuple[str, ...]) -> Msg:
    """Cards in front grouped by Character; those already called are struck through."""
    parts: list[Msg] = []
    for code in front:
        label = code_label(code)
        resolved = view.phase == "patronage" and cards.numeral_of_code(code) < view.calling
        parts.append(joined(["~~", label, "~~"], "") if resolved else label)
    return joined(parts, " · ")


def _hand(view: MagnumOpusView) -> Msg:
    assert view.hand is not None
    lines: list[Msg] = [code_label(code) for code in view.hand] or [pmsg("pack", "empty")]
    if view.my_pick is not None:
        lines.append(msg("Chosen, face down: **{card}**", card=code_label(view.my_pick)))
    return joined(lines)


def _opus(view: MagnumOpusView) -> Msg:
    assert view.dealt is not None
    data = cards.opus_cards()
    if view.my_opus is None:
        return joined(
            msg("{move}: {card}", move=_typed("keep", key), card=_opus_line(key))
            for key in view.dealt
        )
    discarded = next(key for key in view.dealt if key != view.my_opus)
    return joined(
        [
            _opus_line(view.my_opus),
            msg(
                "(a secret goal: holding a formula's ingredients at the end scores 2 points; "
                "discarded: {card})",
                card=data_msg(data[discarded].name),
            ),
        ]
    )


def _typed(*words: str) -> str:
    """A move as it is typed, in backticks: ``keep aurora``."""
    return "`" + " ".join(words) + "`"


def _opus_short(key: str) -> Msg:
    """A revealed Magnum Opus card and its two formulas in symbols."""
    card = cards.opus_cards()[key]
    first, second = (
        "".join(cards.ingredient_data()[kind].symbol for kind in formula)
        for formula in card.formulas
    )
    return msg("{card} ({first} or {second})", card=data_msg(card.name), first=first, second=second)


def _opus_line(key: str) -> Msg:
    card = cards.opus_cards()[key]
    formulas = either([joined([token_label(t) for t in f], " + ") for f in card.formulas])
    return msg("**{card}**: {formulas}", card=data_msg(card.name), formulas=formulas)


def _choices(view: MagnumOpusView) -> str:
    return " · ".join(f"`{text}`" for text in view.choices)


def _score(line: ScoreLine) -> Msg:
    return msg(
        "**{total}** = {ingredients} + {pairs} + {points} for {formulas}",
        total=line.total,
        ingredients=ingredients_count(line.ingredients),
        pairs=prime_pairs_count(line.prime_pairs),
        points=2 * line.formulas,
        formulas=formulas_count(line.formulas),
    )


def _final(view: MagnumOpusView) -> Msg:
    assert view.scores is not None
    ordered = sorted(view.scores, key=lambda x: (-x.total, -x.formulas, -x.silver, x.seat))
    return joined(
        msg(
            "{alchemist}: {score} · {silver}",
            alchemist=seat_ref(line.seat),
            score=_score(line),
            silver=money(line.silver),
        )
        for line in ordered
    )


def _footer(view: MagnumOpusView) -> Msg | str:
    """One hint for typing a move, from the viewer's legal moves; nothing when they have none."""
    if view.finished:
        return msg("Thanks for playing Magnum Opus.")
    if not view.choices:
        return ""
    return msg("Type /play and one of your choices, e.g. /play {move}.", move=view.choices[0])
