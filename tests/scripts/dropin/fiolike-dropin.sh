#!/bin/bash
# fiolike drops into MMTests and runs by hand:
#   1. run-dropin.sh runs shellpacks/fiolike with a shrunk copy of
#      configs/config-io-fiolike-rw70 twice (A, B), with a second pattern in
#      FIO_IO_PATTERNS; compare-mmtests.pl must print kb/sec rows for the
#      read and write side of both jobs, and each run's fio.log must hold
#      one line per job (the binary owns the loop; the shellpack must not
#      loop again);
#   2. build/bin/run-config runs the same config without MMTests and
#      compare-mmtests (ours) reads the log tree.
# run-dropin scrubs the environment to PATH/HOME, so build/bin goes on PATH.
set -u
BIN=${BIN:-$TOP/build/bin}
SHARED=${SHARED:-/work/shared}
MMTESTS_SRC=${MMTESTS_SRC:-/work/mmtests-src}
[[ -x $SHARED/tools/run-dropin.sh ]] || { echo "no $SHARED/tools/run-dropin.sh"; exit 77; }
[[ -d $MMTESTS_SRC ]] || { echo "no MMTests checkout at $MMTESTS_SRC"; exit 77; }
work=$(mktemp -d /tmp/fiolike-dropin.XXXXXX)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

cfg=$work/config-io-fiolike-rw70-small
sed -e 's/^export FIO_SIZE=.*/export FIO_SIZE=16m/' \
    -e 's/^export FIO_RUNTIME=.*/export FIO_RUNTIME=1/' \
    -e 's/^export FIO_RAMP_TIME=.*/export FIO_RAMP_TIME=0/' \
    -e 's/^export MMTEST_ITERATIONS=.*/export MMTEST_ITERATIONS=1/' \
    -e 's/^export FIO_IO_PATTERNS=.*/export FIO_IO_PATTERNS="randrw randread"/' \
    "$TOP/configs/config-io-fiolike-rw70" > "$cfg"
grep -q '^export FIO_SIZE=16m' "$cfg" && grep -q '^export FIO_IO_PATTERNS="randrw randread"' "$cfg" ||
	fail "could not shrink the config"

PATH=$BIN:$PATH DROPIN_TMPDIR=$work "$SHARED/tools/run-dropin.sh" "$MMTESTS_SRC" "$TOP/shellpacks/fiolike" \
	"$cfg" A B > "$work/dropin.out" 2>&1 || { tail -30 "$work/dropin.out"; fail "run-dropin failed"; }
for side in read write; do
	grep -Eq "^Hmean +kb/sec-io_uring-randrw70-4k-j1-qd32-$side +[1-9]" "$work/dropin.out" \
		|| { cat "$work/dropin.out"; fail "no Hmean kb/sec $side row in compare-mmtests.pl output"; }
done
grep -Eq "^Hmean +kb/sec-io_uring-randread-4k-j1-qd32-read +[1-9]" "$work/dropin.out" \
	|| { cat "$work/dropin.out"; fail "no Hmean kb/sec row for the second pattern (randread)"; }
for run in A B; do
	n=$(zcat -f "$work"/mmtests-dropin-fiolike-*/mmtests/work/log/$run/iter-0/fiolike/logs/fio.log* | wc -l)
	[ "$n" -eq 2 ] || fail "run $run: $n terse lines in fio.log, want 2 (one per pattern)"
done
echo "ok: MMTests ran fiolike twice and compared $(grep -c 'kb/sec' "$work/dropin.out") kb/sec rows"
# nothing left in MMTests' data dir
tree=$(ls -d "$work"/mmtests-dropin-fiolike-*/mmtests)
left=$(find "$tree/work" -name '*.0.0' 2>/dev/null)
[[ -z $left ]] || fail "job files left in the MMTests tree: $left"

# by hand
if [[ -x $BIN/run-config ]]; then
	(cd "$work" && "$BIN/run-config" "$cfg" H1 --work-dir "$work/w") > "$work/rc.out" 2>&1 \
		|| { cat "$work/rc.out"; fail "run-config failed"; }
	log=$work/w/log/H1/iter-0/fiolike/logs
	[[ -s $log/fio.log && -s $log/fiolike-io_uring-randrw70-4k-j1-qd32.json ]] || fail "run-config: no logs in $log"
	"$BIN/compare-mmtests" -d "$work/w/log" -b fiolike -n H1 > "$work/cmp.out" 2>&1 \
		|| { cat "$work/cmp.out"; fail "compare-mmtests failed on the run-config tree"; }
	grep -q "kb/sec-io_uring-randrw70-4k-j1-qd32-read" "$work/cmp.out" || { cat "$work/cmp.out"; fail "compare-mmtests: no read row"; }
	echo "ok: run-config + compare-mmtests"
else
	echo "note: build/bin/run-config not built; by-hand run not checked"
fi
