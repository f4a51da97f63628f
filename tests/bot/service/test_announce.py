"""What the table is told after a move: public posts without secrets, pings, DMs, the end."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

import pytest

import games
from bot.service.announce import (
    game_lane,
    move_deliveries,
    notice_deliveries,
    ranking,
    seat_users,
    turn_line,
    where,
)
from bot.service.posts import Post, TurnButton
from bot.service.standings import with_resignations
from games.core import BACK, Engine, LogEntry, Outcome
from storage import Delivery, DeliveryKind, Game, GameStatus, Seat
from tests.bot.service.helpers import CHANNEL, THREAD, text_of

MANDRAGORA = games.get("mandragora")
MAGNUM_OPUS = games.get("magnum-opus")
MOMENT = datetime(2026, 11, 21, 12, 0, tzinfo=UTC)
FIRST_USER = 101


def table(
    game_key: str, players: int, *, ai: Sequence[int] = (), thread: int | None = THREAD
) -> Game:
    """A running game record: seat ``s`` played by user ``101 + s`` (``ai``: by an AI)."""
    seats = tuple(
        Seat(
            position=s,
            user_id=None if s in ai else FIRST_USER + s,
            seat=s,
            team=None,
            ai_level="easy" if s in ai else None,
            joined_at=MOMENT,
            resigned_at=None,
        )
        for s in range(players)
    )
    return Game(
        id=1,
        game_key=game_key,
        guild_id=400,
        channel_id=CHANNEL,
        thread_id=thread,
        lobby_message_id=None,
        board_message_id=None,
        host_id=FIRST_USER,
        options={},
        settings={},
        status=GameStatus.ACTIVE,
        seed=7,
        version=0,
        state=None,
        to_act=frozenset(),
        outcome=None,
        seats=seats,
        created_at=MOMENT,
        updated_at=MOMENT,
        started_at=MOMENT,
        finished_at=None,
    )


def user(seat: int) -> int:
    return FIRST_USER + seat


class Step:
    """One move applied with the engine, and what ``move_deliveries`` makes of it."""

    def __init__(
        self, engine: Engine[Any, Any], game: Game, state: Any, seat: int, action: Any, version: int
    ) -> None:
        transition = engine.apply(state, seat, action)
        self.before, self.after, self.log = state, transition.state, transition.log
        self.seat = seat
        self.outcome = engine.outcome(transition.state)
        self.deliveries = move_deliveries(
            engine,
            game,
            seat=seat,
            before=state,
            after=transition.state,
            log=transition.log,
            version=version,
            outcome=self.outcome,
        )

    @property
    def posts(self) -> list[Post]:
        return [
            Post.from_payload(d.payload)
            for d in self.deliveries
            if d.kind is DeliveryKind.THREAD_POST
        ]

    @property
    def post_items(self) -> list[Delivery]:
        return [d for d in self.deliveries if d.kind is DeliveryKind.THREAD_POST]

    @property
    def dms(self) -> dict[int, Post]:
        found: dict[int, Post] = {}
        for d in self.deliveries:
            if d.kind is DeliveryKind.DM:
                assert d.target_id not in found
                found[d.target_id] = Post.from_payload(d.payload)
        return found


def play(engine: Engine[Any, Any], game: Game, moves: Sequence[tuple[int, str]]) -> list[Step]:
    state = engine.new_game(len(game.seats), 7)
    steps = []
    for version, (seat, text) in enumerate(moves, start=1):
        step = Step(engine, game, state, seat, engine.parse(state, seat, text), version)
        steps.append(step)
        state = step.after
    return steps


def secrets_of(log: Sequence[LogEntry]) -> list[str]:
    """The private lines of a log that no public line repeats."""
    public = {e.text for e in log if e.audience is None}
    return [e.text for e in log if e.audience is not None and e.text not in public]


# ------------------------------------------------------------------ Mandragora
def test_a_plain_move_is_posted_and_pings_the_next_player() -> None:
    game = table("mandragora", 2)
    [step] = play(MANDRAGORA, game, [(0, "move 1")])
    [post] = step.posts
    assert post.content == (
        "{p0} sends the assistant 1 shop to shop 2 and takes 🔴 red.\n"
        "Restocked shop 1: 🔴 red-1.\n\nYour turn: {p1}"
    )
    assert post.pings == (user(1),)
    assert post.seats == (user(0), user(1))
    assert post.turn_button == TurnButton(1, 1)
    assert post.close_thread is False
    assert post.boards == (MANDRAGORA.describe(MANDRAGORA.view(step.after, None)),)
    assert step.post_items[0].target_id == THREAD
    assert step.post_items[0].lane == "game:1"
    # Alice's hand changed and her turn is over: she is told by DM; Bob's did not.
    assert set(step.dms) == {user(0)}
    dm = step.dms[user(0)]
    assert dm.content == "**Mandragora** #1\nYour hand has changed."
    assert dm.boards == (MANDRAGORA.describe(MANDRAGORA.view(step.after, 0)),)
    assert dm.notice_channel_id == THREAD


def test_a_face_down_take_stays_out_of_the_thread() -> None:
    game = table("mandragora", 2)
    [step] = play(MANDRAGORA, game, [(0, "move 2")])
    secret = "You take 🟡 yellow-1 from shop 3."
    assert secrets_of(step.log) == [secret]
    [post] = step.posts
    assert "{p0} sends the assistant 2 shops to shop 3 and takes 1 face-down card." in post.content
    assert secret not in text_of(step.post_items[0].payload)
    assert "yellow-1" not in post.content
    assert step.dms[user(0)].content == f"**Mandragora** #1\n{secret}"
    assert user(1) not in step.dms


def test_the_private_steps_of_a_cast_tell_nobody() -> None:
    game = table("mandragora", 2)
    steps = play(
        MANDRAGORA,
        game,
        [(0, "move 1"), (1, "move 3"), (0, "cast mandrake"), (0, "add red"), (0, "power 1")],
    )
    assert steps[2].deliveries == []
    assert steps[3].deliveries == []
    [post] = steps[4].posts
    assert post.content.startswith("{p0} casts **Banishment** (power 1)")
    assert post.pings == (user(1),)


def test_nobody_is_pinged_twice_for_the_same_wait() -> None:
    game = table("mandragora", 3)
    steps = play(MANDRAGORA, game, [(0, "move 1"), (1, "move 1"), (2, "move 1")])
    assert [s.posts[0].pings for s in steps] == [(user(1),), (user(2),), (user(0),)]
    assert [s.posts[0].content.splitlines()[-1] for s in steps] == [
        "Your turn: {p1}",
        "Your turn: {p2}",
        "Your turn: {p0}",
    ]


def test_an_ai_seat_is_neither_pinged_nor_sent_dms() -> None:
    game = table("mandragora", 3, ai=[1])
    [step] = play(MANDRAGORA, game, [(0, "move 2")])
    assert step.posts[0].pings == ()
    assert step.posts[0].seats == (user(0), None, user(2))
    assert set(step.dms) == {user(0)}


def test_without_a_thread_the_channel_hears_it() -> None:
    game = table("mandragora", 2, thread=None)
    [step] = play(MANDRAGORA, game, [(0, "move 1")])
    assert step.post_items[0].target_id == CHANNEL
    assert step.dms[user(0)].notice_channel_id == CHANNEL


# ------------------------------------------------------------------ Magnum Opus
def label_of(line: str) -> str:
    """``You choose I Wolrad (🔵 mercury).`` -> ``I Wolrad (🔵 mercury)``."""
    assert line.startswith("You choose ")
    assert line.endswith(".")
    return line.removeprefix("You choose ").removesuffix(".")


def test_keeps_and_picks_stay_secret_until_revealed() -> None:
    game = table("magnum-opus", 3)
    keeps = [(0, "keep star"), (1, "keep crow"), (2, "keep pelican")]
    picks = [(0, "pick wolrad"), (1, "pick wolrad"), (2, "pick wolrad")]
    steps = play(MAGNUM_OPUS, game, [*keeps, *picks])

    # Keeping: the public hears that a card was kept, never which.
    for seat, step in enumerate(steps[:3]):
        [post] = step.posts
        assert post.content.startswith(f"{{p{seat}}} keeps a Magnum Opus card.")
        [secret] = secrets_of(step.log)
        assert secret.startswith("You keep **")
        opus = secret.split("**")[1]
        for later in steps:
            for item in later.post_items:
                assert opus not in text_of(item.payload)
        if seat < 2:
            assert step.dms[user(seat)].content == f"**Magnum Opus** #1\n{secret}"
    # The last to keep picks straight away: their own step needs no DM.
    assert user(2) not in steps[2].dms

    # Picking: nothing of a pick is public before the last pick is in.
    chosen = [label_of(secrets_of(step.log)[0]) for step in steps[3:]]
    assert chosen == ["I Wolrad (🔵 mercury)", "I Wolrad (⚪ salt)", "I Wolrad (🔴 cinnabar)"]
    for index, step in enumerate(steps[3:5]):
        [post] = step.posts
        assert post.content.splitlines()[0] == f"{{p{index}}} has chosen a card."
        assert post.pings == ()
        for label in chosen:
            assert label not in text_of(step.post_items[0].payload)
        assert set(step.dms) == {user(index)}
        assert step.dms[user(index)].content == f"**Magnum Opus** #1\nYou choose {chosen[index]}."
    [reveal] = steps[5].posts
    assert "Cards revealed (1 of 6): {p0}: I Wolrad (🔵 mercury) · {p1}: I Wolrad (⚪ salt)" in (
        reveal.content
    )
    assert reveal.content.endswith("Waiting for: {p0}, {p1}, {p2}")
    # Everyone is waited for again; the one who just picked is not pinged for it.
    assert reveal.pings == (user(0), user(1))
    assert set(steps[5].dms) == {user(0), user(1)}
    assert all(dm.content.endswith("Your hand has changed.") for dm in steps[5].dms.values())


def test_simultaneous_play_waits_then_pings_once() -> None:
    game = table("magnum-opus", 3)
    steps = play(MAGNUM_OPUS, game, [(0, "keep star"), (1, "keep crow"), (2, "keep pelican")])
    assert [s.posts[0].content.splitlines()[-1] for s in steps] == [
        "Waiting for: {p1}, {p2}",
        "Your turn: {p2}",
        "Waiting for: {p0}, {p1}, {p2}",
    ]
    assert [s.posts[0].pings for s in steps] == [(), (), (user(0), user(1))]


# ------------------------------------------------------------------ whole games
CASES = [
    ("mandragora", 2, 1),
    ("mandragora", 3, 2),
    ("mandragora", 4, 3),
    ("magnum-opus", 2, 4),
    ("magnum-opus", 3, 5),
    ("magnum-opus", 5, 6),
]


@pytest.mark.parametrize(("key", "players", "seed"), CASES)
def test_a_whole_game_never_leaks_and_ends_with_the_ranking(
    key: str, players: int, seed: int
) -> None:
    engine = games.get(key)
    game = table(key, players)
    state = engine.new_game(players, seed)
    rng = random.Random(seed)
    posted_secrets = 0
    last: Step | None = None
    for version in range(1, engine.step_limit):
        seat = rng.choice(sorted(engine.to_act(state)))
        legal = [a for a in engine.legal_actions(state, seat) if engine.notation(a) != BACK]
        step = Step(engine, game, state, seat, rng.choice(legal), version)
        secrets = secrets_of(step.log)
        for item in step.post_items:
            assert item.lane == game_lane(1)
            blob = text_of(item.payload)
            for secret in secrets:
                assert secret not in blob
            posted_secrets += len(secrets)
        for recipient, dm in step.dms.items():
            viewer = recipient - FIRST_USER
            told = set(dm.content.splitlines()[1:])
            allowed = {e.text for e in step.log if e.visible_to(viewer)}
            assert told <= allowed | {"Your hand has changed."}
            assert dm.boards == (engine.describe(engine.view(step.after, viewer)),)
        if step.outcome is None:
            waited_before = engine.waiting_for(step.before)
            waited_after = engine.waiting_for(step.after)
            for post in step.posts:
                pinged = {u - FIRST_USER for u in post.pings}
                assert pinged == waited_after - waited_before - {seat}
                assert post.turn_button == TurnButton(1, version)
                assert not post.close_thread
            if not [e for e in step.log if e.audience is None] and waited_after == waited_before:
                assert step.posts == []
        state = step.after
        last = step
        if step.outcome is not None:
            break
    assert last is not None
    assert last.outcome is not None
    closing, close = last.posts
    assert close == Post(close_thread=True, game_id=1)  # its own delivery, retried alone
    assert closing.close_thread is False
    assert closing.turn_button is None
    assert closing.pings == ()
    assert closing.content.endswith(f"**The game is over.**\n{ranking(last.outcome)}")
    assert closing.boards == (engine.describe(engine.view(last.after, None)),)
    assert last.dms == {}
    assert posted_secrets > 0, "the game had secrets to keep"


def test_the_final_post_ranks_resigned_players_last() -> None:
    engine = MANDRAGORA
    game = table("mandragora", 3)
    state = engine.new_game(3, 2)
    rng = random.Random(2)
    while True:
        seat = min(engine.to_act(state))
        legal = [a for a in engine.legal_actions(state, seat) if engine.notation(a) != BACK]
        transition = engine.apply(state, seat, rng.choice(legal))
        outcome = engine.outcome(transition.state)
        if outcome is not None:
            break
        state = transition.state
    resigned = frozenset({outcome.ranks.index(1)})  # the winner had resigned
    final = with_resignations(outcome, resigned)
    deliveries = move_deliveries(
        engine,
        game,
        seat=seat,
        before=state,
        after=transition.state,
        log=transition.log,
        version=99,
        outcome=final,
        resigned=resigned,
    )
    item, close = deliveries
    post = Post.from_payload(item.payload)
    assert Post.from_payload(close.payload).close_thread
    assert not post.close_thread
    lines = post.content.splitlines()
    (winner,) = resigned
    assert lines[-1] == f"🥉 {{p{winner}}} — {final.scores[winner]} (resigned)"
    assert lines[-4] == "**The game is over.**"


# ------------------------------------------------------------------ small parts
def test_ranking_lines() -> None:
    outcome = Outcome.ranked([5, 9, 5, 1])
    assert ranking(outcome) == "🥇 {p1} — 9\n🥈 {p0} — 5\n🥈 {p2} — 5\n4. {p3} — 1"
    assert ranking(outcome, frozenset({3})) == (
        "🥇 {p1} — 9\n🥈 {p0} — 5\n🥈 {p2} — 5\n4. {p3} — 1 (resigned)"
    )
    lost = Outcome.ranked([2, 3], nobody_won=True)
    assert ranking(lost) == "🥇 {p1} — 3\n🥈 {p0} — 2\nNobody won: the table lost together."


def test_turn_line() -> None:
    users = (101, None, 103)
    assert turn_line(users, frozenset()) == ("", ())
    assert turn_line(users, frozenset({2})) == ("Your turn: {p2}", (103,))
    assert turn_line(users, frozenset({2, 0, 1})) == (
        "Waiting for: {p0}, {p1}, {p2}",
        (101, 103),
    )


def test_notices_go_to_the_thread_in_the_game_lane() -> None:
    game = table("mandragora", 2)
    [item] = notice_deliveries(game, "Game #1 was abandoned.", pings=[101])
    assert (item.kind, item.target_id, item.lane, item.game_id) == (
        DeliveryKind.THREAD_POST,
        THREAD,
        "game:1",
        1,
    )
    post = Post.from_payload(item.payload)
    assert post == Post(content="Game #1 was abandoned.", seats=(101, 102), pings=(101,), game_id=1)
    assert where(table("mandragora", 2, thread=None)) == CHANNEL


def test_seat_users_follow_engine_seats_not_joining_order() -> None:
    game = table("mandragora", 3)
    reordered = tuple(
        Seat(s.position, s.user_id, (s.position + 1) % 3, None, None, MOMENT, None)
        for s in game.seats
    )
    game = dataclasses.replace(game, seats=reordered)
    assert seat_users(game) == (103, 101, 102)
