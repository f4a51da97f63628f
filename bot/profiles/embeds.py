"""The embeds of ``/profile``, ``/profile versus:``, ``/stats`` and ``/leaderboard``: figures
from the store put into words."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date

import discord
from babel.dates import format_date
from babel.numbers import format_decimal

import games
from bot.profiles.profiles import Profile
from bot.profiles.ratings import RANKED_AFTER, games_to_rank, provisional_note
from bot.profiles.skill import friendly
from bot.words.i18n import current_language, localize
from bot.words.languages import PSEUDO, SOURCE
from games.core.words import Msg, joined, msg, nmsg
from storage import Rating
from storage.contract.profiles import RECENT_GAMES, HeadToHead, ServerStats, Span, Tally

COLOUR = discord.Colour(0x3B7DD8)
_MEDALS = {1: "🥇", 2: "🥈", 3: "🥉"}
#: What a rating is, under every leaderboard and profile; the guide's "How ratings work"
#: (docs/ratings.md) says the rest.
RATING_NOTE = msg(
    "Ratings are kept per game on this server, from finished games played by people only. "
    "Everyone starts at 1500; a rating is provisional for its first {games} rated "
    "games. More in the guide, under “How ratings work”.",
    games=RANKED_AFTER,
)
#: Under the server's statistics: what "first player" means there.
STATS_NOTE = msg(
    "Finished games on this server, counted when asked. The first player is whoever took a "
    "game's first turn; games that open with everyone choosing at once, or played in teams, "
    "are left out of that count."
)
#: A seat advantage from fewer games than this is said to be early days.
FEW_GAMES = 30


def _locale() -> str:
    language = current_language()
    return SOURCE if language == PSEUDO else language.replace("-", "_")


def number(value: int) -> str:
    """A whole number as the reader writes it: ``1,234`` (``1 234``, ``1.234``)."""
    if current_language() in (SOURCE, PSEUDO):
        return f"{value:,}"
    return format_decimal(value, locale=_locale())


def games_count(value: int) -> Msg:
    """``3 games``, ``1 game``."""
    return nmsg("{count} game", "{count} games", value, count=number(value))


def percent(share: float) -> Msg:
    """``0.4567`` as ``46%``."""
    whole = f"{share * 100:.0f}"
    return msg("{percent}%", percent=whole)


def span(seconds: float) -> Msg:
    """A duration as people say it: ``40 s``, ``12 min``, ``3 h 20 min``, ``2 d 4 h``."""
    whole = round(seconds)
    if whole < 60:
        return msg("{seconds} s", seconds=whole)
    minutes = whole // 60
    if minutes < 60:
        return msg("{minutes} min", minutes=minutes)
    hours, minutes = divmod(minutes, 60)
    if hours < 48:
        if minutes:
            return msg("{hours} h {minutes} min", hours=hours, minutes=minutes)
        return msg("{hours} h", hours=hours)
    days, hours = divmod(hours, 24)
    return (
        msg("{days} d {hours} h", days=days, hours=hours) if hours else msg("{days} d", days=days)
    )


def _day(when: date) -> str:
    """A week's first day, ``06 Jan``, as the reader writes it."""
    if current_language() in (SOURCE, PSEUDO):
        return f"{when:%d %b}"
    return format_date(when, "dd MMM", locale=_locale())


def title_of(game_key: str) -> str:
    """A game's title from its key (the key itself for a game no longer installed)."""
    try:
        return games.get(game_key).title
    except games.UnknownGame:
        return game_key


def rating_text(rating: Rating) -> Msg:
    """A rating as shown: its number, and while provisional how many games are to go."""
    shown = friendly(rating.ordinal)
    note = provisional_note(rating.games)
    if note is None:
        return msg("**{rating}**", rating=shown)
    return msg("**{rating}** ({note})", rating=shown, note=note)


def _name(names: Mapping[int, str], user_id: int) -> str:
    # Mentions do not render in embed fields on many clients: names are looked up instead,
    # and read as written (a name with underscores or asterisks is not formatting).
    known = names.get(user_id)
    return (
        localize(msg("a former member")) if known is None else discord.utils.escape_markdown(known)
    )


def _record(tally: Tally) -> Msg:
    return msg(
        "{games}, {won} won ({percent})",
        games=games_count(tally.played),
        won=tally.won,
        percent=percent(tally.win_rate),
    )


def _field(embed: discord.Embed, name: str, value: str, *, inline: bool) -> None:
    """A field, said in the reader's language."""
    embed.add_field(name=localize(name), value=localize(value), inline=inline)


def profile_embed(
    name: str, profile: Profile, game_key: str | None, names: Mapping[int, str]
) -> discord.Embed:
    """A player's profile: record, win rates, timing, reliability, opponents and ratings.
    ``names`` holds the display name of each usual opponent."""
    stats = profile.stats
    heading = (
        msg("📜 {name} — {game}", name=name, game=title_of(game_key)) if game_key else f"📜 {name}"
    )
    embed = discord.Embed(title=localize(heading), colour=COLOUR)
    _field(embed, msg("Games finished"), str(stats.played), inline=True)
    _field(embed, msg("Wins"), str(stats.won), inline=True)
    rate = percent(stats.won / stats.played) if stats.played else "—"
    _field(embed, msg("Win rate"), rate, inline=True)
    _field(embed, msg("Resigned"), str(stats.resigned), inline=True)
    _field(embed, msg("Abandoned"), str(stats.abandoned), inline=True)
    favourite = title_of(stats.by_game[0].key) if stats.by_game else "—"
    _field(embed, msg("Favourite game"), favourite, inline=True)
    if not stats.played:
        embed.description = localize(msg("No finished games on this server yet."))
    if len(stats.by_game) > 1:
        lines = [
            msg("{game}: {record}", game=title_of(t.key), record=_record(t))
            for t in stats.by_game[:5]
        ]
        _field(embed, msg("By game"), joined(lines), inline=False)
    if stats.by_seats:
        lines = [
            msg("{players} players: {record}", players=t.key, record=_record(t))
            for t in stats.by_seats
        ]
        _field(embed, msg("By table size"), joined(lines), inline=False)
    timing = stats.timing
    if timing.moves and timing.median_s is not None and timing.p90_s is not None:
        moves = nmsg("{count} move", "{count} moves", timing.moves, count=number(timing.moves))
        _field(
            embed,
            msg("Time to move"),
            msg(
                "median {median} · 90% within {p90}\n"
                "over {moves} in the latest {recent} games, time away left out",
                median=span(timing.median_s),
                p90=span(timing.p90_s),
                moves=moves,
                recent=RECENT_GAMES,
            ),
            inline=False,
        )
    reliability = timing.reliability
    missed = nmsg(
        "{count} deadline", "{count} deadlines", timing.missed, count=number(timing.missed)
    )
    left = games_count(timing.left)
    _field(
        embed,
        msg("Reliability"),
        (
            msg("no moves yet · {missed} missed · {left} left", missed=missed, left=left)
            if reliability is None
            else msg(
                "{percent} of moves before the deadline · {missed} missed · {left} left",
                percent=percent(reliability),
                missed=missed,
                left=left,
            )
        ),
        inline=False,
    )
    if stats.opponents:
        _field(
            embed,
            msg("Usual opponents"),
            joined(
                (
                    msg(
                        "{name} ({games})", name=_name(names, o.user_id), games=games_count(o.games)
                    )
                    for o in stats.opponents
                ),
                " · ",
            ),
            inline=False,
        )
    for rating in profile.ratings[:10]:
        _field(
            embed,
            title_of(rating.game_key),
            msg(
                "{rating} · {games} rated, {won} won",
                rating=rating_text(rating),
                games=rating.games,
                won=rating.wins,
            ),
            inline=False,
        )
    embed.set_footer(text=localize(RATING_NOTE))
    return embed


def versus_embed(name: str, other: str, record: HeadToHead, game_key: str | None) -> discord.Embed:
    """Two players' games together and who finished ahead."""
    heading = (
        msg("⚔️ {name} vs {other} — {game}", name=name, other=other, game=title_of(game_key))
        if game_key
        else msg("⚔️ {name} vs {other}", name=name, other=other)
    )
    embed = discord.Embed(title=localize(heading), colour=COLOUR)
    if not record.games:
        embed.description = localize(msg("They have not finished a game together on this server."))
        return embed
    together = nmsg(
        "{count} finished game together.",
        "{count} finished games together.",
        record.games,
        count=number(record.games),
    )
    embed.description = localize(together)
    _field(embed, msg("{name} ahead", name=name), str(record.ahead), inline=True)
    _field(embed, msg("{name} ahead", name=other), str(record.behind), inline=True)
    _field(embed, msg("Same place"), str(record.level), inline=True)
    return embed


def _spans(found: Sequence[Span]) -> Msg:
    return joined(
        msg(
            "{game} #{number}: {span}, {moves}",
            game=title_of(s.game_key),
            number=s.game_id,
            span=span(s.seconds),
            moves=nmsg("{count} move", "{count} moves", s.moves, count=number(s.moves)),
        )
        for s in found
    )


def stats_embed(server: str, stats: ServerStats, game_key: str | None) -> discord.Embed:
    """A server's activity: games per week, active players, most played, longest and
    fastest games, and the first seat's advantage per game."""
    heading = (
        msg("📊 {server} — {game}", server=server, game=title_of(game_key))
        if game_key
        else f"📊 {server}"
    )
    embed = discord.Embed(title=localize(heading), colour=COLOUR)
    players = nmsg(
        "{count} player",
        "{count} players",
        stats.active_players,
        count=number(stats.active_players),
    )
    embed.description = localize(
        msg(
            "{started} started, {finished} finished · {players} active in the last four weeks",
            started=games_count(stats.started),
            finished=number(stats.finished),
            players=players,
        )
    )
    weeks = [
        msg(
            "{day}: {started} started, {finished} finished",
            day=_day(week.starts),
            started=week.started,
            finished=week.finished,
        )
        for week in stats.weeks
    ]
    _field(embed, msg("Per week (from Monday)"), joined(weeks), inline=False)
    if stats.most_played and game_key is None:
        lines = [
            msg("{game}: {games}", game=title_of(t.key), games=games_count(t.played))
            for t in stats.most_played
        ]
        _field(embed, msg("Most played"), joined(lines), inline=False)
    if stats.longest:
        _field(embed, msg("Longest games"), _spans(stats.longest), inline=False)
        _field(embed, msg("Fastest games"), _spans(stats.fastest), inline=False)
    lines = []
    for seat in stats.seat_advantage:
        values = {
            "game": title_of(seat.game_key),
            "won": percent(seat.win_rate),
            "games": games_count(seat.games),
            "even": percent(seat.expected_rate),
        }
        if seat.games < FEW_GAMES:
            lines.append(
                msg(
                    "{game}: first player won {won} of {games}; an even share is {even} "
                    "(early days)",
                    **values,
                )
            )
        else:
            lines.append(
                msg("{game}: first player won {won} of {games}; an even share is {even}", **values)
            )
    if lines:
        _field(embed, msg("First player's advantage"), joined(lines), inline=False)
    embed.set_footer(text=localize(STATS_NOTE))
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
        msg(
            "{place} {name} — **{rating}** · {games}, {wins}",
            place=_MEDALS.get(i, f"{i}."),
            name=_name(names, r.user_id),
            rating=friendly(r.ordinal),
            games=games_count(r.games),
            wins=nmsg("{count} win", "{count} wins", r.wins, count=number(r.wins)),
        )
        for i, r in enumerate(ranked_players, start=1)
    ]
    empty = (
        msg(
            "Nobody is ranked yet: a player is ranked after {games} rated games.",
            games=RANKED_AFTER,
        )
        if newcomers
        else msg("Nobody is rated yet: finish a game of it on this server.")
    )
    embed = discord.Embed(
        title=localize(msg("🏅 {game} — leaderboard", game=title_of(game_key))),
        description=localize(joined(lines) if lines else empty),
        colour=COLOUR,
    )
    if newcomers:
        _field(
            embed,
            msg("Provisional (ranked after {games} rated games)", games=RANKED_AFTER),
            joined(
                msg(
                    "{name} — {rating} · {wins} in {games}, {to_go} more to be ranked",
                    name=_name(names, r.user_id),
                    rating=friendly(r.ordinal),
                    wins=nmsg("{count} win", "{count} wins", r.wins, count=number(r.wins)),
                    games=games_count(r.games),
                    to_go=games_to_rank(r.games),
                )
                for r in newcomers
            ),
            inline=False,
        )
    embed.set_footer(text=localize(RATING_NOTE))
    return embed
