# mmtests-plugins: native MMTests workloads and a Perl-free compare-mmtests.
#
# The tree is a set of parts. Each folder below is one part, one archive
# ($(BUILD)/lib/<part>.a); a program links its own part and those it uses:
#
#   base/                   neutral helpers: atomic files, errors, clock, fds, text
#   workloads/common/       what every workload shares (children, signals, options, main)
#   workloads/<name>/       one workload; main.cpp is the program <name>
#   harness/<name>/         what runs workloads (run-config, mitigation-matrix); main.cpp is the program
#   compare/core/           the pipeline's data (rows) and MMTests' Perl/shell value rules
#   compare/input/          reading a log tree: files, runs, machine state
#   compare/benchmarks/     the benchmarks' description: the one place that names them
#                           (log format, verdict hints, compare-kernels.sh headings,
#                           shellpack.yaml embedded)
#   compare/parsers/        benchmark log -> rows, one file per log format, and the parser table
#   compare/monitors/       monitor log -> --print-monitor tables, one file per monitor format
#   compare/stats/          rows -> samples -> MMTests' statistics
#   compare/tables/         statistics -> comparison and verdict tables
#   compare/store/          the results store: trees in (SQLite or PostgreSQL), trees and series out
#   compare/render/         tables -> text, HTML, SVG, JSON
#   compare/history/        results-store history: a metric's series, its change points, text and HTML
#   compare/load/           loading runs (tree, --from-json or --store) and the programs' shared command line
#   compare/kernels/        the compare-kernels flow: its data (model.hpp), plan, verdicts, text, HTML, JSON
#   compare/kernels/charts/ the flow's monitor charts: monitor logs -> the HTML page's charts
#                           (their types, monitor_data.hpp, sit here, below the flow's model)
#   compare/<program>/      main.cpp of compare-mmtests, compare-kernels and results-store
#                           (compare-mmtests' flow, compare_app, beside its main)
#
# USES_<part> is the one place the allowed dependencies are written: a part may
# include and link only itself and the parts listed (lowest last, so the list
# is also the link order). scripts/check-layers.sh enforces it before anything
# is compiled; a forbidden include fails the build naming the rule.
#
# Targets: `make` builds the programs only; `make test` also builds and runs
# the tests (`make unit-tests` builds them alone); `make test-vs-mmtests` runs
# the live cross-checks against an MMTests checkout; `make compdb` writes
# compile_commands.json for editors and clang tools; `make lint -j2` runs
# clang-tidy (.clang-tidy) over every source.
#
# Knobs: WERROR=1 (CI), SAN=1 (ASan+UBSan, builds into build-san/).

CXX      ?= g++
BUILD    ?= build
PREFIX   ?= /usr/local
CXXSTD   := -std=c++20
OPT      ?= -O2 -g
WARN     := -Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor -Wformat=2
# GCC 12 warns falsely about std::string assignments at -O2 (GCC PR105651).
WARN     += -Wno-restrict
ifeq ($(WERROR),1)
WARN     += -Werror
endif
ifeq ($(SAN),1)
BUILD    := build-san
OPT      := -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=undefined
# GCC 12 reports false maybe-uninitialized warnings in <regex> under ASan.
WARN     += -Wno-maybe-uninitialized
endif
# Reuse objects across build trees and clones when ccache is installed.
CCACHE   := $(shell command -v ccache 2>/dev/null)
ifneq ($(CCACHE),)
# Every compile line is relative, so the same object serves any clone: leave
# the directory (which -g records) out of ccache's key, whatever its config.
export CCACHE_NOHASHDIR := 1
export CCACHE_BASEDIR   := $(CURDIR)
endif
COMPILE   = $(CCACHE) $(CXX)
CXXFLAGS += $(CXXSTD) $(OPT) $(WARN)
LDFLAGS  += $(OPT) -Wl,--as-needed

# --- the parts and their rules ----------------------------------------------
WORKLOADS := $(sort $(patsubst workloads/%/main.cpp,%,$(wildcard workloads/*/main.cpp)))
HARNESSES := $(sort $(patsubst harness/%/main.cpp,%,$(wildcard harness/*/main.cpp)))
COMPARE_PROGS := compare-mmtests compare-kernels
STORE_PROGS   := results-store

USES_base               :=
USES_workloads/common   := base
$(foreach w,$(WORKLOADS),$(eval USES_workloads/$(w) := workloads/common base))
# A harness runs workloads as programs (it asks each binary what it reads and
# needs) and never includes one: it may use workloads/common and another
# harness. The matrix runs configs as run-config does (in a guest or after a
# reboot) and reads them with run-config's own config sourcing. --until-
# decided's looks run compare-kernels as a program over the tree (a harness
# does not see compare's headers) and print the level it reports.
USES_harness/run-config        := workloads/common base
USES_harness/mitigation-matrix := harness/run-config workloads/common base
USES_compare/core       := base
USES_compare/input      := compare/core base
USES_compare/benchmarks := compare/core base
USES_compare/parsers    := compare/benchmarks compare/input compare/core base
USES_compare/monitors   := compare/stats compare/benchmarks compare/input compare/core base
USES_compare/stats      := compare/benchmarks compare/core base
USES_compare/tables     := compare/stats compare/benchmarks compare/core base
# The results store: trees in, trees and series out (docs/results-store.md).
# It only stores: it renders nothing and parses no command line.
USES_compare/store      := compare/tables compare/parsers compare/stats compare/benchmarks compare/input compare/core base
# render draws tables; it never includes the store (history/ draws the store's series).
USES_compare/render     := compare/tables compare/stats compare/benchmarks compare/core base
USES_compare/load       := compare/render compare/store compare/tables compare/monitors compare/parsers compare/stats \
                           compare/benchmarks compare/input compare/core base
# compare-kernels' monitor charts draw monitor samples with render's charts;
# they never include the flow (the flow's model holds their types).
USES_compare/kernels/charts := compare/render compare/tables compare/monitors compare/stats compare/benchmarks \
                               compare/input compare/core base
USES_compare/kernels    := compare/kernels/charts compare/load $(USES_compare/load)
USES_compare/compare-mmtests := compare/load $(USES_compare/load)
USES_compare/compare-kernels := compare/kernels $(USES_compare/kernels)
# results-store's history: its query, change points and pages, over the store and render.
USES_compare/history    := compare/render compare/store compare/tables compare/parsers compare/stats \
                           compare/benchmarks compare/input compare/core base
USES_compare/results-store := compare/history compare/render compare/store compare/tables compare/parsers compare/stats \
                              compare/benchmarks compare/input compare/core base

# The system libraries each part calls directly.
LIBS_workloads/common        := -lpthread
LIBS_workloads/redis-zpopmin := -lhiredis
LIBS_workloads/seccomp-churn := -lseccomp
LIBS_workloads/fiolike       := -luring
# mitigation-matrix writes LAVA jobs and reads their logs (YAML).
LIBS_harness/mitigation-matrix := -lyaml-cpp
LIBS_compare/input           := -lz -llzma -lzstd
LIBS_compare/benchmarks      := -lyaml-cpp
LIBS_compare/stats           := -lpthread
LIBS_compare/render          := -lzstd
LIBS_compare/load            := -lzstd -lboost_program_options
# libpq's header sits under /usr/include/postgresql: pkg-config says where.
# libpq itself is not linked: compare/store/libpq.cpp loads it when a
# PostgreSQL store is opened (it brings 18 libraries to every start).
PQ_CFLAGS := $(shell pkg-config --cflags libpq 2>/dev/null || echo -I/usr/include/postgresql)
LIBS_compare/store           := -lsqlite3 -lcrypto
LIBS_compare/results-store   := -lboost_program_options

LIB_PARTS  := base workloads/common compare/core compare/input compare/benchmarks compare/parsers \
              compare/monitors compare/stats compare/tables compare/render compare/load compare/kernels compare/kernels/charts compare/compare-mmtests \
              compare/store compare/history $(addprefix workloads/,$(WORKLOADS)) $(addprefix harness/,$(HARNESSES))
PROG_PARTS := $(addprefix workloads/,$(WORKLOADS)) $(addprefix harness/,$(HARNESSES)) \
              $(addprefix compare/,$(COMPARE_PROGS) $(STORE_PROGS))
ALL_PARTS  := $(sort $(LIB_PARTS) $(PROG_PARTS))

# Include roots: every part sees base/ from the top; compare sees only
# compare/, workloads only workloads/ (so compare -> workloads and a workload
# -> a harness cannot compile), a harness workloads/ and harness/.
ROOTS_base      := -I.
ROOTS_compare   := -I. -Icompare -I$(BUILD)/gen
ROOTS_workloads := -I. -Iworkloads
ROOTS_harness   := -I. -Iworkloads -Iharness
ROOTS_tests     := -I. -Icompare -Iworkloads -Iharness -Itests/unit
ROOTS_bench     := $(ROOTS_compare)
roots_of = $(ROOTS_$(firstword $(subst /, ,$(1))))

part_srcs = $(filter-out %/main.cpp,$(wildcard $(1)/*.cpp))
obj       = $(patsubst %.cpp,$(BUILD)/obj/%.o,$(1))
part_lib  = $(BUILD)/lib/$(subst /,-,$(1)).a
# A program's link line: its own part, then the parts it uses, then libraries.
link_parts = $(foreach p,$(1) $(USES_$(1)),$(if $(call part_srcs,$(p)),$(call part_lib,$(p))))
link_libs  = $(sort $(foreach p,$(1) $(USES_$(1)),$(LIBS_$(p))))

# A workload that answers to more than one name (its main.cpp picks the tool
# by argv[0]): the other names are symlinks to it, so run-config and the
# shellpacks find each benchmark's binary under the benchmark's name.
ALIASES_syscall-scale := syscall-null syscall-fsbuffer
# The matrix's boot check, as the guest's /init runs it (guest_check.hpp).
ALIASES_mitigation-matrix := matrix-boot-check
ALIAS_PROGS := $(foreach w,$(WORKLOADS) $(HARNESSES),$(addprefix $(BUILD)/bin/,$(ALIASES_$(w))))
PROGS      := $(addprefix $(BUILD)/bin/,$(WORKLOADS) $(HARNESSES) $(COMPARE_PROGS) $(STORE_PROGS)) $(ALIAS_PROGS)
TEST_SRCS  := $(sort $(shell find tests/unit -name '*.cpp'))
ALL_SRCS   := $(sort $(wildcard base/*.[ch]pp $(addsuffix /*.[ch]pp,$(ALL_PARTS))))
YAMLS      := $(sort $(wildcard compare/benchmarks/*/shellpack*.yaml shellpacks/*/shellpack*.yaml))
GEN_SRC    := $(BUILD)/gen/embedded_yaml.cpp
LAYERS_OK  := $(BUILD)/layers.ok
NAMES_OK   := $(BUILD)/benchmark-names.ok
COMPARE_SRCS := $(filter compare/%,$(ALL_SRCS))
INCLUDES   := $(BUILD)/includes.txt
DEPS_OK    := $(BUILD)/build-deps.ok

.PHONY: all unit-tests deps test-deps demo bench-verdicts bench-change-points test test-vs-mmtests test-san install install-mmtests \
        clean fuzz bench-compare check-layers compdb lint FORCE
.DEFAULT_GOAL := all

# The programs only: the unit tests are built by `make test` (or unit-tests).
all: $(PROGS) $(BUILD)/bin/include-mmtests-plugins.sh
unit-tests: $(BUILD)/bin/unit-tests

# Never installs anything: a missing header names scripts/install-deps.sh.
$(DEPS_OK): scripts/check-build-deps.sh
	@mkdir -p $(@D)
	@scripts/check-build-deps.sh
	@touch $@
deps:
	scripts/install-deps.sh
test-deps:
	scripts/install-deps.sh --test

# The layering rule, checked over every source before anything compiles,
# and again only when an include line (or the set of sources) changed: the
# snapshot of them is rewritten only when it differs, so an ordinary edit
# does not rerun the check.
check-layers: $(LAYERS_OK) $(NAMES_OK)
$(INCLUDES): FORCE
	@mkdir -p $(@D)
	@{ printf '%s\n' $(ALL_SRCS); grep -H '^[[:space:]]*#[[:space:]]*include' $(ALL_SRCS) /dev/null; } > $@.tmp
	@if cmp -s $@.tmp $@; then rm -f $@.tmp; else mv $@.tmp $@; fi
$(LAYERS_OK): scripts/check-layers.sh Makefile $(INCLUDES)
	@mkdir -p $(@D)
	@scripts/check-layers.sh $(foreach p,$(ALL_PARTS),'$(p)=$(USES_$(p))')
	@touch $@
# No compare source outside compare/benchmarks/ names a benchmark: a grep,
# rerun whenever a compare source changes.
$(NAMES_OK): scripts/check-layers.sh scripts/check-benchmark-names.sh Makefile $(COMPARE_SRCS)
	@mkdir -p $(@D)
	@scripts/check-layers.sh --benchmark-names
	@touch $@

$(BUILD)/obj/%.o: %.cpp | $(DEPS_OK) $(LAYERS_OK) $(NAMES_OK) $(GEN_SRC)
	@mkdir -p $(@D)
	$(COMPILE) $(call roots_of,$<) -MMD -MP $(CXXFLAGS) -c $< -o $@

# pg_db.cpp and libpq.cpp are the only files that include libpq-fe.h.
$(BUILD)/obj/compare/store/pg_db.o $(BUILD)/obj/compare/store/libpq.o: CXXFLAGS += $(PQ_CFLAGS)

$(BUILD)/obj/gen/embedded_yaml.o: $(GEN_SRC) | $(DEPS_OK)
	@mkdir -p $(@D)
	$(COMPILE) $(ROOTS_compare) $(CXXFLAGS) -c $< -o $@

$(GEN_SRC): scripts/embed-yaml.sh $(YAMLS)
	@mkdir -p $(@D)
	scripts/embed-yaml.sh $(YAMLS) > $@.tmp && mv $@.tmp $@

# The hash of the sources that parse and check a run (and the YAML they
# read): import marks the rows it stores with it, and a --store report reads
# rows as stored only when they carry its own (compare/store/stored_rows.hpp);
# rows parsed by other sources are parsed again from the stored files.
ROWS_SOURCES   := $(sort $(wildcard base/*.[ch]pp $(addsuffix /*.[ch]pp,compare/core compare/input compare/benchmarks \
                    compare/parsers) compare/store/tree_*.[ch]pp compare/store/stored_rows.[ch]pp) $(YAMLS))
ROWS_SOURCE_ID := $(BUILD)/gen/store_rows_source.hpp
$(ROWS_SOURCE_ID): $(ROWS_SOURCES)
	@mkdir -p $(@D)
	@printf '#define MMTP_STORED_ROWS_SOURCE "%s"\n' "$$(sha256sum $(ROWS_SOURCES) | sha256sum | cut -c1-32)" > $@.tmp
	@mv $@.tmp $@
$(BUILD)/obj/compare/store/stored_rows.o $(BUILD)/fuzz/obj/compare/store/stored_rows.o \
    $(BUILD)/lint/compare/store/stored_rows.txt: $(ROWS_SOURCE_ID)

# One archive per part (the generated YAML table belongs to compare/benchmarks).
define part_archive
$(call part_lib,$(1)): $(call obj,$(call part_srcs,$(1))) $(if $(filter compare/benchmarks,$(1)),$(BUILD)/obj/gen/embedded_yaml.o)
	@mkdir -p $$(@D)
	@rm -f $$@ && ar rcs $$@ $$^
endef
$(foreach p,$(LIB_PARTS),$(eval $(call part_archive,$(p))))

define program
$(BUILD)/bin/$(notdir $(1)): $(BUILD)/obj/$(1)/main.o $(call link_parts,$(1))
	@mkdir -p $$(@D)
	$(CXX) $(LDFLAGS) $$^ $(call link_libs,$(1)) -o $$@
endef
$(foreach p,$(PROG_PARTS),$(eval $(call program,$(p))))

define alias
$(addprefix $(BUILD)/bin/,$(ALIASES_$(1))): $(BUILD)/bin/$(1)
	ln -sfn $(1) $$@
endef
$(foreach w,$(WORKLOADS) $(HARNESSES),$(if $(ALIASES_$(w)),$(eval $(call alias,$(w)))))

# The shellpacks' shared lookup, beside the binaries: a drop-in run with
# build/bin in PATH sources it from there (make install-mmtests puts it in
# MMTESTS_DIR/shellpacks/). Not executable: a file to source, not a program.
$(BUILD)/bin/include-mmtests-plugins.sh: shellpacks/include-mmtests-plugins.sh
	@mkdir -p $(@D)
	install -m 644 $< $@

ALL_LIB_ARCHIVES := $(foreach p,$(PROG_PARTS) compare/kernels,$(call link_parts,$(p)))
ALL_LIB_FLAGS    := $(sort $(foreach p,$(ALL_PARTS),$(LIBS_$(p))))
$(BUILD)/bin/unit-tests: $(call obj,$(TEST_SRCS)) $(ALL_LIB_ARCHIVES)
	@mkdir -p $(@D)
	$(CXX) $(LDFLAGS) $(call obj,$(TEST_SRCS)) -Wl,--start-group $(sort $(ALL_LIB_ARCHIVES)) -Wl,--end-group \
	    $(ALL_LIB_FLAGS) -o $@

# The verdict engine's calibration on synthetic A/B/A reports (docs/verdicts.md):
# one program from the sources of bench/verdict-calibration/.
CALIBRATION_PARTS := compare/tables compare/stats compare/benchmarks compare/core base
CALIBRATION_SRCS  := $(wildcard bench/verdict-calibration/*.cpp)
$(BUILD)/bin/verdict-calibration: $(call obj,$(CALIBRATION_SRCS)) $(foreach p,$(CALIBRATION_PARTS),$(call part_lib,$(p)))
	@mkdir -p $(@D)
	$(CXX) $(LDFLAGS) $^ $(sort $(foreach p,$(CALIBRATION_PARTS),$(LIBS_$(p)))) -o $@
# results-store history's change-point detection on synthetic series (docs/results-store.md).
CHANGE_POINT_PARTS := compare/history compare/store $(CALIBRATION_PARTS)
$(BUILD)/bin/change-point-rates: $(BUILD)/obj/bench/change_point_rates.o $(foreach p,$(CHANGE_POINT_PARTS),$(call part_lib,$(p)))
	@mkdir -p $(@D)
	$(CXX) $(LDFLAGS) $^ $(sort $(foreach p,$(CHANGE_POINT_PARTS),$(LIBS_$(p)))) -o $@
bench-change-points: $(BUILD)/bin/change-point-rates
	$(BUILD)/bin/change-point-rates
bench-verdicts: $(BUILD)/bin/verdict-calibration
	$(BUILD)/bin/verdict-calibration

# The main job on its built-in default: the quick redis-zpopmin config run by
# hand twice, then the MMTests comparison table.
demo: all
	scripts/demo.sh

# The whole suite: unit tests, the MMTests golden outputs (tests/goldens), then
# the script tests (real redis-server, strace, by-hand runs). Ends in
# "N passed, M failed, K skipped". The cross-checks that run MMTests' own
# Perl/R/shell beside ours are the next tier, test-vs-mmtests.
test: all unit-tests
	BUILD=$(BUILD) tests/run-all.sh

# The live cross-checks against an MMTests checkout (MMTESTS_SRC, found beside
# the tree when unset): tests/scripts/*/*-vs-*.sh and the drop-in runs.
test-vs-mmtests: all
	BUILD=$(BUILD) TIER=vs-mmtests tests/run-all.sh

# Unit tests and goldens once more under ASan+UBSan. Left out: the script
# tests and the [no-sanitizer] unit tests, whose children run under seccomp
# filters that kill the sanitizer runtime's own syscalls.
test-san:
	$(MAKE) SAN=1 all unit-tests
	BUILD=build-san SKIP_SCRIPTS=1 UNIT_TEST_ARGS='~[no-sanitizer]' tests/run-all.sh

# --- libFuzzer: every log parser and every reader of untrusted input -------
# Built like everything else (one archive per part), with clang and
# ASan+UBSan into $(BUILD)/fuzz/; `make fuzz` then runs each target for
# FUZZ_SECONDS (10), seeded with the golden logs and the hostile inputs of
# tests/fuzz/make-seeds.sh. Fails on any finding.
FUZZ_CXX   ?= $(firstword $(shell command -v clang++-14 clang++ 2>/dev/null))
FUZZ       := $(BUILD)/fuzz
FUZZ_FLAGS := $(CXXSTD) -g -O1 -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=undefined
# (report only for json_import, render for the charts: archives pull in what is used)
FUZZ_PARTS := compare/load compare/render compare/tables compare/stats compare/monitors compare/parsers \
              compare/benchmarks compare/input compare/core base
FUZZ_SRCS  := $(sort $(wildcard tests/fuzz/fuzz_*.cpp))
FUZZ_BINS  := $(patsubst tests/fuzz/%.cpp,$(FUZZ)/bin/%,$(FUZZ_SRCS))
FUZZ_LIBS  := $(foreach p,$(FUZZ_PARTS),$(FUZZ)/lib/$(subst /,-,$(p)).a)
# Keep the targets' objects (pattern-rule intermediates) between runs.
.SECONDARY: $(patsubst tests/fuzz/%.cpp,$(FUZZ)/obj/tests/fuzz/%.o,$(FUZZ_SRCS))

$(FUZZ)/obj/%.o: %.cpp | $(DEPS_OK) $(LAYERS_OK) $(GEN_SRC)
	@test -n "$(FUZZ_CXX)" || { echo "fuzz: clang++ not found (scripts/install-deps.sh --test installs clang-14)" >&2; exit 1; }
	@mkdir -p $(@D)
	$(CCACHE) $(FUZZ_CXX) $(ROOTS_compare) -Itests/fuzz -MMD -MP $(FUZZ_FLAGS) -fsanitize=fuzzer-no-link -c $< -o $@
$(FUZZ)/obj/gen/embedded_yaml.o: $(GEN_SRC)
	@mkdir -p $(@D)
	$(CCACHE) $(FUZZ_CXX) $(ROOTS_compare) $(FUZZ_FLAGS) -fsanitize=fuzzer-no-link -c $< -o $@
define fuzz_archive
$(FUZZ)/lib/$(subst /,-,$(1)).a: $(patsubst %.cpp,$(FUZZ)/obj/%.o,$(call part_srcs,$(1))) \
		$(if $(filter compare/benchmarks,$(1)),$(FUZZ)/obj/gen/embedded_yaml.o)
	@mkdir -p $$(@D)
	@rm -f $$@ && ar rcs $$@ $$^
endef
$(foreach p,$(FUZZ_PARTS),$(eval $(call fuzz_archive,$(p))))
$(FUZZ)/bin/%: $(FUZZ)/obj/tests/fuzz/%.o $(FUZZ_LIBS)
	@mkdir -p $(@D)
	$(FUZZ_CXX) $(FUZZ_FLAGS) -fsanitize=fuzzer $< -Wl,--start-group $(FUZZ_LIBS) -Wl,--end-group \
	    $(sort $(foreach p,$(FUZZ_PARTS),$(LIBS_$(p)))) -o $@

fuzz: $(FUZZ_BINS)
	tests/fuzz/run-fuzzers.sh $(FUZZ) $(FUZZ_BINS)

bench-compare: all
	bench/compare-speed.sh

# Installed binaries carry no debug info (development builds keep -g).
install: all
	install -d $(DESTDIR)$(PREFIX)/bin
	install -s -m 755 $(PROGS) $(DESTDIR)$(PREFIX)/bin

# Drop our binaries, shellpacks and configs into an MMTests checkout.
install-mmtests: all
	@test -n "$(MMTESTS_DIR)" || { echo "install-mmtests: set MMTESTS_DIR=/path/to/mmtests" >&2; exit 2; }
	scripts/install-mmtests.sh "$(MMTESTS_DIR)" $(BUILD)/bin

clean:
	rm -rf build build-san

# --- clang-tidy over every source (.clang-tidy says which checks) ----------
# One clang-tidy per source, as many at once as make's -j, each with the flags
# its object is compiled with. A source's findings are kept in $(BUILD)/lint/
# and it is linted again only when its object is rebuilt (a header it includes
# changed) or .clang-tidy did; scripts/lint.sh then prints every finding once
# and fails when there is one. A source that does not parse fails at once.
CLANG_TIDY ?= $(firstword $(shell command -v clang-tidy-14 clang-tidy 2>/dev/null))
LINT_SRCS  := $(sort $(filter %.cpp,$(ALL_SRCS)) $(TEST_SRCS) $(wildcard bench/*.cpp bench/*/*.cpp))
LINT_OUT   := $(patsubst %.cpp,$(BUILD)/lint/%.txt,$(LINT_SRCS))
# scripts/lint-cached.sh runs clang-tidy, or reuses its findings for the same
# preprocessed source, flags and .clang-tidy (a fresh clone lints in seconds).
LINT_CACHE ?= $(or $(XDG_CACHE_HOME),$(HOME)/.cache)/mmtests-plugins-lint
$(BUILD)/lint/%.txt: %.cpp $(BUILD)/obj/%.o .clang-tidy scripts/lint-cached.sh
	@test -n "$(CLANG_TIDY)" || { echo "lint: clang-tidy not found (scripts/install-deps.sh --test installs clang-tidy-14)" >&2; exit 1; }
	@mkdir -p $(@D)
	@CLANG_TIDY=$(CLANG_TIDY) CXX=$(CXX) MMTP_LINT_CACHE=$(LINT_CACHE) scripts/lint-cached.sh $@ $< $(call roots_of,$<) $(CXXFLAGS)
$(BUILD)/lint/compare/store/pg_db.txt $(BUILD)/lint/compare/store/libpq.txt: CXXFLAGS += $(PQ_CFLAGS)
lint: $(LINT_OUT)
	@scripts/lint.sh $(LINT_OUT)
	@find $(LINT_CACHE) -type f -mtime +30 -delete 2>/dev/null || true

# compile_commands.json: the exact command of every part, program and unit
# test source (each with its part's include roots), for clangd and clang-tidy.
compdb_entry = {"directory": "$(CURDIR)", "file": "$(1)", "command": "$(CXX) $(call roots_of,$(1)) $(CXXFLAGS) -c $(1) -o $(call obj,$(1))"}
COMPDB_SRCS  := $(sort $(filter %.cpp,$(ALL_SRCS)) $(TEST_SRCS))
compdb: $(GEN_SRC) $(ROWS_SOURCE_ID)
	$(file > compile_commands.json.tmp,[$(foreach f,$(COMPDB_SRCS),$(if $(filter-out $(firstword $(COMPDB_SRCS)),$(f)),$(comma))$(newline)$(call compdb_entry,$(f)))$(newline)])
	@mv compile_commands.json.tmp compile_commands.json
	@echo "compdb: compile_commands.json ($(words $(COMPDB_SRCS)) sources)"
comma := ,
define newline


endef

-include $(shell find $(BUILD)/obj $(BUILD)/fuzz/obj -name '*.d' 2>/dev/null)
