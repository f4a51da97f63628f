"""What each seat may see of a Mandragora table, and resampling what it may not."""

from __future__ import annotations

import random
from collections import Counter

from pydantic import BaseModel, ConfigDict

from games.mandragora import cards, rules
from games.mandragora.scoring import ScoreLine, score_line
from games.mandragora.state import MandragoraState, Step


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True)


class SpellView(_Frozen):
    """A spell in front of a sorcerer: its card and spellbook (ingredients lie hidden under)."""

    spell: str
    value: int
    book: str


class SorcererView(_Frozen):
    """What the table knows of one sorcerer."""

    seat: int
    hand_size: int
    scrolls: int
    spells: tuple[SpellView, ...]
    reach: int
    dropped: bool
    spell_points: int
    hand: tuple[str, ...] | None = None
    """The cards in hand, laid open to everyone once the game is over (``None`` until then)."""


class ShopView(_Frozen):
    """One shop tile: face-up cards at day shops, a count of face-down ones at night shops."""

    number: int
    night: bool
    cards: tuple[str, ...]
    face_down: int


class StackView(_Frozen):
    """A spell stack: the face-up top card and how many cards are left."""

    value: int
    top: str | None
    size: int


class PendingView(_Frozen):
    """A decision owed. Details of a spell being prepared are shown only to its caster."""

    kind: str
    seat: int
    book: str = ""
    ingredients: tuple[str, ...] = ()
    other: int = -1
    card: str = ""


class MandragoraView(_Frozen):
    """One seat's view of the game (``viewer`` None: a spectator's)."""

    viewer: int | None
    players: int
    teams: bool
    turn: int
    current: int
    to_act: tuple[int, ...]
    extra_turn: bool
    assistant: int
    shops: tuple[ShopView, ...]
    deck_size: int
    stacks: tuple[StackView, ...]
    sorcerers: tuple[SorcererView, ...]
    final_round: int | None
    countdown_seat: int | None
    curse_holder: int | None
    pending: PendingView | None
    hand: tuple[str, ...] | None
    my_score: ScoreLine | None
    finished: bool
    scores: tuple[ScoreLine, ...] | None


def build_view(s: MandragoraState, viewer: int | None) -> MandragoraView:
    """Everything ``viewer`` may know, and nothing more."""
    mine = viewer is not None and 0 <= viewer < s.players
    return MandragoraView(
        viewer=viewer if mine else None,
        players=s.players,
        teams=s.teams,
        turn=s.turn,
        current=s.current,
        to_act=tuple(sorted(rules.to_act(s))),
        extra_turn=s.extra_turn,
        assistant=s.assistant,
        shops=tuple(
            ShopView(
                number=i + 1,
                night=s.night[i],
                cards=() if s.night[i] else tuple(stock),
                face_down=len(stock) if s.night[i] else 0,
            )
            for i, stock in enumerate(s.shops)
        ),
        deck_size=len(s.deck),
        stacks=tuple(
            StackView(value=i + 1, top=stack[-1] if stack else None, size=len(stack))
            for i, stack in enumerate(s.stacks)
        ),
        sorcerers=tuple(
            SorcererView(
                seat=seat,
                hand_size=len(x.hand),
                scrolls=x.scrolls,
                spells=tuple(
                    SpellView(spell=c.spell, value=c.value, book=c.book) for c in x.spells
                ),
                reach=rules.reach(s, seat),
                dropped=x.dropped,
                spell_points=sum(c.value + cards.book_value(c.book) for c in x.spells),
                hand=tuple(x.hand) if s.finished else None,
            )
            for seat, x in enumerate(s.sorcerers)
        ),
        final_round=rules.final_round(s),
        countdown_seat=s.countdown_seat,
        curse_holder=s.curse_holder,
        pending=_pending_view(s.steps[0], viewer) if s.steps else None,
        hand=tuple(s.sorcerers[viewer].hand) if mine and viewer is not None else None,
        my_score=score_line(s, viewer) if mine and viewer is not None else None,
        finished=s.finished,
        scores=tuple(score_line(s, seat) for seat in range(s.players)) if s.finished else None,
    )


def _pending_view(step: Step, viewer: int | None) -> PendingView:
    if step.kind == "ingredients" and viewer != step.seat:
        return PendingView(kind=step.kind, seat=step.seat)
    secret_card = step.kind == "share-reply" and viewer not in (step.seat, step.other)
    return PendingView(
        kind=step.kind,
        seat=step.seat,
        book=step.book,
        ingredients=step.ingredients,
        other=step.other,
        card="" if secret_card else step.card,
    )


def determinize(s: MandragoraState, seat: int, rng: random.Random) -> MandragoraState:
    """Resample everything hidden from ``seat``: the deck, face-down shop cards, other hands
    (sizes kept), spell stacks under their top cards, a card offered in a hidden exchange, and
    the generator that will decide future blind draws. Once the game is over every hand is
    laid open, so the hands stay as they are."""
    t = s.clone()
    reserved = _reserved_cards(t, seat)
    pool: list[str] = list(t.deck)
    for shop, stock in enumerate(t.shops):
        if t.night[shop]:
            pool += stock
    for other, sorcerer in enumerate(t.sorcerers):
        if other != seat and not t.finished:
            kept = reserved.get(other, Counter())
            pool += list((Counter(sorcerer.hand) - kept).elements())
    escrow = _hidden_escrow(t, seat)
    if escrow is not None:
        pool.append(t.steps[escrow].card)
    rng.shuffle(pool)

    t.deck = [pool.pop() for _ in t.deck]
    for shop, stock in enumerate(t.shops):
        if t.night[shop]:
            t.shops[shop] = [pool.pop() for _ in stock]
    for other, sorcerer in enumerate(t.sorcerers):
        if other != seat and not t.finished:
            kept = reserved.get(other, Counter())
            free = len(sorcerer.hand) - sum(kept.values())
            sorcerer.hand = sorted([*kept.elements(), *(pool.pop() for _ in range(free))])
    if escrow is not None:
        step = t.steps[escrow]
        t.steps[escrow] = Step(
            step.kind, step.seat, step.book, step.ingredients, step.other, pool.pop()
        )
    assert not pool
    for stack in t.stacks:
        under = stack[:-1]
        rng.shuffle(under)
        stack[:-1] = under
    t.rng = rng.getrandbits(64)
    return t


def _reserved_cards(s: MandragoraState, seat: int) -> dict[int, Counter[str]]:
    """Cards another seat has set aside for a spell in preparation stay in that hand."""
    reserved: dict[int, Counter[str]] = {}
    for step in s.steps:
        if step.kind == "ingredients" and step.seat != seat:
            reserved[step.seat] = Counter([step.book, *step.ingredients])
    return reserved


def _hidden_escrow(s: MandragoraState, seat: int) -> int | None:
    for index, step in enumerate(s.steps):
        if step.kind == "share-reply" and step.card and seat not in (step.seat, step.other):
            return index
    return None
