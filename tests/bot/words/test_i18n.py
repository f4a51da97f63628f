"""Saying messages in a language: plural forms, lists, numbers, the pseudo-language, and
messages kept as messages through an outbox row."""

from __future__ import annotations

import pytest

from bot.common.posts import Post
from bot.common.render import render
from bot.words.i18n import localize, localized_board, reading_in, set_reading
from bot.words.languages import language_of, private_language, public_language
from bot.words.pseudo import pseudo
from games.core import Board, BoardField, render_seats
from games.core.words import data_msg, decimal, joined, msg, msg_list, nmsg


def test_a_message_is_its_english_words() -> None:
    line = msg("{who} casts {spell}.", who="{p1}", spell=data_msg("Fire Ball"))
    assert line == "{p1} casts Fire Ball."
    assert localize(line, "en") == "{p1} casts Fire Ball."


@pytest.mark.parametrize(
    ("language", "count", "expected"),
    [("fr", 1, "1 joueur"), ("fr", 0, "0 joueur"), ("fr", 3, "3 joueurs"),
     ("de", 1, "1 Spieler"), ("de", 4, "4 Spieler"), ("en", 1, "1 player")],
)  # fmt: skip
def test_plural_forms_follow_the_language(language: str, count: int, expected: str) -> None:
    assert localize(nmsg("{n} player", "{n} players", count), language) == expected


def test_lists_numbers_and_joins_are_written_as_each_language_writes_them() -> None:
    names = msg_list(["Ann", "Bob", "Cy"])
    assert localize(names, "en") == "Ann, Bob and Cy"
    assert localize(names, "fr") == "Ann, Bob et Cy"
    assert localize(names, "de") == "Ann, Bob und Cy"
    assert localize(decimal(1.5), "fr") == "1,5"
    assert localize(decimal(1.5), "en") == "1.5"
    lines = joined([msg("It is not your turn."), "Ann"], "\n")
    assert localize(lines, "de") == "Du bist nicht am Zug.\nAnn"


def test_a_message_nested_in_another_is_said_in_the_same_language() -> None:
    ending = msg(
        "{winner} wins with {score}.", winner="{p0}", score=nmsg("{n} point", "{n} points", 3)
    )
    assert localize(ending, "fr") == "{p0} gagne avec 3 points."
    named = render_seats(ending, ["Ann", "Bob"])
    assert named == "Ann wins with 3 points."
    assert localize(named, "de") == "Ann gewinnt mit 3 Punkte."


def test_a_message_without_translation_falls_back_to_english() -> None:
    assert localize(msg("A sentence no catalogue has."), "fr") == "A sentence no catalogue has."


def test_the_pseudo_language_marks_every_word_and_keeps_placeholders() -> None:
    said = pseudo("You have {n} cards, {b}now{/b}.")
    assert said.startswith("⟦")
    assert said.endswith("⟧")
    assert "{n}" in said
    assert "{b}" in said
    visible = len("You have  cards, now.")
    assert said.count("·") >= visible * 0.4
    assert localize(msg("The game is over."), "en-XA").startswith("⟦")


def test_render_says_a_message_in_the_current_readers_language() -> None:
    line = msg("There is no game #{number}.", number=4)
    with reading_in("fr"):
        assert render(line) == "Il n'y a pas de partie #4."
    assert render(line, language="de") == "Es gibt keine Partie #4."
    assert render(line) == "There is no game #4."


def test_set_reading_sets_the_private_and_the_public_language() -> None:
    from bot.words.i18n import current_language
    from bot.words.i18n import public_language as said_publicly

    async def handle() -> tuple[str, str]:
        set_reading("de", "fr")
        return current_language(), said_publicly()

    import asyncio

    assert asyncio.run(handle()) == ("de", "fr")
    assert current_language() == "en"  # only within that task


def test_a_post_keeps_its_messages_through_an_outbox_row() -> None:
    board = Board(
        title=msg("Seat {number}", number=2),
        fields=(
            BoardField(name=msg("Final scores"), value=msg("{p0} wins with {score}.", score="3")),
        ),
    )
    post = Post(
        content=msg("It is not your turn."), boards=(board,), ping_instead=msg("The game is over.")
    )
    read = Post.from_payload(post.to_payload())
    assert localize(read.content, "fr") == "Ce n'est pas votre tour."
    assert localize(read.ping_instead, "de") == "Die Partie ist vorbei."
    shown = localized_board(read.boards[0], "fr")
    assert shown.title == "Place 2"
    assert shown.fields[0].name == "Scores finaux"
    # Read by an older row's reader: plain strings stay plain strings.
    old = Post.from_payload({"content": "Hello", "boards": []})
    assert localize(old.content, "fr") == "Hello"


def test_a_board_dumped_for_an_export_keeps_its_english_text() -> None:
    board = Board(title=msg("Seat {number}", number=2))
    assert board.model_dump(mode="json")["title"] == "Seat 2"


@pytest.mark.parametrize(
    ("locale", "language"),
    [("fr", "fr"), ("de", "de"), ("en-US", "en"), ("en-GB", "en"), ("pt-BR", None), (None, None)],
)
def test_discord_locales_map_to_the_languages_grimoire_speaks(
    locale: str | None, language: str | None
) -> None:
    assert language_of(locale) == language


def test_whose_language_a_text_is_read_in() -> None:
    assert private_language("de", "fr", "en") == "de"  # the member's own choice first
    assert private_language(None, "fr", "de") == "fr"  # then their client's
    assert private_language(None, "pt-BR", "de") == "de"  # then their server's
    assert private_language(None, None, None) == "en"
    assert public_language("de", "fr") == "de"  # the manager's choice first
    assert public_language(None, "fr") == "fr"  # then the server's preferred locale
    assert public_language(None, "ja") == "en"
