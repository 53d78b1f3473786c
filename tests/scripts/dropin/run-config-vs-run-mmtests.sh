#!/bin/bash
# One config (MMTEST_ITERATIONS=2, monitors on) run by hand with run-config
# and through MMTests' run-mmtests.sh: the two trees hold the same files,
# apart from the documented differences (run-config's mitigation snapshot:
# cmdline.txt, microcode.txt, speculation-prctl.txt, provenance.txt; and each
# iteration's boot-id, the verdict's unit), their run logs have
# the same lines up to numbers (but for the shellpack's own activity line),
# and MMTests' compare-kernels.sh reads the
# by-hand tree without "Failed to load module". Skipped without an MMTests
# checkout, or without expect (MMTests' monitors run under its unbuffer).
set -u
. "$(dirname "$0")/../../lib/dropin-prereqs.bash"
echo 'package require Expect' | tclsh >/dev/null 2>&1 || { echo "expect not installed (MMTests' unbuffer needs it)"; exit 77; }
command -v numactl >/dev/null || { echo "numactl not installed (run-mmtests.sh needs it)"; exit 77; }
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
cd "$T"
cat > config-run-config-vs <<'CFG'
export MMTESTS="pipe-pingpong"
export MMTEST_ITERATIONS=2
export RUN_MONITOR=yes
export MONITORS_ALWAYS=
export MONITORS_GZIP="proc-vmstat mpstat top"
export MONITORS_WITH_LATENCY="vmstat iostat proc-interrupts"
export MONITORS_TRACER=
export MONITOR_UPDATE_FREQUENCY=1
export PIPE_PINGPONG_LOOPS=20000
export PIPE_PINGPONG_ITERATIONS=2
export PIPE_PINGPONG_MODE=baseline
export PIPE_PINGPONG_BINDING=none
export PIPE_PINGPONG_THREADED=no
CFG
clean() { env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=${HOME:-/root} TERM=dumb LC_ALL=C ASSUME_PACKAGE_INSTALLED=yes "$@"; }

mkdir M
tar -C "$MMTESTS_SRC" --exclude=./work --exclude=./.git -cf - . | tar -C M -xf - || fail "copying $MMTESTS_SRC"
"$TOP/scripts/install-mmtests.sh" "$T/M" "$BIN" >/dev/null || fail "install-mmtests"
cp config-run-config-vs M/configs/
( cd M && clean timeout 600 ./run-mmtests.sh --config configs/config-run-config-vs R ) </dev/null >mm.log 2>&1 ||
	fail "run-mmtests.sh: $(tail -5 mm.log)"
clean "$BIN/run-config" config-run-config-vs R --work-dir H </dev/null >hand.log 2>&1 || fail "run-config: $(tail -5 hand.log)"

# Same files, but for the documented differences.
( cd M/work/log && find . -type f | sort ) > mm.files
( cd H/log && find . -type f | grep -Ev '/((cmdline|microcode|speculation-prctl|provenance)\.txt|boot-id)$' | sort ) > hand.files
diff mm.files hand.files > files.diff || fail "file lists differ (< run-mmtests.sh, > run-config):
$(cat files.diff)"
grep -c . mm.files | grep -qv '^0$' || fail "no files"
for i in 0 1; do
	for f in cmdline.txt microcode.txt speculation-prctl.txt provenance.txt boot-id; do [ -s H/log/R/iter-$i/$f ] || fail "by hand: no iter-$i/$f"; done
done

# The run logs, line for line, with numbers masked; the shellpack's own
# activity line ("pipe-pingpong-bench: bench") has no by-hand counterpart.
mask() { grep -v -- '-bench: ' "$@" | sed -E 's/[0-9]+(\.[0-9]+)?/N/g'; }
for f in mmtests-activity iter-0/tests-activity iter-1/tests-activity iter-0/tests-timestamp iter-1/tests-timestamp \
	iter-0/vmstat-pipe-pingpong.start iter-1/proc-vmstat-pipe-pingpong.start; do
	diff <(mask M/work/log/R/$f) <(mask H/log/R/$f) || fail "$f differs beyond numbers"
done
diff <(zcat M/work/log/R/iter-0/tests-sysstate.gz | grep -E '^(start|test|file|time|finish|arch|mount|/proc/mounts) ' | mask) \
     <(zcat H/log/R/iter-0/tests-sysstate.gz | grep -E '^(start|test|file|time|finish|arch|mount|/proc/mounts) ' | mask) ||
	fail "tests-sysstate sections differ"
for m in vmstat mpstat top iostat proc-interrupts proc-vmstat; do
	diff <(zcat M/work/log/R/iter-0/$m-pipe-pingpong.gz | head -1 | cut -c1-40 | mask) \
	     <(zcat H/log/R/iter-0/$m-pipe-pingpong.gz | head -1 | cut -c1-40 | mask) || fail "$m's first line differs"
done
echo "run-config and run-mmtests.sh trees match ($(wc -l < mm.files) files; by hand adds the mitigation snapshot)"

# MMTests' own compare-kernels.sh loads every module on the by-hand tree.
( cd H/log && clean "$T/M/compare-kernels.sh" ) > ck.out 2> ck.err || fail "compare-kernels.sh: $(tail -3 ck.err)"
! grep -h 'Failed to load module' ck.out ck.err || fail "compare-kernels.sh could not load a module"
grep -q '^Ops Minor Faults ' ck.out || fail "no mmtests-vmstat table (from tests-sysstate): $(head -20 ck.out)"
grep -q '^Duration Elapsed ' ck.out || fail "no duration table"
echo "compare-kernels.sh reads the by-hand tree: $(grep -c . ck.out) lines, no module failed"
