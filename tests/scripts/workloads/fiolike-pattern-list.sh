#!/bin/bash
# A list in FIO_IO_PATTERNS runs one fiolike job per pattern, as MMTests'
# fio shellpack loops over it: by hand (space-separated, from the
# environment) and through run-config (comma-separated, with --set), each
# pattern appends one terse line to fio.log and compare-mmtests -b fiolike
# reads a row for each.
set -u
BIN=${BIN:-$TOP/build/bin}
work=$(mktemp -d /tmp/fiolike-pattern-list.XXXXXX)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# by hand: the variable alone, as a config exports it
logs=$work/hand/log/H/iter-0/fiolike/logs
mkdir -p "$logs"
FIO_IO_PATTERNS="randread randwrite" FIO_SIZE=16m FIO_RUNTIME=1 FIO_TIME_BASED=1 \
	"$BIN/fiolike" --logdir "$logs" > "$work/hand.out" 2>&1 || { rc=$?; cat "$work/hand.out"; fail "fiolike exited $rc"; }
[ "$(wc -l < "$logs/fio.log")" -eq 2 ] || { cat "$logs/fio.log"; fail "by hand: want 2 terse lines"; }
cut -d';' -f1-3 "$logs/fio.log" | diff - <(printf '3;fio-3.33;psync-randread-4k-j1-qd1\n3;fio-3.33;psync-randwrite-4k-j1-qd1\n') ||
	fail "by hand: the terse lines are not randread then randwrite"
[[ -s $logs/fiolike-psync-randread-4k-j1-qd1.json && -s $logs/fiolike-psync-randwrite-4k-j1-qd1.json ]] ||
	fail "by hand: no JSON per job"
"$BIN/compare-mmtests" -d "$work/hand/log" -b fiolike -n H > "$work/hand.cmp" 2>&1 ||
	{ cat "$work/hand.cmp"; fail "compare-mmtests failed on the by-hand logs"; }
for row in kb/sec-psync-randread-4k-j1-qd1-read kb/sec-psync-randwrite-4k-j1-qd1-write; do
	grep -Eq "^Hmean +$row +[1-9]" "$work/hand.cmp" || { cat "$work/hand.cmp"; fail "by hand: no $row row"; }
done
echo "ok: FIO_IO_PATTERNS=\"randread randwrite\" gives two terse lines and two compare rows"

# run-config: the issue's case (it used to exit 2 on a list)
[[ -x $BIN/run-config ]] || { echo "note: run-config not built; not checked"; exit 0; }
(cd "$work" && "$BIN/run-config" "$TOP/configs/config-io-fiolike-read" L --work-dir "$work/w" \
	--set FIO_IO_PATTERNS=randread,randwrite --set FIO_SIZE=16m --set FIO_RUNTIME=1 --set FIO_RAMP_TIME=0 \
	--set FIO_DIRECT=0 --set FIO_IODEPTH=8 --set MMTEST_ITERATIONS=1) > "$work/rc.out" 2>&1 ||
	{ rc=$?; tail -30 "$work/rc.out"; fail "run-config exited $rc"; }
log=$work/w/log/L/iter-0/fiolike/logs/fio.log
[ "$(wc -l < "$log")" -eq 2 ] || { cat "$log"; fail "run-config: want 2 terse lines in $log"; }
"$BIN/compare-mmtests" -d "$work/w/log" -b fiolike -n L > "$work/rc.cmp" 2>&1 ||
	{ cat "$work/rc.cmp"; fail "compare-mmtests failed on the run-config tree"; }
for row in kb/sec-io_uring-randread-4k-j1-qd8-read kb/sec-io_uring-randwrite-4k-j1-qd8-write; do
	grep -Eq "^Hmean +$row +[1-9]" "$work/rc.cmp" || { cat "$work/rc.cmp"; fail "run-config: no $row row"; }
done
grep -q '^fiolike: job 2/2 done (io_uring-randwrite-4k-j1-qd8)' "$work/rc.out" ||
	fail "run-config: no fiolike progress line in its output"
echo "ok: run-config with FIO_IO_PATTERNS=randread,randwrite gives two compare rows"
