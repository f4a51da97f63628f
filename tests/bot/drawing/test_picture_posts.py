"""A post keeps the view its picture is drawn from, and gives it back unchanged."""

from __future__ import annotations

import json

import pytest

import games
from bot.drawing.picture_posts import EXTRA_KEY, picture_extra, pictured_view


@pytest.mark.parametrize("key", sorted(games.ENGINES))
def test_a_view_kept_in_a_post_comes_back_unchanged(key: str) -> None:
    engine = games.get(key)
    players, options = engine.configurations()[0]
    view = engine.view(engine.new_game(players, seed=4, options=options), 0)
    # Through JSON, as an outbox row keeps it.
    extra = json.loads(json.dumps({"user": 1, **picture_extra(engine, view)}))

    found = pictured_view(extra)

    assert found is not None
    assert found[0] is engine
    assert found[1] == view


def test_a_post_without_a_view_has_no_picture() -> None:
    assert pictured_view({"user": 1}) is None


@pytest.mark.parametrize(
    "spec",
    [
        {"game": "chess", "view": {}},
        {"game": "mandragora", "view": {"viewer": "nobody"}},
        {"view": {}},
    ],
)
def test_an_unreadable_view_is_refused(spec: dict[str, object]) -> None:
    with pytest.raises(ValueError, match="unreadable picture view"):
        pictured_view({EXTRA_KEY: spec})
