# lcb_lab — developer entry points.
#
#   make lab    set up .venv (the package + its `lab` extra) and open the sandbox
#               (JupyterLab on notebooks/00_start_here.ipynb)
#   make test   set up .venv (with test extras + Chromium) and run every test and notebook,
#               on every core (pytest-xdist)
#   make fuzz   the random-play and property tests at length (LCB_FUZZ=1)
#   make bench  the benchmarks (benchmarks/run.py; make bench-browser: benchmarks/browser.py)
#   make screenshots  rewrite docs/screenshots/*.png (JupyterLab in Chromium, scripts/screenshots.py)
#
# VENV and PYTHON can be overridden, e.g. `VENV=/tmp/v make test`.

PYTHON   ?= python3
VENV     ?= .venv
VPY      := $(VENV)/bin/python
NOTEBOOK ?= notebooks/00_start_here.ipynb
PYTEST_ARGS ?=
# pytest-xdist workers for `make test` / `make test-fast` / `make fuzz` (auto: one per core; 0: no xdist).
# --dist loadfile: every test runs with the rest of its file (a notebook's cells stay in order, in one
# kernel), and tests/conftest.py makes all browser tests one unit (one server and one Chromium at a
# time), handed out first.
PYTEST_WORKERS ?= auto
XDIST := -n $(PYTEST_WORKERS) --dist loadfile --no-loadscope-reorder
LAB_ARGS ?=

# Quiet pip.  (BokehJS reaches notebooks and Voila inside the lab's widgets, offline:
# lcb_lab/ui/lab/bokehjs.py; no BOKEH_RESOURCES needed.)
export PIP_DISABLE_PIP_VERSION_CHECK := 1

# JupyterLab refuses to run as root unless told to.
ALLOW_ROOT := $(if $(filter 0,$(shell id -u)),--allow-root,)

# Stamp files make re-runs quick: reinstall only when pyproject.toml changes
# (or the venv is new). `lab` = the package + JupyterLab, Voila and the widget
# front end; `test` = `lab` + the test tools (pyproject.toml's extras).
STAMP_RUN  := $(VENV)/.lcb_lab-installed
STAMP_TEST := $(VENV)/.lcb_lab-installed-test

.PHONY: help lab voila test test-fast fuzz bench bench-readme bench-browser bench-strength notebooks golden rule-index screenshots venv install install-test chromium clean

help:
	@echo "make lab         set up $(VENV) and open JupyterLab on $(NOTEBOOK) (extra args: LAB_ARGS=...)"
	@echo "make voila       set up $(VENV) and open the lab alone as a Voila app, offline ($(VENV)/bin/lcb-lab voila)"
	@echo "make test        set up $(VENV) (+ test extras, Chromium) and run every test and notebook (nbval), on every core"
	@echo "make test-fast   like 'make test' but skip the real-browser tests"
	@echo "make fuzz        the random-play and property tests at length (LCB_FUZZ=1; 'make test' runs them short)"
	@echo "make bench       the Python-side benchmarks (benchmarks/run.py, a minute or two; figures, not a gate)"
	@echo "make bench-readme  a full benchmark run (~4 min) that rewrites the figures block of benchmarks/README.md"
	@echo "make bench-browser  the click latencies in a real browser (benchmarks/browser.py, ~8 min)"
	@echo "make bench-strength  the opponents' strength (benchmarks/strength.py; long: STRENGTH_ARGS='--games 20 --budget 0.1')"
	@echo "make notebooks   re-run notebooks/*.ipynb and store their text outputs (what nbval compares)"
	@echo "make rule-index  rewrite docs/rule_index.md from the docstrings of lcb_lab/ (tools/rule_index.py)"
	@echo "make golden      rewrite the golden transcripts in tests/golden/ (after an intended change)"
	@echo "make screenshots rewrite docs/screenshots/*.png (JupyterLab in Chromium at 1920x1080 and 1366x768)"
	@echo "make install     pip install -e '.[lab]' into $(VENV) (only when pyproject.toml changed)"
	@echo "make chromium    make sure Debian chromium is installed (scripts/ensure_chromium.sh)"
	@echo "make clean       remove test artefacts and install stamps (keeps $(VENV))"

venv: $(VPY)

$(VPY):
	$(PYTHON) -m venv $(VENV)

install: $(STAMP_RUN)

$(STAMP_RUN): pyproject.toml | $(VPY)
	$(VPY) -m pip install -e '.[lab]'
	@touch $@

install-test: $(STAMP_TEST)

$(STAMP_TEST): pyproject.toml | $(VPY)
	$(VPY) -m pip install -e '.[test]'
	@touch $@ $(STAMP_RUN)

chromium:
	bash scripts/ensure_chromium.sh

voila: $(STAMP_RUN)
	$(VENV)/bin/lcb-lab voila $(LAB_ARGS)

# JupyterLab's Voila preview gets the same offline template as `lcb-lab voila` (binder/start does the same).
lab: $(STAMP_RUN)
	eval "$$($(VPY) -c 'from lcb_lab.ui.lab.voila_app import shell_exports; print(shell_exports())')" && \
	$(VENV)/bin/jupyter lab --ServerApp.root_dir="$(CURDIR)" --LabApp.default_url=/lab/tree/$(NOTEBOOK) $(ALLOW_ROOT) $(LAB_ARGS)

# One pytest run over pyproject's testpaths -- tests/ (unit and browser tests) and
# notebooks/ (nbval: every notebook run, its outputs compared with the stored ones) --
# so the closing summary line counts everything.  The random-play and property tests (marker
# `fuzz`) run short here; `make fuzz` runs them long.
# pytest exit code 5 ("no tests collected") is reported and fails the target.
test: $(STAMP_TEST) chromium
	@rc=0; $(VPY) -m pytest $(XDIST) --durations=30 $(PYTEST_ARGS) || rc=$$?; \
	if [ $$rc -eq 5 ]; then echo "make test: pytest collected no tests -- failing" >&2; fi; \
	exit $$rc

test-fast: $(STAMP_TEST)
	@rc=0; $(VPY) -m pytest $(XDIST) -m "not browser" $(PYTEST_ARGS) || rc=$$?; \
	if [ $$rc -eq 5 ]; then echo "make test-fast: pytest collected no tests -- failing" >&2; fi; \
	exit $$rc

# The tests marked `fuzz` with LCB_FUZZ=1: ten times the seeds, hypothesis examples and random
# states (tests/budget.py); several minutes.  The indistinguishable-worlds property plays at least
# LCB_FUZZ_STEPS random steps (default 100000; tests/engine/test_indistinguishable_worlds.py) and
# prints its counts (also in test-results/indistinguishable_worlds.txt).
fuzz: $(STAMP_TEST)
	@rc=0; LCB_FUZZ=1 $(VPY) -m pytest $(XDIST) -m fuzz $(PYTEST_ARGS) || rc=$$?; \
	if [ $$rc -eq 5 ]; then echo "make fuzz: pytest collected no tests -- failing" >&2; fi; \
	exit $$rc

# The benchmarks report figures against targets; they do not gate (benchmarks/README.md).
# `make test` runs `benchmarks/run.py --quick` once (tests/test_benchmarks_smoke.py).
bench: $(STAMP_TEST)
	$(VPY) benchmarks/run.py $(BENCH_ARGS)

# make bench-readme: a full run (figures 19-20 at their 10,000 runs on a LocalCluster) that rewrites the
# figures block of benchmarks/README.md.
bench-readme: $(STAMP_TEST)
	$(VPY) benchmarks/run.py --write-readme

bench-browser: $(STAMP_TEST) chromium
	$(VPY) benchmarks/browser.py $(BENCH_ARGS)

# make bench-strength: the opponents' pairings (random vs greedy, greedy vs search), seats swapped,
# 1,000 games of random vs greedy (cheap), 200 of greedy vs search at 1 s CPU a search decision, every core
# (docs/opponents.md); STRENGTH_ARGS to change.
STRENGTH_ARGS ?= --pairings random:greedy:1000,greedy:search
bench-strength: $(STAMP_TEST)
	$(VPY) benchmarks/strength.py $(STRENGTH_ARGS)

# Re-execute every notebook (seeds fixed: the same text each run) and store its text outputs,
# the way nbval compares them (tools/run_notebooks.py; NOTEBOOKS=... for a few).
notebooks: $(STAMP_TEST)
	$(VPY) tools/run_notebooks.py $(NOTEBOOKS)

# docs/rule_index.md: rule number -> the modules and functions whose docstrings cite it
# (tools/rule_index.py reads the docstrings with ast; tests/engine/test_source_maps.py runs --check).
rule-index:
	$(PYTHON) tools/rule_index.py

# Every game's golden transcripts (tests/engine/test_golden.py, tests/archipelago/test_golden.py compare them).
golden: $(STAMP_RUN)
	$(VPY) -m lcb_lab golden --regen

# The README's screenshots: JupyterLab in the system Chromium, the same servers and clicks as the
# browser tests (scripts/screenshots.py).
screenshots: $(STAMP_TEST) chromium
	$(VPY) scripts/screenshots.py

clean:
	rm -rf test-results .pytest_cache .hypothesis $(STAMP_RUN) $(STAMP_TEST)
