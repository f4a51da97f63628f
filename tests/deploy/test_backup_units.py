"""The nightly backup's units in deploy/: the timer starts the service every day, and the
service backs up the bot's database as the bot's own user, from the bot's settings."""

from __future__ import annotations

import shlex
from pathlib import Path

from storage.__main__ import main
from tests.deploy.test_systemd_units import DEPLOY, SINGLE, one, read_unit

SERVICE = DEPLOY / "grimoire-backup.service"
TIMER = DEPLOY / "grimoire-backup.timer"


def test_the_timer_starts_the_backup_every_night_and_catches_up() -> None:
    timer = read_unit(TIMER)
    assert list(timer) == ["Unit", "Timer", "Install"]
    assert one(timer, "Timer", "OnCalendar") == "*-*-* 03:15:00"  # daily
    assert one(timer, "Timer", "Persistent") == "true"
    assert one(timer, "Timer", "Unit") == SERVICE.name
    assert one(timer, "Install", "WantedBy") == "timers.target"


def test_the_service_backs_up_the_bots_database_as_the_bot() -> None:
    service, bot = read_unit(SERVICE), read_unit(SINGLE)
    assert list(service) == ["Unit", "Service"]  # started by the timer, never at boot
    assert one(service, "Service", "Type") == "oneshot"
    for key in ("User", "WorkingDirectory", "EnvironmentFile", "NoNewPrivileges", "PrivateTmp"):
        assert one(service, "Service", key) == one(bot, "Service", key), key
    assert one(service, "Service", "ProtectSystem") == "strict"
    program, *arguments = shlex.split(one(service, "Service", "ExecStart"))
    assert program == "/opt/grimoire/.venv/bin/python"
    assert arguments[:3] == ["-m", "storage", "backup"]
    folder = arguments[3]
    writable = one(service, "Service", "ReadWritePaths").split()
    assert folder in writable
    assert one(bot, "Service", "ReadWritePaths") in writable  # SQLite's -shm beside the file


def test_the_services_command_line_is_one_the_storage_command_accepts(tmp_path: Path) -> None:
    arguments = shlex.split(one(read_unit(SERVICE), "Service", "ExecStart"))[3:]
    assert arguments[0] == "backup"
    assert arguments[2:] == ["--keep", "14"]
    # The same options, on a folder that exists and a database that does not: the command
    # line is understood (2: no database there), not refused by argparse (which exits).
    status = main([*arguments[:1], str(tmp_path), *arguments[2:], "--url", "sqlite:///nowhere/x"])
    assert status == 2
