# The README's two commands: `make lab` starts the kit, `make test` runs every test.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root,)

.PHONY: install lab test test-engine test-notebooks bench clean

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[notebooks,test]'
	touch $(STAMP)

install: $(STAMP)

lab: install
	$(VENV)/bin/jupyter lab --notebook-dir=notebooks $(ROOT_FLAG)

test: install test-engine test-notebooks

test-engine: install
	$(PY) -m pytest -q tests --doctest-modules cardkit

test-notebooks: install
	$(PY) -m pytest -q --nbval notebooks --nbval-current-env --nbval-sanitize-with tests/nbval_sanitize.cfg

bench: install
	$(PY) benchmarks/run.py

clean:
	rm -rf $(VENV)
