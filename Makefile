# Everything runs inside .venv, created on first use. The stamp files make re-running cheap:
# dependencies are reinstalled only when pyproject.toml or a lock file changes. Every install
# takes the exact versions, hashes checked, from requirements/*.lock (`make lock` refreshes
# them), then Grimoire itself without resolving anything again (--no-deps).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PIP := $(BIN)/python -m pip install --quiet
#: The test tools, the playground and Grimoire (make test, make quick, ...).
STAMP := $(VENV)/.installed
#: The playground and Grimoire, no test tools (make run).
RUN_STAMP := $(VENV)/.installed-run
LOCKS := requirements/runtime.lock requirements/playground.lock requirements/dev.lock
ARGS ?=

.PHONY: install lock messages run test quick lint typecheck unit clicks soak golden bench ai-strength clean

$(STAMP): pyproject.toml requirements/dev.lock
	$(PYTHON) -m venv $(VENV)
	$(PIP) --upgrade pip
	$(PIP) --require-hashes -r requirements/dev.lock
	$(PIP) --no-deps -e .
	touch $(STAMP) $(RUN_STAMP)

$(RUN_STAMP): pyproject.toml requirements/playground.lock
	$(PYTHON) -m venv $(VENV)
	$(PIP) --upgrade pip
	$(PIP) --require-hashes -r requirements/playground.lock
	$(PIP) --no-deps -e .
	touch $(RUN_STAMP)

# A production install: the runtime dependencies only (no test tools, no playground), into
# .venv or the virtual environment VENV names (`make install VENV=/opt/grimoire/.venv`).
# Grimoire is installed as a package, not linked to this checkout. docs/upgrading.md.
install:
	$(PYTHON) -m venv $(VENV)
	$(PIP) --upgrade pip
	$(PIP) --require-hashes -r requirements/runtime.lock
	$(PIP) --no-deps --force-reinstall .
	$(BIN)/python -m bot --version

# The lock files again from pyproject.toml, keeping every pinned version that still fits;
# `make lock ARGS=--upgrade` takes the newest releases instead. uv does the resolving, from
# PyPI, in a small environment of its own (.venv-lock).
LOCK := .venv-lock/bin/uv pip compile pyproject.toml --quiet --universal --generate-hashes \
	--python-version 3.11 --index-url https://pypi.org/simple $(ARGS)

lock:
	[ -x .venv-lock/bin/uv ] || ($(PYTHON) -m venv .venv-lock && .venv-lock/bin/pip install --quiet uv)
	$(LOCK) -o requirements/runtime.lock
	$(LOCK) --extra playground -o requirements/playground.lock
	$(LOCK) --extra dev --extra playground -o requirements/dev.lock

run: $(RUN_STAMP)
	$(BIN)/python -m bot $(ARGS)

# Everything: lint, typecheck and every test, the slow ones included (what CI runs).
test: lint typecheck unit

# The tests run in two pytest processes side by side, one a core (pytest-xdist): each runs its
# share of the tests and then takes over the rest of the other's, so the two end together
# however the slow tests fall. One summary at the end; the target fails if any test does.
TESTS := $(BIN)/pytest -n 2 --dist worksteal

# The quick loop while working (about five minutes on two cores): every test but the slow
# end-to-end ones (marked `slow`: several processes, crashes and kills, playground subprocesses,
# commands run as processes, whole games through SimCord, long conformance and property runs,
# click counts over the recorded games, the benchmarks' harness, the store on a PostgreSQL
# server), without lint or typecheck; `make test` runs them all. ARGS takes pytest options
# (-x, -k …) and paths.
quick: $(STAMP)
	$(TESTS) -m "not slow" $(ARGS)

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: $(STAMP)
	$(BIN)/mypy

# Every test, the slow ones included.
unit: $(STAMP)
	$(TESTS) $(ARGS)

# Tests print nothing unless asked. The click-counting tests report the clicks a move takes,
# before and now, per game, when GRIMOIRE_PRINT_CLICKS=1 (the `clicks_report` fixture of
# tests/conftest.py prints past pytest's capture, no -s needed).
clicks: $(STAMP)
	GRIMOIRE_PRINT_CLICKS=1 $(BIN)/pytest tests/bot/tables/test_clicks_*.py

soak: $(STAMP)
	GRIMOIRE_RANDOM_GAMES=3000 GRIMOIRE_RANDOM_STEPS=1000000000 \
	GRIMOIRE_CHECKED_GAMES=200 GRIMOIRE_CHECKED_STEPS=1000000000 $(BIN)/pytest tests/games/test_conformance.py
	GRIMOIRE_BOT_KILLS=60 $(BIN)/pytest -s tests/bot/delivery/test_crash_delivery.py
	GRIMOIRE_MULTI_WORKERS=3 GRIMOIRE_MULTI_GAMES=300 GRIMOIRE_MULTI_KILLS=40 \
	GRIMOIRE_MULTI_DRAIN=600 $(BIN)/pytest -s tests/bot/test_multi_process.py

# Bring every language's catalogues in step with the code (docs/languages.md).
messages: $(STAMP)
	$(BIN)/python -m bot.words update

golden: $(STAMP)
	GRIMOIRE_UPDATE_GOLDEN=1 $(BIN)/pytest -q tests/games/test_golden.py

# Benchmarks (not part of test): writes bench/RESULTS.md and bench/results.json.
# `make bench ARGS=--quick` is a short run that leaves the recorded results alone.
bench: $(STAMP)
	$(BIN)/python -m bench $(ARGS)

# The AI's strength and the games' balance (not part of test: CPU-hours, at a fixed number of
# iterations a decision, so the host's load changes only how long it takes): plays the games
# not yet in bench/AI_STRENGTH.jsonl, appending each as it ends, so a stopped run resumes;
# rewrites bench/AI_STRENGTH.md and bench/BALANCE-*.md. Runs at the lowest priority.
# `make ai-strength ARGS="--only marginalia --jobs 2"`, `ARGS="--matchup normal/easy"`.
ai-strength: $(STAMP)
	nice -n 19 $(BIN)/python -m bench.ai_strength $(ARGS)
	nice -n 19 $(BIN)/python -m bench.ai_strength --balance $(ARGS)

clean:
	rm -rf $(VENV) .venv-lock .mypy_cache .pytest_cache .ruff_cache .hypothesis
