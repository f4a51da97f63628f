"""``/card``, ``/help`` and **How to play** in the reader's language, and a card found by its
name in any language Grimoire speaks. The card's words come from a made-up catalogue
translated here (``extra_words``), so the test does not hang on any game's own catalogue."""

from __future__ import annotations

import gettext
from collections.abc import Mapping

import pytest

import bot.words.i18n as i18n
import games
from bot.cards.buttons import card_embed, none_text, several_text
from bot.cards.cards import CardEntry, lookup, suggest
from bot.cards.help import PLAYING, help_sections
from bot.cards.rules_button import rules_embed
from bot.words.catalogues import translations as translations_of
from bot.words.i18n import localize, reading_in
from games.core.catalogue import CardText
from games.core.words import data_msg

#: What a game's catalogue would say of its card, in French and German.
WORDS: Mapping[str, Mapping[str, str]] = {
    "fr": {"Fire Ball": "Boule de feu", "Burn a rival.": "Brûlez un rival."},
    "de": {"Fire Ball": "Feuerball", "Burn a rival.": "Verbrenne einen Rivalen."},
}


class _Extra(gettext.NullTranslations):
    """A language's translations with a few words more."""

    def __init__(self, words: Mapping[str, str], known: gettext.NullTranslations) -> None:
        super().__init__()
        self.words = words
        self.add_fallback(known)

    def gettext(self, message: str) -> str:
        return self.words.get(message) or super().gettext(message)


@pytest.fixture
def extra_words(monkeypatch: pytest.MonkeyPatch) -> None:
    known = translations_of

    def translations(language: str) -> gettext.NullTranslations:
        return _Extra(WORDS.get(language, {}), known(language))

    monkeypatch.setattr(i18n, "translations", translations)


FIRE_BALL = CardEntry(
    "magic-spell",
    "Magic Spell",
    CardText("fire-ball", data_msg("Fire Ball"), "spell", data_msg("Burn a rival.")),
)
OTHERS = [
    CardEntry("magic-spell", "Magic Spell", CardText("mirror", "Mirror", "spell", "Reflect.")),
    CardEntry("marginalia", "Marginalia", CardText("wall", "Firewall", "book", "Block.")),
]
ENTRIES = [FIRE_BALL, *OTHERS]


def test_a_card_is_found_by_its_french_name_by_a_member_reading_english(extra_words: None) -> None:
    assert lookup("Boule de feu", entries=ENTRIES).found == FIRE_BALL
    assert lookup("boule de f", entries=ENTRIES).found == FIRE_BALL
    assert lookup("Feuerball", entries=ENTRIES).found == FIRE_BALL
    assert lookup("Fire Ball", entries=ENTRIES).found == FIRE_BALL
    assert suggest("boule", entries=ENTRIES) == [FIRE_BALL]
    # What matches is offered in the reader's language: English here.
    assert FIRE_BALL.label == "Fire Ball — Magic Spell · spell"
    # Nearly the French name: offered as a close name.
    assert lookup("Boule de fue", entries=ENTRIES).close == (FIRE_BALL,)


def test_a_card_reads_in_the_readers_language(extra_words: None) -> None:
    with reading_in("fr"):
        assert FIRE_BALL.label == "Boule de feu — Magic Spell · spell"
        assert lookup("Fire Ball", entries=ENTRIES).found == FIRE_BALL  # English still finds it
        embed = card_embed(FIRE_BALL)
    assert embed.title == "Boule de feu"
    assert embed.description is not None
    assert "Brûlez un rival." in embed.description
    assert embed.footer.text == "Carte propre à Grimoire"
    with reading_in("de"):
        assert card_embed(FIRE_BALL).title == "Feuerball"


def test_the_answers_of_card_read_in_french_and_german(extra_words: None) -> None:
    several = localize(several_text("fire", ENTRIES), "fr")
    assert several.startswith("Plusieurs cartes correspondent à « fire » :\n• **Boule de feu**")
    assert "Choisissez-en une ci-dessous" in several
    assert localize(none_text("Feuerbal", [FIRE_BALL]), "de") == (
        "Keine Karte heißt „Feuerbal“. Meintest du **Feuerball** (Magic Spell)? "
        "Die Vorschläge von `/card` listen jede Karte."
    )
    # English as it always was.
    assert none_text("nothing", []) == (
        "No card called “nothing”. The suggestions of `/card` list every card."
    )


def test_help_and_the_rules_in_brief_read_in_french() -> None:
    sections = dict(help_sections([]))
    assert sections == {}
    assert localize(PLAYING, "fr") == "Jouer"
    engine = next(iter(games.ENGINES.values()))
    with reading_in("fr"):
        embed = rules_embed(engine)
    assert embed.title is not None
    assert embed.title.endswith("— les règles en bref")
    assert embed.footer.text is not None
    assert "Cherchez n'importe quelle carte avec /card" in embed.footer.text
    with reading_in("de"):
        assert (rules_embed(engine).title or "").endswith("— die Regeln in Kürze")
