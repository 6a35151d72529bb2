# mainmatch: `make run` and `make test` do all the set-up on a fresh machine.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
EXTRAS := test,postgres,cluster,rl
# two installs in the one .venv, each with its stamp, both with the exact versions of
# requirements.lock (pyproject.toml keeps the loose ranges): what serving needs (make run),
# and that plus the extras for the tests, lint, benchmarks and research (everything else)
SERVE_STAMP := $(VENV)/.serve-stamp
STAMP       := $(VENV)/.installed-stamp

.PHONY: install install-serve run lint test test-fast lock bench clean exploitability

# a current pip resolves in half the time of the one venv brings; --no-compile: Python
# compiles each module when it is first imported instead (about half of make run's install)
$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip

$(SERVE_STAMP): pyproject.toml requirements.lock | $(PY)
	$(PY) -m pip install -q --no-compile -c requirements.lock -e .
	touch $(SERVE_STAMP)

# the full install holds the serving one: it stamps both. It adds the example plugin game
# (examples/plugin_game, its own package; its one dependency is mainmatch, just installed)
# so that the tests cover a game from outside src/mainmatch
PLUGIN := examples/plugin_game
$(STAMP): pyproject.toml requirements.lock $(PLUGIN)/pyproject.toml | $(PY)
	$(PY) -m pip install -q --no-compile -c requirements.lock -e ".[$(EXTRAS)]"
	$(PY) -m pip install -q --no-compile --no-deps -e $(PLUGIN)
	touch $(STAMP) $(SERVE_STAMP)

install-serve: $(SERVE_STAMP)

install: $(STAMP)

HOST   ?= 127.0.0.1
PORT   ?= 8000
DEMO   ?= seat_exchange

# the host server on ./mainmatch.db with a demo match (you in one seat, bots in the others);
# installs only what serving needs (make test adds the rest)
run: install-serve
	$(PY) -m mainmatch.host serve --db sqlite:///mainmatch.db --host $(HOST) --port $(PORT) --demo $(DEMO)

# ruff (lint and format) over the whole tree, mypy over src (its settings in pyproject.toml),
# and the import structure ([tool.importlinter] in pyproject.toml: layers, no cycles)
lint: install
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy
	$(VENV)/bin/lint-imports

# every test, with a throwaway PostgreSQL on loopback and Debian's Chromium (installed when missing)
test: install lint
	PY=$(PY) bash scripts/test.sh

# the edit loop: lint, then every test but the slow ones, on every core, first failure stops
test-fast: install
	$(VENV)/bin/ruff check .
	$(PY) -m pytest -q -x -m "not slow" -n auto -p no:cacheprovider

# requirements.lock from a fresh resolution of pyproject.toml's ranges (run after changing them)
LOCKVENV := /tmp/mainmatch-lock-venv
lock:
	rm -rf $(LOCKVENV)
	$(PYTHON) -m venv $(LOCKVENV)
	$(LOCKVENV)/bin/python -m pip install -q ".[$(EXTRAS)]"
	{ sed -n '/^#/p' requirements.lock; \
	  $(LOCKVENV)/bin/python -m pip freeze --exclude-editable | grep -iv '^mainmatch[= ]'; \
	} > requirements.lock.new
	mv requirements.lock.new requirements.lock
	rm -rf $(LOCKVENV)

bench: install
	$(PY) benchmarks/engine.py
	$(PY) benchmarks/server.py
	$(PY) benchmarks/commands.py
	$(PY) benchmarks/simulate.py
	$(PY) benchmarks/strategy.py
	$(PY) benchmarks/replay.py
	$(PY) benchmarks/rl.py
	if command -v valgrind >/dev/null; then $(PY) benchmarks/instructions.py; else echo "benchmarks/instructions.py skipped: no valgrind"; fi

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis

# the shipped strategy bot's exploitability per game (src/mainmatch/bots/exploitability.json,
# quoted by simulate, sweep and search): `mainmatch balance GAME --check strategy` for each game
EXPLOIT_BUDGET ?= 10000
EXPLOIT_GAMES  ?= amalgamation homeostasis mvp seat_exchange second_to_won
exploitability: install
	for g in $(EXPLOIT_GAMES); do \
	  $(VENV)/bin/mainmatch balance $$g --check strategy --budget $(EXPLOIT_BUDGET) --seed 0 -w 1 -q \
	    --store-exploitability src/mainmatch/bots/exploitability.json > /dev/null || exit 1; \
	done
