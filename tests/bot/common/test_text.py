"""The service layer writes neutral text (``bot.common.text``) and never Discord's markup:
only the bot layer draws mentions, timestamps, channel links and emphasis (``bot.common.render``).

Every service module of the rooms (every module of ``bot/<room>/`` but the Discord edge
listed in :data:`DISCORD_EDGE`) is read as source: its string constants (the literal parts
of f-strings included) must hold no Discord markup, and it must neither import discord nor
format Discord timestamps. A new module is a service module unless it is added to the edge.
Docstrings are left out: they are documentation (reStructuredText has its own ``**bold**``),
not text anyone is sent.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import bot

BOT = Path(bot.__file__).parent
ROOT = BOT.parent

#: The rooms that hold a feature: each has its Discord edge and its service side by side.
#: ``wiring``, ``drawing``, ``delivery``, ``ops`` and ``playground`` are Discord's side; ``web``
#: writes HTML (``tests/bot/web/test_markup.py`` holds it away from discord).
ROOMS = (
    "ai", "cards", "clocks", "common", "lobby", "profiles", "replays", "tables",
    "tournaments", "undo",
)  # fmt: skip

#: The modules of the rooms that speak to Discord: slash commands, buttons and menus, the
#: one authorization path, answering interactions. Everything else in a room is service.
DISCORD_EDGE = frozenset(
    {
        "bot/cards/buttons.py",
        "bot/cards/commands.py",
        "bot/cards/help.py",
        "bot/cards/rules_button.py",
        "bot/clocks/commands.py",
        "bot/clocks/dispatcher.py",
        "bot/clocks/notify_settings.py",
        "bot/clocks/open_seat.py",
        "bot/clocks/server_settings.py",
        "bot/clocks/settings_forms.py",
        "bot/common/access.py",
        "bot/common/errors.py",
        "bot/common/finding.py",
        "bot/common/names.py",
        "bot/common/render.py",
        "bot/common/replies.py",
        "bot/lobby/buttons.py",
        "bot/lobby/threads.py",
        "bot/profiles/commands.py",
        "bot/profiles/embeds.py",
        "bot/profiles/privacy.py",
        "bot/replays/buttons.py",
        "bot/tables/commands.py",
        "bot/tables/confirm.py",
        "bot/tables/game_over_buttons.py",
        "bot/tables/panel.py",
        "bot/tables/panel_words.py",
        "bot/tables/play_commands.py",
        "bot/tables/turn.py",
        "bot/tournaments/commands.py",
        "bot/tournaments/signup.py",
        "bot/undo/buttons.py",
    }
)

#: What only Discord reads: a mention, a channel link, a timestamp, a slash-command link,
#: emphasis.
MARKUP = ("<@", "<#", "<t:", "</", "**")


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the nodes that are docstrings (of the module, a class or a function)."""
    found: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            first = node.body[0] if node.body else None
            if (
                isinstance(first, ast.Expr)
                and isinstance(first.value, ast.Constant)
                and isinstance(first.value.value, str)
            ):
                found.add(id(first.value))
    return found


def discord_markup(source: str, filename: str = "<source>") -> list[str]:
    """Every place in ``source`` that writes Discord markup or uses discord, as
    ``file:line: what``, in the order of the source."""
    tree = ast.parse(source, filename)
    skipped = _docstrings(tree)
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) not in skipped:
                found += [(line, f"{m!r} in {node.value!r}") for m in MARKUP if m in node.value]
        elif isinstance(node, ast.Import):
            found += [
                (line, f"import {alias.name}")
                for alias in node.names
                if alias.name.split(".")[0] == "discord"
            ]
        elif isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "discord":
            found.append((line, f"from {node.module} import …"))
        elif (isinstance(node, ast.Attribute) and node.attr == "format_dt") or (
            isinstance(node, ast.Name) and node.id == "format_dt"
        ):
            found.append((line, "format_dt"))
    return [f"{filename}:{line}: {what}" for line, what in sorted(found)]


def _modules() -> list[Path]:
    return sorted(
        path
        for room in ROOMS
        for path in (BOT / room).rglob("*.py")
        if path.relative_to(ROOT).as_posix() not in DISCORD_EDGE
    )


def test_no_service_module_writes_discord_markup() -> None:
    found = [
        problem
        for path in _modules()
        for problem in discord_markup(
            path.read_text(encoding="utf-8"), path.relative_to(ROOT).as_posix()
        )
    ]
    assert not found, "Write neutral text with bot.common.text instead:\n" + "\n".join(found)


def test_the_scan_reads_every_service_module() -> None:
    names = {path.relative_to(ROOT).as_posix() for path in _modules()}
    assert {"bot/lobby/lobby.py", "bot/tournaments/boards.py"} <= names
    assert {"bot/tables/play.py", "bot/tables/views.py", "bot/common/announce.py"} <= names
    assert not names & DISCORD_EDGE


def test_every_listed_edge_module_exists() -> None:
    missing = [name for name in DISCORD_EDGE if not (ROOT / name).is_file()]
    assert not missing, f"Listed as Discord's edge but gone: {missing}"


@pytest.mark.parametrize(
    "source",
    [
        'text = f"<@{user_id}> joins."',
        'text = "see <#" + str(channel_id) + ">"',
        'text = f"due <t:{int(when.timestamp())}:R>"',
        'text = "use </game new:1>"',
        'text = f"**{title}** begins"',
        "import discord",
        "import discord.utils as du",
        "from discord.utils import escape_markdown",
        "text = discord.utils.format_dt(when)",
        "text = format_dt(when)",
        'def f() -> str:\n    """Docstring."""\n    return "**bold**"',
    ],
)
def test_the_scan_finds_each_kind_of_markup(source: str) -> None:
    assert discord_markup(source)


@pytest.mark.parametrize(
    "source",
    [
        '"""A **module** docstring."""',
        'def f() -> str:\n    """Mentions look like <@123>."""\n    return user(1)',
        'text = f"{strong(title)} begins, {user(1)} to play, by {moment(when)}"',
        "settings = {**defaults, 'rated': False}",
        'text = f"{a} <= {b}"',
    ],
)
def test_the_scan_lets_neutral_text_and_documentation_be(source: str) -> None:
    assert discord_markup(source) == []
