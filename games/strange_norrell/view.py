"""What each seat may see of the table, and resampling what it may not."""

from __future__ import annotations

import random
from collections import Counter

from pydantic import BaseModel, ConfigDict

from games.strange_norrell import cards, magic, rules, scoring, turn
from games.strange_norrell.scoring import ScoreLine
from games.strange_norrell.state import Magician, Step, StrangeNorrellState


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True)


class FeatView(_Frozen):
    """A face-up feat of magic and the tokens on it."""

    feat: str
    tokens: tuple[str, ...] = ()


class MagicianView(_Frozen):
    """What the table knows of one magician."""

    seat: int
    board: str
    location: str | None
    prestige: int
    invitations: int
    introductions: int
    spells: int
    feats: tuple[FeatView, ...]
    completed: int
    books: tuple[str, ...]
    connexions: tuple[tuple[str, str], ...]
    pupil: bool
    magic_spells: int
    covered: tuple[str, ...]
    played: bool
    held: tuple[str, ...] | None = None
    """The invitations and introductions in hand, laid open once the game is over (``None``
    until then); ``held_spells`` and ``completed_feats`` likewise."""
    held_spells: tuple[str, ...] | None = None
    completed_feats: tuple[str, ...] | None = None


class TurnView(_Frozen):
    """The turn being played: its action and what it has used."""

    seat: int
    phase: str
    action: str
    available: tuple[str, ...]
    moves: int
    move_limit: int
    engagements: int
    engagement_limit: int
    roads: bool
    school: bool
    used_books: tuple[str, ...]


class PendingView(_Frozen):
    """A decision owed. What it is about is shown only to the player making it, because it
    names cards still in their hand until it commits; the others see ``spell`` for any
    decision of a spell being cast."""

    kind: str
    seat: int
    source: str = ""
    code: str = ""
    card: str = ""
    element: str = ""
    feats: tuple[str, ...] = ()
    tokens: int = 0


class StrangeNorrellView(_Frozen):
    """One seat's view of the game (``viewer`` None: a spectator's)."""

    viewer: int | None
    players: int
    difficulty: str
    year: int
    confrontation: bool
    fairy: int
    marseilles: str
    earlier_cards: tuple[str, ...]
    marseilles_left: int
    invitations_left: int
    invitations_discarded: int
    introductions_left: int
    introductions_discarded: int
    books_left: int
    books_discarded: tuple[str, ...]
    feats_left: int
    connexions_left: int
    spells_left: int
    spells_discarded: tuple[str, ...]
    book_offer: tuple[str, ...]
    feat_offer: tuple[str, ...]
    connexion_offer: tuple[str, ...]
    order: tuple[int, ...]
    magicians: tuple[MagicianView, ...]
    turn: TurnView | None
    to_act: tuple[int, ...]
    window: tuple[int, ...]
    pending: PendingView | None
    hand: tuple[str, ...] | None
    spells: tuple[str, ...] | None
    completed: tuple[str, ...] | None
    my_score: ScoreLine | None
    finished: bool
    defeated_by: int | None
    everyone_loses: bool
    scores: tuple[ScoreLine, ...] | None


def build_view(s: StrangeNorrellState, viewer: int | None) -> StrangeNorrellView:
    """Everything ``viewer`` may know, and nothing more."""
    me = s.magicians[viewer] if viewer is not None and 0 <= viewer < s.players else None
    seat = viewer if me is not None else None
    return StrangeNorrellView(
        viewer=seat,
        players=s.players,
        difficulty=s.difficulty,
        year=s.year,
        confrontation=s.year in cards.board().confront_years,
        fairy=s.fairy,
        marseilles=s.revealed[-1],
        earlier_cards=tuple(s.revealed[:-1]),
        marseilles_left=len(s.marseilles),
        invitations_left=len(s.invitations),
        invitations_discarded=len(s.invitation_discard),
        introductions_left=len(s.introductions),
        introductions_discarded=len(s.introduction_discard),
        books_left=len(s.books),
        books_discarded=tuple(s.book_discard),
        feats_left=len(s.feats),
        connexions_left=len(s.connexions),
        spells_left=len(s.spells),
        spells_discarded=tuple(s.spell_discard),
        book_offer=tuple(s.book_offer),
        feat_offer=tuple(s.feat_offer),
        connexion_offer=tuple(s.connexion_offer),
        order=tuple(s.order),
        magicians=tuple(_magician(s, i, m) for i, m in enumerate(s.magicians)),
        turn=_turn(s),
        to_act=tuple(sorted(rules.to_act(s))),
        window=tuple(s.window),
        pending=_pending(s.steps[0], seat) if s.steps else None,
        hand=tuple(me.hand) if me is not None else None,
        spells=tuple(me.spells) if me is not None else None,
        completed=tuple(me.completed) if me is not None else None,
        my_score=scoring.score_line(s, seat) if seat is not None else None,
        finished=s.finished,
        defeated_by=s.defeated_by,
        everyone_loses=scoring.everyone_loses(s),
        scores=tuple(scoring.score_line(s, i) for i in range(s.players)) if s.finished else None,
    )


def _magician(s: StrangeNorrellState, seat: int, m: Magician) -> MagicianView:
    intros = sum(1 for c in m.hand if cards.engagements()[c].is_introduction)
    return MagicianView(
        seat=seat,
        board=m.board,
        location=m.location,
        prestige=m.prestige,
        invitations=len(m.hand) - intros,
        introductions=intros,
        spells=len(m.spells),
        feats=tuple(FeatView(feat=f.feat, tokens=f.tokens) for f in m.feats),
        completed=len(m.completed),
        books=tuple(m.books),
        connexions=tuple(
            (space, m.connexions[space]) for space in cards.SPACES if space in m.connexions
        ),
        pupil=m.pupil,
        magic_spells=m.magic_spells,
        covered=tuple(a for a in cards.ACTIONS if a in m.covered),
        played=seat in s.played,
        held=tuple(sorted(m.hand)) if s.finished else None,
        held_spells=tuple(sorted(m.spells)) if s.finished else None,
        completed_feats=tuple(m.completed) if s.finished else None,
    )


def _turn(s: StrangeNorrellState) -> TurnView | None:
    if s.turn is None:
        return None
    t = s.turn
    return TurnView(
        seat=t.seat,
        phase=t.phase,
        action=t.action,
        available=magic.available_in_order(s),
        moves=t.moves,
        move_limit=turn.move_limit(s, t.seat),
        engagements=t.engagements,
        engagement_limit=turn.engagement_limit(s, t.seat),
        roads=t.roads,
        school=t.school,
        used_books=t.used_books,
    )


def _pending(step: Step, viewer: int | None) -> PendingView:
    if viewer != step.seat and step.kind not in ("connexion", "discard"):
        # A spell being cast stays secret until it is: the others see only that one is.
        casting = step.code in cards.spells() and step.kind != "reward"
        return PendingView(kind="spell" if casting else step.kind, seat=step.seat)
    return PendingView(
        kind=step.kind,
        seat=step.seat,
        source=step.source,
        code=step.code,
        card=step.card,
        element=step.element,
        feats=step.feats,
        tokens=step.tokens,
    )


# ------------------------------------------------------------------- determinize
def determinize(s: StrangeNorrellState, seat: int, rng: random.Random) -> StrangeNorrellState:
    """Resample everything hidden from ``seat``: the order of every deck, the other hands
    (how many invitations, introductions and spells each holds is kept), and the generator
    that decides future reshuffles. Cards another player has committed to a decision not yet
    finished stay in their hand. Once the game is over every hand and spell is laid open, so
    only the decks are shuffled."""
    t = s.clone()
    reserved = _reserved(t, seat)
    others = [i for i in range(t.players) if i != seat and not t.finished]
    intro_kinds = cards.introductions()

    invitation_pool = list(t.invitations)
    introduction_pool = list(t.introductions)
    spell_pool = list(t.spells)
    kept: dict[int, tuple[Counter[str], Counter[str]]] = {}
    for other in others:
        m = t.magicians[other]
        keep_cards, keep_spells = reserved.get(other, (Counter(), Counter()))
        free = Counter(m.hand) - keep_cards
        for card in free.elements():
            (introduction_pool if card in intro_kinds else invitation_pool).append(card)
        spell_pool += list((Counter(m.spells) - keep_spells).elements())
        kept[other] = (keep_cards, keep_spells)
    rng.shuffle(invitation_pool)
    rng.shuffle(introduction_pool)
    rng.shuffle(spell_pool)

    t.invitations = [invitation_pool.pop() for _ in t.invitations]
    t.introductions = [introduction_pool.pop() for _ in t.introductions]
    t.spells = [spell_pool.pop() for _ in t.spells]
    for other in others:
        m = t.magicians[other]
        keep_cards, keep_spells = kept[other]
        free = Counter(m.hand) - keep_cards
        intros = sum(n for card, n in free.items() if card in intro_kinds)
        invitations = sum(free.values()) - intros
        m.hand = sorted(
            [
                *keep_cards.elements(),
                *(invitation_pool.pop() for _ in range(invitations)),
                *(introduction_pool.pop() for _ in range(intros)),
            ]
        )
        spells = len(m.spells) - sum(keep_spells.values())
        m.spells = sorted([*keep_spells.elements(), *(spell_pool.pop() for _ in range(spells))])
    assert not invitation_pool
    assert not introduction_pool
    assert not spell_pool
    for deck in (t.marseilles, t.books, t.feats, t.connexions):
        rng.shuffle(deck)
    t.rng = rng.getrandbits(64)
    return t


def _reserved(s: StrangeNorrellState, seat: int) -> dict[int, tuple[Counter[str], Counter[str]]]:
    """Cards and spells named by another seat's pending decisions."""
    reserved: dict[int, tuple[Counter[str], Counter[str]]] = {}
    for step in s.steps:
        if step.seat == seat:
            continue
        engagements, spells = reserved.setdefault(step.seat, (Counter(), Counter()))
        if step.kind == "place" and step.source == "card":
            engagements[step.code] += 1
        if step.card:
            engagements[step.card] += 1
        if step.kind == "reward" and step.source == "invitation":
            engagements[step.code] += 1
        if step.code in cards.spells() and step.kind != "connexion":
            spells[step.code] += 1
    return reserved
