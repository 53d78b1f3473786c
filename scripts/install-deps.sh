#!/bin/bash
# install-deps.sh - install what mmtests-plugins needs on Debian 12, and nothing
# that is already there. Called by `make deps` (and by `make` when a header or
# tool is missing). Pass --test to also install what the test suite runs against
# (redis-server, strace, the reference tools for the benchmark scripts), and
# --lava for lava-run (mitigation-matrix's LAVA backend and its test).
set -euo pipefail

# Build tools and libraries, plus redis-server, which the main job
# (redis-zpopmin) starts for every run, and gawk: MMTests' parse-results
# scripts, which compare runs for benchmarks it does not parse natively, are
# written for it (schbench's does not compile under Debian's default mawk).
BUILD_PKGS="g++ make pkg-config libhiredis-dev libseccomp-dev libboost-program-options-dev
 libboost-dev libyaml-cpp-dev nlohmann-json3-dev libzstd-dev zlib1g-dev liblzma-dev
 liburing-dev catch2 xz-utils time redis-server procps sysstat gawk libsqlite3-dev libpq-dev libssl-dev"
# ccache: the Makefile compiles through it when present, so a second build of
# the same sources (another clone, CI after a session, make test-san's
# objects again) costs a link, not a compile.
BUILD_PKGS="$BUILD_PKGS ccache"
# Servers and tools that the tests start for real, and the reference tools the
# benchmark scripts compare against. postgresql: the server the store's
# PostgreSQL tests initialise in a temp dir. python3: a few script tests read JSON and HTML with it.
# procps and sysstat: run-config's monitors (vmstat, top, mpstat, iostat); expect and
# numactl: MMTests' own run-mmtests.sh with monitors, which a test compares against.
# qemu-system-x86 and busybox-static: mitigation-matrix's qemu backend boots a
# guest per iteration with a busybox initramfs (tests/scripts/matrix).
# clang-tidy-14: make lint (.clang-tidy).
# The rest: what MMTests' own compare-mmtests.pl needs, which the live
# cross-checks run beside ours (its Perl modules, and R for its significance
# and bootstrap rows; without R its tables differ from ours on purpose).
TEST_PKGS="clang-tidy-14 python3 sqlite3 postgresql redis-server redis-tools strace stress-ng fio linux-perf expect numactl util-linux qemu-system-x86 busybox-static clang-14 libclang-rt-14-dev chromium
 libyaml-pp-perl libfile-which-perl libfile-slurp-perl libjson-perl libcpanel-json-xs-perl r-base-core"

# lava-dispatcher: lava-run runs a LAVA job here without a server
# (tests/scripts/matrix/matrix-lava.sh). Its own flag: 136 packages, 211 MB,
# and newer systemd/udev packages, which a plain --test should not pull in.
LAVA_PKGS="lava-dispatcher"

want="$BUILD_PKGS"
for arg in "$@"; do
	case $arg in
	--test) want="$want $TEST_PKGS" ;;
	--lava) want="$want $LAVA_PKGS" ;;
	*) echo "install-deps: unknown option $arg (--test, --lava)" >&2; exit 2 ;;
	esac
done

missing=()
for p in $want; do
	[[ $(dpkg-query -W -f='${Status}' "$p" 2>/dev/null) == "install ok installed" ]] || missing+=("$p")
done
if [[ ${#missing[@]} -eq 0 ]]; then
	exit 0
fi
echo "install-deps: installing ${missing[*]}" >&2
SUDO=
[[ $(id -u) -eq 0 ]] || SUDO=sudo
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
