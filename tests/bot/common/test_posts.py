"""Posts as outbox rows: what goes in comes back out, through JSON."""

from __future__ import annotations

import json

from bot.common.posts import Post, TurnButton
from bot.common.render import mentions
from games.core import Board, BoardField

BOARD = Board(
    title="Mandragora · turn 3",
    description="{p1}'s turn.",
    fields=(
        BoardField(name="{p0}", value="Hand: 2 cards", inline=True),
        BoardField(name="Your hand", value="🔴 red, 🌱 mandrake"),
    ),
    footer="Moves: move 1–3",
)
OTHER = Board(title="Second", fields=(BoardField(name="a", value="b"),))


def through_json(post: Post) -> Post:
    return Post.from_payload(json.loads(json.dumps(post.to_payload())))


def test_a_full_post_round_trips() -> None:
    post = Post(
        content="**Mandragora** begins!",
        boards=(BOARD, OTHER),
        seats=(101, None, 103),
        pings=(101, 103),
        turn_button=TurnButton(game_id=12, version=4),
        close_thread=False,
        game_id=12,
        notice_channel_id=900,
        extra={"user": 101, "note": ["x", 1]},
    )
    back = through_json(post)
    assert back == post
    assert back.boards[0].fields[1].value == "🔴 red, 🌱 mandrake"
    assert back.turn_button == TurnButton(12, 4)


def test_the_payload_is_plain_json_data() -> None:
    post = Post(content="c", boards=(OTHER,), seats=(1, None), pings=(1,), game_id=3)
    assert post.to_payload() == {
        "content": "c",
        "boards": [
            {
                "title": "Second",
                "description": "",
                "fields": [{"name": "a", "value": "b", "inline": False, "pictured": False}],
                "footer": "",
            }
        ],
        "seats": [1, None],
        "pings": [1],
        "turn_button": None,
        "close_thread": False,
        "game_id": 3,
        "notice_channel_id": None,
        "extra": {},
    }


def test_a_closing_post_round_trips_without_a_button() -> None:
    post = Post(content="over", boards=(BOARD,), close_thread=True, game_id=5)
    back = through_json(post)
    assert back == post
    assert back.turn_button is None
    assert back.close_thread is True


def test_an_empty_payload_reads_as_an_empty_post() -> None:
    assert Post.from_payload({}) == Post()
    assert through_json(Post()) == Post()


def test_mentions() -> None:
    assert mentions([7, 8]) == "<@7>, <@8>"
    assert mentions([]) == ""
