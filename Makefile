# Two commands for a newcomer: `make run` (the site on SQLite) and `make test` (the whole suite).
# Both create the virtual environment and install what they need on first use.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
HOST   ?= 127.0.0.1
PORT   ?= 8000
WORKERS ?= $(shell $(PYTHON) -c 'import os; print(os.cpu_count() or 1)' 2>/dev/null || echo 1)

.PHONY: run test lint bench install translations migrate load clean

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys, venv, ensurepip; sys.exit(sys.version_info < (3, 11))' 2>/dev/null || { \
	  echo "Needs Python 3.11+ with venv (on Debian/Ubuntu: apt-get install python3-venv)." >&2; exit 1; }
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check ".[dev]"
	$(BIN)/python -m pip install --quiet --disable-pip-version-check --no-deps "matplotlib-fontja==1.1.0"
	rm -rf build *.egg-info
	touch $(STAMP)

install: $(STAMP)
	$(BIN)/python manage.py compile_translations

translations: $(STAMP)
	$(BIN)/python manage.py compile_translations

migrate: translations
	$(BIN)/python manage.py migrate --noinput

load: migrate
	$(BIN)/python manage.py load_bundled
	$(BIN)/python manage.py load_sample_decks

run: load
	@# The background workers (big prints, simulations) run beside the web server and stop with it: as many
	@# worker processes as cores (WORKERS=n to choose), so one simulation's pieces spread over every core.
	@echo "starting $(WORKERS) background worker(s) (WORKERS=n make run to change)"
	@pids=""; for n in $$(seq 1 $(WORKERS)); do \
	  DEBUG=$${DEBUG:-1} $(BIN)/python manage.py db_worker --no-reload --interval 0.2 --worker-id "$$(hostname)-w$$n" & pids="$$pids $$!"; \
	done; \
	trap 'kill $$pids 2>/dev/null' EXIT INT TERM; \
	DEBUG=$${DEBUG:-1} $(BIN)/python manage.py runserver $(HOST):$(PORT)

lint: $(STAMP)
	$(BIN)/ruff check .

test: translations lint
	$(BIN)/python -m pytest $(PYTEST_ARGS)

bench: translations
	$(BIN)/python bench/run.py

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .ruff_cache
