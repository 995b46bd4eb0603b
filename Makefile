# The README's two commands: `make lab` starts the kit, `make test` runs every test.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root,)

.PHONY: install lab test test-engine test-notebooks bench messages clean

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

# Message catalogs: extract every _(), N_() and pgettext() of cardkit/**/*.py, update the Spanish
# catalog (new messages appear untranslated; tests/test_i18n.py fails until they are translated),
# compile the .mo that cardkit.i18n loads.
PO := cardkit/locale/es/LC_MESSAGES/cardkit.po
messages: install
	$(VENV)/bin/pybabel extract --no-location --sort-output \
		--project=cardkit --version=0.1.0 --copyright-holder="cardkit authors" -o cardkit/messages.pot cardkit
	test -f $(PO) || $(VENV)/bin/pybabel init -i cardkit/messages.pot -d cardkit/locale -D cardkit -l es
	$(VENV)/bin/pybabel update -i cardkit/messages.pot -d cardkit/locale -D cardkit -l es \
		--ignore-obsolete
	$(VENV)/bin/pybabel compile -d cardkit/locale -D cardkit -l es --statistics

clean:
	rm -rf $(VENV)
