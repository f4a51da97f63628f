"""Which languages Grimoire speaks, and which one each reader reads.

A private text (an answer, a panel, a DM) is read in the member's own choice (``/notify
language:``), else their Discord client's language, else their server's; a public one (a post
in a game's thread, a lobby, a tournament sheet) in the server's (``/settings language:``,
else the server's preferred locale when Grimoire speaks it, else English).
"""

from __future__ import annotations

from collections.abc import Mapping

#: The languages members may choose, with their own names for themselves.
LANGUAGES: Mapping[str, str] = {"en": "English", "fr": "Français", "de": "Deutsch"}
#: The source language, whose words are the messages themselves.
SOURCE = "en"
#: The test language: every translated word marked and lengthened (``bot.words.pseudo``).
PSEUDO = "en-XA"


def language_of(locale: str | None) -> str | None:
    """The language Grimoire speaks for a Discord locale (``fr``, ``de``, ``en-US``,
    ``en-GB``, ``pt-BR``…), ``None`` when it speaks none of it.

    >>> language_of("en-GB"), language_of("fr"), language_of("pt-BR"), language_of(None)
    ('en', 'fr', None, None)
    """
    if not locale:
        return None
    if locale == PSEUDO:
        return PSEUDO
    base = str(locale).replace("_", "-").split("-")[0].lower()
    return base if base in LANGUAGES else None


def private_language(
    choice: str | None, client_locale: str | None, server_language: str | None
) -> str:
    """The language of a text only one member reads: their choice, their client's, their
    server's, English."""
    return (
        language_of(choice) or language_of(client_locale) or language_of(server_language) or SOURCE
    )


def public_language(choice: str | None, preferred_locale: str | None) -> str:
    """The language of a server's public posts: its manager's choice, else its preferred
    locale when Grimoire speaks it, else English."""
    return language_of(choice) or language_of(preferred_locale) or SOURCE
