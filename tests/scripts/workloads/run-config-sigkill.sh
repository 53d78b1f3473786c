#!/bin/bash
# test-serial: looks for any monitor process (vmstat, mpstat...) on the machine
# SIGKILL of run-config mid-benchmark leaves no monitor and no workload
# process: tools run in their own process group with PDEATHSIG, file-reading
# monitors are threads of run-config, and the workload (and its redis-server)
# die with their parent. Every process run-config starts inherits the
# config's variables, so a marker variable finds them all in /proc/*/environ.
set -u
TOP=${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}
BIN=${BIN:-$TOP/build/bin}
fail() { echo "FAIL: $*"; exit 1; }
[ -x "$BIN/run-config" ] || { echo "run-config not built"; exit 77; }
for t in vmstat mpstat iostat top; do command -v $t >/dev/null || { echo "$t not installed"; exit 77; }; done
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
cd "$T"
mark=RUN_CONFIG_KILL_MARK=k$$
# The marked processes: monitors and workloads get the config's environment.
marked() { grep -l "$mark" /proc/[0-9]*/environ 2>/dev/null | cut -d/ -f3 | grep -vx "$$" | sort -n | tr '\n' ' '; }

killed_cleanly() {	# CONFIG RUN WORKLOAD-PATTERN
	"$BIN/run-config" "$1" "$2" --set ${mark%%=*}=${mark#*=} --set RUN_MONITOR=yes --set MONITOR_UPDATE_FREQUENCY=1 \
		--set 'MONITORS_GZIP=proc-vmstat mpstat top' --set 'MONITORS_WITH_LATENCY=vmstat iostat' > "$2.out" 2>&1 &
	local pid=$! before
	for _ in $(seq 100); do grep -q "$3" "$2.out" && break; sleep 0.1; done
	grep -q "$3" "$2.out" || { kill -9 $pid; fail "$2: the workload did not start: $(tail -3 "$2.out")"; }
	before=$(marked)
	for tool in vmstat mpstat iostat top; do
		pgrep -x $tool | grep -qE "^($(echo $before | tr ' ' '|'))$" || { kill -9 $pid; fail "$2: monitor $tool not running"; }
	done
	kill -9 $pid
	wait $pid 2>/dev/null
	for _ in $(seq 30); do [ -z "$(marked)" ] && break; sleep 0.1; done
	[ -z "$(marked)" ] || { ps -o pid,ppid,pgid,args -p "$(marked | tr ' ' ',' | sed 's/,$//')"; fail "$2: left after SIGKILL: $(marked)"; }
	echo "$2: SIGKILL mid-benchmark: $(echo $before | wc -w) processes before, none after"
}

cat > pp <<'CFG'
export MMTESTS="pipe-pingpong"
export RUN_MONITOR=yes
export PIPE_PINGPONG_LOOPS=100000000
export PIPE_PINGPONG_ITERATIONS=1
CFG
killed_cleanly pp PP '^iteration 1/'
if command -v redis-server >/dev/null; then
	sed -e 's/^export REDIS_ZPOPMIN_REQUESTS=.*/export REDIS_ZPOPMIN_REQUESTS=2000000/' \
		-e 's/^export REDIS_ZPOPMIN_ITERATIONS=.*/export REDIS_ZPOPMIN_ITERATIONS=50/' \
		"$TOP/configs/config-memdb-redis-zpopmin-quick" > rz
	killed_cleanly rz RZ '^iteration 1/'
	# redis-server gets a clean environment: look for it by its pid.
	sp=$(sed -n 's/^redis-server pid \([0-9]*\) .*/\1/p' RZ.out | tail -1)
	[ -n "$sp" ] || fail "RZ: no redis-server pid in the output"
	for _ in $(seq 30); do kill -0 "$sp" 2>/dev/null || break; sleep 0.1; done  # a zombie until init reaps it
	! kill -0 "$sp" 2>/dev/null || fail "RZ: redis-server $sp left after SIGKILL"
fi
