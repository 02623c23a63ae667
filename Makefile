# Two entry points a new user needs: `make play` and `make test`.
# Each creates the virtualenv it needs on first use.
PYTHON ?= python3
VENV   ?= .venv
BIN     = $(VENV)/bin
STAMP   = $(VENV)/.installed

.PHONY: play serve test lint typecheck bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e '.[dev]'
	touch $(STAMP)

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
	$(BIN)/pytest -n 2 $(ARGS)

bench: $(STAMP)
	$(BIN)/pip install -q -e '.[bench]'
	for b in benchmarks/*.py; do echo "== $$b"; $(BIN)/python $$b; done

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
