"""``/game replay``: stepping through a game privately, from the viewpoints a member may
take, with buttons that keep working after a restart."""

from __future__ import annotations

from typing import Any

import pytest
import simcord
from simcord import actors as simcord_actors

from tests.bot.conftest import Table
from tests.bot.driving import (
    board_texts,
    bot_of,
    button_ids,
    gallery_urls,
    member_at,
    post_words,
    replies,
    resign,
    start_game,
    stored,
)
from tests.bot.test_restart import message_now, play_first_legal, restart

#: Discord's type number of a media gallery.
GALLERY = 12


async def _open(
    member: simcord.MemberActor, where: simcord.ChannelHandle, **options: Any
) -> simcord.ResponseMessage:
    """The member's ``/game replay``: the private replay message."""
    result = await member.slash(where, "game replay", **options)
    return _replay_of(result)


def _replay_of(result: simcord.InteractionResult) -> simcord.ResponseMessage:
    """The private replay message an interaction answered with."""
    assert result.ephemeral
    shown = [
        m for m in [result.response, *result.followups] if m is not None and m.flags.components_v2
    ]
    assert shown, replies(result)
    assert shown[-1].ephemeral
    return shown[-1]


def _words(message: simcord.ResponseMessage) -> str:
    """What the replay message says above its picture: which move, whose view."""
    return post_words(message.message)


def _fields(message: simcord.ResponseMessage) -> str:
    """The texts of the board under the picture."""
    return "\n".join(board_texts(message.message))


def _items(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every component of a message as sent, however deep it sits."""
    found: list[dict[str, Any]] = []
    for component in components:
        found.append(component)
        found += _items(component.get("components", []))
    return found


def _select(message: simcord.ResponseMessage, prefix: str) -> dict[str, Any]:
    for item in _items(message.components):
        if str(item.get("custom_id", "")).startswith(prefix):
            return dict(item)
    raise AssertionError(f"no {prefix} menu")


async def _moved_game(table: Table, moves: int) -> tuple[simcord.ChannelHandle, int]:
    thread, game_id = await start_game(table, "mandragora", ["alice", "bob"])
    for _ in range(moves):
        await play_first_legal(table, thread, game_id)
    await table.env.advance_time(10)  # let the throttle forget those commands
    return thread, game_id


async def test_a_player_steps_through_a_running_game(table: Table) -> None:
    thread, game_id = await _moved_game(table, 4)
    alice = table.members["alice"]
    shown = await _open(alice, thread)
    assert "move 4 of 4" in _words(shown)
    assert "the public view" in _words(shown)
    (picture,) = shown.attachments
    # The picture large, as the public board shows it: in the layout's gallery, no embed;
    # described in words for those who cannot see it.
    assert gallery_urls(shown.message) == [picture.url]
    assert not shown.embeds
    assert picture.description
    assert picture.description.startswith("Mandragora")
    (gallery,) = [c for c in _items(shown.components) if c.get("type") == GALLERY]
    assert gallery["items"][0]["description"] == picture.description
    ids = button_ids(shown)
    assert f"grim:rp:prev:{game_id}:3:p" in ids
    # The controls say what they do in words, not in arrows alone.
    steps = [c for c in _items(shown.components) if str(c.get("custom_id")).startswith("grim:rp:")]
    assert [(c["label"], c.get("disabled", False)) for c in steps] == [
        ("⏮ First", False),
        ("◀ Back", False),
        ("Next ▶", True),
        ("Last ⏭", True),
    ]
    back = await alice.click(shown, label="◀ Back")
    assert back.response is not None
    assert "move 3 of 4" in _words(back.response)
    (picture,) = back.response.attachments
    assert gallery_urls(back.response.message) == [picture.url]
    start = await alice.click(back.response, label="⏮ First")
    assert start.response is not None
    assert "move 0 of 4" in _words(start.response)
    assert "The deal" in _words(start.response)
    await table.env.advance_time(10)
    menu = _select(start.response, "grim:rpm:")
    assert [o["value"] for o in menu["options"]] == ["m0", "m1", "m2", "m3", "m4"]
    gone = await alice.select(start.response, ["m2"], custom_id=menu["custom_id"])
    assert gone.response is not None
    assert "move 2 of 4" in _words(gone.response)


async def test_a_player_may_switch_to_their_own_seat_only_while_it_runs(table: Table) -> None:
    thread, game_id = await _moved_game(table, 2)
    game = await stored(table, game_id)
    alice = table.members["alice"]
    seat = game.seat_of(alice.id)
    assert seat is not None
    shown = await _open(alice, thread)
    public = _fields(shown)
    views = _select(shown, "grim:rpv:")
    assert [o["value"] for o in views["options"]] == ["p", f"s{seat}"]
    own = await alice.select(shown, [f"s{seat}"], custom_id=views["custom_id"])
    assert own.response is not None
    assert "alice's view" in _words(own.response)
    # The seat's own board (its hand drawn in the picture, its own words in the text).
    assert _fields(own.response) != public
    assert "Your move" in _fields(own.response)
    assert "Your move" not in public


async def test_a_spectator_never_sees_a_hand_while_the_game_runs(table: Table) -> None:
    _thread, game_id = await _moved_game(table, 2)
    erin = table.members["erin"]
    shown = await _open(erin, table.channel, game=game_id)
    assert not any(
        str(c.get("custom_id", "")).startswith("grim:rpv:") for c in _items(shown.components)
    )
    # Clicks forged to ask for a seat's view, or everything, are refused privately: what
    # a custom id says is never trusted.
    for viewpoint, reason in (("s1", "public view"), ("a", "once the game is over")):
        forged = await _forged_click(erin, shown, f"grim:rp:first:{game_id}:0:{viewpoint}")
        assert forged.ephemeral
        assert any(reason in r for r in replies(forged)), replies(forged)
        assert "Replay" not in " ".join(replies(forged))


async def _forged_click(
    member: simcord.MemberActor, message: simcord.ResponseMessage, custom_id: str
) -> simcord.InteractionResult:
    """A click on ``message``'s First button made to carry ``custom_id`` instead of its own,
    as a tampered message would."""
    stored = simcord_actors._visible_message(member, message)
    for item in _items(stored.components):
        if item.get("label") == "⏮ First":
            item["custom_id"], item["disabled"] = custom_id, False
    return await member.click(message, custom_id=custom_id)


async def test_once_over_anyone_may_see_every_hand(table: Table) -> None:
    thread, game_id = await _moved_game(table, 3)
    game = await stored(table, game_id)
    await resign(member_at(table, game, 0), thread)
    await table.env.advance_time(10)
    erin = table.members["erin"]
    shown = await _open(erin, table.channel, game=game_id)
    assert "The game is over" in _words(shown)
    views = _select(shown, "grim:rpv:")
    assert [o["value"] for o in views["options"]] == ["p", "s0", "s1", "a"]
    everything = await erin.select(shown, ["a"], custom_id=views["custom_id"])
    assert everything.response is not None
    assert "everything" in _words(everything.response)
    fields = _fields(everything.response)
    assert "alice" in fields
    assert "bob" in fields
    assert fields.count("Hand") >= 2, fields


async def test_replay_buttons_work_after_a_restart(table: Table) -> None:
    thread, _game_id = await _moved_game(table, 3)
    shown = await _open(table.members["alice"], thread)
    await restart(table)
    await table.env.advance_time(10)
    back = await table.members["alice"].click(shown, label="◀ Back")
    assert back.response is not None
    assert "move 2 of 3" in _words(back.response)
    assert bot_of(table).services.replays is not None


async def test_a_move_outside_the_game_is_refused(table: Table) -> None:
    thread, _ = await _moved_game(table, 1)
    result = await table.members["alice"].slash(thread, "game replay", move=40)
    assert any("not 40" in r for r in replies(result)), replies(result)


@pytest.mark.slow
async def test_long_games_page_the_move_menu(table: Table) -> None:
    thread, game_id = await _moved_game(table, 26)
    game = await stored(table, game_id)
    shown = await _open(table.members["bob"], thread, move=1)
    menu = _select(shown, "grim:rpm:")
    values = [o["value"] for o in menu["options"]]
    assert values[:23] == [f"m{n}" for n in range(23)]
    assert values[-1] == "g1"
    later = await table.members["bob"].select(shown, ["g1"], custom_id=menu["custom_id"])
    assert later.response is not None
    assert "move 1 of" in _words(later.response)  # the same position, the next page
    page = _select(later.response, "grim:rpm:")
    assert next(o["value"] for o in page["options"]) == "g0"
    assert f"m{game.version}" in [o["value"] for o in page["options"]]


async def _watch_again(member: simcord.MemberActor, final: Any) -> simcord.ResponseMessage:
    """The member's click on **Watch again**: the private replay message it opens."""
    return _replay_of(await member.click(final, label="Watch again"))


async def test_watch_again_opens_the_last_move_with_every_hand_even_after_a_restart(
    table: Table,
) -> None:
    thread, game_id = await _moved_game(table, 3)
    game = await stored(table, game_id)
    await resign(member_at(table, game, 0), thread)
    await bot_of(table).idle_background()
    await table.env.advance_time(10)
    last = (await stored(table, game_id)).version
    final = thread.history()[-1]
    assert f"grim:rpw:{game_id}" in button_ids(final)
    erin = table.members["erin"]  # not at the table: anyone may watch an ended game
    shown = await _watch_again(erin, final)
    assert f"#{game_id} · move {last} of {last} · everything (every hand)" in _words(shown)
    fields = _fields(shown)
    assert fields.count("Hand") >= 2, fields
    # Only erin sees it: the thread holds no new message.
    assert thread.history()[-1].id == final.id

    await restart(table)
    await table.env.advance_time(10)
    again = await _watch_again(table.members["bob"], message_now(thread, final.id))
    assert f"move {last} of {last}" in _words(again)
    assert "everything" in _words(again)
