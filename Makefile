# Two commands: `make book` builds the book, `make test` runs every test. Both set up
# everything first (a virtual environment from the pinned lock, headless Chromium for
# the browser check) when it is missing or stale.

PYTHON ?= python3.11
UV_VERSION := 0.13.8
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.mmperf-installed
CHROMIUM ?= /usr/bin/chromium
JOBS ?= 2
# pytest-xdist workers of `make test`; --dist loadfile keeps each notebook (its cells share one kernel)
# and each test module (its module-scoped fixtures) on one worker.
TEST_JOBS ?= 2
FORCE ?=
# Root seed of `make book` (also read from $MMPERF_SEED): another seed than the book's default
# builds a copy of the book under _build/seed-N and never touches the committed chapters.
SEED ?=
# The book's repository, linked from every page of the site (empty: no link; also $MMPERF_REPOSITORY_URL
# or `repository: url:` in _config.yml); the git remote (name or URL) `make publish` pushes the built
# site, SITE, to.
REPO_URL ?=
PUBLISH_REMOTE ?=
SITE ?= _build/html
# apt-get waits this long (seconds) for the dpkg lock another package manager holds (common right
# after a cloud machine boots) instead of failing at once, and says so first.
APT_LOCK_WAIT ?= 600
APT_GET = apt-get -o DPkg::Lock::Timeout=$(APT_LOCK_WAIT)
APT_WAIT_NOTE = echo "apt-get waits up to $(APT_LOCK_WAIT) s for the dpkg lock (/var/lib/dpkg/lock-frontend) if another package manager holds it"
# nbval in `make test` recomputes every chapter with numpy's SIMD dispatch lowered, so each run
# compares the committed outputs with ones computed on another SIMD path than the committer's.
NPY_LOWERED_DISPATCH := X86_V3 X86_V4 AVX512_ICL AVX512_SPR
export MMPERF_CHROMIUM := $(CHROMIUM)
# String hashing fixed for every kernel (the executor and nbval alike).
export PYTHONHASHSEED := 0

.PHONY: audit book test durations lint kernels env chromium ns2 validate bench clean help lab pdf chodorek-grid publish

help:
	@echo "make book   set up, execute changed chapters, build _build/html (FORCE=1 re-executes all;"
	@echo "            SEED=N or MMPERF_SEED=N builds with root seed N under _build/seed-N;"
	@echo "            REPO_URL=https://github.com/OWNER/REPO links every page to the repository)"
	@echo "make publish PUBLISH_REMOTE=origin  build, then push _build/html to the remote's gh-pages branch (ghp-import)"
	@echo "make test   set up, check the import contracts, build, then unit tests + nbval over every chapter"
	@echo "make durations  a whole make test that records each test file's seconds (the order make test runs them in)"
	@echo "            + browser check"
	@echo "make lint   the import contracts alone (lint-imports: layers, no cycle, no private module across packages)"
	@echo "make kernels  compile every numba kernel once into numba's cache (make test does it beside the build)"
	@echo "make validate  run ns-2 on every validation case -> data/validation (installs ns-2 if missing)"
	@echo "make audit  every claim under every reading and ablation (Dask) -> data/audit (AUDIT_ARGS=...)"
	@echo "make chodorek-grid  the Chodorek packet-level grid on Dask -> data/chodorek2018/packet-grid.csv"
	@echo "            (GRID_ARGS='--duration 30 --replications 5 --workers 2' or '--scheduler ADDR')"
	@echo "make bench  time every chapter and the whole build -> _build/bench.csv"
	@echo "           AGAINST=REF: each chapter at commit REF and here, alternately -> _build/bench-against.csv"
	@echo "make pdf    set up, build the whole book as one PDF (_build/pdf/book.pdf), offline"
	@echo "make lab    open the chapters in JupyterLab with the book's kernel"
	@echo "make clean  remove _build (keeps the environment)"

# The environment: created when missing, rebuilt when the lock or pyproject changes.
# --compile-bytecode: every kernel and worker imports numpy, pandas, numba, scipy and altair; uv
# writes no .pyc files, and with PYTHONDONTWRITEBYTECODE set Python never does, so without them each
# process compiled those packages from source again (2-4 s per process, measured).
$(STAMP): requirements.lock pyproject.toml
	@command -v $(PYTHON) >/dev/null || { echo "error: $(PYTHON) not found; set PYTHON=/path/to/python3.11" >&2; exit 1; }
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check uv==$(UV_VERSION)
	$(BIN)/uv pip install --quiet --compile-bytecode --python $(BIN)/python -r requirements.lock
	$(BIN)/uv pip install --quiet --python $(BIN)/python --no-deps -e .
	@touch $@

env: $(STAMP)

# Debian's Chromium for the browser check (installed when missing; needs root or sudo).
chromium:
	@if [ ! -x "$(CHROMIUM)" ]; then \
	  echo "installing Debian's chromium for the browser check"; \
	  SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
	  $(APT_WAIT_NOTE); \
	  $$SUDO $(APT_GET) update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO $(APT_GET) install -y -qq --no-install-recommends chromium fonts-dejavu-core >/dev/null; \
	fi
	@test -x "$(CHROMIUM)" || { echo "error: $(CHROMIUM) missing after install" >&2; exit 1; }

# Debian's ns-2.35, the independent oracle of the transport engine (issue #18; installed when
# missing; needs root or sudo). Only `make validate` and `make test` use it, never `make book`.
ns2:
	@if ! command -v ns >/dev/null; then \
	  echo "installing Debian's ns2 (ns-2.35) for the validation suite"; \
	  SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
	  $(APT_WAIT_NOTE); \
	  $$SUDO $(APT_GET) update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO $(APT_GET) install -y -qq --no-install-recommends ns2 >/dev/null; \
	fi
	@command -v ns >/dev/null || { echo "error: ns (ns2) missing after install" >&2; exit 1; }

# ns-2 on every validation case (validation/ns2.py), and the Ortiz paper's own configuration
# (`ordered`: data/validation/ortiz-ordered*.csv) and ns-2's defaults restored one at a time
# (`defaults`: data/validation/ns2-defaults*.{csv,json}): data/validation/<case>.csv, the delay
# quantiles and params.json, which the tests and the appendix read.
validate: $(STAMP) ns2
	$(BIN)/python validation/ns2.py $(CASES)

book: $(STAMP)
	$(BIN)/python -m mmperf.book build --jobs $(JOBS) $(if $(FORCE),--force) $(if $(SEED),--seed $(SEED)) $(if $(REPO_URL),--repository-url '$(REPO_URL)')

# The built site on the gh-pages branch of PUBLISH_REMOTE (a remote's name or a URL), Jupyter Book's
# documented way: ghp-import commits $(SITE) to the local gh-pages branch, with .nojekyll, and pushes it.
# Refused before building anything when no remote is given. The published site is the book's
# default seed, as the committed chapters are.
ifneq ($(filter publish,$(MAKECMDGOALS)),)
ifeq ($(strip $(PUBLISH_REMOTE)),)
$(error no remote to publish to: make publish PUBLISH_REMOTE=origin (a git remote's name or URL))
endif
endif
publish: SEED :=
publish: export MMPERF_SEED :=
publish: book
	@test -f "$(SITE)/index.html" || { echo "error: no built site in $(SITE) (make book builds it)" >&2; exit 1; }
	$(BIN)/ghp-import -n -p -f -r '$(PUBLISH_REMOTE)' -b gh-pages -m "Site built from $$(git rev-parse --short HEAD 2>/dev/null || echo 'an unversioned tree')" '$(SITE)'

# The import contracts of pyproject.toml ([tool.importlinter]): the layers, no import cycle, no
# private module imported from outside its package. A second; `make test` checks them first.
lint: $(STAMP)
	$(BIN)/lint-imports --no-cache --no-logo

# The tests check the committed chapters, which ran with the book's default seed.
test: SEED :=
test: export MMPERF_SEED :=
# Files run longest first (conftest.py orders them by tests/durations.json; --no-loadscope-reorder keeps
# that order instead of xdist's most-tests-first), so no long file is left for the end.
PYTEST_ALL = NPY_DISABLE_CPU_FEATURES="$(NPY_LOWERED_DISPATCH)" \
	  $(BIN)/python -m pytest -p no:cacheprovider -n $(TEST_JOBS) --dist loadfile --no-loadscope-reorder \
	  --durations=10 --doctest-modules --nbval --nbval-sanitize-with book/nbval-sanitize.cfg tests src/mmperf book
# Before the tests, beside the import contracts and the site's build: every numba kernel compiled once
# into numba's cache (a fresh clone has none, and two test workers reaching the transport engine at once
# would both compile it). SEED= keeps the sub-make's book the default seed's, as `test` wants.
TEST_SETUP = $(MAKE) --no-print-directory -j2 --output-sync=target lint book kernels SEED=
test: chromium ns2
	$(TEST_SETUP)
	$(PYTEST_ALL)

# Compile every numba kernel once into numba's on-disk cache (beside each module), in two processes.
kernels: $(STAMP)
	$(BIN)/python -m mmperf.book._kernels --jobs $(JOBS)

# Measure again the seconds each test file takes (the order `make test` runs them in): a whole `make test`.
durations: SEED :=
durations: export MMPERF_SEED :=
durations: chromium ns2
	$(TEST_SETUP)
	$(PYTEST_ALL) --record-durations tests/durations.json

# The Chodorek paper's grid on the packet-level bottleneck (issue #20), opt-in: every scenario x
# K x N on a Dask LocalCluster (or `--scheduler ADDR`), resumable; options through GRID_ARGS
# (`python -m mmperf.experiments.chodorek2018.packet_grid --help`).
# The verdict audit (issue #30), opt-in: every claim of every chapter under every reading of its
# assumptions and every ablation, over 5 seeds, on a Dask LocalCluster (or `--scheduler ADDR`),
# resumable, into data/audit/<chapter>.csv; the chapters and the scorecard read the committed files.
# AUDIT_ARGS='--chapter taylor1993 --workers 2' or '--scheduler ADDR' or '--fresh'.
audit: $(STAMP)
	$(BIN)/python -m mmperf.book audit $(AUDIT_ARGS)

chodorek-grid: $(STAMP)
	$(BIN)/python -m mmperf.experiments.chodorek2018.packet_grid $(GRID_ARGS)

bench: $(STAMP) ns2
	$(BIN)/python -m mmperf.book bench $(if $(REPEAT),--repeat $(REPEAT)) $(if $(AGAINST),--against $(AGAINST)) $(if $(ROUNDS),--rounds $(ROUNDS))

# The whole book as one PDF, printed by the same local Chromium (no network).
pdf: $(STAMP) chromium
	$(BIN)/python -m mmperf.book pdf --jobs $(JOBS) $(if $(SEED),--seed $(SEED))

# JupyterLab on the book's notebooks, with the environment's kernel (rerun a chapter interactively).
lab: $(STAMP)
	$(BIN)/jupyter lab --notebook-dir=book

clean:
	rm -rf _build
