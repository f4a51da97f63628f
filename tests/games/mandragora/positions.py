"""Building exact Mandragora positions for rule-by-rule tests.

Positions start from a real ``new_game`` and then have their fields set directly, so each test
shows only the cards that matter to the rule it checks. Seats and shops are 0-based here, as
inside the engine; notation text numbers them from 1.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import cast

import games
from games.core import LogEntry, Transition
from games.mandragora import MandragoraEngine, cards
from games.mandragora.actions import Action
from games.mandragora.rules import curse_holder_after
from games.mandragora.state import SHOPS, CastSpell, MandragoraState

ENGINE = cast(MandragoraEngine, games.get("mandragora"))

#: Night shops of the hand-built positions (0-based): shops 5, 6 and 9 in notation.
NIGHT = (4, 5, 8)
#: A deck long enough that no test position runs it out by accident.
FILLER = ("green",) * 30


def new_game(players: int = 3, seed: int = 1, teams: bool = False) -> MandragoraState:
    """A real table straight from setup."""
    return ENGINE.new_game(players, seed, {"teams": teams})


def position(
    players: int = 3,
    *,
    hands: Sequence[Sequence[str]] | None = None,
    shops: Sequence[Sequence[str]] | None = None,
    night: Iterable[int] = NIGHT,
    deck: Sequence[str] = FILLER,
    scrolls: Sequence[int] | None = None,
    spells: Sequence[Sequence[CastSpell]] | None = None,
    current: int = 0,
    assistant: int = 0,
    teams: bool = False,
    seed: int = 1,
) -> MandragoraState:
    """A table with exactly these cards. Hands default to empty, shops to empty, scrolls to
    none; the Curse marker goes to whoever the scrolls give it to; the spell stacks are the
    real shuffled ones of ``seed``."""
    s = new_game(players, seed, teams).clone()
    night_shops = set(night)
    s.night = [shop in night_shops for shop in range(SHOPS)]
    s.shops = [list(stock) for stock in shops] if shops is not None else [[] for _ in range(SHOPS)]
    assert len(s.shops) == SHOPS
    s.deck = list(deck)
    for seat, sorcerer in enumerate(s.sorcerers):
        sorcerer.hand = sorted(hands[seat]) if hands is not None else []
        sorcerer.scrolls = scrolls[seat] if scrolls is not None else 0
        sorcerer.spells = list(spells[seat]) if spells is not None else []
    s.curse_holder = curse_holder_after(None, [x.scrolls for x in s.sorcerers])
    s.current = current
    s.assistant = assistant
    return s


def shop_list(**stock: Sequence[str]) -> list[list[str]]:
    """Ten shops, empty except those named ``s1`` … ``s10`` (1-based, as in notation)."""
    shops: list[list[str]] = [[] for _ in range(SHOPS)]
    for name, cards_there in stock.items():
        shops[int(name[1:]) - 1] = list(cards_there)
    return shops


def put_on_top(s: MandragoraState, value: int, spell: str) -> MandragoraState:
    """Make ``spell`` the top card of the value-``value`` stack (added if it is not there)."""
    stack = s.stacks[value - 1]
    if spell in stack:
        stack.remove(spell)
    stack.append(spell)
    return s


def cast_spell(
    spell: str, value: int, book: str = "red-1", ingredients: Sequence[str] = ("red",)
) -> CastSpell:
    """A spell already in front of a sorcerer."""
    return CastSpell(spell, value, book, tuple(ingredients))


def act(s: MandragoraState, seat: int, text: str) -> Transition[MandragoraState]:
    """Read ``text`` for ``seat`` and apply it (both checked by the engine)."""
    return ENGINE.apply(s, seat, ENGINE.parse(s, seat, text))


def play(s: MandragoraState, *moves: tuple[int, str]) -> MandragoraState:
    """Apply several ``(seat, text)`` moves in a row; the state after the last."""
    for seat, text in moves:
        s = act(s, seat, text).state
    return s


def texts(s: MandragoraState, seat: int) -> list[str]:
    """The notation of every legal action of ``seat``."""
    return [ENGINE.notation(a) for a in ENGINE.legal_actions(s, seat)]


def apply_action(s: MandragoraState, seat: int, action: Action) -> MandragoraState:
    """Apply an action object (checked by the engine); the new state."""
    return ENGINE.apply(s, seat, action).state


def log_after(s: MandragoraState, seat: int, text: str) -> tuple[LogEntry, ...]:
    """The log entries written by one move."""
    return act(s, seat, text).log


def card_count(s: MandragoraState) -> Counter[str]:
    """Every magical item on the table, in hands, shops, deck, the box, under spells, as cursed
    scrolls in front of sorcerers, or offered in a team exchange."""
    count: Counter[str] = Counter()
    for sorcerer in s.sorcerers:
        count.update(sorcerer.hand)
        count[cards.SCROLL] += sorcerer.scrolls
        for spell in sorcerer.spells:
            count.update([spell.book, *spell.ingredients])
    for stock in s.shops:
        count.update(stock)
    count.update(s.deck)
    count.update(s.removed)
    for step in s.steps:
        if step.kind == "share-reply" and step.card:
            count[step.card] += 1
    return count


def spell_count(s: MandragoraState) -> Counter[str]:
    """Every spell card, in the stacks or in front of sorcerers."""
    count: Counter[str] = Counter(spell for stack in s.stacks for spell in stack)
    count.update(spell.spell for sorcerer in s.sorcerers for spell in sorcerer.spells)
    return count


def swiftness_on_top(s: MandragoraState) -> MandragoraState:
    """Put a Swiftness on every stack, so a cast in a test has no immediate effect."""
    for value in range(1, 6):
        put_on_top(s, value, "swiftness")
    return s
