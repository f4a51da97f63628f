"""The game's data, read from ``data/*.toml`` and checked against the rules text at load.

Every card is a short code: locations and elements are their names (``york``, ``rain``),
invitations are location and element (``york-wind``), introductions add their prestige
(``york-stones-3``), and feats, books, spells, named connexions and cards of Marseilles have
a short name each (``rain-fleet``, ``rook-grammar``, ``daedalus-rose``, ``coachman``,
``tower``). No two cards of different kinds share a code.

>>> feats()["rain-fleet"].elements
('rain', 'rain', 'wind')
>>> invitations()["york-wind"].location
'york'
"""

from __future__ import annotations

import tomllib
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, model_validator

DATA = Path(__file__).parent / "data"

ELEMENTS = ("birds", "hills", "rain", "stones", "trees", "wind")
ACTIONS = ("acquire", "kings-roads", "rain-hills", "birds-stones", "trees-wind", "unique")
STUDIES = ("rain-hills", "birds-stones", "trees-wind")
SPACES = ("horses", "salon", "letters", "patron")


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


def _check_elements(elements: tuple[str, ...], what: str) -> None:
    unknown = sorted(set(elements) - set(ELEMENTS))
    if unknown:
        raise ValueError(f"{what}: unknown elements {unknown}")


# ------------------------------------------------------------------ boards and tracks
class ActionData(_Frozen):
    """One of the six action slots of a magician board."""

    key: str
    name: str
    text: str
    elements: tuple[str, ...] = ()


class MagicianData(_Frozen):
    """A magician board: whose it is and its unique action."""

    key: str
    name: str
    unique: Literal["battlefield", "libraries", "read-cards", "school"]
    unique_name: str
    unique_text: str


class SpaceData(_Frozen):
    """A connexion space of the magician board and the ability a disc on it gives."""

    key: str
    name: str
    text: str


class PrestigeData(_Frozen):
    """The prestige tracker: its top space and the spaces marked for connexions."""

    top: int
    connexion_spaces: tuple[int, ...]


class FairyData(_Frozen):
    """The fairy tracker: its top space and where the fairy starts at each difficulty."""

    top: int
    starts: dict[str, int]


class BoardData(_Frozen):
    """Magician boards, tracks and the rules' numbers."""

    elements: tuple[str, ...]
    first_year: int
    last_year: int
    confront_years: tuple[int, ...]
    hand_limit: int
    moves_per_turn: int
    engagements_per_turn: int
    prestige: PrestigeData
    fairy: FairyData
    actions: tuple[ActionData, ...]
    magicians: tuple[MagicianData, ...]
    connexion_spaces: tuple[SpaceData, ...]

    @model_validator(mode="after")
    def _matches_rules(self) -> BoardData:
        if self.elements != ELEMENTS:
            raise ValueError(f"the six elements are {ELEMENTS}")
        if (self.first_year, self.last_year) != (1806, 1817):
            raise ValueError("the game runs from 1806 to 1817")
        if self.confront_years != (1811, 1813, 1815, 1817):
            raise ValueError("the fairy is confronted in 1811, 1813, 1815 and 1817")
        if tuple(a.key for a in self.actions) != ACTIONS:
            raise ValueError(f"the six actions are {ACTIONS}")
        if tuple(s.key for s in self.connexion_spaces) != SPACES:
            raise ValueError(f"the connexion spaces are {SPACES}")
        if len(self.magicians) != 4:
            raise ValueError("there are four magicians")
        if self.fairy.starts != {"standard": 0, "experienced": 4, "foolhardy": 8}:
            raise ValueError("the fairy starts on 0, or 4 and 8 at the advanced difficulties")
        return self


@cache
def board() -> BoardData:
    """The validated magician boards and tracks."""
    return BoardData.model_validate(_load("magicians.toml"))


@cache
def actions() -> dict[str, ActionData]:
    """The six actions, by key."""
    return {a.key: a for a in board().actions}


@cache
def magicians() -> dict[str, MagicianData]:
    """The four magicians, by key."""
    return {m.key: m for m in board().magicians}


@cache
def spaces() -> dict[str, SpaceData]:
    """The four connexion spaces, by key."""
    return {s.key: s for s in board().connexion_spaces}


# ------------------------------------------------------------------------------ map
class LocationData(_Frozen):
    """A location of the map; City locations are reached through London."""

    key: str
    name: str
    city: bool = False


class MapData(_Frozen):
    """Locations and the paths between them."""

    london: str
    locations: tuple[LocationData, ...]
    paths: tuple[tuple[str, str], ...]

    @model_validator(mode="after")
    def _connected(self) -> MapData:
        keys = {loc.key for loc in self.locations}
        if self.london not in keys:
            raise ValueError("London must be a location")
        for a, b in self.paths:
            if a not in keys or b not in keys or a == b:
                raise ValueError(f"bad path {a}-{b}")
        city = {loc.key for loc in self.locations if loc.city}
        if not city or any(a in city or b in city for a, b in self.paths):
            raise ValueError("City locations connect only through London")
        seen = {self.london}
        frontier = [self.london]
        while frontier:
            here = frontier.pop()
            for a, b in self.paths:
                for there in (b,) if a == here else (a,) if b == here else ():
                    if there not in seen:
                        seen.add(there)
                        frontier.append(there)
        if seen | city != keys:
            raise ValueError(f"unreachable locations: {sorted(keys - seen - city)}")
        return self


@cache
def map_data() -> MapData:
    """The validated map."""
    return MapData.model_validate(_load("map.toml"))


@cache
def location_names() -> dict[str, str]:
    """Every location's name, London included, by key."""
    return {loc.key: loc.name for loc in map_data().locations}


@cache
def places() -> tuple[str, ...]:
    """Locations a magician can stand on, in map order: all but the London gateway."""
    return tuple(loc.key for loc in map_data().locations if loc.key != map_data().london)


@cache
def city() -> frozenset[str]:
    """The locations of the City of London."""
    return frozenset(loc.key for loc in map_data().locations if loc.city)


@cache
def neighbours() -> dict[str, tuple[str, ...]]:
    """Each location's neighbours along a path, in map order."""
    order = {loc.key: i for i, loc in enumerate(map_data().locations)}
    found: dict[str, set[str]] = {loc.key: set() for loc in map_data().locations}
    for a, b in map_data().paths:
        found[a].add(b)
        found[b].add(a)
    return {key: tuple(sorted(near, key=order.__getitem__)) for key, near in found.items()}


# ---------------------------------------------------------------- social engagements
class EngagementData(_Frozen):
    """An invitation (no prestige) or an introduction (prestige 1 or more)."""

    location: str
    element: str
    prestige: int = 0

    @property
    def code(self) -> str:
        """The card's code, e.g. ``york-wind`` or ``york-stones-3``."""
        base = f"{self.location}-{self.element}"
        return f"{base}-{self.prestige}" if self.prestige else base

    @property
    def is_introduction(self) -> bool:
        """Whether this card is an introduction."""
        return self.prestige > 0


class EngagementList(_Frozen):
    """Every invitation and introduction."""

    invitations: tuple[EngagementData, ...]
    introductions: tuple[EngagementData, ...]

    @model_validator(mode="after")
    def _valid(self) -> EngagementList:
        known = set(places())
        for card in (*self.invitations, *self.introductions):
            if card.location not in known:
                raise ValueError(f"{card.code}: no such location (London itself is a gateway)")
            _check_elements((card.element,), card.code)
        if any(c.prestige for c in self.invitations):
            raise ValueError("invitations carry no prestige")
        if any(not 1 <= c.prestige <= 3 for c in self.introductions):
            raise ValueError("introductions are worth 1 to 3 prestige")
        return self


@cache
def _engagements() -> EngagementList:
    return EngagementList.model_validate(_load("engagements.toml"))


@cache
def invitations() -> dict[str, EngagementData]:
    """Every kind of invitation, by code."""
    return {c.code: c for c in _engagements().invitations}


@cache
def introductions() -> dict[str, EngagementData]:
    """Every kind of introduction, by code."""
    return {c.code: c for c in _engagements().introductions}


@cache
def engagements() -> dict[str, EngagementData]:
    """Every kind of social engagement (invitation or introduction), by code."""
    return {**invitations(), **introductions()}


@cache
def invitation_deck() -> tuple[str, ...]:
    """The invitation deck before shuffling, one code per card."""
    return tuple(c.code for c in _engagements().invitations)


@cache
def introduction_deck() -> tuple[str, ...]:
    """The introduction deck before shuffling, one code per card."""
    return tuple(c.code for c in _engagements().introductions)


# ------------------------------------------------------------------------- feats
class FeatData(_Frozen):
    """A feat of magic: the tokens that complete it; worth one magicianship per token."""

    key: str
    name: str
    #: The name cut to a few words, for a whole move's label (``Drowned Road``).
    tiny: str = ""
    elements: tuple[str, ...]

    @property
    def value(self) -> int:
        """Magicianship once completed: 2 to 5."""
        return len(self.elements)

    @model_validator(mode="after")
    def _valid(self) -> FeatData:
        _check_elements(self.elements, self.key)
        if not 2 <= len(self.elements) <= 5:
            raise ValueError(f"{self.key}: a feat needs 2 to 5 tokens")
        return self


class FeatList(_Frozen):
    """The feat deck."""

    feats: tuple[FeatData, ...]


@cache
def feats() -> dict[str, FeatData]:
    """Every feat of magic, by code."""
    return {f.key: f for f in FeatList.model_validate(_load("feats.toml")).feats}


@cache
def feat_needs() -> dict[str, Counter[str]]:
    """The tokens each feat needs, counted by element."""
    return {key: Counter(f.elements) for key, f in feats().items()}


# -------------------------------------------------------------------------- books
BookForm = Literal["double", "convert", "focus"]


class BookData(_Frozen):
    """A book of magic in one of its three forms (see ``data/books.toml``)."""

    key: str
    name: str
    form: BookForm
    element: str

    @model_validator(mode="after")
    def _valid(self) -> BookData:
        _check_elements((self.element,), self.key)
        return self


class BookList(_Frozen):
    """The book deck."""

    books: tuple[BookData, ...]


@cache
def books() -> dict[str, BookData]:
    """Every book of magic, by code."""
    return {b.key: b for b in BookList.model_validate(_load("books.toml")).books}


# ------------------------------------------------------------------------- spells
SpellEffect = Literal[
    "place",
    "move",
    "introductions",
    "magicianship",
    "pupil",
    "uncover",
    "prestige",
    "conjure",
    "fairy",
]


class SpellData(_Frozen):
    """One kind of spell and how many of it the deck holds."""

    key: str
    name: str
    count: int
    timing: Literal["turn", "any"]
    effect: SpellEffect
    elements: tuple[str, ...] = ()
    amount: int = 0
    text: str

    @model_validator(mode="after")
    def _valid(self) -> SpellData:
        _check_elements(self.elements, self.key)
        if (self.effect == "place") != bool(self.elements):
            raise ValueError(f"{self.key}: only placing spells list elements")
        if self.effect in ("introductions", "prestige", "fairy") and not self.amount:
            raise ValueError(f"{self.key}: needs an amount")
        if self.timing == "any" and self.effect not in ("fairy", "magicianship"):
            raise ValueError(f"{self.key}: spells played out of turn need no choices")
        return self

    @property
    def grants_magicianship(self) -> bool:
        """Whether the spell is worth 1 magicianship once played."""
        return self.effect == "magicianship"


class SpellList(_Frozen):
    """The spell deck."""

    spells: tuple[SpellData, ...]

    @model_validator(mode="after")
    def _valid(self) -> SpellList:
        if "daedalus-rose" not in {s.key for s in self.spells}:
            raise ValueError("the rules text names Daedalus's Rose")
        if not any(s.effect == "pupil" for s in self.spells):
            raise ValueError("some spell must give a pupil")
        return self


@cache
def spells() -> dict[str, SpellData]:
    """Every kind of spell, by code."""
    return {s.key: s for s in SpellList.model_validate(_load("spells.toml")).spells}


@cache
def spell_deck() -> tuple[str, ...]:
    """The spell deck before shuffling, one code per card."""
    return tuple(s.key for s in spells().values() for _ in range(s.count))


# ------------------------------------------------------------------ named connexions
ConnexionEffect = Literal[
    "move", "place", "spells", "invitations", "introductions", "feat", "prestige"
]


class ConnexionData(_Frozen):
    """A named connexion: its immediate effects and the board space it fills."""

    key: str
    name: str
    space: str
    effects: tuple[ConnexionEffect, ...]
    amount: int = 0
    text: str

    @model_validator(mode="after")
    def _valid(self) -> ConnexionData:
        if self.space not in SPACES:
            raise ValueError(f"{self.key}: no connexion space {self.space}")
        counted = {"spells", "invitations", "introductions", "prestige"}
        if counted & set(self.effects) and not self.amount:
            raise ValueError(f"{self.key}: needs an amount")
        return self


class ConnexionList(_Frozen):
    """The named connexion deck."""

    connexions: tuple[ConnexionData, ...]

    @model_validator(mode="after")
    def _valid(self) -> ConnexionList:
        keys = {c.key for c in self.connexions}
        if not {"coachman", "street-magician", "vinulus"} <= keys:
            raise ValueError("the rules text names the Coachman, the Street Magician and Vinulus")
        return self


@cache
def connexions() -> dict[str, ConnexionData]:
    """Every named connexion, by code."""
    data = ConnexionList.model_validate(_load("connexions.toml"))
    return {c.key: c for c in data.connexions}


# ----------------------------------------------------------------- cards of Marseilles
class MarseillesData(_Frozen):
    """A card of Marseilles: the fairy's strength, the year's elements and invitations."""

    key: str
    name: str
    strength: int
    elements: tuple[str, ...]
    invitations: int

    @model_validator(mode="after")
    def _valid(self) -> MarseillesData:
        _check_elements(self.elements, self.key)
        if not 1 <= self.invitations <= 3 or self.strength < 0:
            raise ValueError(f"{self.key}: 1-3 invitations and a strength of 0 or more")
        return self


class MarseillesList(_Frozen):
    """The deck of cards of Marseilles."""

    cards: tuple[MarseillesData, ...]

    @model_validator(mode="after")
    def _enough(self) -> MarseillesList:
        if len(self.cards) < 12:
            raise ValueError("twelve years need at least twelve cards of Marseilles")
        return self


@cache
def marseilles() -> dict[str, MarseillesData]:
    """Every card of Marseilles, by code."""
    return {c.key: c for c in MarseillesList.model_validate(_load("marseilles.toml")).cards}


# ------------------------------------------------------------------------ all codes
@cache
def code_kinds() -> dict[str, str]:
    """Every code a player may type, with its kind; codes never clash across kinds."""
    groups: dict[str, tuple[str, ...]] = {
        "element": ELEMENTS,
        "location": places(),
        "engagement": tuple(engagements()),
        "feat": tuple(feats()),
        "book": tuple(books()),
        "spell": tuple(spells()),
        "connexion": tuple(connexions()),
        "space": SPACES,
        "action": ACTIONS,
    }
    kinds: dict[str, str] = {}
    for kind, codes in groups.items():
        for code in codes:
            if code in kinds:
                raise ValueError(f"code {code} is both a {kinds[code]} and a {kind}")
            kinds[code] = kind
    return kinds


def _load(name: str) -> dict[str, object]:
    return tomllib.loads((DATA / name).read_text())
