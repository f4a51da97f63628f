"""Keeping the catalogues in step with the code: extract, update, check.

A *domain* is one package of ``bot/`` or ``games/`` (``games/mandragora``, ``bot/tables``…):
its messages are the literal templates of ``msg``, ``pmsg`` and ``nmsg`` calls in its own
modules (Babel's extractor, keywords below), and, for a game, the strings of its data files
that ``data_msg`` says (the keys :data:`DATA_KEYS`, or those listed one a line in the
package's ``locales/data-keys.txt``). Its translations are ``<package>/locales/<lang>.po``.

``python -m bot.words update`` rewrites every catalogue of every language from the code (new
messages added untranslated, messages no longer in the code dropped, translations kept);
``python -m bot.words update --language it`` starts a new language; ``python -m bot.words
check`` lists what is missing (also a test in ``make test``).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_file
from babel.messages.pofile import write_po

from bot.words.catalogues import ROOT, SOURCES, read_catalogue
from bot.words.languages import LANGUAGES, SOURCE

#: Babel's keywords for the message functions of ``games.core.words``.
KEYWORDS: Mapping[str, Any] = {
    "msg": None,
    "pmsg": ((1, "c"), 2),
    "nmsg": (1, 2),
}
#: The keys of a game's data files whose strings are said to people.
DATA_KEYS = frozenset(
    {
        "name",
        "text",
        "effect",
        "short",
        "meaning",
        "ability",
        "summary",
        "unique_name",
        "unique_text",
    }
)
_PLACEHOLDER = re.compile(r"\{([A-Za-z_]\w*)(?::[^{}]*)?\}")
#: Discord's limit on every text a message is part of: none of ours is ever longer.
LONGEST_MESSAGE = 2000


#: The package whose catalogue keeps the commands' names and descriptions.
COMMANDS_DOMAIN = "bot/wiring"


def _command_texts() -> list[tuple[str, str]]:
    # Imported here: reading the command tree loads every cog, which the rest never needs.
    from bot.wiring.app import INITIAL_EXTENSIONS
    from bot.words.translator import command_texts

    return list(command_texts(INITIAL_EXTENSIONS))


@dataclass(frozen=True, slots=True)
class Domain:
    """One package's messages and catalogues."""

    package: Path

    @property
    def name(self) -> str:
        """``games/mandragora``."""
        return self.package.relative_to(ROOT).as_posix()

    def catalogue(self, language: str) -> Path:
        """Where ``language``'s translations of this package live."""
        return self.package / "locales" / f"{language}.po"

    def sources(self) -> Iterator[Path]:
        """The package's own modules (not its subpackages': those are domains of their own)."""
        yield from sorted(self.package.glob("*.py"))

    def data_files(self) -> Iterator[Path]:
        """The package's data files."""
        yield from sorted((self.package / "data").glob("*.toml"))

    def data_keys(self) -> frozenset[str]:
        """Which keys of the data files hold words for people."""
        listed = self.package / "locales" / "data-keys.txt"
        if listed.exists():
            return frozenset(
                line.strip() for line in listed.read_text().splitlines() if line.strip()
            )
        return DATA_KEYS


def domains() -> list[Domain]:
    """Every package of ``bot/`` and ``games/``."""
    found: list[Domain] = []
    for source in SOURCES:
        for init in sorted((ROOT / source).glob("**/__init__.py")):
            if "locales" not in init.parts:
                found.append(Domain(init.parent))
    return found


def template(domain: Domain) -> Catalog:
    """Every message of ``domain``, as the code and its data say them now."""
    catalogue = Catalog(locale=None, project="Grimoire", fuzzy=False)
    for path in domain.sources():
        where = path.relative_to(ROOT).as_posix()
        for line, message, comments, context in extract_from_file(
            "python", str(path), keywords=dict(KEYWORDS), comment_tags=("Translators:",)
        ):
            catalogue.add(message, None, [(where, line)], auto_comments=comments, context=context)
    if domain.name == COMMANDS_DOMAIN:
        for context, text in _command_texts():
            if text and text != "…":
                catalogue.add(text, None, [("bot/wiring/app.py", 0)], context=context)
    keys = domain.data_keys()
    for path in domain.data_files():
        where = path.relative_to(ROOT).as_posix()
        for text in _data_strings(tomllib.loads(path.read_text(encoding="utf-8")), keys):
            catalogue.add(text, None, [(where, 0)])
    return catalogue


def _data_strings(data: Any, keys: frozenset[str], key: str | None = None) -> Iterator[str]:
    if isinstance(data, Mapping):
        for k, v in data.items():
            yield from _data_strings(v, keys, str(k))
    elif isinstance(data, list):
        for item in data:
            yield from _data_strings(item, keys, key)
    elif isinstance(data, str) and key in keys and data.strip():
        yield data


def update(domain: Domain, language: str) -> Path | None:
    """Rewrite ``domain``'s catalogue of ``language`` from the code; ``None`` when the domain
    says nothing (and has no catalogue)."""
    fresh = template(domain)
    path = domain.catalogue(language)
    if not len(fresh):
        if path.exists():
            path.unlink()
        return None
    old = read_catalogue(path, language) if path.exists() else None
    catalogue = Catalog(locale=language.replace("-", "_"), project="Grimoire", fuzzy=False)
    for message in fresh:
        if not message.id:
            continue
        kept = old.get(message.id, message.context) if old is not None else None
        string = kept.string if kept is not None else ("",) * _forms(catalogue, message)
        plural = isinstance(message.id, tuple | list)
        if not plural and isinstance(string, tuple | list):
            string = ""  # a message that had plural forms and has them no more
        elif plural and not isinstance(string, tuple | list):
            string = ("",) * _forms(catalogue, message)  # and the other way round
        catalogue.add(
            message.id,
            string,
            message.locations,
            auto_comments=message.auto_comments,
            context=message.context,
            flags=("fuzzy",) if kept is not None and kept.fuzzy else (),
        )
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as handle:
        write_po(handle, catalogue, width=100, sort_output=False, include_lineno=False)
    return path


def _forms(catalogue: Catalog, message: Message) -> int:
    return catalogue.num_plurals if isinstance(message.id, tuple | list) else 1


# --------------------------------------------------------------------- checking
def problems(language: str) -> list[str]:
    """Everything a language's catalogues lack: untranslated, fuzzy, a placeholder lost or
    added, a catalogue missing; empty when complete."""
    found: list[str] = []
    said: dict[tuple[str | None, object], tuple[object, str]] = {}
    for domain in domains():
        fresh = template(domain)
        if not len(fresh):
            continue
        path = domain.catalogue(language)
        if not path.exists():
            found.append(f"{domain.name}: no {language} catalogue ({len(fresh)} messages)")
            continue
        catalogue = read_catalogue(path, language)
        for message in fresh:
            if not message.id:
                continue
            found.extend(_message_problems(domain, catalogue, message))
            found.extend(_disagreements(domain, catalogue, message, said))
    return found


def _disagreements(
    domain: Domain,
    catalogue: Catalog,
    message: Message,
    said: dict[tuple[str | None, object], tuple[object, str]],
) -> Iterator[str]:
    """The same words translated otherwise by another package: one would win at random."""
    translated = catalogue.get(message.id, message.context)
    if translated is None or not translated.string:
        return
    key = (message.context, message.id)
    string = tuple(translated.string) if isinstance(translated.string, list) else translated.string
    if key not in said:
        said[key] = (string, domain.name)
    elif said[key][0] != string:
        other, where = said[key]
        yield f"{domain.name}: {message.id!r} is {string!r} here but {other!r} in {where}"


def _message_problems(domain: Domain, catalogue: Catalog, message: Message) -> Iterator[str]:
    where = f"{domain.name}: {message.id!r}"
    said = catalogue.get(message.id, message.context)
    if said is None:
        yield f"{where} is not in the catalogue"
        return
    if said.fuzzy:
        yield f"{where} is fuzzy"
    strings = said.string if isinstance(said.string, tuple | list) else (said.string,)
    ids = message.id if isinstance(message.id, tuple | list) else (message.id,)
    if not all(strings):
        yield f"{where} is not translated"
        return
    wanted = set(_PLACEHOLDER.findall(" ".join(ids)))
    for string in (str(s) for s in strings):
        have = set(_PLACEHOLDER.findall(string))
        if have != wanted and not (have <= wanted and "n" in wanted - have):
            yield f"{where}: placeholders {sorted(have)} instead of {sorted(wanted)}"
        if len(string) > LONGEST_MESSAGE:
            yield f"{where}: {len(string)} characters"


def languages_to_check() -> list[str]:
    """The languages Grimoire ships besides English."""
    return [language for language in LANGUAGES if language != SOURCE]
