"""Posts as outbox rows: what goes in comes back out, through JSON; and a row written before
a post's fields were typed (with an ``extra`` dictionary) is still read."""

from __future__ import annotations

import json

from bot.common.posts import (
    Post,
    PostPicture,
    PostStyle,
    SeatButton,
    TurnButton,
    UndoButtons,
)
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
        ping_instead="⏰ Your move is due soon.",
        style=PostStyle.TOURNAMENT,
        picture=PostPicture("mandragora", {"seat": 1, "hand": ["red"]}, status="{p0} resigned."),
    )
    back = through_json(post)
    assert back == post
    assert back.boards[0].fields[1].value == "🔴 red, 🌱 mandrake"
    assert back.turn_button == TurnButton(12, 4)


def test_each_kind_of_button_and_a_board_edit_round_trip() -> None:
    posts = [
        Post(content="Undo?", undo_buttons=UndoButtons(game_id=12, version=7), game_id=12),
        Post(content="Seat 2 is open", seat_button=SeatButton(game_id=12, seat=1)),
        Post(boards=(OTHER,), edits_message_id=8888, style=PostStyle.TOURNAMENT),
    ]
    for post in posts:
        assert through_json(post) == post


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
        "undo_buttons": None,
        "seat_button": None,
        "close_thread": False,
        "game_id": 3,
        "notice_channel_id": None,
        "ping_instead": None,
        "edits_message_id": None,
        "style": "plain",
        "picture": None,
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


def old_row(**extra: object) -> dict[str, object]:
    """An outbox row's payload as a bot before the typed fields wrote it."""
    return {
        "content": "c",
        "boards": [],
        "seats": [],
        "pings": [5],
        "turn_button": None,
        "close_thread": False,
        "game_id": 3,
        "notice_channel_id": 77,
        "extra": extra,
    }


def test_an_old_row_with_everything_in_its_extra_is_read() -> None:
    picture = {"game": "mandragora", "view": {"seat": 0}, "status": "{p1} resigned."}
    assert through_json(
        Post.from_payload(old_row(ping_instead="⏰ Your move is due.", picture=picture))
    ) == Post(
        content="c",
        pings=(5,),
        game_id=3,
        notice_channel_id=77,
        ping_instead="⏰ Your move is due.",
        picture=PostPicture("mandragora", {"seat": 0}, "{p1} resigned."),
    )
    assert Post.from_payload(old_row(undo_vote=[3, 9])).undo_buttons == UndoButtons(3, 9)
    assert Post.from_payload(old_row(open_seat=[3, 2])).seat_button == SeatButton(3, 2)
    standings = Post.from_payload(old_row(message_id=8888, style="tournament"))
    assert standings.edits_message_id == 8888
    assert standings.style is PostStyle.TOURNAMENT


def test_what_an_old_row_kept_that_nothing_reads_is_left_out() -> None:
    post = Post.from_payload(old_row(user=101, note=["x", 1], picture={"view": {}}))
    assert post == Post(content="c", pings=(5,), game_id=3, notice_channel_id=77)
    assert "extra" not in post.to_payload()


def test_a_style_this_bot_does_not_know_reads_as_plain() -> None:
    payload = {**Post(content="c").to_payload(), "style": "sparkly"}
    assert Post.from_payload(payload).style is PostStyle.PLAIN


def test_mentions() -> None:
    assert mentions([7, 8]) == "<@7>, <@8>"
    assert mentions([]) == ""
