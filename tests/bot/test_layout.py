"""The bot's rooms stay small and documented: no folder of ``bot/`` holds more than 15
modules, no module runs over 400 lines, and ``bot/LAYOUT.md`` names every room and module."""

from __future__ import annotations

import re
from pathlib import Path

import bot

BOT = Path(bot.__file__).parent
LAYOUT = (BOT / "LAYOUT.md").read_text(encoding="utf-8")

#: Most modules a folder of ``bot/`` may hold, and most lines a module may have.
MOST_MODULES = 15
MOST_LINES = 400

#: Rooms with a layout of their own, described where they live.
DOCUMENTED_ELSEWHERE = frozenset({"ops", "playground"})


def _folders() -> list[Path]:
    return sorted(p for p in BOT.rglob("*") if p.is_dir() and (p / "__init__.py").exists())


def test_no_folder_holds_more_than_fifteen_modules() -> None:
    crowded = {
        folder.relative_to(BOT.parent).as_posix(): count
        for folder in [BOT, *_folders()]
        if (count := len(list(folder.glob("*.py")))) > MOST_MODULES
    }
    assert crowded == {}


def test_no_module_runs_over_four_hundred_lines() -> None:
    long = {
        path.relative_to(BOT.parent).as_posix(): lines
        for path in BOT.rglob("*.py")
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > MOST_LINES
    }
    assert long == {}


def test_the_layout_names_every_room_and_every_module_in_it() -> None:
    named = set(re.findall(r"`([\w/.]+)`", LAYOUT))
    missing = []
    for folder in _folders():
        room = folder.relative_to(BOT).as_posix()
        if room in DOCUMENTED_ELSEWHERE:
            if f"{room}/" not in named:
                missing.append(f"{room}/")
            continue
        if f"{room}/" not in named:
            missing.append(f"{room}/")
        for module in sorted(folder.glob("*.py")):
            if module.name != "__init__.py" and module.name not in named:
                missing.append(f"{room}/{module.name}")
    assert missing == [], f"bot/LAYOUT.md does not name: {missing}"


def test_every_room_says_what_it_is_for() -> None:
    silent = [
        folder.relative_to(BOT).as_posix()
        for folder in _folders()
        if not (folder / "__init__.py").read_text(encoding="utf-8").strip().startswith('"""')
    ]
    assert silent == []
