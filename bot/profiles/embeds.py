"""The embeds of ``/profile``, ``/profile versus:``, ``/stats`` and ``/leaderboard``: figures
from the store put into words."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import discord

import games
from bot.profiles.profiles import Profile
from bot.profiles.ratings import RANKED_AFTER, games_to_rank, provisional_note
from bot.profiles.skill import friendly
from storage import Rating
from storage.contract.profiles import RECENT_GAMES, HeadToHead, ServerStats, Span, Tally

COLOUR = discord.Colour(0x3B7DD8)
_MEDALS = {1: "🥇", 2: "🥈", 3: "🥉"}
#: What a rating is, under every leaderboard and profile; the guide's "How ratings work"
#: (docs/ratings.md) says the rest.
RATING_NOTE = (
    "Ratings are kept per game on this server, from finished games played by people only. "
    f"Everyone starts at 1500; a rating is provisional for its first {RANKED_AFTER} rated "
    "games. More in the guide, under “How ratings work”."
)
#: Under the server's statistics: what "first player" means there.
STATS_NOTE = (
    "Finished games on this server, counted when asked. The first player is whoever took a "
    "game's first turn; games that open with everyone choosing at once, or played in teams, "
    "are left out of that count."
)
#: A seat advantage from fewer games than this is said to be early days.
FEW_GAMES = 30


def count(number: int, noun: str) -> str:
    """``3 games``, ``1 game``."""
    return f"{number:,} {noun}{'s' if number != 1 else ''}"


def percent(share: float) -> str:
    """``0.4567`` as ``46%``."""
    return f"{share * 100:.0f}%"


def span(seconds: float) -> str:
    """A duration as people say it: ``40 s``, ``12 min``, ``3 h 20 min``, ``2 d 4 h``."""
    whole = round(seconds)
    if whole < 60:
        return f"{whole} s"
    minutes = whole // 60
    if minutes < 60:
        return f"{minutes} min"
    hours, minutes = divmod(minutes, 60)
    if hours < 48:
        return f"{hours} h {minutes} min" if minutes else f"{hours} h"
    days, hours = divmod(hours, 24)
    return f"{days} d {hours} h" if hours else f"{days} d"


def title_of(game_key: str) -> str:
    """A game's title from its key (the key itself for a game no longer installed)."""
    try:
        return games.get(game_key).title
    except games.UnknownGame:
        return game_key


def rating_text(rating: Rating) -> str:
    """A rating as shown: its number, and while provisional how many games are to go."""
    shown = f"**{friendly(rating.ordinal)}**"
    note = provisional_note(rating.games)
    return shown if note is None else f"{shown} ({note})"


def _name(names: Mapping[int, str], user_id: int) -> str:
    # Mentions do not render in embed fields on many clients: names are looked up instead,
    # and read as written (a name with underscores or asterisks is not formatting).
    return discord.utils.escape_markdown(names.get(user_id, "a former member"))


def _record(tally: Tally) -> str:
    return f"{count(tally.played, 'game')}, {tally.won} won ({percent(tally.win_rate)})"


def profile_embed(
    name: str, profile: Profile, game_key: str | None, names: Mapping[int, str]
) -> discord.Embed:
    """A player's profile: record, win rates, timing, reliability, opponents and ratings.
    ``names`` holds the display name of each usual opponent."""
    stats = profile.stats
    heading = f"📜 {name}" + (f" — {title_of(game_key)}" if game_key else "")
    embed = discord.Embed(title=heading, colour=COLOUR)
    embed.add_field(name="Games finished", value=str(stats.played), inline=True)
    embed.add_field(name="Wins", value=str(stats.won), inline=True)
    rate = percent(stats.won / stats.played) if stats.played else "—"
    embed.add_field(name="Win rate", value=rate, inline=True)
    embed.add_field(name="Resigned", value=str(stats.resigned), inline=True)
    embed.add_field(name="Abandoned", value=str(stats.abandoned), inline=True)
    favourite = title_of(stats.by_game[0].key) if stats.by_game else "—"
    embed.add_field(name="Favourite game", value=favourite, inline=True)
    if not stats.played:
        embed.description = "No finished games on this server yet."
    if len(stats.by_game) > 1:
        lines = [f"{title_of(t.key)}: {_record(t)}" for t in stats.by_game[:5]]
        embed.add_field(name="By game", value="\n".join(lines), inline=False)
    if stats.by_seats:
        lines = [f"{t.key} players: {_record(t)}" for t in stats.by_seats]
        embed.add_field(name="By table size", value="\n".join(lines), inline=False)
    timing = stats.timing
    if timing.moves and timing.median_s is not None and timing.p90_s is not None:
        embed.add_field(
            name="Time to move",
            value=f"median {span(timing.median_s)} · 90% within {span(timing.p90_s)}\n"
            f"over {count(timing.moves, 'move')} in the latest {RECENT_GAMES} games,"
            " time away left out",
            inline=False,
        )
    reliability = timing.reliability
    embed.add_field(
        name="Reliability",
        value=(
            "no moves yet"
            if reliability is None
            else f"{percent(reliability)} of moves before the deadline"
        )
        + f" · {count(timing.missed, 'deadline')} missed · {count(timing.left, 'game')} left",
        inline=False,
    )
    if stats.opponents:
        embed.add_field(
            name="Usual opponents",
            value=" · ".join(
                f"{_name(names, o.user_id)} ({count(o.games, 'game')})" for o in stats.opponents
            ),
            inline=False,
        )
    for rating in profile.ratings[:10]:
        embed.add_field(
            name=title_of(rating.game_key),
            value=f"{rating_text(rating)} · {rating.games} rated, {rating.wins} won",
            inline=False,
        )
    embed.set_footer(text=RATING_NOTE)
    return embed


def versus_embed(name: str, other: str, record: HeadToHead, game_key: str | None) -> discord.Embed:
    """Two players' games together and who finished ahead."""
    heading = f"⚔️ {name} vs {other}" + (f" — {title_of(game_key)}" if game_key else "")
    embed = discord.Embed(title=heading, colour=COLOUR)
    if not record.games:
        embed.description = "They have not finished a game together on this server."
        return embed
    embed.description = f"{count(record.games, 'finished game')} together."
    embed.add_field(name=f"{name} ahead", value=str(record.ahead), inline=True)
    embed.add_field(name=f"{other} ahead", value=str(record.behind), inline=True)
    embed.add_field(name="Same place", value=str(record.level), inline=True)
    return embed


def _spans(found: Sequence[Span]) -> str:
    return "\n".join(
        f"{title_of(s.game_key)} #{s.game_id}: {span(s.seconds)}, {count(s.moves, 'move')}"
        for s in found
    )


def stats_embed(server: str, stats: ServerStats, game_key: str | None) -> discord.Embed:
    """A server's activity: games per week, active players, most played, longest and
    fastest games, and the first seat's advantage per game."""
    heading = f"📊 {server}" + (f" — {title_of(game_key)}" if game_key else "")
    embed = discord.Embed(title=heading, colour=COLOUR)
    embed.description = (
        f"{count(stats.started, 'game')} started, {stats.finished:,} finished · "
        f"{count(stats.active_players, 'player')} active in the last four weeks"
    )
    weeks = [
        f"{week.starts:%d %b}: {week.started} started, {week.finished} finished"
        for week in stats.weeks
    ]
    embed.add_field(name="Per week (from Monday)", value="\n".join(weeks), inline=False)
    if stats.most_played and game_key is None:
        lines = [f"{title_of(t.key)}: {count(t.played, 'game')}" for t in stats.most_played]
        embed.add_field(name="Most played", value="\n".join(lines), inline=False)
    if stats.longest:
        embed.add_field(name="Longest games", value=_spans(stats.longest), inline=False)
        embed.add_field(name="Fastest games", value=_spans(stats.fastest), inline=False)
    lines = []
    for seat in stats.seat_advantage:
        early = " (early days)" if seat.games < FEW_GAMES else ""
        lines.append(
            f"{title_of(seat.game_key)}: first player won {percent(seat.win_rate)} of "
            f"{count(seat.games, 'game')}; an even share is {percent(seat.expected_rate)}{early}"
        )
    if lines:
        embed.add_field(name="First player's advantage", value="\n".join(lines), inline=False)
    embed.set_footer(text=STATS_NOTE)
    return embed


def leaderboard_embed(
    game_key: str,
    ranked_players: Sequence[Rating],
    newcomers: Sequence[Rating],
    names: Mapping[int, str],
) -> discord.Embed:
    """A game's ranked players, best first, and the players whose ratings are still
    provisional. ``names`` holds each one's display name."""
    lines = [
        f"{_MEDALS.get(i, f'{i}.')} {_name(names, r.user_id)} — **{friendly(r.ordinal)}** · "
        f"{count(r.games, 'game')}, {count(r.wins, 'win')}"
        for i, r in enumerate(ranked_players, start=1)
    ]
    embed = discord.Embed(
        title=f"🏅 {title_of(game_key)} — leaderboard",
        description="\n".join(lines)
        or (
            f"Nobody is ranked yet: a player is ranked after {RANKED_AFTER} rated games."
            if newcomers
            else "Nobody is rated yet: finish a game of it on this server."
        ),
        colour=COLOUR,
    )
    if newcomers:
        embed.add_field(
            name=f"Provisional (ranked after {RANKED_AFTER} rated games)",
            value="\n".join(
                f"{_name(names, r.user_id)} — {friendly(r.ordinal)} · "
                f"{count(r.wins, 'win')} in {count(r.games, 'game')}, "
                f"{games_to_rank(r.games)} more to be ranked"
                for r in newcomers
            ),
            inline=False,
        )
    embed.set_footer(text=RATING_NOTE)
    return embed
