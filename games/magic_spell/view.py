"""What each seat may see of a Magic Spell table, and resampling what it may not.

Memory is the game: a seat's view shows a face-down laboratory tile only if that seat has
looked at it, or saw it returned face up. Cabinets and homework are secret; woven tiles are
face down unless the Open Research variant is played.
"""

from __future__ import annotations

import random
from collections import Counter

from pydantic import BaseModel, ConfigDict

from games.core.words import Text, msg
from games.magic_spell import rules, trading
from games.magic_spell.homework import credits, missing
from games.magic_spell.scoring import ScoreLine, score_line
from games.magic_spell.spells import STONE, spell, word_counts
from games.magic_spell.state import PUBLIC, Homework, MagicSpellState, Offer, Step

#: How the view marks a face-down tile its viewer does not know.
UNKNOWN = "?"


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True)


class HomeworkView(_Frozen):
    """A homework spell as the table sees it: how many tiles lie on it (which, with Open
    Research)."""

    woven: int
    letters: tuple[str, ...]


class OwnHomeworkView(_Frozen):
    """One of the viewer's own homework spells."""

    spell: str
    credits: int
    woven: tuple[str, ...]
    missing: tuple[str, ...]


class StudentView(_Frozen):
    """What the table knows of one student."""

    seat: int
    cabinet_size: int
    homework: tuple[HomeworkView, ...]
    spellbook: tuple[str, ...]
    credits: int
    spirit: int
    blocks: tuple[str, ...]


class OfferView(_Frozen):
    """An open trade offer; what it trades is shown only to the two students."""

    proposer: int
    partner: int
    give: Text
    want: Text


class PendingView(_Frozen):
    """A decision in progress: the viewer's own in full, the current student's as the table
    sees it (which row or tile they touch, which spell they cast)."""

    kind: str
    seat: int
    spell: str = ""
    row: int = -1
    slot: int = -1
    target: int = -1
    letter: str = ""
    seen: tuple[str, ...] = ()
    detail: Text = ""


class MagicSpellView(_Frozen):
    """One seat's view of the game (``viewer`` None: a spectator's)."""

    viewer: int | None
    players: int
    courseload: int
    low_enrollment: bool
    stones: bool
    open_research: bool
    turn: int
    round: int
    #: The last round of the semester the table chose, or None when it chose none.
    semester_rounds: int | None = None
    current: int
    started: bool
    to_act: tuple[int, ...]
    lab: tuple[str, ...]
    deck_size: int
    stones_removed: int
    students: tuple[StudentView, ...]
    offers: tuple[OfferView, ...]
    pending: tuple[PendingView, ...]
    cabinet: tuple[str, ...] | None
    homework: tuple[OwnHomeworkView, ...] | None
    grader: int | None
    last_turns: int
    finished: bool
    scores: tuple[ScoreLine, ...] | None


def build_view(s: MagicSpellState, viewer: int | None) -> MagicSpellView:
    """Everything ``viewer`` may know, and nothing more."""
    seat = viewer if viewer is not None and 0 <= viewer < s.players else None
    mask = PUBLIC if seat is None else 1 << seat
    me = s.students[seat] if seat is not None else None
    return MagicSpellView(
        viewer=seat,
        players=s.players,
        courseload=s.courseload,
        low_enrollment=s.low_enrollment,
        stones=s.stones,
        open_research=s.open_research,
        turn=s.turn,
        round=s.round,
        semester_rounds=s.round_cap,
        current=s.current,
        started=s.started,
        to_act=tuple(sorted(rules.to_act(s))),
        lab=tuple(
            (letter if s.known[i] & mask else UNKNOWN) if letter else ""
            for i, letter in enumerate(s.lab)
        ),
        deck_size=len(s.deck),
        stones_removed=s.removed,
        students=tuple(_student_view(s, i) for i in range(s.players)),
        offers=tuple(_offer_view(s, o, seat) for o in s.offers),
        pending=_pending(s, seat),
        cabinet=tuple(me.cabinet) if me is not None else None,
        homework=tuple(_own_homework(h) for h in me.homework) if me is not None else None,
        grader=s.grader if s.grader >= 0 else None,
        last_turns=s.last_turns,
        finished=s.finished,
        scores=tuple(score_line(s, i) for i in range(s.players)) if s.finished else None,
    )


def _student_view(s: MagicSpellState, seat: int) -> StudentView:
    student = s.students[seat]
    return StudentView(
        seat=seat,
        cabinet_size=len(student.cabinet),
        homework=tuple(
            HomeworkView(
                woven=len(h.woven), letters=tuple(sorted(h.woven)) if s.open_research else ()
            )
            for h in student.homework
        ),
        spellbook=tuple(student.spellbook),
        credits=credits(student),
        spirit=student.spirit,
        blocks=tuple(student.blocks),
    )


def _own_homework(homework: Homework) -> OwnHomeworkView:
    need = missing(homework)
    return OwnHomeworkView(
        spell=homework.spell,
        credits=spell(homework.spell).credits,
        woven=tuple(homework.woven),
        missing=tuple(letter for letter in sorted(need) for _ in range(need[letter])),
    )


def _offer_view(s: MagicSpellState, offer: Offer, seat: int | None) -> OfferView:
    if seat not in (offer.proposer, offer.partner):
        return OfferView(proposer=offer.proposer, partner=offer.partner, give="", want="")
    return OfferView(
        proposer=offer.proposer,
        partner=offer.partner,
        give=trading.items_text(s, offer.proposer, offer.gives),
        want=trading.wants_text(offer.wants),
    )


def _pending(s: MagicSpellState, seat: int | None) -> tuple[PendingView, ...]:
    shown: list[PendingView] = []
    current = s.steps[s.current]
    if current is not None and seat != s.current and current.kind not in trading.TRADE_STEPS:
        shown.append(_public_step(s, current))
    if seat is not None and s.steps[seat] is not None:
        step = s.steps[seat]
        assert step is not None
        shown.append(_own_step(s, seat, step))
    return tuple(shown)


def _public_step(s: MagicSpellState, step: Step) -> PendingView:
    """The current student's decision as the table sees it."""
    public_spell = step.spell if step.kind in ("cast", "jettison") else ""
    return PendingView(
        kind=step.kind, seat=s.current, spell=public_spell, row=step.row, slot=step.slot
    )


def _own_step(s: MagicSpellState, seat: int, step: Step) -> PendingView:
    letter = s.lab[step.slot] if step.kind == "found" else step.letter or step.mine
    detail = ""
    if step.kind == "want" and step.item is not None:
        detail = trading.items_text(s, seat, (step.item, *step.items))
        if step.wants:
            detail = msg(
                "{giving} for {wanting}", giving=detail, wanting=trading.wants_text(step.wants)
            )
    if step.kind == "accept":
        offer = trading.offer_from(s, step.target, seat)
        detail = trading.wants_text(offer.wants) if offer is not None else ""
    return PendingView(
        kind=step.kind,
        seat=seat,
        spell=step.spell,
        row=step.row,
        slot=step.slot,
        target=step.target,
        letter=letter,
        seen=step.seen,
        detail=detail,
    )


# ------------------------------------------------------------------------- determinizing
def determinize(s: MagicSpellState, seat: int, rng: random.Random) -> MagicSpellState:
    """Resample everything hidden from ``seat``: laboratory tiles it has not seen, the other
    cabinets, the other students' homework spells and (unless Open Research) the tiles woven
    on them, the deck, and the generator that decides future random draws. Tiles and spells
    that an open offer or a decision in progress refers to stay where they are."""
    t = s.clone()
    kept_tiles, kept_spells = _reserved(t, seat)
    spell_pool = list(t.deck)
    tile_pool: list[str] = []
    unknown = [i for i, letter in enumerate(t.lab) if letter and not t.known[i] >> seat & 1]
    tile_pool += [t.lab[i] for i in unknown]
    redraw: list[tuple[int, int]] = []
    for other, student in enumerate(t.students):
        if other == seat:
            continue
        tile_pool += list((Counter(student.cabinet) - kept_tiles[other]).elements())
        for index, homework in enumerate(student.homework):
            if homework.spell not in kept_spells:
                redraw.append((other, index))
                spell_pool.append(homework.spell)
                if not t.open_research:
                    tile_pool += homework.woven
        step = t.steps[other]
        if step is not None and step.kind == "augury":
            spell_pool += step.seen
    hidden = [t.students[other].homework[index] for other, index in redraw]
    drawn = _redraw_homework(t, hidden, spell_pool, tile_pool, rng)
    for (other, index), (word, woven) in zip(redraw, drawn, strict=True):
        t.students[other].homework[index] = Homework(word, tuple(woven))
    rng.shuffle(spell_pool)
    rng.shuffle(tile_pool)
    for other, student in enumerate(t.students):
        if other == seat:
            continue
        kept = kept_tiles[other]
        free = len(student.cabinet) - sum(kept.values())
        student.cabinet = sorted([*kept.elements(), *(tile_pool.pop() for _ in range(free))])
        step = t.steps[other]
        if step is not None and step.kind == "augury":
            seen = tuple(spell_pool.pop() for _ in step.seen)
            t.steps[other] = Step("augury", spell=step.spell, seen=seen)
    for i in unknown:
        t.lab[i] = tile_pool.pop()
    assert not tile_pool
    t.deck = spell_pool
    t.rng = rng.getrandbits(64)
    return t


def _reserved(s: MagicSpellState, seat: int) -> tuple[dict[int, Counter[str]], set[str]]:
    """Cabinet tiles and homework spells of other seats that offers and decisions refer to."""
    tiles: dict[int, Counter[str]] = {i: Counter() for i in range(s.players)}
    spells: set[str] = set()
    # Each offer or decision names its own items; several may name the same tile, so a seat
    # keeps as many of a letter as the most any one of them names.
    groups = [(o.proposer, o.gives) for o in s.offers]
    for other, step in enumerate(s.steps):
        if step is None or other == seat:
            continue
        if step.item is not None:
            groups.append((other, (step.item, *step.items)))
        elif step.items:
            groups.append((other, step.items))
        if step.kind in ("move", "cast"):
            spells.update(w for w in (step.spell, step.homework) if w)
            tiles[other].update(t for t in (step.mine, *step.paid) if t)
    for other, items in groups:
        if other == seat:
            continue
        named: Counter[str] = Counter()
        for item in items:
            if item.kind == "tile":
                named[item.letter] += 1
            else:
                spells.add(item.spell)
        tiles[other] |= named
    return tiles, spells


_ATTEMPTS = 20


def _redraw_homework(
    s: MagicSpellState,
    redraw: list[Homework],
    spell_pool: list[str],
    tile_pool: list[str],
    rng: random.Random,
) -> list[tuple[str, list[str]]]:
    """New magic words for hidden homework spells, with woven tiles that fit them (the same
    visible tiles with Open Research), taken out of the pools. After a few failed attempts
    the spells keep their words and tiles."""
    for _ in range(_ATTEMPTS):
        spells_left, tiles_left = list(spell_pool), Counter(tile_pool)
        rng.shuffle(spells_left)
        drawn = []
        for homework in redraw:
            found = _fitting(s, homework, spells_left, tiles_left, rng)
            if found is None:
                break
            drawn.append(found)
        else:
            spell_pool[:] = spells_left
            tile_pool[:] = list(tiles_left.elements())
            return drawn
    drawn = [(h.spell, list(h.woven)) for h in redraw]
    for word, woven in drawn:
        spell_pool.remove(word)
        if not s.open_research:
            for letter in woven:
                tile_pool.remove(letter)
    return drawn


def _fitting(
    s: MagicSpellState,
    homework: Homework,
    spells_left: list[str],
    tiles_left: Counter[str],
    rng: random.Random,
) -> tuple[str, list[str]] | None:
    """The first spell of the pool that can carry this many woven tiles, and those tiles."""
    for index, word in enumerate(spells_left):
        if s.open_research:
            woven = list(homework.woven)
            if not _consistent(word, woven):
                continue
        else:
            letters = spell(word).letters
            if len(homework.woven) >= len(letters):
                continue
            woven = rng.sample(list(letters), len(homework.woven))
            if Counter(woven) - tiles_left:
                continue
            tiles_left.subtract(woven)
        spells_left.pop(index)
        return word, woven
    return None


def _consistent(word: str, woven: list[str]) -> bool:
    """Whether visible woven tiles could lie on this spell, not yet complete."""
    need = word_counts(word)
    stones = 0
    used: dict[str, int] = {}
    for letter in woven:
        if letter == STONE:
            stones += 1
            continue
        used[letter] = used.get(letter, 0) + 1
        if used[letter] > need.get(letter, 0):
            return False
    return stones <= 1 and len(spell(word).letters) - (len(woven) - stones) > stones
