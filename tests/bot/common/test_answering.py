"""The interaction a decision arrived in: kept as plain values, and its answer awaited before
a follow-up may go out."""

from __future__ import annotations

import asyncio

from bot.common.answering import TOKEN_LIFE, Answering, answered, begin, current, finish


def test_an_interaction_is_kept_as_plain_values_and_read_back() -> None:
    answering = Answering(7, "token-a", 42, 1_000.0)
    assert Answering.read(answering.to_payload()) == answering
    assert Answering.read(None) is None
    assert Answering.read({"token": "t"}) is None
    assert Answering.read({"application": "x", "token": "t", "channel": 1, "at": 0}) is None


def test_a_token_is_used_only_while_discord_honours_it() -> None:
    answering = Answering(7, "token-b", 42, 1_000.0)
    assert answering.fresh(1_000.0)
    assert answering.fresh(1_000.0 + TOKEN_LIFE - 1)
    assert not answering.fresh(1_000.0 + TOKEN_LIFE)
    assert not answering.fresh(999.0), "a clock behind the interaction's is not trusted"


async def test_a_follow_up_waits_for_the_interactions_own_answer() -> None:
    answering = Answering(7, "token-c", 42, 1_000.0)
    begin(answering)
    assert current() == answering
    waiting = asyncio.create_task(answered("token-c"))
    await asyncio.sleep(0)
    assert not waiting.done(), "the member's own answer is not out yet"
    finish("token-c")
    assert await waiting
    assert await answered("token-c"), "answered stays answered"


async def test_an_answer_that_never_comes_or_an_unknown_interaction_is_not_used() -> None:
    begin(Answering(7, "token-d", 42, 1_000.0))
    assert not await answered("token-d", wait=0.01)
    assert not await answered("another process's", wait=0.01)
