# The two entry points a new user needs: `make run` (the web table) and `make test`.
# Each creates the virtualenv it needs on first use. `make play` is the terminal game.
PYTHON ?= python3
VENV   ?= .venv
BIN     = $(VENV)/bin
STAMP   = $(VENV)/.installed

.PHONY: run play serve test check lint typecheck bench fuzz clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e '.[dev]'
	touch $(STAMP)

run: serve

play: $(STAMP)
	$(BIN)/contractbridge play $(ARGS)

serve: $(STAMP)
	$(BIN)/contractbridge serve $(ARGS)

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks

typecheck: $(STAMP)
	$(BIN)/mypy

test: $(STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/mypy
	$(BIN)/pytest -n 2 --dist loadgroup $(ARGS)

# the fast part, to run often: lint, types and every test not marked slow (under 90 s here);
# `make test` runs everything and is what CI runs
check: $(STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/mypy
	$(BIN)/pytest -n 2 --dist loadgroup -m "not slow" $(ARGS)

# the API fuzzer at length (CI runs 25 examples per route; this, 2,000: about 7 minutes here;
# no per-test time limit, since one route alone may take longer than the suite allows a test)
fuzz: $(STAMP)
	CB_FUZZ_EXAMPLES=$${CB_FUZZ_EXAMPLES:-2000} $(BIN)/pytest --timeout=0 tests/test_server_fuzz.py

bench: $(STAMP)
	$(BIN)/pip install -q -e '.[bench]'
	for b in benchmarks/*.py; do echo "== $$b"; $(BIN)/python $$b; done

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
