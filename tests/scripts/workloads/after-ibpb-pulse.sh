#!/bin/bash
# The seed 000 pulse check, shared by every measured workload: told which
# ibpb-pulse step must precede it (--after-ibpb-pulse, or its config
# variable), each of redis-zpopmin, seccomp-churn, fiolike and pipe-pingpong
# refuses to measure (exit 1, one line naming the status file and why) when
# the sibling ITER/ibpb-pulse/logs/ibpb-pulse.status is missing, failed or of
# the other mode, and measures when it says "ok" in its mode.
set -u
TOP=${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}
BIN=${BIN:-$TOP/build/bin}
fail() { echo "FAIL: $*"; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
unset LOGDIR_RESULTS

workloads=(seccomp-churn fiolike pipe-pingpong)
if command -v redis-server >/dev/null; then workloads+=(redis-zpopmin); else echo "note: no redis-server, redis-zpopmin skipped"; fi

# The shortest real run of each, and the variable its pulse row reads.
args() {
	case $1 in
	redis-zpopmin) echo "--iterations 1 -n 2000 -t get,zpopmin";;
	seccomp-churn) echo "--ops 2 --iterations 1";;
	fiolike) echo "--size 64k --bs 4k --rw read --directory $work/data --quiet yes";;
	pipe-pingpong) echo "--loops 200 --iterations 1";;
	esac
}
variable() {
	case $1 in
	redis-zpopmin) echo REDIS_ZPOPMIN_AFTER_IBPB_PULSE;;
	seccomp-churn) echo SECCOMP_CHURN_AFTER_IBPB_PULSE;;
	fiolike) echo FIO_AFTER_IBPB_PULSE;;
	pipe-pingpong) echo PIPE_PINGPONG_AFTER_IBPB_PULSE;;
	esac
}
mkdir -p "$work/data"

n=0
for w in "${workloads[@]}"; do
	for case in missing failed other ok; do
		n=$((n + 1))
		iter=$work/log/R/iter-$n
		logs=$iter/$w/logs
		status=$iter/ibpb-pulse/logs/ibpb-pulse.status
		mkdir -p "$(dirname "$status")"
		case $case in
		failed) echo "failed protect 5" > "$status";;
		other) echo "ok sham 2" > "$status";;
		ok) echo "ok protect 2" > "$status";;
		esac
		# half the cases through the option, half through the config variable
		if [ $((n % 2)) = 0 ]; then
			"$BIN/$w" $(args $w) --logdir "$logs" --after-ibpb-pulse protect >"$work/out" 2>"$work/err"
		else
			env "$(variable $w)=protect" "$BIN/$w" $(args $w) --logdir "$logs" >"$work/out" 2>"$work/err"
		fi
		rc=$?
		if [ $case = ok ]; then
			[ $rc = 0 ] || fail "$w after an ok pulse: exit $rc: $(cat "$work/err")"
			[ -n "$(ls "$logs")" ] || fail "$w after an ok pulse wrote no logs"
			continue
		fi
		[ $rc = 1 ] || fail "$w after a $case pulse status: exit $rc, want 1: $(cat "$work/err")"
		[ "$(wc -l <"$work/err")" = 1 ] || fail "$w ($case): want one line: $(cat "$work/err")"
		grep -qF "$w: --after-ibpb-pulse protect: refusing to measure: " "$work/err" || fail "$w ($case): $(cat "$work/err")"
		grep -qF "$status" "$work/err" || fail "$w ($case) does not name $status: $(cat "$work/err")"
		case $case in
		missing) want="did ibpb-pulse run before";;
		failed) want="says the pulses failed (failed protect)";;
		other) want="records mode 'sham', not 'protect'";;
		esac
		grep -qF "$want" "$work/err" || fail "$w ($case): want '$want': $(cat "$work/err")"
		[ -z "$(ls "$logs" 2>/dev/null)" ] || fail "$w measured after a $case pulse: $(ls "$logs")"
		[ -z "$(ls "$work/data")" ] || fail "$w laid out files before refusing: $(ls "$work/data")"
	done
	echo "ok: $w refuses after a missing, failed or other-mode pulse and runs after an ok one"
done
