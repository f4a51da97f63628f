"""The living table: what a game's thread and each player's private message show at a
version, worked out from the game replayed to it. Posts carry no secrets, ping only whoever
newly must act, come once per turn and retell everything public since the previous post."""

from __future__ import annotations

import dataclasses
import functools
import itertools
import random
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any, cast

import pytest

import games
from bot.common.announce import (
    game_lane,
    notice_deliveries,
    private_lines,
    public_lines,
    seat_users,
    turn_line,
    where,
)
from bot.common.locks import GameLocks
from bot.common.posts import Post
from bot.delivery.queued import table_deliveries
from bot.drawing.picture_posts import post_picture
from bot.lobby.lobby import Lobbies, Seating
from bot.tables.game_over import final_words, places
from bot.tables.places import with_resignations
from bot.tables.play import Tables
from bot.tables.views import History, Moment, TablePost, TableViews
from bot.tables.withdrawals import Withdrawals
from bot.undo.undo import Takebacks
from games.core import BACK, HANDS_REVEALED, Board, Engine, LogEntry, Outcome, seat_ref
from games.core.outcome import amount
from storage import DeliveryKind, Game, GameStatus, Seat, SqliteStore, Store
from tests.bot.helpers import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    GUILD,
    THREAD,
    deal,
    state_of,
)
from tests.games.features import has
from tests.storage.contract import FakeClock

MANDRAGORA = games.get("mandragora")
MOMENT = datetime(2026, 11, 21, 12, 0, tzinfo=UTC)
FIRST_USER = 101

#: ``TableViews.post`` and ``TableViews.private`` read nothing from the store: they work on
#: a history alone, which these tests build by replaying moves with the engine.
VIEWS = TableViews(cast(Store, None))


def table(
    game_key: str,
    players: int,
    *,
    ai: Sequence[int] = (),
    thread: int | None = THREAD,
    seed: int = 7,
    options: dict[str, Any] | None = None,
    resigned: Sequence[int] = (),
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
            resigned_at=MOMENT if s in resigned else None,
        )
        for s in range(players)
    )
    return Game(
        id=1,
        game_key=game_key,
        guild_id=GUILD,
        channel_id=CHANNEL,
        thread_id=thread,
        lobby_message_id=None,
        board_message_id=None,
        host_id=FIRST_USER,
        options=options or {},
        settings={},
        status=GameStatus.ACTIVE,
        seed=seed,
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


def moment_of(engine: Engine[Any, Any], state: Any, log: Sequence[LogEntry] = ()) -> Moment:
    """The game at one version, as the table replays it."""
    return Moment(state, tuple(log), engine.waiting_for(state), engine.outcome(state))


def history_of(game: Game, moves: Sequence[tuple[int, str]]) -> History:
    """``game`` dealt from its seed and options, then ``moves`` (seat, notation) applied."""
    assert game.seed is not None
    engine = games.get(game.game_key)
    state = engine.new_game(len(game.seats), game.seed, game.options)
    moments = [moment_of(engine, state)]
    for seat, text in moves:
        transition = engine.apply(state, seat, engine.parse(state, seat, text))
        state = transition.state
        moments.append(moment_of(engine, state, transition.log))
    game = dataclasses.replace(game, version=len(moves), state=engine.dump(state))
    return History(game, engine, tuple(moments), tuple(moves))


def random_moves(
    engine: Engine[Any, Any], players: int, seed: int, options: Any = None
) -> list[tuple[int, str]]:
    """A whole game of random legal moves (never backing out of a decision)."""
    state = engine.new_game(players, seed, options)
    rng = random.Random(seed)
    moves: list[tuple[int, str]] = []
    for _ in range(engine.step_limit):
        if engine.outcome(state) is not None:
            return moves
        seat = rng.choice(sorted(engine.to_act(state)))
        legal = [a for a in engine.legal_actions(state, seat) if engine.notation(a) != BACK]
        action = rng.choice(legal)
        moves.append((seat, engine.notation(action)))
        state = engine.apply(state, seat, action).state
    raise AssertionError(f"{engine.key}: no end after {engine.step_limit} steps")


def _whole_games() -> dict[tuple[str, int], dict[str, Any]]:
    """Per game that keeps something hidden, its smallest and its largest table, each with the
    first options the game lists for it."""
    cases: dict[tuple[str, int], dict[str, Any]] = {}
    for key, engine in games.ENGINES.items():
        if not has(engine, "hidden information"):
            continue
        for players, options in engine.configurations():
            if players in (engine.min_players, engine.max_players):
                cases.setdefault((key, players), options.model_dump(mode="json"))
    return cases


WHOLE_GAMES = _whole_games()


@functools.cache
def random_history(key: str, players: int, seed: int, ai: tuple[int, ...] = ()) -> History:
    """A seeded random game of ``key``, played to its end (the same for the same seeds)."""
    options = WHOLE_GAMES[key, players]
    game = table(key, players, seed=seed, ai=ai, options=options)
    return history_of(game, random_moves(games.get(key), players, seed, options))


def last(history: History) -> int:
    return len(history.moments) - 1


def secrets_of(log: Sequence[LogEntry]) -> list[str]:
    """The private lines of a log that no public line repeats."""
    public = {e.text for e in log if e.audience is None}
    return [e.text for e in log if e.audience is not None and e.text not in public]


def posts_of(history: History) -> list[int]:
    """The versions that make a post of their own."""
    return [v for v in range(len(history.moments)) if history.is_post(v)]


# ------------------------------------------------------------------ the start
def posted_board(engine: Engine[Any, Any], view: Any, post: TablePost) -> Board:
    """The board a post shows for ``view``: the engine's own, except that a final post whose
    text lays the hands open in words leaves out the board's field saying the same."""
    board = engine.describe(view)
    if not post.reveal:
        return board
    assert post.final, "only a final post lays the hands open"
    kept = tuple(f for f in board.fields if f.name != HANDS_REVEALED)
    return board.model_copy(update={"fields": kept})


def test_the_start_post_names_the_seat_order_and_pings_whoever_acts_first() -> None:
    history = history_of(table("mandragora", 3, ai=[2]), [])
    assert history.is_post(0)
    post = VIEWS.post(history, 0, footer="Move by tomorrow.")
    assert post.text == (
        "{b}Mandragora{/b} begins! Seat order:\n1. {p0}\n2. {p1}\n3. {p2} (easy)\n\n"
        "Move by tomorrow.\nYour turn: {p0}"
    )
    assert post.pings == (user(0),)
    assert post.version == 0
    assert post.final is False
    view = MANDRAGORA.view(history.moments[0].state, None)
    assert post.board == MANDRAGORA.describe(view)
    assert post.picture == post_picture(MANDRAGORA, view)


def test_everyone_is_dealt_their_hand_privately() -> None:
    history = history_of(table("mandragora", 2), [])
    for seat in (0, 1):
        update = VIEWS.private(history, 0, seat)
        assert update.text == (
            "Your hand in {b}Mandragora{/b} #1 in {c900}. Use `/hand` to see it again."
        )
        assert update.notify is True
        view = MANDRAGORA.view(history.moments[0].state, seat)
        assert update.board == MANDRAGORA.describe(view)
        assert update.picture == post_picture(MANDRAGORA, view)


# ------------------------------------------------------------------ Mandragora
def test_a_plain_move_is_posted_and_pings_the_next_player() -> None:
    history = history_of(table("mandragora", 2), [(0, "move 1")])
    assert history.joined(1) == frozenset({1})
    assert history.is_post(1)
    post = VIEWS.post(history, 1)
    assert post.text == (
        "{p0} sends the assistant 1 shop to shop 2 and takes 🔴 red.\n"
        "Restocked shop 1: 🔴 red-1.\n\nYour turn: {p1}"
    )
    assert post.pings == (user(1),)
    assert post.version == 1
    assert post.final is False
    after = history.moments[1].state
    assert post.board == MANDRAGORA.describe(MANDRAGORA.view(after, None))
    # Bob is told it is his turn; Alice's private message shows her hand, which she played from.
    bob = VIEWS.private(history, 1, 1)
    assert (bob.text, bob.notify) == ("Your turn in {b}Mandragora{/b} #1 in {c900}.", True)
    assert bob.board == MANDRAGORA.describe(MANDRAGORA.view(after, 1))
    alice = VIEWS.private(history, 1, 0)
    assert alice.text == "Your view of {b}Mandragora{/b} #1 in {c900}."
    assert alice.own
    assert alice.own != VIEWS.private(history, 0, 0).own
    assert alice.notify is False
    assert alice.board == MANDRAGORA.describe(MANDRAGORA.view(after, 0))


def test_the_footer_goes_above_the_turn_line() -> None:
    history = history_of(table("mandragora", 2), [(0, "move 1")])
    post = VIEWS.post(history, 1, footer="Move by tomorrow.")
    assert post.text.endswith("Restocked shop 1: 🔴 red-1.\n\nMove by tomorrow.\nYour turn: {p1}")


def test_a_face_down_take_stays_out_of_the_thread() -> None:
    history = history_of(table("mandragora", 2), [(0, "move 2")])
    secret = "You take 🟡 yellow-1 from shop 3."
    assert secrets_of(history.moments[1].log) == [secret]
    post = VIEWS.post(history, 1)
    assert "{p0} sends the assistant 2 shops to shop 3 and takes 1 face-down card." in post.text
    assert secret not in post.text
    assert "yellow-1" not in post.text
    assert "yellow-1" not in post.board.model_dump_json()
    # Only Alice reads what she took; Bob hears that it is his turn, and nothing more.
    alice = VIEWS.private(history, 1, 0)
    assert alice.text == f"{{b}}Mandragora{{/b}} #1 in {{c900}}\n{secret}"
    assert alice.notify is False  # shown in her private message, edited: she saw it play
    bob = VIEWS.private(history, 1, 1)
    assert bob.text == "Your turn in {b}Mandragora{/b} #1 in {c900}."
    assert "yellow-1" not in bob.board.model_dump_json()


CAST = [(0, "move 1"), (1, "move 3"), (0, "cast mandrake"), (0, "add red"), (0, "power 1")]


def test_the_private_steps_of_a_cast_make_no_post() -> None:
    history = history_of(table("mandragora", 2), CAST)
    assert posts_of(history) == [0, 1, 2, 5]
    assert history.post_at_or_before(4) == 2
    post = VIEWS.post(history, 5)
    assert post.text.startswith("{p0} casts **Banishment** (power 1) with a mandrake")
    assert post.text.endswith("\n\nYour turn: {p1}")
    assert post.pings == (user(1),)
    # Meanwhile the newest post (Bob's move) keeps its words and shows the board as it goes.
    for version in (3, 4):
        edited = VIEWS.post(history, 2, board_at=version)
        assert edited.text == VIEWS.post(history, 2).text
        assert edited.version == 2
        view = MANDRAGORA.view(history.moments[version].state, None)
        assert edited.board == MANDRAGORA.describe(view)
        assert edited.picture == post_picture(MANDRAGORA, view)
        assert edited.final is False


def test_the_private_message_is_news_at_the_deal_the_turn_and_the_end_only() -> None:
    history = history_of(table("mandragora", 2), CAST)
    notified = [[VIEWS.private(history, v, seat).notify for v in range(6)] for seat in (0, 1)]
    assert notified == [
        [True, False, True, False, False, False],  # Alice: the deal, her second turn
        [True, True, False, False, False, True],  # Bob: the deal, each of his turns
    ]
    # Bob takes a face-down card: his private message shows it, edited (a new DM comes with
    # his next turn); Alice hears it is her turn.
    secret = history_of(table("mandragora", 2), [(0, "move 1"), (1, "move 1")])
    assert [VIEWS.private(secret, 2, seat).notify for seat in (0, 1)] == [True, False]
    assert VIEWS.private(secret, 2, 1).text == (
        "{b}Mandragora{/b} #1 in {c900}\nYou take 🟡 yellow-1 from shop 3."
    )


def test_nobody_is_pinged_twice_for_the_same_wait() -> None:
    history = history_of(table("mandragora", 3), [(0, "move 1"), (1, "move 1"), (2, "move 1")])
    posts = [VIEWS.post(history, v) for v in (1, 2, 3)]
    assert [p.pings for p in posts] == [(user(1),), (user(2),), (user(0),)]
    assert [p.text.splitlines()[-1] for p in posts] == [
        "Your turn: {p1}",
        "Your turn: {p2}",
        "Your turn: {p0}",
    ]


def test_an_ai_seat_is_neither_pinged_nor_sent_private_updates() -> None:
    game = table("mandragora", 3, ai=[1])
    history = history_of(game, [(0, "move 2"), (1, "move 1")])
    first = VIEWS.post(history, 1)
    assert first.text.endswith("Your turn: {p1}")
    assert first.pings == ()
    assert VIEWS.post(history, 2).pings == (user(2),)
    views = [d for d in table_deliveries(game, 1) if d.kind is DeliveryKind.VIEW]
    assert [d.target_id for d in views] == [user(0), user(2)]


def test_without_a_thread_the_channel_hears_it() -> None:
    game = table("mandragora", 2, thread=None)
    [item, *_] = table_deliveries(game, 1)
    assert (item.kind, item.target_id) == (DeliveryKind.TABLE, CHANNEL)
    history = history_of(game, [(0, "move 1")])
    assert VIEWS.private(history, 1, 1).text == "Your turn in {b}Mandragora{/b} #1 in {c500}."


# ------------------------------------------------------------------ Magnum Opus
KEEPS = [(0, "keep star"), (1, "keep crow"), (2, "keep pelican")]
PICKS = [(0, "pick wolrad"), (1, "pick wolrad"), (2, "pick wolrad")]


def label_of(line: str) -> str:
    """``You choose I Wolrad (🔵 mercury).`` -> ``I Wolrad (🔵 mercury)``."""
    assert line.startswith("You choose ")
    assert line.endswith(".")
    return line.removeprefix("You choose ").removesuffix(".")


def test_simultaneous_play_waits_then_pings_once() -> None:
    history = history_of(table("magnum-opus", 3), KEEPS)
    assert [history.moments[v].waiting for v in range(4)] == [
        frozenset({0, 1, 2}),
        frozenset({1, 2}),
        frozenset({2}),
        frozenset({0, 1, 2}),
    ]
    assert posts_of(history) == [0, 3]
    post = VIEWS.post(history, 3)
    # Keeping and picking are one round of simultaneous play: the deal pinged everyone for
    # it, so the post that opens the picks names them without pinging them again.
    assert VIEWS.post(history, 0).pings == (user(0), user(1), user(2))
    assert post.pings == ()
    lines = post.text.splitlines()
    assert lines[:3] == [
        "{p0} keeps a Magnum Opus card.",
        "{p1} keeps a Magnum Opus card.",
        "{p2} keeps a Magnum Opus card.",
    ]
    assert lines[3].startswith("**Round 1 of 5.**")
    assert lines[-2:] == ["", "Waiting for: {p0}, {p1}, {p2}"]


def test_keeps_and_picks_stay_secret_until_revealed() -> None:
    history = history_of(table("magnum-opus", 3), [*KEEPS, *PICKS])
    assert posts_of(history) == [0, 3, 6]

    # Keeping: the public hears that a card was kept, never which.
    for seat in range(3):
        [secret] = secrets_of(history.moments[seat + 1].log)
        assert secret.startswith("You keep **")
        opus = secret.split("**")[1]
        for version in posts_of(history):
            assert opus not in VIEWS.post(history, version).text
        keeper = VIEWS.private(history, seat + 1, seat)
        assert keeper.text == f"{{b}}Magnum Opus{{/b}} #1 in {{c900}}\n{secret}"
        assert keeper.notify is False  # edited into their private message
        for other in set(range(3)) - {seat}:
            assert opus not in VIEWS.private(history, seat + 1, other).text
    assert VIEWS.private(history, 1, 1).notify is False  # Bob still has his to keep

    # Picking: nothing of a pick is public before the last pick is in.
    chosen = [label_of(secrets_of(history.moments[v].log)[0]) for v in (4, 5, 6)]
    assert chosen == ["I Wolrad (🔵 mercury)", "I Wolrad (⚪ salt)", "I Wolrad (🔴 cinnabar)"]
    for seat, version in enumerate((4, 5)):
        assert not history.is_post(version)
        edited = VIEWS.post(history, 3, board_at=version)
        for label in chosen:
            assert label not in edited.text
            assert label not in edited.board.model_dump_json()
        mine = VIEWS.private(history, version, seat)
        assert mine.text == f"{{b}}Magnum Opus{{/b}} #1 in {{c900}}\nYou choose {chosen[seat]}."
        for other in set(range(3)) - {seat}:
            assert chosen[seat] not in VIEWS.private(history, version, other).text
    reveal = VIEWS.post(history, 6)
    assert reveal.text.startswith(
        "{p0} has chosen a card.\n{p1} has chosen a card.\n{p2} has chosen a card.\n"
    )
    assert "Cards revealed (1 of 6): {p0}: I Wolrad (🔵 mercury) · {p1}: I Wolrad (⚪ salt)" in (
        reveal.text
    )
    assert reveal.text.endswith("Waiting for: {p0}, {p1}, {p2}")
    # Everyone is waited for again, within the same round: nobody is pinged again.
    assert reveal.pings == ()
    # Carol made the last pick: she is not told by DM that the next round waits on her.
    assert [VIEWS.private(history, 6, seat).notify for seat in range(3)] == [True, True, False]
    assert VIEWS.private(history, 6, 0).text == "Your turn in {b}Magnum Opus{/b} #1 in {c900}."


# ------------------------------------------------------------------ the end
def test_the_final_post_ranks_resigned_players_last() -> None:
    engine = MANDRAGORA
    state = engine.new_game(3, 2)
    rng = random.Random(2)
    moves: list[tuple[int, str]] = []
    while engine.outcome(state) is None:
        seat = min(engine.to_act(state))
        legal = [a for a in engine.legal_actions(state, seat) if engine.notation(a) != BACK]
        action = rng.choice(legal)
        moves.append((seat, engine.notation(action)))
        state = engine.apply(state, seat, action).state
    outcome = engine.outcome(state)
    assert outcome is not None
    resigned = frozenset({outcome.ranks.index(1)})  # the winner had resigned
    final = with_resignations(outcome, resigned)
    played = history_of(table("mandragora", 3, seed=2, resigned=sorted(resigned)), moves)
    # As the table reads a finished game: its stored outcome, nobody waited on.
    end = played.moments[-1]
    history = dataclasses.replace(
        played, moments=(*played.moments[:-1], Moment(end.state, end.log, frozenset(), final))
    )
    post = VIEWS.post(history, last(history))
    assert post.final is True
    assert post.pings == ()
    (winner,) = resigned
    results = engine.results(end.state, final)
    placed = places(final, "points", resigned, scores=True, results=results)
    assert placed.splitlines()[-1] == f"🥉 3rd: {{p{winner}}} — {results[winner]} (resigned)"
    assert results[winner].startswith(amount(final.scores[winner], "points"))
    # The rules ended it: the engine's own words say who won, over the places.
    ending = engine.ending(end.state, final)
    assert winner not in final.winners
    first = min(final.winners)
    assert ending == f"{{p{first}}} wins with {amount(final.scores[first], 'points')}."
    assert f"{{b}}The game is over.{{/b}} {ending}\n{placed}\n" in post.text
    assert post.board == posted_board(engine, engine.view(end.state, None), post)
    for seat in range(3):
        update = VIEWS.private(history, last(history), seat)
        assert update.notify is True
        place = {1: "1st", 2: "2nd", 3: "3rd"}[final.ranks[seat]]
        note = " (resigned)" if seat in resigned else ""
        assert update.text.splitlines()[0] == (
            f"{{b}}Mandragora{{/b}} #1 is over in {{c900}}. {ending} You finished {place}{note}."
        )


async def test_a_game_finished_through_the_service_ends_with_the_ranking(
    lobbies: Lobbies, tables: Tables, store: SqliteStore
) -> None:
    """Alice resigns; her seat plays on automatically and she is ranked last."""
    game = await deal(lobbies, "mandragora", 3)
    game = await Withdrawals(tables.moves).resign(game.id, ALICE)
    rng = random.Random(5)
    for _ in range(MANDRAGORA.step_limit):
        if game.status is not GameStatus.ACTIVE:
            break
        state = state_of(game)
        seat = min(MANDRAGORA.waiting_for(state) - game.resigned_seats())
        legal = [a for a in MANDRAGORA.legal_actions(state, seat) if MANDRAGORA.notation(a) != BACK]
        who = game.user_at(seat)
        assert who is not None
        moved = await tables.play(game.id, who, MANDRAGORA.notation(rng.choice(legal)))
        game = moved.game
    assert game.status is GameStatus.FINISHED
    assert game.outcome is not None
    outcome = Outcome.model_validate_json(game.outcome)
    assert outcome.ranks[0] == 3

    history = await TableViews(store).history(game.id)
    assert history is not None
    assert len(history.moments) == game.version + 1
    assert history.moments[-1].outcome == outcome
    assert history.moments[-1].waiting == frozenset()
    post = VIEWS.post(history, game.version)
    assert post.final is True
    assert post.pings == ()
    results = history.engine.results(history.moments[-1].state, outcome)
    placed = places(outcome, "points", frozenset({0}), scores=True, results=results)
    assert f"\n{placed}\n" in post.text
    assert placed.splitlines()[-1].startswith("🥉 3rd: {p0} — ")
    assert placed.endswith(" cast (resigned)")


# ------------------------------------------------------------------ whole games
def _told_privately(text: str) -> list[str]:
    """The lines of a private message below its first line."""
    return text.split("\n")[1:]


@pytest.mark.parametrize(("key", "players"), WHOLE_GAMES, ids=[f"{k}-{n}" for k, n in WHOLE_GAMES])
@pytest.mark.slow
def test_a_whole_game_never_leaks(key: str, players: int) -> None:
    """No private line reaches a post or another seat's private message, and every board
    is the one its reader may see."""
    history = random_history(key, players, 11)
    engine = history.engine
    everything = [e for m in history.moments for e in m.log]
    public = {e.text for e in everything if e.audience is None}
    secrets = {e.text for e in everything if e.audience is not None and e.text not in public}
    assert secrets, "the game had secrets to keep"
    for version, moment in enumerate(history.moments):
        newest = history.post_at_or_before(version)
        shown = [VIEWS.post(history, newest, board_at=version)]
        if history.is_post(version):
            shown.append(VIEWS.post(history, version))
        spectator = engine.view(moment.state, None)
        for post in shown:
            for secret in secrets:
                assert secret not in post.text
            assert post.board == posted_board(engine, spectator, post)
            assert post.picture == post_picture(engine, spectator)
        for seat in range(players):
            update = VIEWS.private(history, version, seat)
            readable = {e.text for e in moment.log if e.visible_to(seat)}
            assert set(_told_privately(update.text)) <= readable
            unseen = {e.text for e in moment.log if not e.visible_to(seat)} - readable
            for secret in unseen:
                assert secret not in update.text
            own = engine.view(moment.state, seat)
            assert update.board == engine.describe(own)
            assert update.picture == post_picture(engine, own)


def test_the_final_places_say_what_each_player_ended_with_in_the_game_s_own_terms() -> None:
    """Marginalia is won on health, not points: the places say the health each duellist had
    left, never "1 point" under "Alice wins: Bob has no health left"."""
    history = random_history("marginalia", 2, 11)
    final = history.moments[last(history)]
    assert final.outcome is not None
    text = final_words(history, None)
    for seat, said in enumerate(history.engine.results(final.state, final.outcome)):
        assert f"{seat_ref(seat)} — {said}" in text
    assert "health" in text
    assert "point" not in text


@pytest.mark.parametrize(("key", "players"), WHOLE_GAMES, ids=[f"{k}-{n}" for k, n in WHOLE_GAMES])
@pytest.mark.slow
def test_a_whole_game_posts_once_per_turn_and_tells_everything_once(key: str, players: int) -> None:
    """The start, one post each time the game waits on someone new, the end; the posts
    together retell the public log exactly once; the AI seat is never pinged."""
    ai = players - 1
    history = random_history(key, players, 11, (ai,))
    users = seat_users(history.game)
    end = last(history)
    assert history.moments[end].outcome is not None
    assert all(m.outcome is None for m in history.moments[:end])
    turns = [v for v in range(1, end) if history.joined(v)]
    posts = posts_of(history)
    assert posts == [0, *turns, end]
    assert len(posts) <= len(history.moments)

    told: list[str] = []
    for previous, version in itertools.pairwise(posts):
        post = VIEWS.post(history, version)
        lines = [
            line
            for v in range(previous + 1, version + 1)
            for line in public_lines(history.moments[v].log)
        ]
        told += lines
        if lines:
            assert post.text.startswith("\n".join(lines))
        assert None not in post.pings
        assert user(ai) not in post.pings
        if version == end:
            assert post.final is True
            assert post.pings == ()
            outcome = history.moments[end].outcome
            assert outcome is not None
            engine = history.engine
            results = engine.results(history.moments[end].state, outcome)
            placed = places(outcome, engine.score_name, frozenset(), scores=True, results=results)
            ending = engine.ending(history.moments[end].state, outcome)
            assert f"{{b}}The game is over.{{/b}} {ending}\n{placed}\n" in post.text
            # An AI seat makes it a practice game.
            assert "Practice game (an AI seat), unrated." in post.text
        else:
            assert post.final is False
            # Whoever the game started waiting on, once per round of simultaneous play.
            pinged = history.pinged(version)
            assert pinged <= history.joined(version)
            assert post.pings == tuple(u for s in sorted(pinged) if (u := users[s]) is not None)
            waiting = history.moments[version].waiting
            assert post.text.endswith(turn_line(users, waiting)[0])
    assert told == [line for m in history.moments for line in public_lines(m.log)]


@pytest.mark.parametrize(("key", "players"), WHOLE_GAMES, ids=[f"{k}-{n}" for k, n in WHOLE_GAMES])
@pytest.mark.slow
def test_a_whole_game_notifies_each_player_only_of_news(key: str, players: int) -> None:
    """A new private message at the deal, at the seat's turn and at the end; otherwise the
    old one is edited, with the lines for its eyes."""
    history = random_history(key, players, 11)
    end = last(history)
    for version, moment in enumerate(history.moments):
        for seat in range(players):
            update = VIEWS.private(history, version, seat)
            secret = private_lines(moment.log, seat)
            news = version in (0, end) or seat in history.joined(version)
            assert update.notify is news
            assert _told_privately(update.text) == secret
            if not news and not secret:
                assert update.text == (
                    f"Your view of {{b}}{history.engine.title}{{/b}} #1 in {{c900}}."
                )


# ------------------------------------------------------------------ what a move queues
def test_a_move_queues_the_table_in_the_game_lane_and_a_view_per_player() -> None:
    game = table("mandragora", 3, ai=[1])
    deliveries = table_deliveries(game, 3)
    assert [(d.kind, d.target_id) for d in deliveries] == [
        (DeliveryKind.TABLE, THREAD),
        (DeliveryKind.VIEW, user(0)),
        (DeliveryKind.VIEW, user(2)),
    ]
    board, *views = deliveries
    assert board.lane == game_lane(1) == "game:1"
    assert board.payload == {"version": 3}
    assert all(d.game_id == 1 for d in deliveries)
    for view in views:
        assert view.payload == {"version": 3}
        assert view.lane is None  # each player's messages keep their own order
        assert view.lane_key() == str(view.target_id)


def test_what_forced_posts_queue() -> None:
    game = table("mandragora", 2)
    board, *views = table_deliveries(game, 4, post=True, lines=False, notify=True)
    assert board.payload == {"version": 4, "post": True, "lines": False}
    assert [v.payload for v in views] == [{"version": 4, "notify": True}] * 2
    (missed,) = table_deliveries(game, 4, missed="It said this.")
    assert missed.payload == {"version": 4, "post": True, "lines": True, "missed": "It said this."}
    assert missed.lane == game_lane(1)
    board, *_ = table_deliveries(game, 4, heading="Taken back.")
    assert board.payload == {"version": 4, "post": True, "lines": True, "heading": "Taken back."}


def test_a_take_back_post_pings_everyone_waited_on_without_retelling() -> None:
    history = history_of(table("mandragora", 3), [(0, "move 1"), (1, "move 1")])
    post = VIEWS.post(history, 2, lines=False, heading="Taken back.")
    assert post.text == "Taken back.\n\nYour turn: {p2}"
    assert post.pings == (user(2),)


def test_a_catch_up_post_quotes_what_was_missed_and_pings_everyone_waited_on() -> None:
    history = history_of(table("magnum-opus", 3), KEEPS[:1])
    post = VIEWS.post(history, 1, missed="{p0} keeps a Magnum Opus card.")
    assert post.text.startswith(
        "A message about {b}Magnum Opus{/b} #1 could not be posted. It said:\n"
        "> {p0} keeps a Magnum Opus card.\n"
    )
    assert "the board after move 1:" in post.text.lower()
    assert post.text.endswith("\n\nWaiting for: {p1}, {p2}")
    assert post.pings == (user(1), user(2))
    assert post.final is False


# ------------------------------------------------------------------ the replayed history
async def test_the_history_of_a_game_played_through_the_service(
    lobbies: Lobbies, tables: Tables, store: SqliteStore
) -> None:
    game = await deal(lobbies, "mandragora", 2)
    views = TableViews(store)
    moves = [(ALICE, "move 1"), (BOB, "move 3"), (ALICE, "cast mandrake")]
    for who, text in moves[:2]:
        await tables.play(game.id, who, text)
    before = await views.history(game.id)
    assert before is not None
    await tables.play(game.id, *moves[2])
    history = await views.history(game.id)
    assert history is not None
    assert history.moments[:3] == before.moments  # picked up where it was
    # The cast's one ingredient and one power are taken without asking.
    assert [notation for _, notation in history.moves] == [
        "move 1",
        "move 3",
        "cast mandrake",
        "add red",
        "power 1",
    ]
    assert history.game.version == 5
    replayed = history_of(table("mandragora", 2, seed=history.game.seed or 0), CAST[:5])
    assert [m.log for m in history.moments] == [m.log for m in replayed.moments]
    assert [m.waiting for m in history.moments] == [m.waiting for m in replayed.moments]
    assert MANDRAGORA.dump(history.moments[-1].state) == history.game.state
    assert posts_of(history) == [0, 1, 2, 5]


async def test_a_lobby_has_no_history(lobbies: Lobbies, store: SqliteStore) -> None:
    lobby = await lobbies.open(
        game_key="mandragora",
        options=None,
        seating=Seating.JOIN_ORDER,
        guild_id=GUILD,
        channel_id=CHANNEL,
        host_id=ALICE,
    )
    assert await TableViews(store).history(lobby.id) is None


async def test_a_move_taken_back_and_made_by_someone_else_is_replayed_afresh(
    lobbies: Lobbies, tables: Tables, store: SqliteStore, locks: GameLocks, clock: FakeClock
) -> None:
    game = await deal(lobbies, "magnum-opus", 3)
    for who, (_, text) in zip((ALICE, BOB, CAROL, ALICE), [*KEEPS, PICKS[0]], strict=True):
        await tables.play(game.id, who, text)
    views = TableViews(store)
    assert await views.history(game.id) is not None
    await Takebacks(store, locks, clock=clock).undo(game.id, ALICE)
    await tables.play(game.id, BOB, "pick wolrad")  # the same words, from another seat
    history = await views.history(game.id)
    assert history is not None
    assert (
        history.moments[4].log
        == history_of(history.game, [*KEEPS, (1, "pick wolrad")]).moments[4].log
    )


async def test_a_resignation_does_not_retell_what_was_posted(
    lobbies: Lobbies, tables: Tables, store: SqliteStore
) -> None:
    game = await deal(lobbies, "mandragora", 3)
    for who in (ALICE, BOB, CAROL):
        await tables.play(game.id, who, "move 1")
    views = TableViews(store)
    before = await views.history(game.id)
    assert before is not None
    assert before.is_post(3)
    carol = public_lines(before.moments[3].log)
    assert VIEWS.post(before, 3).text.startswith("\n".join(carol))
    await Withdrawals(tables.moves).resign(game.id, ALICE)  # her seat plays on automatically
    history = await views.history(game.id)
    assert history is not None
    assert history.game.version > 3
    later = [v for v in posts_of(history) if v > 3]
    assert later
    assert carol[0] not in VIEWS.post(history, later[0]).text


# ------------------------------------------------------------------ small parts
def test_places_say_ties_and_resignations() -> None:
    outcome = Outcome.ranked([5, 9, 5, 1])
    assert places(outcome, "points", frozenset(), scores=True) == (
        "🥇 1st: {p1} — 9 points\n🥈 2nd (tie): {p0} — 5 points\n"
        "🥈 2nd (tie): {p2} — 5 points\n· 4th: {p3} — 1 point"
    )
    assert places(outcome, "credits", frozenset({3}), scores=False).splitlines()[-1] == (
        "· 4th: {p3} (resigned)"
    )
    lost = Outcome.ranked([2, 3], nobody_won=True)
    assert places(lost, "points", frozenset(), scores=True).endswith(
        "\nNobody won: the table lost together."
    )
    # Partners share their team's place: that is no tie.
    teams = Outcome.ranked([3, 4, 2, 5], teams=[(0, 2), (1, 3)])
    assert places(teams, "points", frozenset(), scores=True).splitlines()[:2] == [
        "🥇 1st: {p1} — 9 points",
        "🥇 1st: {p3} — 9 points",
    ]


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


async def test_updates_of_one_version_read_the_log_once(
    lobbies: Lobbies, tables: Tables, store: SqliteStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = await deal(lobbies, "mandragora", 2)
    await tables.play(game.id, ALICE, "move 1")
    views = TableViews(store)
    reads: list[int] = []
    actions = store.games.actions

    async def counted(game_id: int) -> Any:
        reads.append(game_id)
        return await actions(game_id)

    monkeypatch.setattr(store.games, "actions", counted)
    first = await views.history(game.id)
    again = await views.history(game.id)  # the table and each private view of one move
    assert reads == [game.id]
    assert first is not None
    assert again is not None
    assert again.moments == first.moments
    await tables.play(game.id, BOB, "move 3")
    moved = await views.history(game.id)
    assert reads == [game.id, game.id]
    assert moved is not None
    assert len(moved.moments) == 3
