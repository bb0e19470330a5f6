# Three commands: `make run` and `make test` on a fresh machine, `make venue` on the event day.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test checks lint arch bench install browser clean messages venue venue-restore matrix fuzz
PORT ?= 8000
# The English catalogues — the engine's and page frame's (league/locale) and one per app
# (league/<app>/locale) — are compiled here, never committed (compilemessages: Debian's msgfmt).
PO := $(wildcard league/locale/en/LC_MESSAGES/django.po league/*/locale/en/LC_MESSAGES/django.po)
MO := $(VENV)/.messages

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

install: $(STAMP) $(MO)

$(MO): $(STAMP) $(PO)
	$(BIN)/python manage.py compilemessages -l en --ignore=.venv --ignore='wt-*' >/dev/null
	touch $@

# Debian's Chromium for the Playwright tests (browser downloads do not work here): its headless
# shell, which the tests run (half the CPU of the full browser per page), and the browser.
browser:
	@command -v chromium-headless-shell >/dev/null 2>&1 && command -v chromium >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && \
	    apt-get install -y -qq chromium chromium-headless-shell >/dev/null; \
	  else echo "missing: sudo apt-get install chromium chromium-headless-shell" >&2; exit 1; fi; }

run: $(STAMP) $(MO)
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py stats_rebuild --missing
	DJANGO_DEBUG=1 $(BIN)/python manage.py load_demo
	DJANGO_DEBUG=1 $(BIN)/python manage.py runserver 127.0.0.1:8000

# The event day: gunicorn on all interfaces for the hall's phones, automatic backups
# (league/venue; README "Am Veranstaltungsort").
venue: $(STAMP) $(MO)
	DJANGO_ENV=venue $(BIN)/python manage.py venue --port $(PORT)

# On another laptop: the newest backup of ./backups (or FILE=...) into this database.
venue-restore: $(STAMP) $(MO)
	DJANGO_ENV=venue $(BIN)/python manage.py venue_restore $(FILE)

lint: $(STAMP) arch
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

# The house's plan alone (tests/core/test_architecture.py): layers, no circles of files, no
# module over 700 lines, no sentence in a raise, every import inside a function named.
# Pure AST: without Django and pytest's plugins it takes about two seconds.
arch: $(STAMP)
	PYTEST_DISABLE_PLUGIN_AUTOLOAD=1 $(BIN)/pytest tests/core/test_architecture.py -q \
	  --noconftest -W ignore::pytest.PytestConfigWarning

# Two workers (pytest-xdist; WORKERS=n for another number): each has its own test database,
# cache and Chromium. A third worker buys little on two cores: the suite is bound by CPU, and
# the browser tests wait longer for Chromium when three processes want the cores (grouping them
# on one worker of three made the run 35 s longer). What every worker needs is built once per
# run and shared (tests/prebuilt.py: the demo, the demo's crawl, a migrated site database).
# worksteal hands out single tests and lets an idle worker take half of the other's queue, so
# neither waits for the other at the end.
# The checks run beside the tests, not before them: mypy (about 11 s of one core on a fresh
# clone) fills the gaps the workers leave; its report follows the tests'. The house's plan
# (make arch) is one of the tests (tests/core/test_architecture.py), so it is not run twice.
# Measured on this 2-core machine, quiet (2026-11-29, 3,230 tests): a fresh clone's make test
# (the install, 18 s, included) 4:56 and 5:00 (pytest 4:29, 4:40); again 4:37 (pytest 4:34), about
# 410 s of CPU. Three workers: 4:34, with 40 s more CPU. What brought it there (issue 30): the
# browser tests on Chromium's headless shell (the browser tests 237 -> 183 s), a save writing
# only the score lines it changed, the API's schemathesis walk at 5 examples per operation
# (40 in CI's PostgreSQL run).
WORKERS ?= 2
test: $(STAMP) $(MO) browser
	@log=$$(mktemp); $(MAKE) --no-print-directory checks > $$log 2>&1 & checks=$$!; \
	$(BIN)/pytest -n $(WORKERS) --dist worksteal; tests=$$?; \
	wait $$checks; checked=$$?; cat $$log; rm -f $$log; \
	if [ $$checked != 0 ]; then echo "make test: the checks failed (above)" >&2; fi; \
	[ $$tests = 0 ] && [ $$checked = 0 ]

# What make test checks beside the tests: ruff, mypy, migrations in step with the models.
checks: $(STAMP) $(MO)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/python manage.py makemigrations --check --dry-run

# The whole feature matrix (owner x way x rule profile x place); make test walks a slice.
matrix: $(STAMP) $(MO)
	MATRIX_FULL=1 $(BIN)/pytest tests/meet -n 2 --dist loadfile

# Each app collects its own German msgids into its catalogue (league/<app>/locale); the
# engine's texts (scoring/) and the page frame (templates/, settings) go to league/locale.
# Then compile (the .mo files are built, never committed).
APPS := $(patsubst league/%/apps.py,%,$(wildcard league/*/apps.py))
messages: $(STAMP)
	for app in $(APPS); do \
	  mkdir -p league/$$app/locale && ( cd league/$$app && \
	  DJANGO_SETTINGS_MODULE=league.settings PYTHONPATH=$(CURDIR) $(CURDIR)/$(BIN)/django-admin \
	    makemessages -l en --no-obsolete --no-location --no-wrap --ignore=migrations >/dev/null ); \
	  grep -qs '^msgid "[^"]' league/$$app/locale/en/LC_MESSAGES/django.po || rm -rf league/$$app/locale; \
	done
	$(BIN)/python manage.py makemessages -l en --no-obsolete --no-location --no-wrap \
	  --ignore=.venv --ignore=tests --ignore=bench --ignore=staticfiles --ignore='wt-*' \
	  $(foreach app,$(APPS),--ignore=league/$(app)) >/dev/null
	$(BIN)/python manage.py compilemessages -l en --ignore=.venv --ignore='wt-*'
	touch $(MO)

bench: $(STAMP) $(MO)
	$(BIN)/python bench/score_throughput.py
	$(BIN)/python bench/tournament_scale.py
	$(BIN)/python bench/load.py

clean:
	rm -rf $(VENV) db.sqlite3 .pytest_cache .mypy_cache .ruff_cache

# Schemathesis, all checks, against gunicorn on a fresh demo database: with a token, a table
# code and anonymously (bench/fuzz.py; schemathesis.toml). Not part of `make test`.
# FUZZ_EXAMPLES=N for a longer run (default 25 examples per operation).
fuzz: $(STAMP) $(MO)
	$(BIN)/python bench/fuzz.py
