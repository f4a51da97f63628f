"""Real Grimoire database files with damaged pages, for the tests of what notices damage.

The damage is done the way a failing disk does it: bytes of one page of the ``games`` table
are overwritten in the closed file, while the header and the schema page still read, so
SQLite opens the file and only its integrity check (or reading the wrong rows) finds out.
"""

from __future__ import annotations

import random
import sqlite3
import struct
from pathlib import Path

from storage import SqliteStore
from tests.storage.tables import play, started_game

#: Page types of a table b-tree (SQLite's file format, section 1.6).
TABLE_INTERIOR, TABLE_LEAF = 5, 13


async def games_database(path: Path, games: int = 12, moves: int = 3) -> list[int]:
    """A closed Grimoire file holding ``games`` started games of ``moves`` moves each; the
    games' ids. Enough games that the ``games`` table spans several leaf pages."""
    rng = random.Random(4)
    ids = []
    async with await SqliteStore.open(path) as store:
        for number in range(games):
            game = await started_game(store, (100 + number, 200 + number))
            for _ in range(moves):
                game = await play(store, game, rng)
            ids.append(game.id)
    # The last connection checkpoints and removes the WAL: every page is in the file itself.
    assert not path.with_name(path.name + "-wal").exists()
    return ids


def page_size(path: Path) -> int:
    """The file's page size, from its header."""
    with path.open("rb") as file:
        file.seek(16)
        (size,) = struct.unpack(">H", file.read(2))
    return 65536 if size == 1 else int(size)


def table_leaves(path: Path, table: str = "games") -> dict[int, list[int]]:
    """Each leaf page of ``table``'s b-tree, with the rowids of the rows it holds."""
    with sqlite3.connect(path) as connection:
        (root,) = connection.execute(
            "SELECT rootpage FROM sqlite_schema WHERE name = ?", (table,)
        ).fetchone()
    data, size = path.read_bytes(), page_size(path)
    leaves: dict[int, list[int]] = {}

    def walk(number: int) -> None:
        start = (number - 1) * size
        header = start + (100 if number == 1 else 0)
        kind, cells = data[header], struct.unpack(">H", data[header + 3 : header + 5])[0]
        pointers = header + (12 if kind == TABLE_INTERIOR else 8)
        offsets = [
            start + struct.unpack(">H", data[pointers + 2 * i : pointers + 2 * i + 2])[0]
            for i in range(cells)
        ]
        if kind == TABLE_LEAF:
            # A leaf cell: the payload's length, then the rowid, both varints.
            leaves[number] = [_varint(data, _varint(data, offset)[1])[0] for offset in offsets]
            return
        assert kind == TABLE_INTERIOR, f"page {number} is not part of a table b-tree"
        for offset in offsets:
            walk(struct.unpack(">I", data[offset : offset + 4])[0])
        walk(struct.unpack(">I", data[header + 8 : header + 12])[0])

    walk(root)
    return leaves


def _varint(data: bytes, offset: int) -> tuple[int, int]:
    """SQLite's variable-length integer at ``offset``: its value and the offset after it."""
    value = 0
    for index in range(9):
        byte = data[offset + index]
        if index == 8:
            return (value << 8) | byte, offset + 9
        value = (value << 7) | (byte & 0x7F)
        if byte < 0x80:
            return value, offset + index + 1
    raise AssertionError("unreachable")


def damage_games_page(path: Path, at: int = 0, garbage: bytes = b"\x00") -> list[int]:
    """Overwrite bytes of a leaf page in the middle of the ``games`` table, ``at`` bytes into
    the page; the ids of the games on that page, which can no longer be trusted.

    The default turns the page's type into one that does not exist: SQLite then refuses to
    read the page at all ("database disk image is malformed"). Overwriting the page's count
    of cells instead (``at=3``) leaves it readable, but wrong, which the integrity check
    reports line by line.
    """
    leaves = table_leaves(path)
    assert len(leaves) >= 3, "the games table must span several pages"
    page = sorted(leaves)[len(leaves) // 2]
    with path.open("r+b") as file:
        file.seek((page - 1) * page_size(path) + at)
        file.write(garbage)
    return leaves[page]
