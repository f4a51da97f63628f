"""The systemd units in deploy/: they parse as units, the template reads the shared and the
per-process settings files, and both run the bot the same way, hardened the same way."""

from __future__ import annotations

import configparser
from pathlib import Path

import pytest

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"
SINGLE = DEPLOY / "grimoire.service"
TEMPLATE = DEPLOY / "grimoire@.service"

#: What both units must agree on: who runs what, from where, and the hardening.
SHARED_SETTINGS = (
    "User",
    "WorkingDirectory",
    "ExecStart",
    "Restart",
    "RestartSec",
    "RestartPreventExitStatus",
    "NoNewPrivileges",
    "ProtectSystem",
    "ReadWritePaths",
    "PrivateTmp",
)

Unit = dict[str, dict[str, list[str]]]


def read_unit(path: Path) -> Unit:
    """Each section's settings, every value of a setting given more than once (systemd adds
    them up, as with EnvironmentFile=). configparser checks the file's shape: sections, and
    ``Key=value`` lines inside them."""
    shape = configparser.RawConfigParser(strict=False, delimiters=("=",), comment_prefixes="#;")
    shape.optionxform = str  # type: ignore[assignment,method-assign]  # keys keep their case
    shape.read_string(path.read_text(encoding="utf-8"), source=str(path))
    unit: Unit = {name: {} for name in shape.sections()}
    section = ""
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("["):
            section = line.strip("[]")
            continue
        key, _, value = line.partition("=")
        unit[section].setdefault(key.strip(), []).append(value.strip())
    return unit


def one(unit: Unit, section: str, key: str) -> str:
    [value] = unit[section][key]
    return value


@pytest.mark.parametrize("path", [SINGLE, TEMPLATE], ids=lambda path: path.name)
def test_a_unit_has_its_three_sections_and_runs_the_bot(path: Path) -> None:
    unit = read_unit(path)
    assert list(unit) == ["Unit", "Service", "Install"]
    assert one(unit, "Service", "ExecStart").endswith("/python -m bot")
    assert one(unit, "Service", "User") == "grimoire"
    assert one(unit, "Service", "Restart") == "on-failure"
    # What restarting cannot fix: an unusable database (2), a setting that is not valid (4).
    assert set(one(unit, "Service", "RestartPreventExitStatus").split()) == {"2", "4"}
    assert one(unit, "Service", "NoNewPrivileges") == "yes"
    assert one(unit, "Service", "ProtectSystem") == "strict"
    assert one(unit, "Service", "PrivateTmp") == "yes"
    assert one(unit, "Service", "ReadWritePaths") == "/opt/grimoire/data"
    assert one(unit, "Install", "WantedBy") == "multi-user.target"


def test_each_process_reads_the_shared_settings_then_its_own() -> None:
    unit = read_unit(TEMPLATE)
    # Neither file is optional ("-" in front): a process without its own file would connect
    # every shard, the other processes' too.
    assert unit["Service"]["EnvironmentFile"] == [
        "/etc/grimoire/grimoire.env",
        "/etc/grimoire/grimoire-%i.env",
    ]
    assert "%i" in one(unit, "Unit", "Description")


def test_the_template_runs_the_bot_as_the_single_unit_does() -> None:
    single, template = read_unit(SINGLE)["Service"], read_unit(TEMPLATE)["Service"]
    for key in SHARED_SETTINGS:
        assert template[key] == single[key], key
