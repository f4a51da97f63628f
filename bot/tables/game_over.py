"""The words of a game's end: who won in the game's own terms, the places, how ratings moved,
how long it took, and every player's hand laid open.

All of it is neutral text (seats as ``{p0}``, emphasis as tokens), worked out when the final
post and the game-over messages are sent, from the game replayed to its end
(``bot.tables.views``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from bot.clocks.deadline_plan import move_finished
from bot.common.announce import private_fields, seat_users
from bot.common.text import strong
from bot.lobby.table_settings import TableSettings
from bot.profiles.skill import friendly
from games.core import BoardField, Engine, Outcome, seat_ref
from games.core.outcome import amount
from games.core.words import Msg, data_msg, joined, msg, nmsg, pmsg
from storage import Game, GameStatus, RatingChange

if TYPE_CHECKING:
    from bot.tables.views import History

_MEDALS = {1: "🥇", 2: "🥈", 3: "🥉"}
#: How much of a final post the hands laid open may take, so the rest still fits.
REVEAL_LIMIT = 1500


@dataclass(frozen=True, slots=True)
class Ending:
    """How a game ended: the headline (one sentence), and the status its final board shows
    instead of its own when the rules did not end it (a resignation, a game called off)."""

    headline: str
    status: str | None
    forfeit: bool
    """Ended by resignations: the scores are not the game's, so places go without them."""


def ending_of(history: History) -> Ending:
    """How the game in ``history`` ended; it must be over (finished or called off)."""
    game, engine = history.game, history.engine
    final = history.moments[-1]
    if game.status is GameStatus.CANCELLED or final.outcome is None:
        line = msg("The game was called off: no result.")
        return Ending(line, line, forfeit=True)
    outcome = final.outcome
    if engine.outcome(final.state) is None:
        # The rules did not end it: everyone but one side resigned (or was removed).
        if outcome.teams or len(outcome.winners) == 1:
            line = msg(
                "{left} — {winners} wins.", left=_who_left(game, outcome), winners=_winners(outcome)
            )
        else:
            line = msg(
                "{left} — {winners} win.", left=_who_left(game, outcome), winners=_winners(outcome)
            )
        return Ending(line, line, forfeit=True)
    return Ending(engine.ending(final.state, outcome), None, forfeit=False)


def places(
    outcome: Outcome,
    score_name: str,
    resigned: frozenset[int],
    *,
    scores: bool,
    results: Sequence[str] | None = None,
) -> str:
    """The final places, best first, one line per seat; a shared place says so. Beside each
    seat, what it ended with: ``results`` (the game's own terms, ``Engine.results``) when
    given, else its score in ``score_name``."""
    lines = []
    order = sorted(range(len(outcome.ranks)), key=lambda s: (outcome.ranks[s], s))
    for seat in order:
        place = outcome.ranks[seat]
        tied = sum(1 for r in outcome.ranks if r == place) > 1 and not _same_team(
            outcome, seat, place
        )
        medal = _MEDALS.get(place, "·")
        label = msg("{place} (tie)", place=ordinal(place)) if tied else ordinal(place)
        said = results[seat] if results is not None else amount(outcome.scores[seat], score_name)
        lines.append(_place_line(medal, label, seat_ref(seat), said, scores, seat in resigned))
    if outcome.nobody_won:
        lines.append(msg("Nobody won: the table lost together."))
    return joined(lines)


def _place_line(
    medal: str, place: str, player: str, result: str, scores: bool, resigned: bool
) -> str:
    """One seat's line among the places."""
    if scores and resigned:
        return msg(
            "{medal} {place}: {player} — {result} (resigned)",
            medal=medal,
            place=place,
            player=player,
            result=result,
        )
    if scores:
        return msg(
            "{medal} {place}: {player} — {result}",
            medal=medal,
            place=place,
            player=player,
            result=result,
        )
    if resigned:
        return msg("{medal} {place}: {player} (resigned)", medal=medal, place=place, player=player)
    return msg("{medal} {place}: {player}", medal=medal, place=place, player=player)


def rating_text(game: Game, changes: Sequence[RatingChange] | None) -> str:
    """How the game moved its players' ratings, or why it did not."""
    if game.status is GameStatus.CANCELLED:
        return msg("No result, so no rating changes.")
    if any(s.is_ai for s in game.seats):
        return msg("Practice game (an AI seat), unrated.")
    if not TableSettings.of(game).rated or game.guild_id is None:
        return msg("Practice game, unrated.")
    if not changes:
        return ""  # not rated yet, or rated before changes were kept
    by_user = {c.user_id: c for c in changes}
    lines = []
    for seat, user_id in enumerate(seat_users(game)):
        change = by_user.get(user_id) if user_id is not None else None
        if change is not None:
            # On the scale leaderboards and profiles show, not openskill's raw ordinal.
            before, after = friendly(change.before), friendly(change.after)
            lines.append(f"{seat_ref(seat)} {before} → {after} ({after - before:+d})")
    return msg("{b}Ratings{/b}: {changes}", changes=joined(lines, " · ")) if lines else ""


def length_text(game: Game, history: History) -> str:
    """How long the game took and how many moves were made."""
    started, ended = game.started_at, game.finished_at or game.updated_at
    made = move_count(history)
    if started is None:
        return nmsg("Played, {n} move.", "Played, {n} moves.", made)
    return nmsg(
        "Played in {time}, {n} move.",
        "Played in {time}, {n} moves.",
        made,
        time=duration(started, ended),
    )


def move_count(history: History) -> int:
    """The moves made: a player's turn of several decisions counts once."""
    engine, moments = history.engine, history.moments
    return sum(
        1
        for version in range(1, len(moments))
        if (mover := moments[version].mover) is not None
        and move_finished(
            engine, moments[version - 1].state, moments[version].state, mover, moments[version].log
        )
    )


def duration(start: datetime, end: datetime) -> str:
    """A span as people say it: "under a minute", "14 minutes", "3 hours 5 minutes",
    "2 days 4 hours"."""
    minutes = max(0, int((end - start).total_seconds()) // 60)
    if minutes < 1:
        return msg("under a minute")
    days, rest = divmod(minutes, 24 * 60)
    hours, mins = divmod(rest, 60)
    parts = [
        nmsg("{n} day", "{n} days", days),
        nmsg("{n} hour", "{n} hours", hours),
        nmsg("{n} minute", "{n} minutes", mins),
    ]
    shown = [part for part, n in zip(parts, (days, hours, mins), strict=True) if n]
    return joined(shown[:2], " ")


def hands_text(history: History) -> str:
    """Every player's secrets at the end, in words, each under their name: what they held
    that the others could not see (a hand, a secret goal, a pack of drafted cards). Empty
    when the game kept no secrets (or has none left at its end).

    Each field is given whole. When all of them do not fit the final post, each player's
    share is kept to fields that fit, and a last line says where every hand is shown in
    full (the replay's "everything" view of the last move)."""
    engine, state = history.engine, history.moments[-1].state
    blocks: list[tuple[str, list[str]]] = []
    for seat in range(engine.players(state)):
        fields = secret_fields(engine, state, seat)
        if fields:
            lines = [
                msg("{name}: {value}", name=third_person(f.name), value=f.value)
                if f.name
                else f.value
                for f in fields
            ]
            blocks.append((strong(seat_ref(seat)), lines))
    if not blocks:
        return ""
    head = msg("{b}Hands revealed{/b}")
    whole = joined([head, *(joined([name, *lines]) for name, lines in blocks)], "\n\n")
    if len(whole) <= REVEAL_LIMIT:
        return whole
    rest = msg(
        "Every hand in full: `/game replay game:{id}`, then “everything”.", id=history.game.id
    )
    share = (REVEAL_LIMIT - len(head) - len(rest) - 4) // len(blocks) - 2
    shown = []
    for name, lines in blocks:
        kept = [name]
        for line in lines:
            if sum(len(k) + 1 for k in kept) + len(line) > share:
                kept.append("…")
                break
            kept.append(line)
        shown.append(joined(kept))
    return joined([head, *shown, rest], "\n\n")


def secret_fields(engine: Engine[Any, Any], state: Any, seat: int) -> tuple[BoardField, ...]:
    """The parts of ``seat``'s board that showed what only that seat held: fields the
    spectators never see, under a name the public board does not use (a hand, a secret goal,
    a pack). A public field seen from the seat's side (the board turned round, what the seat
    remembers of the table) says nothing the others did not hold too, and is left out."""
    public = {f.name for f in engine.describe(engine.view(state, None)).fields}
    return tuple(f for f in private_fields(engine, state, seat) if f.name not in public)


def final_words(history: History, changes: Sequence[RatingChange] | None) -> str:
    """The body of the final post: the headline, the places, ratings, length and moves."""
    game = history.game
    ending = ending_of(history)
    parts: list[str] = [msg("{b}The game is over.{/b} {headline}", headline=ending.headline)]
    if (placed := final_places(history, forfeit=ending.forfeit)) is not None:
        parts.append(placed)
    parts += [rating_text(game, changes), length_text(game, history)]
    return joined(p for p in parts if p)


def final_places(history: History, *, forfeit: bool) -> str | None:
    """The places at the game's end, each seat with what it ended with in the game's own
    terms (``Engine.results``: "14 health left", "34 magicianship, 21 prestige"); without
    them when resignations ended it (``forfeit``), whose scores are not the game's. ``None``
    when the game has no outcome (called off)."""
    final = history.moments[-1]
    outcome = final.outcome
    if outcome is None:
        return None
    engine, game = history.engine, history.game
    results = None if forfeit else engine.results(final.state, outcome)
    return places(
        outcome, engine.score_name, game.resigned_seats(), scores=not forfeit, results=results
    )


def third_person(label: str) -> str:
    """A label written for its owner ("Your hand") as read by everyone ("Hand"). A message
    becomes the words left, looked up as they are in the catalogues (a game that names the
    same thing on its public board translates them); English when none does."""
    for own in ("Your ", "your "):
        if label.startswith(own):
            rest = label[len(own) :]
            rest = rest[:1].upper() + rest[1:]
            return data_msg(rest) if isinstance(label, Msg) else rest
    return label


def ordinal(place: int) -> str:
    """1st, 2nd, 3rd, 4th…"""
    if place == 1:
        return pmsg("place", "1st")
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(place if place < 20 else place % 10, "th")
    if suffix == "st":
        return pmsg("place", "{n}st", n=place)
    if suffix == "nd":
        return pmsg("place", "{n}nd", n=place)
    if suffix == "rd":
        return pmsg("place", "{n}rd", n=place)
    return pmsg("place", "{n}th", n=place)


def _who_left(game: Game, outcome: Outcome) -> str:
    """Who gave up, in the order they did: "{p1} resigned", "{p2} was removed after missed
    deadlines" (as many as the table's clock allows)."""
    strikes = TableSettings.of(game).clock.strikes
    missed = {s.seat: s.missed for s in game.seats if s.seat is not None}
    said = []
    for seat in _resigned_in_order(game):
        if seat in outcome.winners:
            continue  # a partner who gave up while the team played on
        removed = strikes > 0 and missed.get(seat, 0) >= strikes
        if removed:
            said.append(msg("{who} was removed after missed deadlines", who=seat_ref(seat)))
        else:
            said.append(msg("{who} resigned", who=seat_ref(seat)))
    return _and(said) if said else msg("The others left")


def _winners(outcome: Outcome) -> str:
    if outcome.teams:
        team = next((t for t in outcome.teams if t[0] in outcome.winners), ())
        return msg("Team {players}", players=joined((seat_ref(s) for s in team), " & "))
    return _and([seat_ref(s) for s in sorted(outcome.winners)])


def _and(items: Sequence[str]) -> str:
    """ "A", "A and B", "A and B and C": each one joined to the ones before it."""
    if not items:
        return ""
    said = items[0]
    for item in items[1:]:
        said = msg("{first} and {last}", first=said, last=item)
    return said


def _same_team(outcome: Outcome, seat: int, place: int) -> bool:
    """Whether every seat at ``place`` plays on ``seat``'s team (a team's shared place is
    not a tie)."""
    if not outcome.teams:
        return False
    team = next(t for t in outcome.teams if seat in t)
    return all(s in team for s, r in enumerate(outcome.ranks) if r == place)


def _resigned_in_order(game: Game) -> list[int]:
    done = [(s.resigned_at, s.seat) for s in game.seats if s.seat is not None and s.resigned_at]
    return [seat for _, seat in sorted(done)]


def final_private_text(history: History, seat: int) -> str:
    """What a player's game-over message says of the result: the headline and their place."""
    ending = ending_of(history)
    outcome: Any = history.moments[-1].outcome
    if outcome is None:
        return ending.headline
    place = ordinal(outcome.ranks[seat])
    if seat in history.game.resigned_seats():
        return msg(
            "{headline} You finished {place} (resigned).", headline=ending.headline, place=place
        )
    return msg("{headline} You finished {place}.", headline=ending.headline, place=place)
