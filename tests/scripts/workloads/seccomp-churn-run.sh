#!/bin/bash
# seccomp-churn end to end, as root and as an unprivileged user (uid 65534
# via setpriv): every preset attaches its filters (children verify
# Seccomp: 2 / Seccomp_filters in /proc/self/status; trap runs must die in
# the SIGSYS handler), ops are counted exactly, both log files appear with
# the right content, bad options give one-line errors, and SIGINT / SIGTERM /
# a SIGKILLed worker leave no process, zombie or temp file behind.
set -u
BIN=${BIN:-$TOP/build/bin}
SC=$BIN/seccomp-churn
[[ -x $SC ]] || { echo "FAIL: $SC not built"; exit 1; }
work=$(mktemp -d /tmp/seccomp-churn-run.XXXXXX)
chmod 755 "$work"
cleanup() {
	pkill -KILL -f -- "$work/" 2>/dev/null
	rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "FAIL: $*"; exit 1; }

# Processes of one run share its command line (children are forks, not
# execs), which names a unique log directory.
leftovers() { pgrep -f -- "--logdir $1( |$)" | grep -v "^$$\$"; }

check_run() {	# check_run DIR CLIENTS ITER OPS PRESET-SETTINGS FILTERS_PER_OP
	local d=$1 c=$2 i=$3 ops=$4 preset=$5 fpo=$6 name=seccomp
	local log=$d/stressng-$c-$i.log extra=$d/seccomp-churn-$c-$i.extra
	[[ -f $log && -f $extra ]] || fail "missing $log or $extra: $(ls "$d")"
	grep -Eq "^stress-ng: metrc: \[[0-9]+\] $name +$ops +[0-9.]+ +[0-9.]+ +[0-9.]+ +[0-9.]+ +[0-9.]+\$" "$log" ||
		fail "no '$name $ops' metrics row in $log: $(cat "$log")"
	# every preset is the seccomp stressor; the preset is in the .extra file
	grep -qx "preset-settings $preset" "$extra" || fail "want 'preset-settings $preset' in $extra: $(cat "$extra")"
	grep -qx "preset ${preset%% *}" "$extra" || fail "want 'preset ${preset%% *}' in $extra"
	grep -q "^filters-per-op $fpo\$" "$extra" || fail "want filters-per-op $fpo in $extra: $(cat "$extra")"
	grep -q "^attach-p99-usecs [0-9]" "$extra" || fail "no attach-p99-usecs in $extra"
	ls "$d" | grep -q '\.tmp\.' && fail "temp file left in $d: $(ls "$d")"
	return 0
}

run_as() {	# run_as USER(root|nobody) DIR args...
	local who=$1 d=$2; shift 2
	if [[ $who == nobody ]]; then
		# nobody's own dir, writable by nobody alone; root reads it only once
		# it is root's again and holds nothing but regular files.
		install -d -o nobody -m 700 "$d"
		setpriv --reuid=65534 --regid=65534 --clear-groups -- "$SC" --logdir "$d" "$@"
	else
		mkdir -p "$d"
		"$SC" --logdir "$d" "$@"
	fi > "$d.out" 2> "$d.err" || fail "$who $*: exit $?: $(cat "$d.err")"
	[[ -z $(leftovers "$d") ]] || fail "$who $*: processes left: $(leftovers "$d")"
	if [[ $who == nobody ]]; then
		chown -hR root:root "$d" && chmod 755 "$d" || fail "cannot take $d back from nobody"
		[[ -z $(find "$d" -mindepth 1 ! -type f) ]] || fail "nobody left other than regular files in $d: $(ls -l "$d")"
	fi
}

users=(root)
if [[ $(id -u) -eq 0 ]] && setpriv --reuid=65534 --regid=65534 --clear-groups true 2>/dev/null; then
	users+=(nobody)
else
	echo "note: not root, unprivileged runs skipped"
fi
for u in "${users[@]}"; do
	run_as $u "$work/$u-sng" --ops 12 --iterations 2 --min-threads 1 --max-threads 2 --verify yes
	for c in 1 2; do for i in 1 2; do check_run "$work/$u-sng" $c $i 12 "stress-ng spec-allow=no verify=yes" 9.00; done; done
	grep -q "^Running 2 seccomp-churn stress-ng iteration 2/2" "$work/$u-sng.out" || fail "progress: $(cat "$work/$u-sng.out")"
	run_as $u "$work/$u-raw" --preset raw --insns 200 --filters 2 --trap yes --verify yes --ops 7 --iterations 1
	check_run "$work/$u-raw" 1 1 7 "raw insns=200 filters=2 spec-allow=no trap=yes verify=yes" 2.00
	run_as $u "$work/$u-lib" --preset libseccomp --rules 30 --trap yes --spec-allow yes --verify yes --ops 5 --iterations 1
	check_run "$work/$u-lib" 1 1 5 "libseccomp rules=30 filters=1 spec-allow=yes trap=yes verify=yes" 1.00
	# time-based: about one second of real time per run
	run_as $u "$work/$u-time" -t 1 --iterations 1
	grep -Eq '\] seccomp +[1-9][0-9]* +(0\.9|1\.)' "$work/$u-time/stressng-1-1.log" || fail "1 s run: $(cat "$work/$u-time/stressng-1-1.log")"
	echo "ok: $u runs"
done

# Environment (MMTests config variables) instead of options.
mkdir -p "$work/env"
env LOGDIR_RESULTS="$work/env" SECCOMP_CHURN_OPS=3 SECCOMP_CHURN_ITERATIONS=1 SECCOMP_CHURN_PRESET=raw \
	SECCOMP_CHURN_INSNS=10 "$SC" > /dev/null 2> "$work/env.err" || fail "env run: $(cat "$work/env.err")"
check_run "$work/env" 1 1 3 "raw insns=10 filters=1 spec-allow=no trap=no verify=no" 1.00

# Bad input: one line "seccomp-churn: ..." naming the option, exit 2, no logs.
expect_usage() {	# expect_usage PATTERN args...
	local pat=$1; shift
	rm -rf "$work/bad"
	"$SC" "$@" > /dev/null 2> "$work/bad.err"
	local rc=$?
	[[ $rc -eq 2 ]] || fail "$*: exit $rc, want 2: $(cat "$work/bad.err")"
	[[ $(wc -l < "$work/bad.err") -eq 1 ]] || fail "$*: want one line: $(cat "$work/bad.err")"
	grep -q -- "^seccomp-churn: .*$pat" "$work/bad.err" || fail "$*: want '$pat': $(cat "$work/bad.err")"
	[[ -e $work/bad ]] && [[ -n $(ls "$work/bad") ]] && fail "$*: wrote logs"
	return 0
}
expect_usage "--preset" --preset nosuch --logdir "$work/bad"
expect_usage "--insns" --preset raw --insns 2 --logdir "$work/bad"
expect_usage "--max-threads" --min-threads 4 --max-threads 2 --logdir "$work/bad"
expect_usage "--spec-allow" --spec-allow perhaps --logdir "$work/bad"
expect_usage "--logdir" --ops 1
expect_usage "--bogus" --bogus --logdir "$work/bad"
echo "ok: bad options"

# A child the kernel refuses (too many stacked instructions): exit 1 with the
# kernel's reason, nothing left behind, no log for the failed run.
"$SC" --preset raw --insns 4096 --filters 7 --ops 3 --iterations 1 --logdir "$work/enomem" > /dev/null 2> "$work/enomem.err"
rc=$?
[[ $rc -eq 1 ]] || fail "ENOMEM run: exit $rc: $(cat "$work/enomem.err")"
grep -q "Cannot allocate memory" "$work/enomem.err" || fail "ENOMEM run: $(cat "$work/enomem.err")"
[[ -e $work/enomem/stressng-1-1.log ]] && fail "ENOMEM run wrote a log"
[[ -z $(leftovers "$work/enomem") ]] || fail "ENOMEM run left processes"
echo "ok: $(cat "$work/enomem.err")"

# Signals: SIGINT and SIGTERM -> exit 130, no result for the interrupted run;
# SIGKILL of a worker -> exit 1, its orphans reaped by the main process.
for sig in INT TERM; do
	d=$work/sig-$sig
	"$SC" -t 30 --max-threads 2 --iterations 1 --logdir "$d" > "$d.out" 2> "$d.err" &
	pid=$!
	sleep 1.5
	kill -$sig $pid
	wait $pid
	rc=$?
	[[ $rc -eq 130 ]] || fail "SIG$sig: exit $rc, want 130: $(cat "$d.err")"
	[[ -e $d/stressng-1-1.log ]] && fail "SIG$sig: wrote a log for the interrupted run"
	ls "$d" 2>/dev/null | grep -q '\.tmp\.' && fail "SIG$sig: temp file left"
	sleep 0.2
	[[ -z $(leftovers "$d") ]] || fail "SIG$sig: processes left: $(ps -o pid,stat,args -p "$(leftovers "$d" | paste -sd,)")"
	echo "ok: SIG$sig -> 130, $(cat "$d.err")"
done
d=$work/killworker
SECONDS=0
"$SC" -t 30 --min-threads 2 --max-threads 2 --iterations 1 --logdir "$d" > "$d.out" 2> "$d.err" &
pid=$!
sleep 1.5
worker=$(pgrep -P $pid | tail -1)
[[ -n $worker ]] || fail "no worker found under $pid"
kill -KILL "$worker"
wait $pid
rc=$?
[[ $rc -eq 1 ]] || fail "killed worker: exit $rc, want 1: $(cat "$d.err")"
grep -q "died (Killed)" "$d.err" || fail "killed worker: $(cat "$d.err")"
# the other worker was stopped at once, not at its 30 s deadline
[[ $SECONDS -lt 20 ]] || fail "killed worker: the run did not stop early"
sleep 0.2
[[ -z $(leftovers "$d") ]] || fail "killed worker: processes left: $(leftovers "$d")"
echo "ok: killed worker -> $(cat "$d.err")"
echo "all seccomp-churn run checks passed"
