"""Marginalia's card pool, read from ``data/*.toml`` and checked when it is loaded.

The pool is the project's own original set, one file per humor plus the tokens. Abilities are
data: a trigger (when it happens), the line it works from, and one effect from a small list of
kinds; the few unusual effects (searching the deck, Rota Fortuna, Flight) are kinds of their
own. Cards are named in play by a short code, e.g. ``cancer`` or ``cura-te-ipsum``.

>>> card("cancer").attack, card("cancer").health
(3, 3)
>>> len(pool())
96
"""

from __future__ import annotations

import re
import tomllib
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

DATA = Path(__file__).parent / "data"

Humor = Literal["coleric", "flegmat", "sanguin", "melanc"]
HUMORS: tuple[Humor, ...] = ("coleric", "flegmat", "sanguin", "melanc")
HUMOR_NAMES: dict[str, str] = {
    "coleric": "Yellow Bile (coleric)",
    "flegmat": "Phlegm (flegmat)",
    "sanguin": "Blood (sanguin)",
    "melanc": "Black Bile (melanc)",
}
HUMOR_FILES = {humor: f"{humor}.toml" for humor in HUMORS}

CardKind = Literal["marginalis", "incantation", "token"]
Trigger = Literal["front", "static", "play", "attack", "attacked", "reset", "any"]
Line = Literal["front", "back"]
Condition = Literal["always", "facing", "unopposed", "reinforced", "edge"]
EffectKind = Literal[
    "damage",
    "heal",
    "buff",
    "grant",
    "erase",
    "coin",
    "prevent",
    "ward",
    "token",
    "search",
    "fortune",
    "move",
    "draw",
]
#: Who an effect acts on. The first three are chosen by the player; the rest are fixed.
TargetSpec = Literal[
    "any",  # a marginalis or a player (the rules' default)
    "marginalis",  # any marginalis on the page
    "player",  # either player
    "self",  # the marginalis whose ability it is
    "controller",  # the player who controls the card
    "front",  # the marginalis in front of a reinforcing one
    "opposing",  # the marginalis facing this one
    "enemy-front",  # each marginalis on the opposing front line
    "allies",  # each of the controller's marginalia
    "adjacent",  # the controller's front-line marginalia beside this one
]
CHOSEN_TARGETS: frozenset[str] = frozenset({"any", "marginalis", "player"})
#: Effect kinds that act on a target.
TARGETED_KINDS: frozenset[str] = frozenset({"damage", "heal", "buff", "erase"})

_CODE = re.compile(r"^[a-z]+(-[a-z]+)*$")
#: Words the notation uses after ``summon``; no card may be called this.
RESERVED_CODES = frozenset({"token"})
DECK_SIZE = 35


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Effect(_Frozen):
    """What an ability or incantation does."""

    kind: EffectKind
    amount: int = 0
    attack: int = 0
    health: int = 0
    until: Literal["turn", "always"] = "always"
    target: TargetSpec = "any"
    only: Literal["any", "damaged"] = "any"
    type: str = ""
    token: str = ""
    heads: Effect | None = None
    tails: Effect | None = None

    @property
    def chosen(self) -> bool:
        """Whether the player chooses the target of this effect when it resolves."""
        return self.kind in TARGETED_KINDS and self.target in CHOSEN_TARGETS

    def branches(self) -> tuple[Effect, ...]:
        """This effect and the effects its coin may lead to."""
        inner = tuple(e for e in (self.heads, self.tails) if e is not None)
        return (self, *(b for e in inner for b in e.branches()))

    @model_validator(mode="after")
    def _consistent(self) -> Effect:
        if self.kind == "coin":
            if self.heads is None:
                raise ValueError("a coin flip needs a heads effect")
        elif self.heads is not None or self.tails is not None:
            raise ValueError("only a coin flip has heads and tails")
        if self.until == "turn" and self.health:
            raise ValueError("an effect until the end of the turn changes attack only")
        if self.kind in ("damage", "heal", "ward", "draw") and self.amount <= 0:
            raise ValueError(f"a {self.kind} effect needs a positive amount")
        if self.kind == "grant" and (self.attack < 0 or self.health < 0):
            raise ValueError("a continuous ability only adds attack and health")
        if self.kind in ("buff", "erase") and self.target in ("any", "player", "controller"):
            raise ValueError(f"a {self.kind} effect acts on marginalia, not players")
        if self.kind in ("token", "search") and not self.token:
            raise ValueError(f"a {self.kind} effect names its token")
        return self


class Ability(_Frozen):
    """A marginalis' special ability: its name, its text, when and from where it works."""

    name: str
    text: str
    trigger: Trigger
    line: Line = "front"
    condition: Condition = "always"
    optional: bool = False
    #: Whose phases it works in: "yours" ("during your reset phase"), or "each" player's
    #: (the Smiting Angel's "During the reset phase").
    whose: Literal["yours", "each"] = "yours"
    effect: Effect

    @property
    def activated(self) -> bool:
        """Whether its controller chooses to use it (once per turn)."""
        return self.trigger == "any" or (self.trigger in ("play", "reset") and self.optional)

    @property
    def reinforcement(self) -> bool:
        """Whether it works from the back line, on the marginalis in front."""
        return self.line == "back"

    @model_validator(mode="after")
    def _consistent(self) -> Ability:
        kinds = {e.kind for e in self.effect.branches()}
        if (self.trigger == "static") != (self.effect.kind == "grant"):
            raise ValueError(f"{self.name}: continuous abilities, and only they, grant stats")
        if self.condition != "always" and self.trigger != "static":
            raise ValueError(f"{self.name}: only a continuous ability has a condition")
        if self.optional and self.trigger not in ("play", "reset"):
            raise ValueError(f"{self.name}: only play and reset abilities are optional")
        if self.whose == "each" and not (self.optional and self.trigger == "reset"):
            raise ValueError(f"{self.name}: only a reset ability one may use works in each turn")
        if self.reinforcement and (
            self.trigger not in ("static", "reset") or self.effect.target != "front"
        ):
            raise ValueError(f"{self.name}: a Reinforcement acts on the marginalis in front")
        if not self.reinforcement and "front" in {e.target for e in self.effect.branches()}:
            raise ValueError(f"{self.name}: only a Reinforcement targets the marginalis in front")
        if kinds & {"prevent", "ward"} and self.trigger != "attacked":
            raise ValueError(f"{self.name}: preventing damage works only when attacked")
        if self.trigger in ("attack", "attacked") and kinds - {"coin", "buff", "prevent", "ward"}:
            raise ValueError(f"{self.name}: attack abilities change the fight, nothing else")
        if self.trigger in ("attack", "attacked") and any(
            e.target != "self" for e in self.effect.branches() if e.kind == "buff"
        ):
            raise ValueError(f"{self.name}: attack abilities change only their own marginalis")
        if "move" in kinds and not self.activated:
            raise ValueError(f"{self.name}: moving is a choice")
        if "search" in kinds and self.trigger != "front":
            raise ValueError(f"{self.name}: searching happens on reaching the front line")
        if kinds & {"fortune", "token"}:
            raise ValueError(
                f"{self.name}: {sorted(kinds & {'fortune', 'token'})} are incantations'"
            )
        return self


class CardData(_Frozen):
    """One card (or token) of the pool."""

    code: str
    name: str
    kind: CardKind
    humor: Humor
    short: str = ""
    types: tuple[str, ...] = ()
    attack: int = 0
    health: int = 0
    copies: int = 0
    ability: Ability | None = None
    text: str = ""
    effect: Effect | None = None
    keep: bool = False

    @property
    def is_marginalis(self) -> bool:
        """Marginalia and tokens stand on the page; incantations do not."""
        return self.kind != "incantation"

    @model_validator(mode="after")
    def _consistent(self) -> CardData:
        if not _CODE.match(self.code) or self.code in RESERVED_CODES:
            raise ValueError(f"{self.code!r} is not a card code")
        if self.is_marginalis:
            if not 1 <= len(self.short) <= 3 or self.health < 1 or self.attack < 0:
                raise ValueError(f"{self.code}: a marginalis has a short label, attack, health")
            if self.effect is not None or self.text or self.keep:
                raise ValueError(f"{self.code}: only incantations have an effect of their own")
        if self.kind == "marginalis" and self.ability is None:
            raise ValueError(f"{self.code}: every marginalis has a special ability")
        if self.kind == "token" and (self.ability is not None or self.copies):
            raise ValueError(f"{self.code}: tokens have no ability and no copies in the pool")
        if self.kind == "incantation":
            if self.effect is None or not self.text or self.ability is not None:
                raise ValueError(f"{self.code}: an incantation has an effect and its text")
            kinds = {e.kind for e in self.effect.branches()}
            if kinds & {"grant", "prevent", "ward", "move", "search"}:
                raise ValueError(f"{self.code}: that effect belongs to marginalia")
            targets = {e.target for e in self.effect.branches()}
            if targets & {"self", "front", "opposing", "adjacent"}:
                raise ValueError(f"{self.code}: an incantation has no marginalis of its own")
        if self.kind != "token" and self.copies < 1:
            raise ValueError(f"{self.code}: a card of the pool has at least one copy")
        return self


class HumorFile(_Frozen):
    """One humor's cards."""

    humor: Humor
    cards: tuple[dict[str, object], ...]


class TokenFile(_Frozen):
    """The tokens cards create."""

    tokens: tuple[CardData, ...] = Field(min_length=1)


class Pool(_Frozen):
    """The whole pool: every card of the four humors and the tokens."""

    cards: tuple[CardData, ...]
    tokens: tuple[CardData, ...]

    @model_validator(mode="after")
    def _playable(self) -> Pool:
        every = [*self.cards, *self.tokens]
        codes = Counter(c.code for c in every)
        if doubles := sorted(code for code, n in codes.items() if n > 1):
            raise ValueError(f"card codes must be unique: {doubles}")
        shorts = Counter(c.short for c in every if c.short)
        if doubles := sorted(short for short, n in shorts.items() if n > 1):
            raise ValueError(f"short labels must be unique: {doubles}")
        if {c.humor for c in self.cards} != set(HUMORS):
            raise ValueError("the pool has cards of all four humors")
        total = sum(c.copies for c in self.cards)
        if total < 2 * DECK_SIZE + 10:
            raise ValueError(f"{total} cards: two decks of {DECK_SIZE} need variety left over")
        tokens = {t.code for t in self.tokens}
        types = {t for c in every for t in c.types}
        for c in self.cards:
            effects = c.effect.branches() if c.effect else ()
            if c.ability is not None:
                effects = c.ability.effect.branches()
            for e in effects:
                if e.token and e.token not in tokens:
                    raise ValueError(f"{c.code}: no token {e.token!r}")
                if e.kind == "search" and e.type not in types:
                    raise ValueError(f"{c.code}: nothing is of type {e.type!r}")
        return self


@cache
def _pool() -> Pool:
    cards: list[CardData] = []
    for humor, name in HUMOR_FILES.items():
        data = HumorFile.model_validate(tomllib.loads((DATA / name).read_text()))
        if data.humor != humor:
            raise ValueError(f"{name} holds {data.humor} cards")
        cards += [CardData.model_validate({**raw, "humor": humor}) for raw in data.cards]
    tokens = TokenFile.model_validate(
        {
            "tokens": [
                {**raw, "kind": "token"}
                for raw in tomllib.loads((DATA / "tokens.toml").read_text())["tokens"]
            ]
        }
    )
    return Pool(cards=tuple(cards), tokens=tokens.tokens)


@cache
def catalogue() -> dict[str, CardData]:
    """Every card and token, by code."""
    data = _pool()
    return {c.code: c for c in (*data.cards, *data.tokens)}


def card(code: str) -> CardData:
    """The card (or token) with this code."""
    return catalogue()[code]


@cache
def pool() -> tuple[str, ...]:
    """Every card of the pool, copies included, in a fixed order before shuffling."""
    return tuple(c.code for c in _pool().cards for _ in range(c.copies))


@cache
def card_codes() -> frozenset[str]:
    """Codes of the cards of the pool (tokens excluded)."""
    return frozenset(c.code for c in _pool().cards)


@cache
def is_type(code: str, kind: str) -> bool:
    """Whether a card is of a type, e.g. ``is_type("white-unicorn", "unicorn")``."""
    return kind in card(code).types


@cache
def static_ability(code: str) -> Ability | None:
    """A card's continuous ability, if it has one."""
    ability = card(code).ability
    return ability if ability is not None and ability.trigger == "static" else None


@cache
def ability_of(code: str) -> Ability | None:
    """A card's ability (None for incantations and tokens)."""
    return card(code).ability
