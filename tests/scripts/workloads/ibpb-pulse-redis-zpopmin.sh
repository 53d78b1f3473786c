#!/bin/bash
# Seed 000's protocol for Redis: configs/config-memdb-ibpb-pulse-{protect,sham}-redis-zpopmin
# pulse every CPU, then run the seed's redis-benchmark recipe. Checks: the
# configs carry the recipe and their pulse mode; run by run-config (short
# settings) the protect arm is refused on a machine without per-task IB
# control (redis-zpopmin says why and measures nothing) and measured where the
# pulse works; with an "ok" status in the ibpb-pulse logs of the iteration the
# config's redis step runs.
set -u
TOP=${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}
BIN=${BIN:-$TOP/build/bin}
fail() { echo "FAIL: $*"; exit 1; }
[ -x "$BIN/run-config" ] || { echo "run-config not built"; exit 77; }
command -v redis-server >/dev/null || { echo "redis-server not installed"; exit 77; }
work=$(mktemp -d)
chmod 755 "$work"
trap 'rm -rf "$work"' EXIT
short=(--set REDIS_ZPOPMIN_REQUESTS=2000 --set REDIS_ZPOPMIN_ITERATIONS=1 --set REDIS_ZPOPMIN_TESTS=get,zpopmin)

# 1. The recipe: redis-benchmark --csv -c 1 -r 50000 -n 100000 -P 256, all 20 tests, 5 repetitions.
for mode in protect sham; do
	cfg=$TOP/configs/config-memdb-ibpb-pulse-$mode-redis-zpopmin
	got=$(bash -c 'source "$1" && echo "$MMTESTS|$IBPB_PULSE_MODE|$REDIS_ZPOPMIN_AFTER_IBPB_PULSE|$REDIS_ZPOPMIN_MIN_CLIENTS|$REDIS_ZPOPMIN_MAX_CLIENTS|$REDIS_ZPOPMIN_KEYSPACE|$REDIS_ZPOPMIN_REQUESTS|$REDIS_ZPOPMIN_PIPELINE|$REDIS_ZPOPMIN_TESTS|$REDIS_ZPOPMIN_ITERATIONS|$REDIS_ZPOPMIN_POP_MODE"' _ "$cfg")
	[ "$got" = "ibpb-pulse redis-zpopmin|$mode|$mode|1|1|50000|100000|256||5|drain" ] || fail "$cfg: $got"
	# the binary reads the config's variables as the seed's recipe
	for o in min-clients:1 max-clients:1 keyspace:50000 requests:100000 pipeline:256 iterations:5 after-ibpb-pulse:$mode; do
		v=$(bash -c 'source "$1" && "$2" --print-option "$3"' _ "$cfg" "$BIN/redis-zpopmin" "${o%%:*}")
		[ "$v" = "${o#*:}" ] || fail "$cfg: --${o%%:*} is '$v', want ${o#*:}"
	done
done
echo "ok: both configs carry the seed's recipe and their pulse mode"

# 2. run-config, protect arm.
"$BIN/run-config" "$TOP/configs/config-memdb-ibpb-pulse-protect-redis-zpopmin" P1 --work-dir "$work/w" "${short[@]}" \
	>"$work/p.out" 2>&1
rc=$?
it=$work/w/log/P1/iter-0
ib=$(sed -n 's/^SpeculationIndirectBranch:[[:space:]]*//p' /proc/self/status)
case "$ib" in conditional*) control=yes;; *) control=no;; esac
if [ $control = no ] && [ "$(id -u)" = 0 ]; then
	[ $rc = 1 ] || fail "run-config: exit $rc although the pulse cannot work here: $(tail -3 "$work/p.out")"
	grep -q '^failed protect ' "$it/ibpb-pulse/logs/ibpb-pulse.status" || fail "status: $(cat "$it/ibpb-pulse/logs/ibpb-pulse.status")"
	grep -Eq '^test end :: redis-zpopmin [0-9]+ 255$' "$it/tests-timestamp" || fail "redis-zpopmin was not refused: $(cat "$it/tests-timestamp")"
	grep -q '^run-config: redis-zpopmin exited with status 1 ' "$work/p.out" || fail "redis-zpopmin's status 1 not reported"
	grep -qF "redis-zpopmin: --after-ibpb-pulse protect: refusing to measure: $it/ibpb-pulse/logs/ibpb-pulse.status says the pulses failed" \
		"$work/p.out" || fail "refusal message: $(cat "$work/p.out")"
	! ls "$it/redis-zpopmin/logs" | grep -q '^redis-' || fail "measured after a failed pulse: $(ls "$it/redis-zpopmin/logs")"
	echo "ok: protect arm refused here, redis-zpopmin said why and measured nothing"
elif [ $control = yes ]; then
	[ $rc = 0 ] || fail "protect arm failed: $(tail -5 "$work/p.out")"
	grep -q '^ok protect ' "$it/ibpb-pulse/logs/ibpb-pulse.status" || fail "status"
	[ -s "$it/redis-zpopmin/logs/redis-1-1.log" ] || fail "no redis log"
	echo "ok: protect arm measured"
fi

# 3. After an ok pulse of its mode (written by hand: the pulse cannot run on
#    every machine), the sham config's redis step measures.
it=$work/byhand/iter-0
mkdir -p "$it/ibpb-pulse/logs"
echo "ok sham 2" > "$it/ibpb-pulse/logs/ibpb-pulse.status"
bash -c 'source "$1" && export REDIS_ZPOPMIN_REQUESTS=2000 REDIS_ZPOPMIN_ITERATIONS=1 REDIS_ZPOPMIN_TESTS=get,zpopmin &&
	exec "$2" --logdir "$3"' _ "$TOP/configs/config-memdb-ibpb-pulse-sham-redis-zpopmin" "$BIN/redis-zpopmin" \
	"$it/redis-zpopmin/logs" >"$work/s.out" 2>&1 || fail "sham redis step after an ok pulse: $(tail -3 "$work/s.out")"
grep -q '^"ZPOPMIN","' "$it/redis-zpopmin/logs/redis-1-1.log" || fail "no ZPOPMIN row: $(cat "$it/redis-zpopmin/logs/redis-1-1.log")"
# ... and the same step after the protect status is refused (the other arm's pulse)
echo "ok protect 2" > "$it/ibpb-pulse/logs/ibpb-pulse.status"
rm -rf "$it/redis-zpopmin"
bash -c 'source "$1" && exec "$2" --logdir "$3" -n 2000 -t get --iterations 1' _ \
	"$TOP/configs/config-memdb-ibpb-pulse-sham-redis-zpopmin" "$BIN/redis-zpopmin" "$it/redis-zpopmin/logs" \
	>"$work/o.out" 2>&1 && fail "sham redis step measured after a protect pulse"
grep -q "records mode 'protect', not 'sham'" "$work/o.out" || fail "other-mode message: $(cat "$work/o.out")"
echo "ok: the sham config's redis step runs after an ok sham pulse, not after a protect one"
