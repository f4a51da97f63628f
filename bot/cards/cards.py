"""Finding a card of any game by what a player types: the lookup behind ``/card``.

Every game lists its cards, spells, books, places and keywords in words (``Engine.cards``,
see ``games.core.catalogue``). Here they are gathered across ``games.ENGINES``, read when
asked, so a game registered later is found too. Matching ignores case and accents: a card's
name starting with what is typed comes first, then cards whose name and text hold every word
typed. A card is found by its name in any language Grimoire speaks (a French name finds
it for a member reading English), and offered in the reader's. Nothing here knows Discord;
the cog only shows what is found.
"""

from __future__ import annotations

import difflib
import functools
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

import games
from bot.words.i18n import current_language, localize
from bot.words.languages import LANGUAGES
from games.core import Engine
from games.core.catalogue import CardText
from games.core.words import Msg, joined

#: Suggestions Discord shows for one option, and the longest name or value of one.
MAX_SUGGESTIONS = 25
SUGGESTION_LIMIT = 100
#: Cards listed when a typed name fits several, and close names offered when it fits none.
MAX_LISTED = 10
MAX_CLOSE = 5


@dataclass(frozen=True, slots=True)
class CardEntry:
    """One card of one game, as ``/card`` offers and shows it."""

    game_key: str
    game_title: str
    card: CardText

    @property
    def value(self) -> str:
        """What a suggestion submits: unique across games, e.g. ``magic-spell:fireball``."""
        return f"{self.game_key}:{self.card.key}"

    @property
    def label(self) -> str:
        """A suggestion's words in the reader's language, "Name — Game · kind", cut to
        Discord's limit at the name (the game and kind tell apart two cards of one name)."""
        tail = " — " + localize(self.where)
        room = SUGGESTION_LIMIT - len(tail)
        said = localize(self.card.name)
        name = said if len(said) <= room else said[: room - 1] + "…"
        return (name + tail)[:SUGGESTION_LIMIT]

    @property
    def where(self) -> Msg:
        """The game and kind, as a heading or a list line says them: "Magic Spell · spell"."""
        parts = (self.game_title, self.card.kind) if self.card.kind else (self.game_title,)
        return joined(parts, " · ")


@dataclass(frozen=True, slots=True)
class Lookup:
    """What a typed name found: one card, several to choose from, or none (with close
    names as suggestions)."""

    found: CardEntry | None = None
    several: tuple[CardEntry, ...] = field(default=())
    close: tuple[CardEntry, ...] = field(default=())


@functools.lru_cache(maxsize=16_384)  # the same names and texts, at every keystroke
def fold(text: str) -> str:
    """``text`` as matching compares it: lower case, without accents, punctuation as spaces,
    one space between words ("Mr Norrell's Tower" and "mr norrells tower" meet)."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    kept = "".join(
        c if c.isalnum() or c.isspace() else (" " if c not in "'’" else "") for c in plain
    )
    return " ".join(kept.split())


def names_of(entry: CardEntry) -> tuple[str, ...]:
    """The card's name as matching compares it, in the reader's language first, then in
    every other language Grimoire speaks (each once)."""
    found: list[str] = []
    for language in (current_language(), *LANGUAGES):
        name = fold(localize(entry.card.name, language))
        if name not in found:
            found.append(name)
    return tuple(found)


def _text_of(entry: CardEntry) -> str:
    """The card's kind and text as matching compares them, in the reader's language and in
    English."""
    card = entry.card
    said = {
        fold(f"{localize(card.kind, language)} {localize(card.text, language)}")
        for language in (current_language(), "en")
    }
    return " ".join(sorted(said))


def catalogue(engines: Mapping[str, Engine[Any, Any]] | None = None) -> list[CardEntry]:
    """Every card of every game, games in menu order, each game's cards in its own order."""
    found = games.ENGINES if engines is None else engines
    return [
        CardEntry(engine.key, engine.title, card)
        for engine in found.values()
        for card in engine.cards()
    ]


def suggest(
    typed: str,
    *,
    game: str | None = None,
    here: str | None = None,
    entries: Iterable[CardEntry] | None = None,
    limit: int = MAX_SUGGESTIONS,
) -> list[CardEntry]:
    """The cards ``typed`` may mean, best first: its very name, names starting with it,
    names holding every word of it, then name and text together holding them. ``game``
    keeps one game's cards; ``here`` (the game whose thread this is) keeps only its cards
    when some match, and otherwise puts nothing first, since none of them match."""
    pool = [e for e in (catalogue() if entries is None else entries) if game in (None, e.game_key)]
    matched = _ranked(typed, pool)
    if here is not None:
        local = [e for e in matched if e.game_key == here]
        matched = local or matched
    return matched[:limit]


def lookup(
    typed: str,
    *,
    game: str | None = None,
    here: str | None = None,
    entries: Iterable[CardEntry] | None = None,
) -> Lookup:
    """The card a typed name means: a suggestion's value, an exact name, then the only card
    whose name starts with it, then the only one holding its words. Among several, the
    game of the thread (``here``) decides when it holds exactly one of them."""
    pool = [e for e in (catalogue() if entries is None else entries) if game in (None, e.game_key)]
    by_value = [e for e in pool if e.value == typed.strip()]
    if by_value:
        return Lookup(found=by_value[0])
    needle = fold(typed)
    if not needle:
        return Lookup()
    exact = [e for e in pool if needle in names_of(e)]
    ranked = _ranked(typed, pool)
    for candidates in (exact, [e for e in ranked if _starts(e, needle)], ranked):
        if not candidates:
            continue
        chosen = _one_of(candidates, here)
        if chosen is not None:
            return Lookup(found=chosen)
        return Lookup(several=tuple(candidates[:MAX_LISTED]))
    return Lookup(close=_close(needle, pool))


def _one_of(candidates: list[CardEntry], here: str | None) -> CardEntry | None:
    """The only candidate, or the only one of the thread's game."""
    if len(candidates) == 1:
        return candidates[0]
    local = [e for e in candidates if e.game_key == here]
    return local[0] if len(local) == 1 else None


def _starts(entry: CardEntry, needle: str) -> bool:
    return any(name.startswith(needle) for name in names_of(entry))


def _ranked(typed: str, pool: list[CardEntry]) -> list[CardEntry]:
    """``pool``'s cards matching ``typed``, by how well: the very name, a name starting
    with it, words in the name, words in name, kind and text. Nothing typed: every card."""
    needle = fold(typed)
    if not needle:
        return list(pool)
    words = needle.split()
    tiers: tuple[list[CardEntry], ...] = ([], [], [], [])
    for entry in pool:
        names = names_of(entry)
        if needle in names:
            tiers[0].append(entry)
        elif any(name.startswith(needle) for name in names):
            tiers[1].append(entry)
        elif any(all(w in name for w in words) for name in names):
            tiers[2].append(entry)
        elif all(w in f"{' '.join(names)} {_text_of(entry)}" for w in words):
            tiers[3].append(entry)
    return [entry for tier in tiers for entry in tier]


def _close(needle: str, pool: list[CardEntry]) -> tuple[CardEntry, ...]:
    """Cards whose names are spelled nearly like ``needle``, for "did you mean"."""
    names: dict[str, list[CardEntry]] = {}
    for entry in pool:
        for name in names_of(entry):
            names.setdefault(name, []).append(entry)
    near = difflib.get_close_matches(needle, list(names), n=MAX_CLOSE, cutoff=0.6)
    close: list[CardEntry] = []
    for name in near:
        close += [e for e in names[name] if e not in close]
    return tuple(close[:MAX_CLOSE])
