# mainmatch: `make run` and `make test` do all the set-up on a fresh machine.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-stamp

.PHONY: install run lint test bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e ".[test,postgres,cluster,rl]"
	touch $(STAMP)

install: $(STAMP)

HOST   ?= 127.0.0.1
PORT   ?= 8000
DEMO   ?= seat_exchange

# the host server on ./mainmatch.db with a demo match (you in one seat, bots in the others)
run: install
	$(PY) -m mainmatch.host serve --db sqlite:///mainmatch.db --host $(HOST) --port $(PORT) --demo $(DEMO)

# ruff (lint and format) over the whole tree
lint: install
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

# every test, with a throwaway PostgreSQL on loopback and Debian's Chromium (installed when missing)
test: install lint
	PY=$(PY) bash scripts/test.sh

bench: install
	$(PY) benchmarks/engine.py
	$(PY) benchmarks/server.py
	$(PY) benchmarks/simulate.py
	$(PY) benchmarks/strategy.py
	$(PY) benchmarks/replay.py
	$(PY) benchmarks/rl.py

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
