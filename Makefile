# mainmatch: `make run` and `make test` do all the set-up on a fresh machine.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-stamp

.PHONY: install run test bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e ".[test,postgres,cluster]"
	touch $(STAMP)

install: $(STAMP)

run: install
	$(VENV)/bin/mainmatch demo

test: install
	$(PY) -m pytest -q

bench: install
	$(PY) benchmarks/engine.py

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
