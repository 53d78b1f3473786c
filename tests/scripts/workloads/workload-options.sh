#!/bin/bash
# Every workload's options come from one table: --help lists each option with
# its config variable and default; the command line wins over the variable,
# which wins over the default; negative or out-of-range values, extra
# arguments and an unwritable log directory are refused with one line naming
# the cause and exit 2, before anything is measured; a library exception
# (out of memory) ends as one reworded line.
set -u
TOP=${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}
BIN=${BIN:-$TOP/build/bin}
fail() { echo "FAIL: $*"; exit 1; }
for w in pipe-pingpong seccomp-churn redis-zpopmin fiolike ibpb-pulse run-config; do
	[ -x "$BIN/$w" ] || fail "$BIN/$w not built"
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
unset LOGDIR_RESULTS

# refused WANT PROG ARGS...: exit 2, one stderr line "PROG: ...WANT...",
# no progress on stdout (nothing ran) and nothing in $work/logs.
refused() {
	local want=$1 prog=$2; shift 2
	rm -rf "$work/logs"
	"$BIN/$prog" "$@" >"$work/out" 2>"$work/err"
	local rc=$?
	[ $rc = 2 ] || fail "$prog $*: exit $rc, want 2: $(cat "$work/err")"
	[ "$(wc -l <"$work/err")" = 1 ] || fail "$prog $*: want one line: $(cat "$work/err")"
	grep -qF -- "$prog: $want" "$work/err" || fail "$prog $*: want '$prog: $want', got: $(cat "$work/err")"
	[ ! -s "$work/out" ] || fail "$prog $*: ran before refusing: $(head -3 "$work/out")"
	[ -z "$(ls "$work/logs" 2>/dev/null)" ] || fail "$prog $*: wrote $(ls "$work/logs")"
}

# 1. negative values are refused, not wrapped (4294967291, 4294967295, "no limit")
refused "--rwmixread: must be between 0 and 100 (got -5)" fiolike --rwmixread -5 --logdir "$work/logs"
refused "--runtime: must be between 1 and 604800 (got -1)" seccomp-churn -t -1 --logdir "$work/logs"
refused "--ops: must be at least 0 (got -1)" seccomp-churn --ops -1 --logdir "$work/logs"
refused "--pipeline: must be between 1 and" redis-zpopmin -P -1 --logdir "$work/logs"
refused "--loops: must be between 1 and 2000000000 (got -1)" pipe-pingpong --loops -1 --logdir "$work/logs"
SECCOMP_CHURN_OPS=-1 refused "--ops (from SECCOMP_CHURN_OPS): must be at least 0 (got -1)" \
	seccomp-churn --logdir "$work/logs"
echo "ok: negative values refused"

# 2. extra positional arguments are refused (pipe-pingpong used to run 5x1M)
for w in pipe-pingpong seccomp-churn redis-zpopmin fiolike; do
	refused "unexpected argument 'extra'" $w --logdir "$work/logs" extra
done
refused "unexpected argument 'extra'" ibpb-pulse 0 sham extra
refused "unexpected argument 'extra'" run-config "$TOP/configs/config-scheduler-pipe-pingpong" r1 extra
echo "ok: extra arguments refused"

# 3. an unwritable log directory is found before measuring (/proc/1 refuses
#    file creation even to root), not after the runs
refused "--logdir /proc/1: cannot write there" pipe-pingpong --loops 1000 --iterations 1 --logdir /proc/1
refused "--logdir /proc/1: cannot write there" seccomp-churn --ops 2 --iterations 1 --logdir /proc/1
refused "--logdir /proc/1: cannot write there" fiolike --size 64k --logdir /proc/1
if command -v redis-server >/dev/null; then
	refused "--logdir /proc/1: cannot write there" redis-zpopmin -n 100 --iterations 1 --logdir /proc/1
fi
IBPB_PULSE_MODE=sham refused "--logdir /proc/1: cannot write there" ibpb-pulse --logdir /proc/1
echo "ok: unwritable logdir refused before measuring"

# 4. --help: every option with its config variable and default; the
#    variable fills in, the command line wins (asked with --print-option)
"$BIN/redis-zpopmin" --help >"$work/help" || fail "redis-zpopmin --help failed"
for row in "--pipeline N" "REDIS_ZPOPMIN_PIPELINE, default 256" "REDIS_ZPOPMIN_ITERATIONS, default 5" \
	"--pop-mode drain|filled" "LOGDIR_RESULTS"; do
	grep -qF -- "$row" "$work/help" || fail "redis-zpopmin --help lacks '$row'"
done
for w in pipe-pingpong seccomp-churn fiolike; do
	"$BIN/$w" --help >"$work/help" || fail "$w --help failed"
	[ "$(grep -c '^  .*--' "$work/help")" -ge 8 ] || fail "$w --help lists too few options"
	grep -q 'default' "$work/help" || fail "$w --help shows no defaults"
done
[ "$("$BIN/redis-zpopmin" --print-option pipeline)" = 256 ] || fail "pipeline default"
[ "$(REDIS_ZPOPMIN_PIPELINE=8 "$BIN/redis-zpopmin" --print-option pipeline)" = 8 ] || fail "pipeline from the variable"
[ "$(REDIS_ZPOPMIN_PIPELINE=8 "$BIN/redis-zpopmin" -P 4 --print-option pipeline)" = 4 ] || fail "command line wins"
[ "$(REDIS_ZPOPMIN_PIPELINE= "$BIN/redis-zpopmin" --print-option pipeline)" = 256 ] || fail "empty variable = unset"
echo "ok: --help and the config-variable fallback"

# 5. a library exception is reworded: out of memory, not "std::bad_alloc"
if command -v redis-server >/dev/null; then
	# (within -d's range and the MemAvailable budget, over this address-space limit)
	(ulimit -v 200000; exec "$BIN/redis-zpopmin" -d 16777216 -P 1 -n 10 --logdir "$work/oom") >/dev/null 2>"$work/err"
	rc=$?
	[ $rc = 1 ] || fail "out of memory: exit $rc, want 1: $(cat "$work/err")"
	[ "$(cat "$work/err")" = "redis-zpopmin: out of memory" ] || fail "out of memory said: $(cat "$work/err")"
	echo "ok: out of memory reworded"
fi
# 6. the shellpacks restate no default (the binary's table owns them; only
#    fiolike's "default" marker for an unset list remains), and every
#    variable a shellpack takes is a row of its binary's table
for sp in "$TOP"/shellpacks/*/; do
	w=$(basename "$sp")
	restated=$(grep -nE '\$\{[A-Z_]+:-[^}]+\}' "$sp"/*-bench "$sp"/driver-*.sh | grep -v ':-default}')
	[ -z "$restated" ] || fail "$w shellpack restates a default: $restated"
	"$BIN/$w" --help >"$work/help" || fail "$w --help failed"
	for var in $(sed -n 's/^###SHELLPACK parseargParam *[^ ]* *//p' "$sp/$w-bench"); do
		grep -q "\[$var[],]" "$work/help" || fail "$w: shellpack variable $var is no option of the binary"
	done
done
echo "ok: shellpacks restate no default"
echo "workload option tests passed"
