# Mesa: the two commands are `make run` and `make test` (see README.md).
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test test-under-load setup lint format stack bench-engines bench-bots bench-load clean

$(STAMP): requirements.txt requirements-dev.txt
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --disable-pip-version-check -r requirements-dev.txt
	touch $(STAMP)

setup: $(STAMP)

## The run command: embedded default (SQLite, in-process worker and beat).
## Static files as production serves them: compressed and hashed (docs/operations.md).
RUN_ENV := env -u REDIS_URL -u DATABASE_URL -u MESA_PRODUCTION MESA_STATIC_MANIFEST=1
run: $(STAMP)
	$(RUN_ENV) $(BIN)/python manage.py migrate --noinput -v 0
	$(RUN_ENV) $(BIN)/python manage.py collectstatic --noinput -v 0
	$(RUN_ENV) $(BIN)/python manage.py ensure_local_staff
	$(RUN_ENV) $(BIN)/daphne -b $(HOST) -p $(PORT) config.asgi:application

## The test command: lint, format check and the whole suite. The browser tests run on
## their own: Playwright's synchronous API keeps an event loop in the process that
## would break the asyncio tests sharing a worker with it.
test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/python -m pytest -n 2 --dist loadgroup -m "not browser"
	$(BIN)/python -m pytest -p no:xdist -m browser tests/browser

## The whole suite three times in a row while two CPU hogs keep both cores busy
## (scripts/under_load.sh; docs/reliability.md). Not part of `make test`.
test-under-load: $(STAMP)
	HOG_PYTHON=$(BIN)/python sh scripts/under_load.sh

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: $(STAMP)
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

## The full stack from locally installed servers: PostgreSQL, Redis, 2 daphne, worker, beat.
stack: $(STAMP)
	$(BIN)/python -m scripts.stack --daphne 2 --port $(PORT)

bench-engines: $(STAMP)
	$(BIN)/python bench/engines.py

bench-bots: $(STAMP)
	$(BIN)/python bench/bots.py

bench-load: $(STAMP)
	$(BIN)/python bench/load.py

clean:
	rm -rf var .pytest_cache .ruff_cache
