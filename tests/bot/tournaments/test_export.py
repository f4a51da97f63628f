"""``/organise export``: organisers take a tournament away as one zip."""

from __future__ import annotations

import csv
import io
import json
import zipfile

import pytest

from games.export import read_export, verify
from tests.bot.conftest import Table, open_to_everyone
from tests.bot.driving import bot_of, replies, resign
from tests.bot.tournaments.test_commands import _create, _message


@pytest.fixture(autouse=True)
def _integrations(table: Table) -> None:
    """The server's admin lets every member have the organiser and manager commands
    (Integrations), so these tests reach the bot's own checks."""
    open_to_everyone(table.env, table.guild)


@pytest.mark.slow
async def test_the_organiser_downloads_tables_results_standings_and_games(
    table: Table,
) -> None:
    sheet, tournament_id = await _create(table, name="Winter Duel")
    for name in ("bob", "carol"):
        await table.members[name].click(_message(table, sheet.id), label="Join")
    await table.members["alice"].slash(table.channel, "organise start")
    bot = bot_of(table)
    tournament = await bot.services.store.tournaments.get(tournament_id)
    game_table = next(t for t in tournament.tables_of(1) if not t.bye)
    assert game_table.game_id is not None
    game = await bot.services.store.games.get(game_table.game_id)
    thread = next(t for t in table.channel.threads if t.id == game.thread_id)
    loser = next(m for m in table.members.values() if m.id == game_table.players[0])
    await resign(loser, thread)
    await bot.idle_background()
    await table.env.advance_time(10)

    refused = await table.members["bob"].slash(
        table.channel, "organise export", tournament=tournament_id
    )
    assert refused.ephemeral
    assert any("Only the organiser" in r for r in replies(refused)), replies(refused)

    result = await table.members["alice"].slash(
        table.channel, "organise export", tournament=tournament_id
    )
    assert result.ephemeral
    sent = [m for m in [result.response, *result.followups] if m is not None and m.attachments]
    assert sent, replies(result)
    (attachment,) = sent[0].attachments
    assert attachment.filename == f"tournament-{tournament_id}.zip"
    archive = zipfile.ZipFile(io.BytesIO(await attachment.read()))
    names = archive.namelist()
    assert {"tables.csv", "results.csv", "standings.csv", "README.txt"} <= set(names)

    tournament = await bot.services.store.tournaments.get(tournament_id)
    tables = list(csv.DictReader(io.StringIO(archive.read("tables.csv").decode())))
    assert len(tables) == len(tournament.tables)
    results = list(csv.DictReader(io.StringIO(archive.read("results.csv").decode())))
    finished = [r for r in results if r["game"] == str(game.id)]
    assert {r["user_id"] for r in finished} == {str(u) for u in game_table.players}
    winner = next(r for r in finished if r["place"] == "1")
    assert winner["user_id"] == str(game_table.players[1])
    assert float(winner["points"]) > 0
    standings = list(csv.DictReader(io.StringIO(archive.read("standings.csv").decode())))
    assert len(standings) == 3
    assert standings[0]["place"] == "1"

    document = json.loads(archive.read(f"games/marginalia-{game.id}.json"))
    assert document["complete"] is True
    assert verify(read_export(json.dumps(document))).moves == len(document["moves"])
    assert f"games/marginalia-{game.id}.txt" in names
    running = [n for n in names if n.endswith("-so-far.json")]
    for name in running:  # a game of round 2, still running: what a spectator knows
        still = json.loads(archive.read(name))
        assert still["seed"] is None
        assert still["requester"] is None
