# The README's two commands: `make lab` starts the kit, `make test` runs every test.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root,)

.PHONY: install lab test test-engine test-notebooks typecheck bench messages handouts clean serve chp

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[notebooks,test,openspiel,server,hub]'
	$(PY) -m cardkit.solver.warm  # compiles the solver once (about 30 s), not in a class's first review
	touch $(STAMP)

install: $(STAMP)

lab: install
	$(VENV)/bin/jupyter lab --notebook-dir=notebooks $(ROOT_FLAG)

test: install typecheck test-engine test-notebooks test-browser

# mypy --strict over cardkit/ (settings in pyproject.toml); it must report no error.
typecheck: install
	$(PY) -m mypy --strict cardkit

# The engine suite runs on every core (pytest-xdist; TEST_JOBS=1 runs it in one process).
TEST_JOBS ?= auto
test-engine: install chp
	$(PY) -m pytest -q -n $(TEST_JOBS) --dist worksteal tests --doctest-modules cardkit

# JupyterHub's proxy (an npm package), for the test of the table server as a hub service
# (tests/test_server_hub.py). Without npm the test is skipped and says why.
CHP := build/chp/node_modules/.bin/configurable-http-proxy
chp: $(CHP)
$(CHP):
	@if command -v npm >/dev/null; then \
		npm install --silent --no-audit --no-fund --prefix build/chp configurable-http-proxy@5.3.0; \
	else echo "npm not found: the JupyterHub service test will be skipped"; fi

test-notebooks: install
	$(PY) -m pytest -q --nbval notebooks --nbval-current-env --nbval-sanitize-with tests/nbval_sanitize.cfg

# The table server: students play one table from their own devices, a projector shows it.
# SERVE_FLAGS="--host 0.0.0.0 --public-url http://THIS-MACHINE:8765/" serves a classroom network.
SERVE_FLAGS ?=
SERVE_DB ?= cardkit-tables.sqlite
serve: install
	$(PY) -m cardkit serve --db $(SERVE_DB) $(SERVE_FLAGS)

bench: install
	$(PY) benchmarks/run.py

# Classroom mode: the course served by Voila as a clean app (prose and outputs, no code cells;
# nothing fetched from the internet) on http://127.0.0.1:$(PRESENT_PORT)/, for a projector.
# `make present PRESENT_PATH=notebooks/501/06_worked_blind_contract.ipynb` shows one notebook;
# PRESENT_FLAGS=--no-browser does not open a browser. Each page view starts a kernel, which the page
# stops when its tab is closed or reloaded; a tab that goes away without closing leaves it, so
# kernels with no page attached are stopped after PRESENT_IDLE seconds idle.
# Pages open fast: Voila keeps PRESENT_POOL kernels per page that have already run the page
# (preheated kernels), and starts a new one each time one is taken. Served as a folder, only the
# start pages are preheated (PRESENT_PREHEAT, a regular expression of the pages to leave cold);
# one notebook is always preheated: for a class of 25 on one page,
# `make present PRESENT_PATH=notebooks/501/02_deal_and_auction.ipynb PRESENT_POOL=10`.
# PRESENT_POOL=0 turns preheating off. A taken kernel is replaced after PRESENT_FILL_DELAY seconds,
# so that the replacements do not slow down the pages a class opens all at once.
.PHONY: present test-browser screenshots
PRESENT_PATH ?= notebooks
PRESENT_PORT ?= 8866
PRESENT_FLAGS ?=
PRESENT_IDLE ?= 3600
PRESENT_POOL ?= 2
PRESENT_FILL_DELAY ?= 30
PRESENT_PREHEAT ?= ^(?!(.*/)?00_).*
present: install
	@echo "cardkit classroom mode: http://127.0.0.1:$(PRESENT_PORT)/ (Ctrl-C stops it)"
	JUPYTER_PATH="$(CURDIR)/classroom/share/jupyter$${JUPYTER_PATH:+:$$JUPYTER_PATH}" \
	$(VENV)/bin/voila "$(PRESENT_PATH)" --port=$(PRESENT_PORT) --Voila.ip=127.0.0.1 \
		--template=cardkit-present --MappingKernelManager.cull_interval=60 \
		--MappingKernelManager.cull_idle_timeout=$(PRESENT_IDLE) \
		$(if $(filter 0,$(PRESENT_POOL)),,--preheat_kernel=True --pool_size=$(PRESENT_POOL) \
		--VoilaKernelManager.fill_delay=$(PRESENT_FILL_DELAY) \
		'--VoilaKernelManager.preheat_denylist=["$(PRESENT_PREHEAT)"]') $(PRESENT_FLAGS)

# Real-browser tests: Voila pages driven by headless Chromium (/usr/bin/chromium). Without
# Chromium they are skipped, and the summary says why.
test-browser: install
	CARDKIT_BROWSER_TESTS=1 $(PY) -m pytest -q -rs tests/browser

# The README's screenshots (docs/screenshots/*.png), remade by the browser tests.
screenshots: install
	CARDKIT_BROWSER_TESTS=1 CARDKIT_UPDATE_SCREENSHOTS=1 $(PY) -m pytest -q -rs tests/browser

# Printable one-page handouts (docs/handouts/*.pdf, A4), filled from the engine's own numbers and
# printed by headless Chromium (/usr/bin/chromium); the HTML they are printed from sits beside them.
handouts: install
	$(PY) -m cardkit.handouts docs/handouts

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
