#!/bin/bash
# test-slow: iterations with monitors and their settles (about 45 s)
# run-config runs a whole experiment by hand: MMTEST_ITERATIONS iterations
# (set from the command line, recorded in runtime.opts), each with the files
# run-mmtests.sh writes per iteration and the config's monitors in MMTests'
# names, formats and compression; --dry-run prints the plan; a run name is
# claimed once; Ctrl-C leaves an "interrupted" mark, exit 130 and no process.
set -u
TOP=${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}
BIN=${BIN:-$TOP/build/bin}
fail() { echo "FAIL: $*"; exit 1; }
[ -x "$BIN/run-config" ] || { echo "run-config not built"; exit 77; }
for t in vmstat mpstat iostat top gzip; do command -v $t >/dev/null || { echo "$t not installed"; exit 77; }; done
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
cd "$T"
cat > config <<'CFG'
export MMTESTS="pipe-pingpong"
export MMTEST_ITERATIONS=1
export RUN_MONITOR=yes
export MONITORS_ALWAYS="proc-net-dev"
export MONITORS_GZIP="proc-vmstat mpstat top read-latency"
export MONITORS_WITH_LATENCY="vmstat iostat proc-interrupts"
export MONITOR_UPDATE_FREQUENCY=1
export PIPE_PINGPONG_LOOPS=200000
export PIPE_PINGPONG_ITERATIONS=3
export PIPE_PINGPONG_BINDING=none
CFG

# --dry-run: the plan with the override applied, nothing written.
"$BIN/run-config" config R --set MMTEST_ITERATIONS=2 --dry-run > plan.out 2>&1 || fail "dry-run: $(cat plan.out)"
cat plan.out
grep -q '^iterations: 2 (iter-0..iter-1)$' plan.out || fail "dry-run iterations"
grep -q '^monitor:    vmstat (with_latency, every 1 s)$' plan.out || fail "dry-run monitors"
grep -q '^monitor:    read-latency skipped: ' plan.out || fail "dry-run: skipped monitor not named"
grep -Eq '^estimated duration: .* \([0-9]+ s\)$' plan.out || fail "dry-run estimate"
[ ! -e work ] || fail "--dry-run wrote $(find work | head -3)"

"$BIN/run-config" config R --set MMTEST_ITERATIONS=2 > run.out 2>&1 || fail "run-config: $(tail -5 run.out)"
grep -q 'monitor read-latency skipped: ' run.out || fail "skipped monitor not reported"
R=work/log/R
[ -d $R/iter-1 ] && [ ! -e $R/iter-2 ] || fail "want iter-0 and iter-1: $(ls $R)"
for i in 0 1; do
	I=$R/iter-$i
	for f in tests-timestamp tests-activity tests-sysstate.gz runtime.opts kernel.version os-release dmesg.gz \
		lscpu.txt.gz cpu-topology-mmtests.txt.gz cstate-latencies-R.txt systemctl-units.txt sysctl-tuning.gz \
		vm-tuning.txt.gz kernel-tuning.txt.gz network-tuning.txt.gz journalctl-kernel.gz cpu-vulnerabilities.txt \
		proc-net-dev-pipe-pingpong proc-net-dev-pipe-pingpong.start pipe-pingpong/logs/mmtests.log.gz \
		pipe-pingpong/logs/commands.log pipe-pingpong/logs/benchlog-_-_-3; do
		[ -e $I/$f ] || fail "$I/$f missing"
	done
	for m in proc-vmstat mpstat top vmstat iostat proc-interrupts; do
		[ -s $I/$m-pipe-pingpong.gz ] && [ ! -e $I/$m-pipe-pingpong ] || fail "$I/$m-pipe-pingpong.gz not (only) compressed"
		sed -n 1p $I/$m-pipe-pingpong.start | grep -Eq '^[0-9]{10}$' || fail "$m .start epoch"
		sed -n 2p $I/$m-pipe-pingpong.start | grep -Eq '^[0-9]+\.[0-9]{2} [0-9]+\.[0-9]{2}$' || fail "$m .start uptime"
	done
	[ ! -e $I/read-latency-pipe-pingpong.gz ] || fail "a skipped monitor left a file"
	[ ! -e $I/tests-sysstate ] || fail "tests-sysstate left uncompressed beside tests-sysstate.gz"
	zcat $I/vmstat-pipe-pingpong.gz | sed -n 2p | grep -Eq '^ +[0-9]{10}\.[0-9]{4} +[0-9]+\.[0-9]{4} +[0-9]+\.[0-9]{4} -- +r +b ' ||
		fail "vmstat latency format: $(zcat $I/vmstat-pipe-pingpong.gz | head -3)"
	zcat $I/proc-interrupts-pipe-pingpong.gz | head -1 | grep -Eq -- '-- time: [0-9]{10}$' || fail "proc-interrupts format"
	zcat $I/mpstat-pipe-pingpong.gz | head -1 | grep -Eq '^time: [0-9]{10}$' || fail "mpstat first line"
	zcat $I/mpstat-pipe-pingpong.gz | grep -A1 '^$' | grep -Eq '^time: [0-9]{10}$' || fail "mpstat time after blank"
	zcat $I/top-pipe-pingpong.gz | head -1 | grep -Eq '^time: [0-9]{10} short$' || fail "top time line"
	zcat $I/proc-vmstat-pipe-pingpong.gz | grep -c '^time: ' | grep -qv '^0$' || fail "proc-vmstat rounds"
	zcat $I/proc-vmstat-pipe-pingpong.gz | grep -q '^nr_free_pages ' || fail "proc-vmstat content"
	grep -Eq '^ +lo +[0-9]+' $I/proc-net-dev-pipe-pingpong || fail "proc-net-dev (always, uncompressed)"
	zcat $I/tests-sysstate.gz | grep -q '^file start :: /proc/vmstat$' || fail "sysstate start"
	zcat $I/tests-sysstate.gz | grep -q '^file end :: /proc/diskstats$' || fail "sysstate end"
	zcat $I/tests-sysstate.gz | grep -Eq '^test begin :: pipe-pingpong [0-9]+$' || fail "sysstate teststate"
	[ "$(sed -n 1p $I/runtime.opts)" = "Runtime options" ] || fail "runtime.opts header"
	grep -qx 'Set: MMTEST_ITERATIONS=2' $I/runtime.opts || fail "override not in runtime.opts"
	grep -Eq '^Run: .*PIPE_PINGPONG_LOOPS=200000 .*/pipe-pingpong$' $I/runtime.opts || fail "runtime.opts command"
	grep -Eq '^Defaults: .*PIPE_PINGPONG_LOOPS=1000000 .*/pipe-pingpong$' $I/runtime.opts || fail "runtime.opts has no Defaults: line: $(cat $I/runtime.opts)"
	grep -Eq '^time :: pipe-pingpong [0-9.]+ user [0-9.]+ system [0-9.]+ elapsed$' $I/tests-timestamp || fail "time line"
done
grep -c 'run-mmtests: Start' $R/mmtests-activity | grep -qx 2 || fail "mmtests-activity"
tail -1 $R/mmtests-activity | grep -Eq '^[0-9]+ status :: 0$' || fail "status line"
grep -q 'run-mmtests: End' $R/iter-1/tests-activity || fail "End in the last iteration"
! grep -q 'run-mmtests: End' $R/iter-0/tests-activity || fail "End in iter-0"

# A run name is claimed once, also by two run-config started together.
"$BIN/run-config" config R > again.out 2>&1 && fail "reused R"
grep -q 'already exists' again.out || fail "claim message"
"$BIN/run-config" config C --set PIPE_PINGPONG_LOOPS=1000 --set MONITORS_GZIP= --set MONITORS_WITH_LATENCY= > c1.out 2>&1 &
"$BIN/run-config" config C --set PIPE_PINGPONG_LOOPS=1000 --set MONITORS_GZIP= --set MONITORS_WITH_LATENCY= > c2.out 2>&1 &
wait
[ "$(grep -l 'already exists' c1.out c2.out | wc -l)" = 1 ] || fail "two runs named C: $(cat c1.out c2.out)"

# Ctrl-C: the workload and monitors stop, the tree says so, exit 130.
"$BIN/run-config" config INT --set PIPE_PINGPONG_LOOPS=100000000 --set RUN_CONFIG_TEST_MARK=int$$ > int.out 2>&1 &
pid=$!
for _ in $(seq 50); do grep -q '^Started monitor proc-interrupts' int.out && break; sleep 0.2; done
sleep 1
kill -INT $pid
wait $pid
rc=$?
[ $rc = 130 ] || fail "Ctrl-C: exit $rc, want 130: $(tail -3 int.out)"
I=work/log/INT/iter-0
grep -Eq '^test end :: pipe-pingpong [0-9]+ 255$' $I/tests-timestamp || fail "interrupted test end: $(cat $I/tests-timestamp)"
grep -Eq '^interrupted :: pipe-pingpong [0-9]+ 2$' $I/tests-timestamp || fail "interrupted mark"
grep -Eq '^finish :: [0-9]+$' $I/tests-timestamp || fail "finish after interrupt"
tail -1 work/log/INT/mmtests-activity | grep -Eq 'status :: 130$' || fail "status 130"
[ -s $I/vmstat-pipe-pingpong.gz ] || fail "monitor log not closed after interrupt"
sleep 0.5
left=$(grep -l "RUN_CONFIG_TEST_MARK=int$$" /proc/[0-9]*/environ 2>/dev/null | wc -l)
[ "$left" = 0 ] || fail "$left processes left after Ctrl-C"
echo "run-config iterations, monitors, overrides, claim and Ctrl-C ok"
