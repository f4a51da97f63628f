"""Test-wide settings."""

from __future__ import annotations

import os
from collections.abc import Callable

import pytest
from hypothesis import settings

# Wall-clock deadlines make property tests flaky on a busy machine; speed is measured by
# benchmarks instead. CI runs derandomized so a red build reproduces exactly.
settings.register_profile("default", deadline=None, print_blob=True)
settings.register_profile("ci", deadline=None, print_blob=True, derandomize=True)
settings.load_profile("ci" if os.environ.get("CI") else "default")


#: Set to 1 to have the click-counting tests (``tests/bot/tables/test_clicks_*.py``) print
#: their clicks per move, before and now: ``make clicks``. Otherwise tests print nothing.
PRINT_CLICKS = "GRIMOIRE_PRINT_CLICKS"


@pytest.fixture
def clicks_report(capsys: pytest.CaptureFixture[str]) -> Callable[[str], None]:
    """Prints a line of a click count's report past pytest's capture, and only when
    ``GRIMOIRE_PRINT_CLICKS=1`` asks for it (no ``-s`` needed); a normal run stays quiet."""

    def report(line: str) -> None:
        if os.environ.get(PRINT_CLICKS) == "1":
            with capsys.disabled():
                print(f"\n{line}", flush=True)

    return report
