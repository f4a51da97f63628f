"""A post keeps the view its picture is drawn from, and gives it back unchanged."""

from __future__ import annotations

import json

import pytest

import games
from bot.common.posts import Post, PostPicture
from bot.drawing.picture_posts import pictured_view, post_picture


@pytest.mark.parametrize("key", sorted(games.ENGINES))
def test_a_view_kept_in_a_post_comes_back_unchanged(key: str) -> None:
    engine = games.get(key)
    players, options = engine.configurations()[0]
    view = engine.view(engine.new_game(players, seed=4, options=options), 0)
    # Through JSON, as an outbox row keeps it.
    post = Post(content="board", picture=post_picture(engine, view))
    kept = Post.from_payload(json.loads(json.dumps(post.to_payload())))

    assert kept.picture is not None
    found = pictured_view(kept.picture)

    assert found[0] is engine
    assert found[1] == view


def test_a_status_line_is_kept_with_the_view() -> None:
    engine = games.get("marginalia")
    view = engine.view(engine.new_game(2, seed=4), 0)
    picture = post_picture(engine, view, status="{p1} resigned.")
    assert picture.status == "{p1} resigned."
    assert PostPicture.from_payload(json.loads(json.dumps(picture.to_payload()))) == picture


@pytest.mark.parametrize(
    "picture",
    [
        PostPicture("chess", {}),
        PostPicture("mandragora", {"viewer": "nobody"}),
    ],
)
def test_an_unreadable_view_is_refused(picture: PostPicture) -> None:
    with pytest.raises(ValueError, match="unreadable picture view"):
        pictured_view(picture)


@pytest.mark.parametrize("data", [None, {}, {"view": {}}, {"game": 3, "view": {}}, ["x"]])
def test_data_that_names_no_game_is_no_picture(data: object) -> None:
    assert PostPicture.from_payload(data) is None
