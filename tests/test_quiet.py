"""Tests print nothing unless asked: a normal run shows pytest's own lines and nothing else.

What a test prints is captured, and shown only when it fails (or with ``-s``). A report worth
a look goes past the capture only through a fixture an environment variable switches on
(``clicks_report`` in ``tests/conftest.py``, ``GRIMOIRE_PRINT_CLICKS=1``), so no test file
turns the capture off by itself.
"""

from __future__ import annotations

from pathlib import Path

TESTS = Path(__file__).parent
#: Ways past pytest's capture, straight to the terminal.
BYPASSES = ("capsys.disabled(", "capfd.disabled(", "sys.__stdout__", "sys.__stderr__")
#: The files allowed to hold them: the fixture that prints when asked, and this one.
ALLOWED = {TESTS / "conftest.py", Path(__file__)}


def test_no_test_prints_past_the_capture_unless_asked() -> None:
    found = [
        f"{path.relative_to(TESTS)}: {bypass}"
        for path in sorted(TESTS.rglob("*.py"))
        if path not in ALLOWED
        for bypass in BYPASSES
        if bypass in path.read_text(encoding="utf-8")
    ]
    assert found == []
