"""The throwaway test game joins ``games.ENGINES`` only while a test that has it runs."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack

import pytest

import games
from tests.games.configurations import TEST_ENGINES


@pytest.fixture(autouse=True)
def _test_games_registered(request: pytest.FixtureRequest) -> Iterator[None]:
    """A game of ``TEST_ENGINES`` among the test's parameters is registered for the test, as
    a sixth game would be (code that looks a game up by its key, such as an export's
    verification, finds it), and taken out again however the test ends."""
    callspec = getattr(request.node, "callspec", None)
    params = callspec.params.values() if callspec is not None else ()
    with ExitStack() as stack:
        for engine in TEST_ENGINES:
            if any(value is engine for value in params):
                games.register(engine)
                stack.callback(games.unregister, engine.key)
        yield
