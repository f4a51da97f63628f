"""A tournament's page and a player's page.

The tournament's: its standings as its standings board says them, how points and
tiebreaks are counted, and every round's tables, each linked to its game's page. The
player's: the figures of ``/profile`` (finished games only, so nothing of a running game
reaches it) and their rating over their latest rated games, drawn as ``/profile`` draws it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping

from bot.profiles.embeds import profile_embed, title_of
from bot.profiles.profiles import Profile, Profiles
from bot.profiles.skill import friendly
from bot.profiles.sparkline import trend_picture, trend_words
from bot.replays.replays import is_over
from bot.tournaments.boards import POINTS_RULE, name_of, standings_board
from bot.tournaments.results import standings_of, table_games
from bot.web.game_page import board_html
from bot.web.markup import Frame, Namer, esc, page, words
from bot.web.pages import FOREVER, HTML, NOT_FOUND, Reply, WebPages, _digest
from bot.words.i18n import localize, reading_in
from games.core import Board
from games.core.picture import drawn_in
from games.core.words import msg
from storage import Game, Tournament
from storage.errors import TournamentNotFound

HOW_POINTS = msg("How points and tiebreaks are counted")
#: What the tiebreaks mean, under the standings.
TIEBREAKS = msg(
    "“Opp” is the tournament points of everyone a player met, added up: the first tiebreak. "
    "“Score” is the player's own game scores added up: the second."
)


class OtherPages:
    """Tournaments' and players' pages, beside the games' (``pages``)."""

    def __init__(self, pages: WebPages) -> None:
        self._pages = pages
        self._profiles = Profiles(pages.store)

    async def tournament(self, signed: str) -> Reply:
        """A tournament's page."""
        pages = self._pages
        ident = pages.ident("t", signed)
        if ident is None or not ident.isdigit():
            return NOT_FOUND
        try:
            tournament = await pages.store.tournaments.get(int(ident))
        except TournamentNotFound:
            return NOT_FOUND
        if not await pages.server_on(tournament.guild_id):
            return NOT_FOUND
        found = await table_games(pages.store, tournament)
        language = await pages.language_of(tournament.guild_id)
        users = {e.user_id for e in tournament.entrants}
        named = {user: await pages.names.name(user) for user in users}
        key = _digest(
            "t",
            tournament.id,
            tournament.updated_at,
            language,
            sorted(named.items()),
            sorted((g.id, g.version, g.status.value) for g in found.values()),
        )
        body = pages.cached(key)
        if body is None:
            namer = await pages.names.namer([], users, language)
            content = self._tournament_body(tournament, found, namer)
            title = localize(name_of(tournament), language)
            body = pages.keep(key, page(Frame(language, title), content).encode())
        return Reply(200, body, HTML, etag=f'"{key}"')

    def _tournament_body(
        self, tournament: Tournament, found: Mapping[int, Game], namer: Namer
    ) -> str:
        language = namer.language

        def say(text: str) -> str:
            return esc(localize(text, language))

        board = standings_board(tournament, standings_of(tournament, found), found)
        # The rounds are below, every table linked: the board's own list of the current
        # round's tables would say it twice.
        kept = tuple(f for f in board.fields if not _is_round_field(f.name, tournament))
        shown = Board(title="", description=board.description, fields=kept, footer="")
        parts = [
            f"<h1>{words(board.title, namer)}</h1>",
            board_html(shown, namer),
            f"<h2>{say(HOW_POINTS)}</h2>",
            f"<p>{words(POINTS_RULE, namer)}</p>",
            f"<p>{words(TIEBREAKS, namer)}</p>",
        ]
        for number in range(tournament.round, 0, -1):
            heading = msg("Round {round}", round=number)
            parts.append(f"<h2>{say(heading)}</h2>")
            parts.append(self._round(tournament, number, found, namer))
        return "\n".join(parts)

    def _round(
        self, tournament: Tournament, number: int, found: Mapping[int, Game], namer: Namer
    ) -> str:
        rows: list[str] = []
        language = namer.language
        for table in tournament.tables_of(number):
            players = ", ".join(esc(namer.users.get(u) or namer.someone) for u in table.players)
            if table.bye:
                said = esc(localize(msg("Bye"), language))
                rows.append(f"<tr><td>{said}</td><td>{players}</td><td>—</td></tr>")
                continue
            game = found.get(table.game_id) if table.game_id is not None else None
            state = "—"
            if game is not None and game.seed is not None and game.guild_id == tournament.guild_id:
                href = self._pages.links.path("g", str(game.id))
                label = localize(
                    msg("{game} #{number}", game=title_of(game.game_key), number=game.id),
                    language,
                )
                state = f'<a href="{esc(href)}">{esc(label)}</a> · {esc(_status(game, language))}'
            said = esc(localize(msg("Table {number}", number=table.number), language))
            rows.append(f"<tr><td>{said}</td><td>{players}</td><td>{state}</td></tr>")
        head = "".join(
            f'<th scope="col">{esc(localize(m, language))}</th>'
            for m in (msg("Table"), msg("Players"), msg("Game"))
        )
        return f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"

    async def player(self, signed: str) -> Reply:
        """A player's page on one server."""
        found = await self._player(signed)
        if found is None:
            return NOT_FOUND
        guild_id, user_id, profile, language = found
        name = await self._pages.names.name(user_id)
        opponents = [o.user_id for o in profile.stats.opponents]
        names = {u: localize(await self._pages.names.name(u), language) for u in opponents}
        key = _digest("p", guild_id, user_id, repr(profile), language, name, sorted(names.items()))
        body = self._pages.cached(key)
        if body is None:
            namer = Namer([], {}, language)
            with reading_in(language):
                embed = profile_embed(localize(name, language), profile, None, names)
            parts = [f"<h1>{esc(embed.title or '')}</h1>"]
            if embed.description:
                parts.append(f"<p>{words(embed.description, namer)}</p>")
            fields = "".join(
                f"<dt>{words(f.name or '', namer)}</dt><dd>{words(f.value or '', namer)}</dd>"
                for f in embed.fields
            )
            parts.append(f'<dl class="board">{fields}</dl>')
            trend = _trend(profile)
            if trend is not None:
                heading, points = trend
                alt = trend_words(heading, points)
                src = f"{self._pages.links.path('p', f'{guild_id}.{user_id}')}/trend.png"
                parts.append(
                    f"<h2>{esc(localize(heading, language))}</h2>"
                    f'<figure><img src="{esc(src)}" alt="{esc(localize(alt, language))}">'
                    "</figure>"
                )
            if embed.footer.text:
                parts.append(f'<p class="muted">{words(embed.footer.text, namer)}</p>')
            title = embed.title or ""
            body = self._pages.keep(key, page(Frame(language, title), "\n".join(parts)).encode())
        return Reply(200, body, HTML, etag=f'"{key}"')

    async def trend(self, signed: str) -> Reply:
        """A player's rating over their latest rated games, as a picture."""
        found = await self._player(signed)
        if found is None:
            return NOT_FOUND
        _, _, profile, language = found
        trend = _trend(profile)
        if trend is None:
            return NOT_FOUND
        heading, points = trend

        def drawn() -> bytes:
            with drawn_in(lambda text: localize(text, language)):
                return trend_picture(points, localize(heading, language))

        png = await asyncio.to_thread(drawn)
        return Reply(200, png, "image/png", etag=f'"{_digest(points, language)}"', cache=FOREVER)

    async def _player(self, signed: str) -> tuple[int, int, Profile, str] | None:
        ident = self._pages.ident("p", signed)
        if ident is None or "." not in ident:
            return None
        guild_text, user_text = ident.split(".", 1)
        guild_id, user_id = int(guild_text), int(user_text)
        if not await self._pages.server_on(guild_id):
            return None
        profile = await self._profiles.profile(guild_id, user_id)
        language = await self._pages.language_of(guild_id)
        return guild_id, user_id, profile, language


def _is_round_field(name: str, tournament: Tournament) -> bool:
    """Whether a standings board's field lists the current round's tables."""
    return localize(name) == localize(msg("Round {round} tables", round=tournament.round))


def _status(game: Game, language: str) -> str:
    if is_over(game):
        return localize(msg("over"), language)
    return localize(msg("playing, move {move}", move=game.version), language)


def _trend(profile: Profile) -> tuple[str, list[float]] | None:
    stats = profile.stats
    if len(stats.trend) < 2 or stats.trend_game is None:
        return None
    heading = msg("{game} rating, latest games", game=title_of(stats.trend_game))
    return heading, [float(friendly(point)) for point in stats.trend]
