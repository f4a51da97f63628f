"""``/play``, ``/turn``, ``/hand``, ``/board`` and ``/rules`` through SimCord.

What a member is offered and shown is checked against the engine itself: its legal moves, its
refusal reasons, each seat's view. Every refusal leaves the stored game exactly as it was.
"""

from __future__ import annotations

import inspect
import random
from typing import Any

import discord
import pytest
import simcord

import games
from bot.common.announce import seat_users
from bot.common.render import render
from bot.drawing import laid_out, pictures
from bot.drawing.embeds import board_embed
from bot.tables.choices import panel_choices
from bot.wiring.throttle import Throttle
from storage import Game, GameStatus
from tests.bot.conftest import Table
from tests.bot.driving import (
    board_fields,
    board_texts,
    bot_of,
    gallery_urls,
    has_board,
    legal_moves,
    member_at,
    post_words,
    start_game,
    stored,
)
from tests.bot.tables.test_commands import (
    replies,
    rest,
    snapshot,
)
from tests.games.features import has

ALL_GAMES = sorted(games.ENGINES)
#: Interactions a member may make in any 10 s: the bot's default throttle.
LIMIT: int = inspect.signature(Throttle).parameters["limit"].default


def answer(result: simcord.InteractionResult) -> simcord.ResponseMessage:
    """The one ephemeral message a command answered with (a response or a follow-up)."""
    assert result.acknowledged, result
    found = replies(result)
    assert len(found) == 1, found
    assert found[0].ephemeral
    return found[0]


def names_of(table: Table, game: Game) -> list[str]:
    return [member_at(table, game, seat).name for seat in range(len(game.seats))]


def expected_board(
    table: Table, game: Game, seat: int | None, *, pictured: bool = True
) -> dict[str, Any]:
    """The embed the engine's view of ``seat`` (None: a spectator) makes, as a dict; with the
    board's picture, as in ``/hand`` and ``/board`` (the text then leaves out what the picture
    shows), or without it, as in a turn panel."""
    engine = games.get(game.game_key)
    assert game.state is not None
    board = engine.describe(engine.view(engine.load(game.state), seat))
    private = seat is not None
    embed = board_embed(board, names_of(table, game), private=private, pictured=pictured)
    if pictured:
        embed.set_image(url=f"attachment://{pictures.FILE_NAME}")
    return dict(embed.to_dict())


def expected_texts(table: Table, game: Game, seat: int | None) -> list[str]:
    """The board texts ``/hand`` (``seat``'s view) and ``/board`` (``None``) lay out under
    the picture: the text the engine's view makes, leaving out what the picture shows."""
    embed = expected_board(table, game, seat)
    return list(laid_out.board_texts(discord.Embed.from_dict(embed)))


def offered(choices: list[dict[str, Any]]) -> list[str]:
    return [str(c["value"]) for c in choices]


def filtered(moves: list[str], typed: str) -> list[str]:
    """The legal moves matching what was typed: those starting with it, then those holding
    it, each in the engine's order; at most 25."""
    needle = " ".join(typed.lower().split())
    starts = [m for m in moves if m.startswith(needle)]
    inside = [m for m in moves if needle in m and m not in starts]
    return (starts + inside)[:25]


# ------------------------------------------------------------ /play autocomplete
@pytest.mark.parametrize("key", ALL_GAMES)
@pytest.mark.slow
async def test_move_suggestions_are_exactly_the_callers_legal_moves(table: Table, key: str) -> None:
    engine = games.get(key)
    players = ["alice", "bob", "carol"][: max(2, engine.min_players)]
    if key == "magic-spell":
        players = ["alice", "bob", "carol"]
    thread, game_id = await start_game(table, key, players)
    game = await stored(table, game_id)
    assert game.to_act

    for seat in range(len(players)):
        member = member_at(table, game, seat)
        moves = await legal_moves(table, game, seat)
        suggested = offered(await member.autocomplete(thread, "play", "move", ""))
        if seat in game.to_act:
            assert moves, (key, seat)
        if not moves:  # out of turn: one suggestion, saying whose turn it is
            (note,) = suggested
            assert note.endswith("— you'll be pinged."), (key, seat)
            continue
        assert suggested == moves[:25], (key, seat)
        assert len(suggested) <= 25
        if moves:
            word = moves[-1].split()[0]
            typed = offered(await member.autocomplete(thread, "play", "move", word.upper()))
            assert typed == filtered(moves, word)
            assert typed
            assert all(word in m for m in typed)
    # Someone not seated is offered nothing, in the thread or naming the game.
    erin = table.members["erin"]
    assert await erin.autocomplete(thread, "play", "move", "") == []
    assert await erin.autocomplete(table.channel, "play", "move", "", game=game_id) == []


async def test_suggestions_filter_by_what_is_typed_and_skip_those_waiting(table: Table) -> None:
    thread, game_id = await start_game(table, "mandragora", ["alice", "bob", "carol"])
    game = await stored(table, game_id)
    alice, bob = table.members["alice"], table.members["bob"]
    moves = await legal_moves(table, game, 0)
    assert game.to_act == frozenset({0})
    assert moves[:3] == ["move 1", "move 2", "move 3"]

    assert offered(await alice.autocomplete(thread, "play", "move", "move 2")) == ["move 2"]
    assert offered(await alice.autocomplete(thread, "play", "move", "  MOVE   3 ")) == ["move 3"]
    two = offered(await alice.autocomplete(thread, "play", "move", "2"))
    # The moves whose notation holds it first, then those whose words do ("→ shop 2").
    assert two[: len(filtered(moves, "2"))] == filtered(moves, "2")
    assert "move 2" in two
    assert await alice.autocomplete(thread, "play", "move", "xyzzy") == []
    # Out of turn, the one suggestion says whose turn it is.
    waiting = [
        {
            "name": "It's alice's turn — you'll be pinged.",
            "value": "It's alice's turn — you'll be pinged.",
        }
    ]
    assert await bob.autocomplete(thread, "play", "move", "") == waiting
    assert await bob.autocomplete(thread, "play", "move", "move") == waiting
    # From the channel, naming the game.
    named = await alice.autocomplete(table.channel, "play", "move", "", game=game_id)
    assert offered(named) == moves


def crowded_mandragora() -> tuple[Any, int]:
    """A four-seat team Mandragora position where one seat has more than 25 legal moves (a
    share after cursed scrolls), found by seeded random play, and that seat."""
    engine = games.get("mandragora")
    options = engine.options({"teams": True})
    for seed in range(20):
        state = engine.new_game(4, seed, options)
        rng = random.Random(seed)
        for _ in range(engine.step_limit):
            if engine.outcome(state) is not None:
                break
            (seat,) = sorted(engine.to_act(state))[:1]
            actions = engine.legal_actions(state, seat)
            if len(actions) > 25:
                return state, seat
            state = engine.apply(state, seat, rng.choice(actions)).state
    raise AssertionError("no Mandragora position with more than 25 moves")


async def crowd(table: Table, game_id: int) -> tuple[Game, int]:
    """Set a started four-seat team Mandragora game to a position with more than 25 moves for
    one seat (the store's own move write; no message goes out): the game, and that seat."""
    engine = games.get("mandragora")
    crowded, seat = crowded_mandragora()
    await bot_of(table).services.store.games.record_move(
        game_id,
        expected_version=0,
        seat=0,
        notation="(position set by the test)",
        state=engine.dump(crowded),
        to_act=engine.waiting_for(crowded),
    )
    return await stored(table, game_id), seat


async def test_suggestions_stop_at_25_and_typing_reaches_the_rest(table: Table) -> None:
    thread, game_id = await start_game(
        table, "mandragora", ["alice", "bob", "carol", "dave"], options="teams=true"
    )
    game, seat = await crowd(table, game_id)
    member = member_at(table, game, seat)
    moves = await legal_moves(table, game, seat)
    assert len(moves) > 25

    assert offered(await member.autocomplete(thread, "play", "move", "")) == moves[:25]
    last = moves[-1]
    assert last not in moves[:25]
    assert offered(await member.autocomplete(thread, "play", "move", last)) == [last]
    word = last.split()[-1]
    assert offered(await member.autocomplete(thread, "play", "move", word)) == filtered(moves, word)

    result = await member.slash(thread, "play", move=last)

    assert answer(result).content.startswith(f"✔ `{last}`")
    assert (await stored(table, game_id)).version == game.version + 1


async def test_a_turn_with_more_than_25_choices_opens_a_paged_panel(table: Table) -> None:
    thread, game_id = await start_game(
        table, "mandragora", ["alice", "bob", "carol", "dave"], options="teams=true"
    )
    game, seat = await crowd(table, game_id)
    member = member_at(table, game, seat)
    everything = await legal_moves(table, game, seat)
    moves = [m for m in everything if m != "back"]

    result = await member.slash(thread, "turn")

    assert table.env.errors == []  # BUG-4 (found here, since fixed): page -1 broke this
    panel = answer(result)

    def menu_labels() -> list[str]:
        """The moves the step-by-step menu offers, read from each entry's value (the
        move's place among the legal ones; its description may show a card's effect)."""
        menus = [
            c
            for row in panel.components
            for c in row["components"]
            if c["type"] == 3 and c["custom_id"].startswith("grim:pick:")
        ]
        assert len(menus) == 1
        return [everything[int(o["value"])] for o in menus[0]["options"]]

    assert menu_labels() == moves[:25]
    await member.click(panel, label="Next ▶")
    assert menu_labels() == moves[25:50]
    await member.click(panel, label="◀ Previous")
    assert menu_labels() == moves[:25]


# ------------------------------------------------------------------ /play refusals
async def test_play_refusals_change_nothing(table: Table) -> None:
    engine = games.get("mandragora")
    thread, game_id = await start_game(table, "mandragora", ["alice", "bob", "carol"])
    game = await stored(table, game_id)
    assert game.state is not None
    state = engine.load(game.state)
    alice, bob, erin = (table.members[n] for n in ("alice", "bob", "erin"))
    before = await snapshot(table, game_id)
    posts = len(thread.history())

    def reason(seat: int, text: str) -> str:
        try:
            engine.parse(state, seat, text)
        except games.core.IllegalAction as error:
            return str(error)
        raise AssertionError(f"{text!r} is legal for seat {seat}")

    cases = [
        (erin, "move 1", f"You are not playing in game #{game_id}."),
        (bob, "move 1", "It's alice's turn — you'll be pinged."),
        (alice, "move 9", reason(0, "move 9")),
        (alice, "add red", reason(0, "add red")),
        (alice, "xyzzy plugh", reason(0, "xyzzy plugh")),
        (alice, "!" * 200, reason(0, "!" * 200)),
    ]
    assert cases[4][2].startswith("“xyzzy plugh” is not a move in Mandragora. Try move 1")
    told: dict[int, list[int]] = {}
    for number, (member, move, expected) in enumerate(cases):
        if number == 4:
            await rest(table)
        reply = answer(await member.slash(thread, "play", move=move))
        assert reply.content == expected, move
        assert await snapshot(table, game_id) == before, move
        told.setdefault(member.id, []).append(reply.id)
    # Nothing was posted for everyone, and each refusal was shown to its asker alone.
    assert len(thread.history(viewer=table.members["carol"])) == posts
    for member in (alice, bob, erin):
        visible = {m.id for m in thread.history(viewer=member)}
        for asker, ids in told.items():
            assert all((i in visible) == (asker == member.id) for i in ids)


async def test_a_move_over_200_characters_never_reaches_the_bot(table: Table) -> None:
    """Discord's own ``max_length`` on the option refuses it in the client (SimCord raises as
    the client would), so the bot's own 200-character check is a second line."""
    thread, game_id = await start_game(table, "mandragora", ["alice", "bob"])
    before = await snapshot(table, game_id)
    seen = len(table.env.http_requests)

    with pytest.raises(simcord.OptionError, match="at most 200 characters, got 201"):
        await table.members["alice"].slash(thread, "play", move="move 1 " + "x" * 194)

    assert len(table.env.http_requests) == seen
    assert await snapshot(table, game_id) == before


async def test_a_player_of_two_games_is_asked_which_one(table: Table) -> None:
    alice = table.members["alice"]
    first_thread, first = await start_game(table, "mandragora", ["alice", "bob"])
    _, second = await start_game(table, "marginalia", ["alice", "carol"])
    before = (await snapshot(table, first), await snapshot(table, second))
    assert 0 in (await stored(table, first)).to_act

    result = await alice.slash(table.channel, "play", move="xyzzy")  # legal in neither

    assert answer(result).content == (
        "Which game? Use this in its thread, or add the `game:` option "
        f"(#{first} Mandragora, #{second} Marginalia)."
    )
    assert (await snapshot(table, first), await snapshot(table, second)) == before

    result = await alice.slash(table.channel, "play", move="move 1", game=first)

    reply = answer(result)
    assert reply.content.startswith("✔ `move 1`")
    played = await stored(table, first)
    assert played.version == 1
    assert [a.notation for a in await bot_of(table).services.store.games.actions(first)] == [
        "move 1"
    ]
    assert await snapshot(table, second) == before[1]
    # The move was announced in the game's thread, not in the channel.
    assert "sends the assistant 1 shop" in post_words(first_thread.history()[-1])
    assert all("sends the assistant" not in m.content for m in table.channel.history())


async def test_play_in_the_channel_finds_the_only_game(table: Table) -> None:
    _, game_id = await start_game(table, "mandragora", ["alice", "bob"])

    result = await table.members["alice"].slash(table.channel, "play", move="move 2")

    assert answer(result).content.startswith("✔ `move 2`")
    assert (await stored(table, game_id)).version == 1


async def test_play_applies_a_legal_move_and_answers_only_the_mover(table: Table) -> None:
    thread, game_id = await start_game(table, "mandragora", ["alice", "bob", "carol"])
    alice, bob = table.members["alice"], table.members["bob"]

    result = await alice.slash(thread, "play", move="MOVE   1")

    reply = answer(result)
    assert reply.content.startswith("✔ `move 1`")
    game = await stored(table, game_id)
    assert game.version == 1
    assert game.to_act == frozenset({1})
    assert reply.embeds[0].to_dict() == expected_board(table, game, 0, pictured=False)
    assert reply.id not in [m.id for m in thread.history(viewer=bob)]
    assert post_words(thread.history()[-1]).endswith(f"Your turn: bob\n<@{bob.id}>")


async def test_no_lobby_opens_in_a_games_thread(table: Table) -> None:
    """BUG-5 (found here, since fixed): a game started in another game's thread was played
    there, yet every command in the thread went to the thread's own game."""
    thread, first = await start_game(table, "mandragora", ["alice", "bob"])
    before = await snapshot(table, first)
    seen = len(thread.history())

    result = await table.members["carol"].slash(thread, "game new", game="marginalia")

    assert answer(result).content == "This thread belongs to a game: open a lobby in a channel."
    assert await bot_of(table).services.store.games.in_channel(thread.id) == []
    assert len(thread.history(viewer=table.members["erin"])) == seen
    assert await snapshot(table, first) == before


# ------------------------------------------------------------------------ /turn
async def test_turn_shows_the_engines_moves_as_buttons(table: Table) -> None:
    thread, game_id = await start_game(table, "mandragora", ["alice", "bob", "carol"])
    game = await stored(table, game_id)
    alice, bob = table.members["alice"], table.members["bob"]
    moves = await legal_moves(table, game, 0)

    panel = answer(await alice.slash(thread, "turn"))
    waiting = answer(await bob.slash(thread, "turn"))

    engine = games.get("mandragora")
    state = engine.load(game.state or "")
    cards = panel_choices(engine, state, 0).step_cards()
    assert cards, "the assistant's moves name the cards at their shops"
    names = await bot_of(table).services.names.names(seat_users(game))
    board = engine.describe(engine.view(state, 0))
    # Controls first: the game, what to decide, the names of the hand, how to pick, what
    # the cards on the buttons do; no board above the buttons.
    head, decide, move, hand, score, pick, typing, *details = panel.content.splitlines()
    assert head == f"**Mandragora** #{game_id} · your move"
    assert [decide, move] == render(board.description, names).splitlines()
    assert hand.startswith("Your hand: ")
    assert "Spellbook worth" not in hand  # the cards' names, not what they do
    assert score.startswith("Your score if the game ended now: ")
    assert [pick, typing] == ["Choose below.", f"-# Typing works too: `/play {moves[0]}`"]
    shown = [f"**{card.name}** — {card.brief}" for card in cards]
    assert details == shown[: len(details)] or details[:-1] == shown[: len(details) - 1]
    assert panel.embeds == []
    labels = [c["label"] for row in panel.components for c in row["components"] if c["type"] == 2]
    assert labels == [
        *(
            render(engine.action_label(state, 0, action), names)
            for action in engine.legal_actions(state, 0)
        ),
        "Board",
    ]
    assert waiting.content == (
        f"**Mandragora** #{game_id}: it is not your turn; you will be pinged."
    )
    (board_button,) = [c for row in waiting.components for c in row["components"]]
    assert board_button["custom_id"] == f"grim:board:{game_id}"

    own = answer(await alice.click(panel, custom_id=f"grim:board:{game_id}"))
    assert board_texts(own) == expected_texts(table, game, 0)

    clicked = await alice.click(panel, custom_id=f"grim:act:{game_id}:0:{moves.index('move 3')}")

    assert clicked.acknowledged
    assert [a.notation for a in await bot_of(table).services.store.games.actions(game_id)] == [
        "move 3"
    ]


# ------------------------------------------------------------------------ /hand
@pytest.mark.parametrize("key", ["mandragora", "marginalia", "magnum-opus"])
async def test_hand_shows_only_the_callers_own_view(table: Table, key: str) -> None:
    thread, game_id = await start_game(table, key, ["alice", "bob"])
    game = await stored(table, game_id)
    alice, bob, erin = (table.members[n] for n in ("alice", "bob", "erin"))
    seat = game.seat_of(alice.id)
    assert seat is not None

    hand = answer(await alice.slash(thread, "hand"))

    assert board_texts(hand) == expected_texts(table, game, seat)
    assert board_texts(hand) != expected_texts(table, game, 1 - seat)
    assert board_texts(hand) != expected_texts(table, game, None)
    for other in (bob, erin):
        assert hand.id not in [m.id for m in thread.history(viewer=other)]
    assert hand.id in [m.id for m in thread.history(viewer=alice)]
    # Someone not playing has no hand.
    refused = answer(await erin.slash(thread, "hand"))
    assert refused.content == f"You are not playing in game #{game_id}."
    assert refused.embeds == []


async def test_hand_and_board_before_the_start_are_refused(table: Table) -> None:
    result = await table.members["alice"].slash(table.channel, "game new", game="mandragora")
    assert result.acknowledged
    (lobby,) = await bot_of(table).services.store.games.in_channel(table.channel.id)

    for command in ("hand", "board"):
        result = await table.members["alice"].slash(table.channel, command, game=lobby.id)
        assert answer(result).content == f"Game #{lobby.id} has not started yet."


# ----------------------------------------------------------------------- /board
@pytest.mark.parametrize("key", [k for k in ALL_GAMES if has(games.get(k), "picture")])
async def test_board_shows_the_public_board(table: Table, key: str) -> None:
    players = ["alice", "bob", "carol"] if key == "magic-spell" else ["alice", "bob"]
    thread, game_id = await start_game(table, key, players)
    game = await stored(table, game_id)
    erin, alice = table.members["erin"], table.members["alice"]

    shown = answer(await erin.slash(thread, "board"))
    from_channel = answer(await alice.slash(table.channel, "board", game=game_id))

    assert board_texts(shown) == expected_texts(table, game, None)
    assert board_texts(from_channel) == expected_texts(table, game, None)
    # The same board the thread shows everyone, its picture large.
    first = thread.history(viewer=erin)[0]
    assert board_texts(first)[0] == board_texts(shown)[0]  # the title
    assert board_fields(first) == board_fields(shown)
    assert shown.embeds == []
    assert len(gallery_urls(shown)) == 1


# ----------------------------------------------------------------------- /rules
@pytest.mark.parametrize("key", [k for k in ALL_GAMES if has(games.get(k), "summary")])
async def test_rules_show_the_engines_summary(table: Table, key: str) -> None:
    engine = games.get(key)

    reply = answer(await table.members["erin"].slash(table.channel, "rules", game=key))

    embed = reply.embeds[0]
    assert embed.title == f"{engine.title} — rules in brief"
    assert engine.summary
    assert embed.description == engine.summary
    assert table.channel.history(viewer=table.members["bob"]) == []


# --------------------------------------------------------------------- throttle
async def test_one_command_over_the_limit_is_asked_to_slow_down(table: Table) -> None:
    """The brief said 8 in 10 s ("the 9th is told to slow down"); the bot's default is now
    ``LIMIT`` (15, as tests/bot/wiring/test_throttle.py pins), so the (LIMIT + 1)-th is slowed."""
    thread, game_id = await start_game(table, "mandragora", ["alice", "bob"])
    await rest(table)
    alice = table.members["alice"]
    game = await stored(table, game_id)

    for _ in range(LIMIT):
        hand = answer(await alice.slash(thread, "hand"))
        assert board_texts(hand) == expected_texts(table, game, 0)
    slowed = answer(await alice.slash(thread, "hand"))
    assert slowed.content == "You're going a little fast: try again in 10 s."
    assert slowed.embeds == []
    # Others are not slowed down by alice.
    assert has_board(answer(await table.members["bob"].slash(thread, "hand")))

    await table.env.advance_time(11)

    again = answer(await alice.slash(thread, "hand"))
    assert board_texts(again) == expected_texts(table, game, 0)


async def test_a_throttled_move_is_not_made(table: Table) -> None:
    thread, game_id = await start_game(table, "mandragora", ["alice", "bob"])
    await rest(table)
    alice = table.members["alice"]
    for _ in range(LIMIT):
        await alice.slash(thread, "hand")
    before = await snapshot(table, game_id)

    result = await alice.slash(thread, "play", move="move 1")

    assert answer(result).content.startswith("You're going a little fast")
    assert await snapshot(table, game_id) == before
    game = await stored(table, game_id)
    assert game.status is GameStatus.ACTIVE


# ------------------------------------------------- out of turn, and several games at once
async def test_out_of_turn_the_suggestion_says_whose_turn_and_submitting_it_changes_nothing(
    table: Table,
) -> None:
    thread, game_id = await start_game(table, "mandragora", ["alice", "bob"])
    bob = table.members["bob"]
    before = await snapshot(table, game_id)

    (note,) = await bob.autocomplete(thread, "play", "move", "mo")
    assert note["name"] == note["value"] == "It's alice's turn — you'll be pinged."
    told = await bob.slash(thread, "play", move=note["value"])

    assert answer(told).content == note["name"]
    assert await snapshot(table, game_id) == before


async def test_out_of_turn_in_every_game_says_so_from_the_channel(table: Table) -> None:
    first, second = [await start_game(table, "mandragora", ["alice", "bob"]) for _ in range(2)]
    bob = table.members["bob"]
    before = [await snapshot(table, game_id) for _, game_id in (first, second)]

    (note,) = await bob.autocomplete(table.channel, "play", "move", "")
    assert note["value"] == "It's not your turn in any of your games — you'll be pinged."
    told = await bob.slash(table.channel, "play", move=note["value"])

    assert answer(told).content == note["value"]
    assert [await snapshot(table, game_id) for _, game_id in (first, second)] == before


async def test_play_without_a_game_finds_the_only_game_where_the_move_is_legal(
    table: Table,
) -> None:
    alice = table.members["alice"]
    _, spell = await start_game(table, "mandragora", ["alice", "bob"])
    _, margins = await start_game(table, "marginalia", ["alice", "carol"])
    margins_game = await stored(table, margins)
    seat = margins_game.seat_of(alice.id)
    assert seat is not None
    assert "move 2" not in await legal_moves(table, margins_game, seat)
    before = await snapshot(table, margins)

    result = await alice.slash(table.channel, "play", move="move 2")

    assert answer(result).content.startswith("✔ `move 2`")
    assert (await stored(table, spell)).version == 1
    assert await snapshot(table, margins) == before


async def test_a_move_legal_in_several_games_is_asked_about_privately(table: Table) -> None:
    alice = table.members["alice"]
    (first_thread, first), (_, second) = [
        await start_game(table, "mandragora", ["alice", name]) for name in ("bob", "carol")
    ]
    before = [await snapshot(table, first), await snapshot(table, second)]

    suggested = offered(await alice.autocomplete(table.channel, "play", "move", "move 2"))
    assert suggested == ["move 2", "move 2"]  # one from each game, told apart by name
    names = [c["name"] for c in await alice.autocomplete(table.channel, "play", "move", "move 2")]
    assert names == [f"move 2 — #{first} Mandragora", f"move 2 — #{second} Mandragora"]

    asked = await alice.slash(table.channel, "play", move="move 2")
    reply = answer(asked)
    assert reply.content == (
        f"`move 2` can be played in several of your games (#{first} Mandragora,"
        f" #{second} Mandragora): add the `game:` option to say which."
    )
    assert asked.ephemeral
    assert [await snapshot(table, first), await snapshot(table, second)] == before

    # In a game's thread, that game is meant.
    played = await alice.slash(first_thread, "play", move="move 2")
    assert answer(played).content.startswith("✔ `move 2`")
    assert (await stored(table, first)).version == 1
    assert await snapshot(table, second) == before[1]


async def test_suggestions_say_what_each_move_does_and_find_it_by_its_words(table: Table) -> None:
    thread, game_id = await start_game(table, "mandragora", ["alice", "bob"])
    game = await stored(table, game_id)
    seat = min(game.to_act)
    member = member_at(table, game, seat)
    engine = games.get("mandragora")
    state = engine.load(game.state or "")
    names = names_of(table, game)

    suggested = await member.autocomplete(thread, "play", "move", "")
    by_words = await member.autocomplete(thread, "play", "move", "assistant")

    expected = [
        f"{engine.notation(a)} — {render(engine.action_label(state, seat, a), names)}"[:100]
        for a in engine.legal_actions(state, seat)
    ]
    assert [c["name"] for c in suggested] == expected
    assert all("Send the assistant" in c["name"] for c in by_words)
    assert [c["value"] for c in by_words] == [
        n for n in (engine.notation(a) for a in engine.legal_actions(state, seat)) if "move" in n
    ]
