"""The translations: every ``<package>/locales/<language>.po`` beside the code it translates,
compiled once per language when first needed.

Each package of ``bot/`` and ``games/`` that says something keeps its own catalogue (a game's
beside its rules, with its glossary), so a game and its words travel together. At start-up
the catalogues of a language are merged and compiled to one ``.mo`` in memory and read by
:mod:`gettext`, which knows each language's plural forms from the catalogue's header.
"""

from __future__ import annotations

import gettext
import io
from collections.abc import Iterator
from functools import cache
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

#: The folders whose packages hold catalogues.
ROOT = Path(__file__).resolve().parents[2]
SOURCES = ("bot", "games")


def catalogue_files(language: str) -> Iterator[Path]:
    """Every catalogue of ``language``, in a fixed order."""
    for source in SOURCES:
        yield from sorted((ROOT / source).glob(f"**/locales/{language}.po"))


def read_catalogue(path: Path, language: str) -> Catalog:
    """One ``.po`` file."""
    with path.open("rb") as handle:
        return read_po(handle, locale=language.replace("-", "_"))


def merged_catalogue(language: str) -> Catalog:
    """Every catalogue of ``language`` as one (untranslated and fuzzy entries left out: they
    fall back to English)."""
    merged = Catalog(locale=language.replace("-", "_"))
    for path in catalogue_files(language):
        catalogue = read_catalogue(path, language)
        for message in catalogue:
            if not message.id or message.fuzzy or not _translated(message.string):
                continue
            merged.add(message.id, message.string, context=message.context)
    return merged


def _translated(string: object) -> bool:
    if isinstance(string, tuple | list):
        return all(bool(s) for s in string)
    return bool(string)


@cache
def translations(language: str) -> gettext.NullTranslations:
    """``language``'s translations, compiled once; English, or a language with no catalogue,
    says every message as it is."""
    catalogue = merged_catalogue(language)
    if not len(catalogue):
        return gettext.NullTranslations()
    compiled = io.BytesIO()
    write_mo(compiled, catalogue)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)
