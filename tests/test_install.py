"""A production install carries only what the bot runs on: the runtime dependencies name no
test tool, the lock files pin every package exactly with its hashes, and every install the
Makefile makes takes them from the lock files."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]

#: What only developers need: tests, linters, type checkers and the simulated Discord.
TEST_TOOLS = frozenset(
    {"pytest", "pytest-asyncio", "hypothesis", "ruff", "mypy", "simcord", "asyncpg-stubs"}
)


def _name(requirement: str) -> str:
    """A requirement's distribution name, normalised (``discord.py>=2`` → ``discord-py``)."""
    found = re.match(r"[A-Za-z0-9][A-Za-z0-9._-]*", requirement)
    assert found is not None, requirement
    return re.sub(r"[-_.]+", "-", found.group()).lower()


def _pins(lock: str) -> dict[str, str]:
    """The packages a lock file pins, by normalised name, each with its version."""
    text = (ROOT / "requirements" / lock).read_text(encoding="utf-8")
    return {
        _name(name): version
        for name, version in re.findall(r"^([A-Za-z0-9][\w.-]*)==([^\s;\\]+)", text, re.M)
    }


def test_the_runtime_dependencies_name_no_test_tool() -> None:
    runtime = {_name(requirement) for requirement in PROJECT["dependencies"]}
    assert runtime & TEST_TOOLS == set()
    assert _pins("runtime.lock").keys() & TEST_TOOLS == set()
    assert _pins("playground.lock").keys() & (TEST_TOOLS - {"simcord"}) == set()


def test_what_the_bot_imports_directly_is_declared_and_pictures_have_a_ceiling() -> None:
    declared = {_name(requirement): requirement for requirement in PROJECT["dependencies"]}
    assert "aiohttp" in declared
    assert "<" in declared["pillow"]


def test_every_lock_pins_each_package_with_its_hashes() -> None:
    for lock in ("runtime.lock", "playground.lock", "dev.lock"):
        text = (ROOT / "requirements" / lock).read_text(encoding="utf-8")
        entries = re.split(r"\n(?=[A-Za-z0-9])", text.split("\n", 2)[2])
        assert entries, lock
        for entry in entries:
            assert re.match(r"[A-Za-z0-9][\w.-]*==", entry), (lock, entry[:60])
            assert "--hash=sha256:" in entry, (lock, entry[:60])


def test_each_lock_holds_the_one_before_it() -> None:
    runtime, playground, dev = (_pins(f"{n}.lock") for n in ("runtime", "playground", "dev"))
    assert {_name(r) for r in PROJECT["dependencies"]} <= runtime.keys()
    assert runtime.items() <= playground.items() <= dev.items()
    assert "simcord" in playground
    assert dev.keys() >= TEST_TOOLS


def test_the_makefile_installs_from_the_locks_with_hashes() -> None:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    installs = re.findall(r"^\t\$\(PIP\) (.*)$", makefile, re.M)
    from_locks = [line for line in installs if "-r requirements/" in line]
    assert len(from_locks) == 3
    assert all(line.startswith("--require-hashes") for line in from_locks)
    project_installs = [line for line in installs if line.rstrip().endswith(".")]
    assert project_installs
    assert all("--no-deps" in line for line in project_installs)


def test_make_test_runs_the_checks_and_every_test() -> None:
    """What CI runs (``.ci/run`` calls ``make test``) lints, type-checks and runs the tests:
    a ``test`` target lost from the Makefile would make CI pass without running anything."""
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert re.search(r"^test: lint typecheck unit$", makefile, re.M)
    assert "make test" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    unit = re.search(r"^unit: .*\n\t(.*)$", makefile, re.M)
    assert unit is not None
    assert unit.group(1).startswith("$(TESTS)"), "the unit target runs pytest"
    assert "--ignore" not in unit.group(1), "over every test, none left out"
    assert re.search(r"^TESTS := \$\(BIN\)/pytest -n 2 ", makefile, re.M)
