"""Building exact positions for rule-by-rule tests.

Positions start from a real ``new_game`` and then have their fields set directly, so each test
shows only the cards that matter to the rule it checks. Seats are 0-based here, as inside the
engine; text shown to players numbers them from 1.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any, cast

import games
from games.core import LogEntry, Transition
from games.strange_norrell import StrangeNorrellEngine, cards
from games.strange_norrell.state import FeatInPlay, Phase, StrangeNorrellState, Turn

ENGINE = cast(StrangeNorrellEngine, games.get("strange-norrell"))
BOARDS = ("strange", "norrell", "childermass", "segundus")

#: A card of Marseilles showing stones and hills, one invitation a turn, strength 2.
EMPEROR = "emperor"


def new_game(players: int = 3, seed: int = 1, **options: bool) -> StrangeNorrellState:
    """A real table straight from setup."""
    return ENGINE.new_game(players, seed, options)


def position(
    players: int = 3,
    *,
    boards: Sequence[str] = BOARDS,
    hands: Sequence[Sequence[str]] | None = None,
    spells: Sequence[Sequence[str]] | None = None,
    feats: Sequence[Sequence[str | FeatInPlay]] | None = None,
    books: Sequence[Sequence[str]] | None = None,
    locations: Sequence[str | None] | None = None,
    prestige: Sequence[int] | None = None,
    order: Sequence[int] | None = None,
    covered: Sequence[Sequence[str]] | None = None,
    connexions: Sequence[Mapping[str, str]] | None = None,
    card: str = EMPEROR,
    earlier: Sequence[str] = (),
    year: int = 1806,
    fairy: int = 0,
    current: int = 0,
    played: Iterable[int] = (),
    seed: int = 1,
    experienced: bool = False,
    foolhardy: bool = False,
) -> StrangeNorrellState:
    """A table with exactly these cards, ``current`` to choose an action.

    Hands, spells, books and connexions default to empty, feats to none, locations to off
    the map, prestige to 0 with the stack in seat order (seat 1 on top) unless ``order``
    says otherwise. The card of Marseilles is ``card`` (after ``earlier`` ones), the decks
    are the real shuffled ones of ``seed`` with the cards used here taken out.
    """
    s = new_game(players, seed, experienced=experienced, foolhardy=foolhardy).clone()
    s.year = year
    s.fairy = fairy
    for i, m in enumerate(s.magicians):
        m.board = boards[i]
        m.hand = sorted(hands[i]) if hands is not None else []
        m.spells = sorted(spells[i]) if spells is not None else []
        m.feats = [_feat(f) for f in feats[i]] if feats is not None else []
        m.books = list(books[i]) if books is not None else []
        m.location = locations[i] if locations is not None else None
        m.prestige = prestige[i] if prestige is not None else 0
        m.covered = list(covered[i]) if covered is not None else []
        m.connexions = dict(connexions[i]) if connexions is not None else {}
        m.completed = []
    if order is not None:
        s.order = list(order)
    else:
        s.order = sorted(range(players), key=lambda seat: -s.magicians[seat].prestige)
    s.revealed = [*earlier, card]
    s.marseilles = [c for c in cards.marseilles() if c not in s.revealed]
    used_feats = {m_feat.feat for m in s.magicians for m_feat in m.feats}
    s.feats = [f for f in s.feats if f not in used_feats and f not in s.feat_offer]
    s.feat_offer = [f for f in s.feat_offer if f not in used_feats]
    used_books = {b for m in s.magicians for b in m.books}
    s.books = [b for b in s.books if b not in used_books and b not in s.book_offer]
    s.book_offer = [b for b in s.book_offer if b not in used_books]
    s.played = list(played)
    s.window = []
    s.steps = []
    s.turn = Turn(current)
    return s


def _feat(feat: str | FeatInPlay) -> FeatInPlay:
    return feat if isinstance(feat, FeatInPlay) else FeatInPlay(feat)


def in_phase(
    s: StrangeNorrellState,
    phase: Phase = "visits",
    action: str = "kings-roads",
    elements: Sequence[str] | None = None,
    **turn: Any,
) -> StrangeNorrellState:
    """The same table with the current turn already in ``phase`` after ``action``, whose
    elements (a study's) are available unless ``elements`` says otherwise."""
    t = s.clone()
    if elements is None:
        elements = cards.actions()[action].elements if action in cards.actions() else ()
    t.turn = replace(t.current, phase=phase, action=action, elements=tuple(elements), **turn)
    return t


def act(s: StrangeNorrellState, seat: int, text: str) -> Transition[StrangeNorrellState]:
    """Read ``text`` for ``seat`` and apply it (both checked by the engine)."""
    return ENGINE.apply(s, seat, ENGINE.parse(s, seat, text))


def play(s: StrangeNorrellState, *moves: tuple[int, str]) -> StrangeNorrellState:
    """Apply several ``(seat, text)`` moves in a row; the state after the last."""
    for seat, text in moves:
        s = act(s, seat, text).state
    return s


def texts(s: StrangeNorrellState, seat: int) -> list[str]:
    """The notation of every legal action of ``seat``."""
    return [ENGINE.notation(a) for a in ENGINE.legal_actions(s, seat)]


def public_text(log: Iterable[LogEntry]) -> str:
    """Every public log line, joined."""
    return "\n".join(e.text for e in log if e.audience is None)


def refusal(s: StrangeNorrellState, seat: int, text: str) -> str:
    """The message a refused move gets; checks that nothing changed."""
    before = ENGINE.dump(s)
    try:
        act(s, seat, text)
    except games.core.IllegalAction as error:
        assert ENGINE.dump(s) == before
        return str(error)
    raise AssertionError(f"{text!r} was accepted")


def tokens_on(s: StrangeNorrellState, seat: int, feat: str) -> tuple[str, ...]:
    """The element tokens on one of ``seat``'s feats."""
    return next(f.tokens for f in s.magicians[seat].feats if f.feat == feat)


def pass_turn(s: StrangeNorrellState) -> StrangeNorrellState:
    """The current magician takes the King's Roads (or stills the waters), does nothing else
    and ends the turn, discarding the first cards offered down to the hand limit."""
    seat = s.current.seat
    choice = "kings roads" if "kings-roads" not in s.magicians[seat].covered else "still waters"
    s = play(s, (seat, choice), (seat, "end"))
    while s.steps and s.steps[0].kind == "discard":
        s = ENGINE.apply(s, seat, ENGINE.legal_actions(s, seat)[0]).state
    return s
