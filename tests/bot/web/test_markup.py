"""The pages' HTML: every text escaped before its tokens are drawn, names included; and
no module of the web room speaks to Discord."""

from __future__ import annotations

import ast
from pathlib import Path

import bot.web
from bot.web.markup import Frame, Namer, page, words
from games.core.words import msg

NAMER = Namer(["<script>alert(1)</script>", "Bob & {u7}"], {7: "<b>Eve</b>"}, "en", "a player")


def test_names_and_texts_are_escaped_before_tokens_are_drawn() -> None:
    said = words("{p0} plays {b}<i>{/b} against {p1}; {u7} and {u8} watch.", NAMER)
    assert "<script>" not in said
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in said
    assert "<strong>&lt;i&gt;</strong>" in said
    assert "Bob &amp; {u7}" in said  # a name is never read as a token
    assert "&lt;b&gt;Eve&lt;/b&gt;" in said
    assert "a player watch" in said


def test_moments_are_times_a_browser_can_read() -> None:
    said = words("by {t1767312000:f} ({t1767312000:R})", NAMER)
    assert (
        '<time datetime="2026-01-02T00:00:00Z" data-style="f">2026-01-02 00:00 UTC</time>' in said
    )
    assert 'data-style="R"' in said


def test_blocks_of_fixed_width_text_stay_as_they_are() -> None:
    said = words("Grid:\n```\na < b\n  c\n```\nend", NAMER)
    assert "<pre>a &lt; b\n  c</pre>" in said


def test_messages_are_said_in_the_pages_language() -> None:
    french = Namer([], {}, "fr")
    assert words(msg("Players"), french) == "Joueurs"
    assert words(msg("{who} to play.", who="{p0}"), Namer(["Ann"], {}, "de")) == "Ann ist am Zug."
    html = page(Frame("fr", "T <1>"), "<p>x</p>")
    assert '<html lang="fr">' in html
    assert "<title>T &lt;1&gt;</title>" in html


def test_no_module_of_the_web_room_imports_discord() -> None:
    for path in Path(bot.web.__file__).parent.glob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            names = (
                [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else [node.module or ""]
                if isinstance(node, ast.ImportFrom)
                else []
            )
            assert not any(n == "discord" or n.startswith("discord.") for n in names), path
