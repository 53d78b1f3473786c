# mmtests-plugins: native MMTests workloads and a Perl-free compare-mmtests.
#
# Layout the rules below rely on (no per-directory makefiles):
#   <area>/<prog>/main.cpp   a program; it becomes $(BUILD)/bin/<prog>
#   any other .cpp file      library code, linked into every program and the tests
#   tests/unit/*.cpp         Catch2 unit tests -> $(BUILD)/bin/unit-tests
#   tests/fuzz/*.cpp         libFuzzer targets (make fuzz, needs clang)
#   */shellpack.yaml         embedded into the binaries (one source of truth for
#                            how compare-mmtests summarises each benchmark)
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
CPPFLAGS += -Icompare -Iworkloads -I$(BUILD)/gen -MMD -MP
CXXFLAGS += $(CXXSTD) $(OPT) $(WARN)
LDFLAGS  += $(OPT) -Wl,--as-needed
LDLIBS   += -lboost_program_options -lyaml-cpp -lzstd -lz -llzma -lhiredis -lseccomp -luring -lpthread

PROG_MAINS := $(sort $(wildcard compare/*/main.cpp workloads/*/main.cpp))
PROGS      := $(foreach m,$(PROG_MAINS),$(BUILD)/bin/$(notdir $(patsubst %/,%,$(dir $(m)))))
LIB_SRCS   := $(filter-out %/main.cpp,$(sort $(wildcard compare/*/*.cpp workloads/*/*.cpp)))
TEST_SRCS  := $(sort $(wildcard tests/unit/*.cpp))
YAMLS      := $(sort $(wildcard compare/benchmarks/*/shellpack*.yaml shellpacks/*/shellpack*.yaml))
GEN_SRC    := $(BUILD)/gen/embedded_yaml.cpp

obj = $(patsubst %.cpp,$(BUILD)/obj/%.o,$(1))
LIB_OBJS   := $(call obj,$(LIB_SRCS)) $(BUILD)/obj/gen/embedded_yaml.o
LIB        := $(BUILD)/lib/libplugins.a

.PHONY: all deps test-deps demo test test-san install install-mmtests clean fuzz bench-compare
.DEFAULT_GOAL := all
# Keep the programs' main.o files (pattern-rule intermediates) between runs.
.SECONDARY:

all: $(BUILD)/.deps-ok $(PROGS) $(BUILD)/bin/unit-tests

# Install what is missing once; the stamp keeps `make` from asking dpkg every time.
$(BUILD)/.deps-ok: scripts/install-deps.sh
	@mkdir -p $(@D)
	scripts/install-deps.sh
	@touch $@
deps:
	scripts/install-deps.sh
test-deps:
	scripts/install-deps.sh --test

$(BUILD)/obj/%.o: %.cpp | $(BUILD)/.deps-ok
	@mkdir -p $(@D)
	$(CXX) $(CPPFLAGS) $(CXXFLAGS) -c $< -o $@

$(BUILD)/obj/gen/embedded_yaml.o: $(GEN_SRC)
	@mkdir -p $(@D)
	$(CXX) $(CPPFLAGS) $(CXXFLAGS) -c $< -o $@

$(GEN_SRC): scripts/embed-yaml.sh $(YAMLS)
	@mkdir -p $(@D)
	scripts/embed-yaml.sh $(YAMLS) > $@.tmp && mv $@.tmp $@

$(LIB): $(LIB_OBJS)
	@mkdir -p $(@D)
	@rm -f $@ && ar rcs $@ $^

$(BUILD)/bin/%: $(BUILD)/obj/compare/%/main.o $(LIB)
	@mkdir -p $(@D)
	$(CXX) $(LDFLAGS) $^ $(LDLIBS) -o $@
$(BUILD)/bin/%: $(BUILD)/obj/workloads/%/main.o $(LIB)
	@mkdir -p $(@D)
	$(CXX) $(LDFLAGS) $^ $(LDLIBS) -o $@

$(BUILD)/bin/unit-tests: $(call obj,$(TEST_SRCS)) $(LIB)
	@mkdir -p $(@D)
	$(CXX) $(LDFLAGS) $^ $(LDLIBS) -o $@

# The main job on its built-in default: the quick redis-zpopmin config run by
# hand twice, then the MMTests comparison table.
demo: all
	scripts/demo.sh

# The whole suite: unit tests, the MMTests golden outputs, then the script
# tests (real redis-server, strace, drop-in trees). Ends in "N passed, M failed".
test: all
	BUILD=$(BUILD) tests/run-all.sh

# Unit tests and goldens once more under ASan+UBSan. Left out: the script
# tests and the [no-sanitizer] unit tests, whose children run under seccomp
# filters that kill the sanitizer runtime's own syscalls.
test-san:
	$(MAKE) SAN=1 all
	BUILD=build-san SKIP_SCRIPTS=1 UNIT_TEST_ARGS='~[no-sanitizer]' tests/run-all.sh

fuzz:
	tests/fuzz/build-and-run.sh $(BUILD)

bench-compare: all
	bench/compare-speed.sh

install: all
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 755 $(PROGS) $(DESTDIR)$(PREFIX)/bin

# Drop our binaries, shellpacks and configs into an MMTests checkout.
install-mmtests: all
	@test -n "$(MMTESTS_DIR)" || { echo "install-mmtests: set MMTESTS_DIR=/path/to/mmtests" >&2; exit 2; }
	scripts/install-mmtests.sh "$(MMTESTS_DIR)" $(BUILD)/bin

clean:
	rm -rf build build-san

-include $(shell find $(BUILD)/obj -name '*.d' 2>/dev/null)
