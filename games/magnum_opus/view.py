"""What each seat may see of a Magnum Opus table, and resampling what it may not."""

from __future__ import annotations

import random

from pydantic import BaseModel, ConfigDict

from games.magnum_opus import cards, rules
from games.magnum_opus.notation import notation
from games.magnum_opus.scoring import ScoreLine, score_line
from games.magnum_opus.state import MagnumOpusState


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True)


class AlchemistView(_Frozen):
    """What the table knows of one alchemist.

    ``front`` lists the card codes laid face up this round; ``chosen`` says whether the
    alchemist has already kept a Magnum Opus card or chosen this turn's card (never which).
    ``opus`` is shown to everyone only once the game is over.
    """

    seat: int
    silver: int
    ingredients: tuple[str, ...]
    front: tuple[str, ...]
    pack_size: int
    chosen: bool
    opus: str | None


class PatronView(_Frozen):
    """The decision under way in the Patronage phase."""

    seat: int
    numeral: int
    target: int
    taken: str


class MagnumOpusView(_Frozen):
    """One seat's view of the game (``viewer`` None: a spectator's)."""

    viewer: int | None
    players: int
    round: int
    rounds: int
    phase: str
    keeper: int
    passes_left: bool
    cards_laid: int
    calling: int
    lane: tuple[str, ...]
    lane_row: tuple[str, ...]
    clock: tuple[str, ...]
    prime: str
    face_down_tokens: int
    box: tuple[str, ...]
    under_size: int
    discarded: tuple[str, ...]
    alchemists: tuple[AlchemistView, ...]
    to_act: tuple[int, ...]
    patron: PatronView | None
    hand: tuple[str, ...] | None
    my_pick: str | None
    dealt: tuple[str, ...] | None
    my_opus: str | None
    choices: tuple[str, ...]
    my_score: ScoreLine | None
    finished: bool
    scores: tuple[ScoreLine, ...] | None


def build_view(s: MagnumOpusState, viewer: int | None) -> MagnumOpusView:
    """Everything ``viewer`` may know, and nothing more."""
    seat = viewer if viewer is not None and 0 <= viewer < s.players else None
    me = s.alchemists[seat] if seat is not None else None
    finished = s.finished
    acting = rules.to_act(s)
    patron = s.patron
    return MagnumOpusView(
        viewer=seat,
        players=s.players,
        round=s.round,
        rounds=s.rounds,
        phase=s.phase,
        keeper=s.keeper,
        passes_left=s.passes_left(),
        cards_laid=s.picks,
        calling=s.calling,
        lane=tuple(s.lane),
        lane_row=tuple(s.lane_row),
        clock=tuple(s.clock),
        prime=s.prime,
        face_down_tokens=len(s.pool),
        box=tuple(sorted(s.box, key=cards.ingredients().index)),
        under_size=len(s.packs[s.under]),
        discarded=tuple(cards.card_code(card) for card in sorted(s.discarded)),
        alchemists=tuple(
            AlchemistView(
                seat=index,
                silver=a.silver,
                ingredients=tuple(a.ingredients),
                front=tuple(cards.card_code(card) for card in a.front),
                pack_size=len(s.packs[a.held]),
                chosen=s.phase in ("keep", "pick") and index not in acting,
                opus=a.opus if finished else None,
            )
            for index, a in enumerate(s.alchemists)
        ),
        to_act=tuple(sorted(acting)),
        patron=PatronView(
            seat=patron.seat, numeral=patron.numeral, target=patron.target, taken=patron.taken
        )
        if patron is not None
        else None,
        hand=tuple(cards.card_code((n, me.held)) for n in s.packs[me.held]) if me else None,
        my_pick=cards.card_code((me.pick, me.held)) if me and me.pick else None,
        dealt=me.dealt if me else None,
        my_opus=(me.opus or None) if me else None,
        choices=tuple(notation(a) for a in rules.legal_actions(s, seat))
        if seat is not None
        else (),
        my_score=score_line(s, seat) if seat is not None else None,
        finished=finished,
        scores=tuple(score_line(s, i) for i in range(s.players)) if finished else None,
    )


def determinize(s: MagnumOpusState, seat: int, rng: random.Random) -> MagnumOpusState:
    """Resample everything hidden from ``seat``: the cards others have chosen face down (each
    from its own pack), the Magnum Opus cards others were dealt and kept, and the order of the
    face-down ingredient tokens. Packs themselves are not hidden knowledge: every card taken
    from one is revealed, so anyone can tell what each pack still holds. Once the game is over
    every kept Magnum Opus card is revealed, so only the discarded ones are resampled."""
    t = s.clone()
    for other, alchemist in enumerate(t.alchemists):
        if other != seat and alchemist.pick:
            pack = t.packs[alchemist.held]
            candidates = [*pack, alchemist.pick]
            alchemist.pick = candidates.pop(rng.randrange(len(candidates)))
            pack[:] = sorted(candidates)
    others = [a for other, a in enumerate(t.alchemists) if other != seat]
    revealed = {a.opus for a in others} if t.finished else set()
    seen = set(t.alchemists[seat].dealt) | revealed
    unseen = [opus for opus in cards.opus_cards() if opus not in seen]
    rng.shuffle(unseen)
    for alchemist in others:
        if alchemist.opus in revealed:
            alchemist.dealt = (alchemist.opus, unseen.pop())
        else:
            alchemist.dealt = (unseen.pop(), unseen.pop())
            alchemist.opus = alchemist.dealt[0] if alchemist.opus else ""
    rng.shuffle(t.pool)
    t.rng = rng.getrandbits(64)
    return t
