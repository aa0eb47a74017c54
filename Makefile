# Chargen: the whole setup is `make run` and `make test`.
SHELL := /bin/bash
.DEFAULT_GOAL := help

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PY := $(BIN)/python
STAMP := $(VENV)/.installed-$(shell sha256sum requirements.lock | cut -c1-16)
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: help run test lint types format check-chromium check-pdf check-redis screenshots lock try-deployment bench bench-compare bench-rules clean

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-14s %s\n", $$1, $$2}'

$(STAMP): requirements.lock
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --disable-pip-version-check --require-hashes -r requirements.lock
	@rm -f $(VENV)/.installed-* && touch $@

venv: $(STAMP)

# Development's signing key for rolls: made once, kept in .dev-signing-key (ignored by
# git) unless CHARGEN_SIGNING_KEY is set; production sets its own (README, "Deployment").
DEV_KEY := .dev-signing-key

$(DEV_KEY): | $(STAMP)
	@DEBUG=1 $(PY) manage.py new_signing_key > $@
	@echo "Generated a development signing key for rolls in $@ (a secret: not printed)"

run: $(STAMP) check-pdf $(DEV_KEY) ## environment, migrations, rules data, demo accounts, then serve pages and the live table's socket on http://127.0.0.1:8000 (PORT=… HOST=…)
	@if [ -z "$${CHARGEN_SIGNING_KEY:-}" ]; then echo "Rolls are signed with the development key in $(DEV_KEY)"; fi; \
	  export CHARGEN_SIGNING_KEY="$${CHARGEN_SIGNING_KEY:-$$(cat $(DEV_KEY))}" DEBUG=1 \
	    SITE_URL="$${SITE_URL:-http://$(HOST):$(PORT)}"; \
	  $(PY) manage.py migrate --noinput && \
	  $(PY) manage.py load_rules_data && \
	  $(PY) manage.py create_demo_data && \
	  $(PY) manage.py seal_logs && \
	  exec $(BIN)/uvicorn chargen.asgi:application --host $(HOST) --port $(PORT) --reload \
	    --reload-include '*.html' --reload-include '*.css' --reload-include '*.js' \
	    --reload-dir chargen --reload-dir rules --reload-dir templates --reload-dir static

# WeasyPrint renders the PDF sheets with Debian's pango; the DejaVu fonts make every machine's
# PDF the same (the sheets use the copies in static/fonts/; Noto Color Emoji prints
# an emoji in a name); the tests read the PDFs back with poppler's pdftotext.
PDF_PACKAGES := libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0 fonts-dejavu-core fonts-noto-color-emoji poppler-utils

check-pdf:
	@dpkg-query -W -f='$${Status}\n' $(PDF_PACKAGES) 2>/dev/null | grep -c 'install ok installed' \
	  | grep -qx $(words $(PDF_PACKAGES)) || { \
	  echo "Installing Debian's pango, DejaVu fonts and poppler-utils for the PDF sheets"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(PDF_PACKAGES) >/dev/null; }

check-chromium:
	@command -v chromium >/dev/null || { \
	  echo "Installing Debian's chromium for the browser tests"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; }

# The cache tests use a real Redis: started here (nothing kept on disk) when none answers.
check-redis: $(STAMP)
	@$(PY) -c "import socket; socket.create_connection(('127.0.0.1', 6379), 1)" 2>/dev/null || { \
	  command -v redis-server >/dev/null || { \
	    echo "Installing Debian's redis-server for the cache tests"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >/dev/null; }; \
	  echo "Starting redis-server on 127.0.0.1:6379 for the tests"; \
	  redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save '' --appendonly no >/dev/null && sleep 1; }

lint: $(STAMP) ## ruff check and ruff format --check
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

types: $(STAMP) ## mypy with django-stubs over the whole project
	$(BIN)/mypy

format: $(STAMP) ## rewrite the code in the house format
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

# Two workers: this is a 2-core machine, and CI's whole run must stay well under its limit.
PYTEST_WORKERS ?= 2
# Compiled modules are kept between runs (in .venv/pycache, outside the checkout) even where
# the environment sets PYTHONDONTWRITEBYTECODE: otherwise every pytest worker compiles the
# project and rewrites the asserts of every test module again, some 20 s of CPU each.
KEEP_BYTECODE := env -u PYTHONDONTWRITEBYTECODE PYTHONPYCACHEPREFIX=$(CURDIR)/$(VENV)/pycache

test: $(STAMP) check-chromium check-pdf check-redis lint types ## everything the tests need, then lint, types and every test
	$(PY) manage.py makemigrations --check --dry-run
	$(KEEP_BYTECODE) $(BIN)/pytest -p no:cacheprovider -n $(PYTEST_WORKERS) --dist worksteal $(PYTEST_ARGS); status=$$?; \
	  if [ $$status -eq 5 ]; then echo "pytest collected no tests: that is a failure"; exit 1; fi; \
	  exit $$status

screenshots: $(STAMP) check-chromium check-pdf ## refresh docs/screenshots/ and the PDF reference images (look at them before committing)
	CHARGEN_SCREENSHOTS=1 $(BIN)/pytest -p no:cacheprovider -q tests/e2e tests/chargen/pdf/test_layout.py

# The load test deploys the site on PostgreSQL and Redis (docs/benchmarks.md); the shorter
# runs: `make bench BENCH_STEPS=20,40 BENCH_HOLD=30`.
BENCH_STEPS ?= 50,100,150,200,250,300
BENCH_HOLD ?= 120
BENCH_ARGS := --steps $(BENCH_STEPS) --hold $(BENCH_HOLD)

bench: $(STAMP) check-pdf check-redis ## the load test (Locust): p95 per request type as players add up, and the capacity
	$(PY) scripts/bench.py $(BENCH_ARGS)

bench-compare: $(STAMP) check-pdf check-redis ## the same load on this checkout and on CODE_AT=commit, in one run
	@test -n "$(CODE_AT)" || { echo "Say which commit: make bench-compare CODE_AT=b91ec21"; exit 1; }
	$(PY) scripts/bench.py $(BENCH_ARGS) --code-at $(CODE_AT)

bench-rules: $(STAMP) ## the rules engine's and the odds' own speed (no server)
	$(PY) scripts/bench_rules.py
	$(PY) scripts/bench_odds.py

# requirements-prod.lock is the production install (no development tools), constrained to
# requirements.lock's versions so production runs exactly what the tests ran on.
lock: ## re-pin requirements.lock and requirements-prod.lock from pyproject.toml (needs the dev environment)
	$(BIN)/uv pip compile pyproject.toml --extra dev --generate-hashes --python-version 3.11 -o requirements.lock
	$(BIN)/uv pip compile pyproject.toml --generate-hashes --python-version 3.11 -c requirements.lock -o requirements-prod.lock

# Follows docs/deployment.md on the local PostgreSQL (user postgres, trust auth): two
# gunicorn servers, /health/, a backup restored and checked; removes all it made.
try-deployment: $(STAMP) check-pdf ## try docs/deployment.md's recipe end to end on the local PostgreSQL, then clean up
	scripts/try_deployment.sh

clean: ## remove the environment and the local database
	rm -rf $(VENV) db.sqlite3 db.sqlite3-wal db.sqlite3-shm staticfiles
