"""The tables in French: a member who reads French gets their turn panel, the bot's refusals,
the answer of the Board button and the words of a game's end in French, while the English
stays as it was (the words the bot keeps and exports, and every English reader's)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import timedelta
from typing import Any

import discord
import pytest

import bot.common.errors
import bot.wiring.app
import games
from bot.clocks.turn_clock import TurnClock
from bot.common.refusals import Refusal
from bot.common.render import render
from bot.drawing import pictures
from bot.drawing.board_button import add_board_button
from bot.drawing.embeds import clock_line
from bot.tables.choices import Choice, PanelChoices
from bot.tables.game_over import final_private_text, final_words, ordinal
from bot.tables.panel import panel_view
from bot.tables.panel_words import PANEL_TEXT_LIMIT, panel_text
from bot.tables.views import TableViews
from bot.words.i18n import localize, reading_in, set_reading
from bot.words.languages import PSEUDO
from games.core import Board, BoardField
from games.core.picture import said
from games.core.words import msg, pmsg
from tests.bot.conftest import Table
from tests.bot.driving import (
    board_texts,
    bot_of,
    gallery_items,
    member_at,
    start_game,
    stored,
)
from tests.bot.tables.test_play_commands import answer
from tests.games.pseudo import unmarked


@pytest.fixture
def in_french(monkeypatch: pytest.MonkeyPatch) -> Callable[[], None]:
    """From its call on, every interaction is read in French, as the bot's wiring does for a
    member who reads French: the language is set where an interaction is first let in, for
    all its handling. (Called once the game is set up, so the lobby is clicked in English.)"""
    let_in: Callable[[discord.Interaction], Awaitable[bool]] = bot.common.errors.admit

    async def admit_in_french(interaction: discord.Interaction) -> bool:
        set_reading("fr")
        return await let_in(interaction)

    def read_french() -> None:
        monkeypatch.setattr(bot.common.errors, "admit", admit_in_french)
        monkeypatch.setattr(bot.wiring.app, "admit", admit_in_french)

    return read_french


def labels(message: Any) -> list[str]:
    """The labels and placeholders of a message's buttons and menus, in order."""
    found: list[str] = []

    def walk(components: list[dict[str, Any]]) -> None:
        for component in components:
            for key in ("label", "placeholder"):
                if component.get(key):
                    found.append(str(component[key]))
            walk(component.get("components", []))

    walk(message.components)
    return found


async def test_the_turn_panel_speaks_french(table: Table, in_french: Callable[[], None]) -> None:
    thread, game_id = await start_game(table, "mandragora", ["alice", "bob"])
    game = await stored(table, game_id)
    (mover,) = game.to_act
    first, second = member_at(table, game, mover), member_at(table, game, 1 - mover)
    in_french()

    panel = answer(await first.slash(thread, "turn"))
    waiting = answer(await second.slash(thread, "turn"))

    lines = panel.content.splitlines()
    assert lines[0] == f"**Mandragora** #{game_id} · à vous de jouer"
    assert "Choisissez ci-dessous." in lines
    assert "-# Vous pouvez aussi taper : `/play " in panel.content
    assert "your move" not in panel.content
    assert "Typing works too" not in panel.content
    assert len(panel.content) <= PANEL_TEXT_LIMIT
    assert labels(panel)[-1] == "Plateau"
    assert waiting.content == (
        f"**Mandragora** #{game_id} : ce n'est pas votre tour ; vous serez notifié."
    )
    assert labels(waiting) == ["Plateau"]


def test_the_panels_own_words_are_french_and_stay_english_for_others() -> None:
    whole = tuple(Choice(i, f"Whole move {i}", f"whole {i}") for i in range(30))
    steps = tuple(Choice(i, f"Step {i}", f"step {i}") for i in range(30))
    choices = PanelChoices(whole, steps, back=30)
    with reading_in("fr"):
        view = panel_view(7, 3, choices, ["Ann", "Bob"], page=1)
        text = panel_text("**Stones** #7", choices, ["Ann", "Bob"])
    said_fr = [c.get("placeholder") or c.get("label") for c in _flat(view)]
    assert said_fr == [
        "Votre coup complet en un choix… (1/2)",
        "◀ Coups précédents",
        "Coups suivants ▶",
        "…ou une étape à la fois (2/2)",
        "◀ Précédent",
        "Suivant ▶",
        "◀ Retour",
    ]
    menu = next(c for c in _flat(view) if c.get("options"))
    assert menu["options"][0]["description"] == "ou tapez /play whole 0"
    assert text == (
        "**Stones** #7 · à vous de jouer\n"
        "Choisissez un coup complet dans le menu, ou avancez étape par étape.\n"
        "-# Vous pouvez aussi taper : `/play whole 0`"
    )
    # Everyone else still reads English.
    english = panel_view(7, 3, choices, ["Ann", "Bob"], page=1)
    assert next(c.get("placeholder") or c.get("label") for c in _flat(english)) == (
        "Your whole move in one pick… (1/2)"
    )


def _flat(view: discord.ui.View) -> list[dict[str, Any]]:
    return [c for row in view.to_components() for c in row["components"]]


async def test_refusals_are_said_in_french_and_kept_in_english(table: Table) -> None:
    _, game_id = await start_game(table, "mandragora", ["alice", "bob"])
    services = bot_of(table).services
    with pytest.raises(Refusal) as missing:
        await services.tables.get(game_id + 40)
    with pytest.raises(Refusal) as nothing_to_undo:
        await services.takebacks.undo(game_id, table.members["alice"].id)
    with pytest.raises(Refusal) as outsider:
        await services.tables.hand(game_id, table.members["erin"].id)

    with reading_in("fr"):
        assert localize(missing.value.message) == f"Il n'y a pas de partie #{game_id + 40}."
        assert localize(nothing_to_undo.value.message) == "Vous n'avez joué aucun coup à annuler."
        assert localize(outsider.value.message) == (f"Vous ne jouez pas dans la partie #{game_id}.")
    with reading_in("de"):
        assert localize(outsider.value.message) == f"Du spielst nicht in Partie #{game_id} mit."
    # The English is the exception's own text, as before.
    assert str(missing.value) == f"There is no game #{game_id + 40}."
    assert localize(nothing_to_undo.value.message) == "You have not made a move to take back."


async def test_the_board_button_answers_in_french(
    table: Table, in_french: Callable[[], None], monkeypatch: pytest.MonkeyPatch
) -> None:
    thread, game_id = await start_game(table, "mandragora", ["alice", "bob"])
    game = await stored(table, game_id)
    (mover,) = game.to_act
    first = member_at(table, game, mover)
    services = bot_of(table).services
    # A board in words the catalogues know (a game's own words are its own catalogue's).
    spoken = Board(
        title=pmsg("button", "Board"),
        description=msg("Choose below."),
        fields=(BoardField(name=pmsg("lobby", "Ratings"), value=msg("Practice game, unrated.")),),
        footer=msg("nobody yet"),
    )
    hand = services.tables.hand

    async def spoken_hand(game_id: int, user_id: int) -> tuple[Any, Board]:
        found, _ = await hand(game_id, user_id)
        return found, spoken

    monkeypatch.setattr(services.tables, "hand", spoken_hand)
    engine = games.get("mandragora")
    drawn = engine.picture
    pictured: list[str] = []

    def picture(view: Any, names: Any = None, *, status: str | None = None) -> bytes | None:
        pictured.append(said(msg("nobody yet")))  # the words a picture draws
        return drawn(view, names, status=status)

    monkeypatch.setattr(engine, "picture", picture)
    pictures._cache.clear()  # drawn afresh, not as the thread's post drew it
    in_french()

    panel = answer(await first.slash(thread, "turn"))
    shown = answer(await first.click(panel, label="Plateau"))

    assert shown.ephemeral
    assert board_texts(shown) == [
        "### Plateau",
        "Choisissez ci-dessous.",
        "**Classement**\nPartie d'entraînement, non classée.",
        "-# personne pour l'instant",
    ]
    assert pictured == ["personne pour l'instant"]
    (item,) = gallery_items(shown)
    assert item[1] is not None
    assert "Mandragora" in item[1]


async def test_the_end_of_a_game_is_told_in_french(
    table: Table, in_french: Callable[[], None]
) -> None:
    thread, game_id = await start_game(
        table, "strange-norrell", ["alice", "bob"], options="experienced=true", rated=False
    )
    bob = table.members["bob"]
    in_french()
    asked = await bob.slash(thread, "game resign")
    assert asked.response is not None
    assert asked.response.content == (
        f"Abandonner **Jonathan Strange & Mr Norrell** #{game_id} ? Ce sera définitif."
    )
    assert labels(asked.response) == ["Abandonner", "Continuer"]
    done = answer(await bob.click(asked.response, label="Abandonner"))
    assert done.content == f"Vous avez abandonné la partie #{game_id}."

    history = await TableViews(bot_of(table).services.store).history(game_id)
    assert history is not None
    names = ["alice", "bob"]
    words = final_words(history, None)
    assert render(localize(words, "fr"), names) == (
        "**La partie est terminée.** bob a abandonné — alice gagne.\n"
        "🥇 1er : alice\n"
        "🥈 2e : bob (a abandonné)\n"
        "Partie d'entraînement, non classée.\n"
        "Jouée en moins d'une minute, 0 coup."
    )
    assert render(localize(words, "de"), names) == (
        "**Die Partie ist vorbei.** bob hat aufgegeben — alice gewinnt.\n"
        "🥇 1.: alice\n"
        "🥈 2.: bob (aufgegeben)\n"
        "Übungspartie, ohne Wertung.\n"
        "In unter einer Minute gespielt, 0 Züge."
    )
    assert render(localize(final_private_text(history, 1), "fr"), names) == (
        "bob a abandonné — alice gagne. Vous terminez 2e (abandon)."
    )
    # Kept and exported in English, as before.
    assert render(words, names).startswith(
        "**The game is over.** bob resigned — alice wins.\n🥇 1st: alice\n🥈 2nd: bob (resigned)\n"
    )


def test_places_are_ordinals_in_each_language() -> None:
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 21, 22)] == [
        "1st",
        "2nd",
        "3rd",
        "4th",
        "11th",
        "21st",
        "22nd",
    ]
    assert [localize(ordinal(n), "fr") for n in (1, 2, 21)] == ["1er", "2e", "21e"]
    assert [localize(ordinal(n), "de") for n in (1, 2, 21)] == ["1.", "2.", "21."]


def test_nothing_the_panel_says_of_its_own_escapes_translation() -> None:
    """Said in the pseudo-language, every word of the panel is marked but the moves' own
    (a test's plain labels here: an engine's messages are its own to mark)."""
    whole = tuple(Choice(i, f"Whole {i}", f"whole {i}") for i in range(30))
    steps = tuple(Choice(i, f"Step {i}", f"step {i}") for i in range(3))
    for choices in (PanelChoices(whole, steps, back=3), PanelChoices((), steps, back=None)):
        with reading_in(PSEUDO):
            view = panel_view(7, 3, choices, ["Ann", "Bob"])
            add_board_button(view, 7)
            text = panel_text("Stones", choices, ["Ann", "Bob"])
            waiting = panel_text("Stones", PanelChoices((), (), None), ["Ann", "Bob"])
        shown = [
            str(c.get("placeholder") or c.get("label"))
            for c in _flat(view)
            if not str(c.get("label", "")).startswith(("Whole", "Step"))
        ]
        plain = {"Stones", "Whole", "Step", "whole", "step", "play"}
        for said_text in (*shown, text, waiting):
            assert unmarked(said_text, frozenset(plain)) == [], said_text
    assert unmarked(localize(clock_line(TurnClock(deadline=timedelta(hours=48))), PSEUDO)) == []
    assert unmarked(localize(ordinal(3), PSEUDO)) == []
