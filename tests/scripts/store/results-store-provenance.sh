#!/bin/bash
# A tree measured under emulation says so after a trip through the store:
# each run's provenance.txt (what run-config and the matrix write: measured-on,
# the CPU) is kept with the run's machine state, and compare-kernels --store
# prints the same "Measured on:" line and the verdict's emulation warning as
# it does from the tree.
set -uo pipefail
: "${BIN:?}"
TOP=${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}
GOLDENS=${GOLDENS:-$TOP/tests/goldens}
fail() { echo "FAIL: $*"; exit 1; }
mkdir tree
for pair in base:v7.1.3-first cand:v7.3; do
	cp -a "$GOLDENS/cases/redis-basic/log/${pair#*:}" "tree/${pair%%:*}"
	printf 'measured-on: TCG emulation (qemu)\nqemu: QEMU emulator version 7.2.22\nqemu-cpu: EPYC-Rome\ncpu-model: AMD EPYC-Rome Processor\ncpu-vendor: AuthenticAMD\n' \
		> "tree/${pair%%:*}/iter-0/provenance.txt"
done
"$BIN/compare-kernels" -C tree > from-tree.txt 2> err.txt || fail "compare-kernels -C: exit $?: $(cat err.txt)"
grep -q '^Measured on: TCG emulation (qemu), AMD EPYC-Rome Processor' from-tree.txt ||
	fail "the tree's report has no Measured on line: $(head -20 from-tree.txt)"
"$BIN/results-store" import tree --store store.db --machine guest > import.txt 2>&1 || fail "import: $(cat import.txt)"
"$BIN/compare-kernels" --store store.db --machine guest > from-store.txt 2> err.txt ||
	fail "compare-kernels --store: exit $?: $(cat err.txt)"
for want in '^Measured on: TCG emulation \(qemu\), AMD EPYC-Rome Processor' 'timings under emulation \(TCG\)'; do
	grep -Eq "$want" from-store.txt || fail "the store's report lacks '$want': $(head -30 from-store.txt)"
done
[ "$(grep -c 'emulation' from-store.txt)" = "$(grep -c 'emulation' from-tree.txt)" ] ||
	fail "the store's report says emulation $(grep -c emulation from-store.txt) times, the tree's $(grep -c emulation from-tree.txt)"
echo "ok: the store keeps where each run was measured, and its report says TCG as the tree's does"
