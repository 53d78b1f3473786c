#!/bin/bash
# The CSV's rps comes from the nanosecond span of each test (issue 19): with
# 10240 requests a test lasts a few ms, so redis-benchmark's arithmetic
# (requests / whole ms, kept as --rps-clock ms) can only give 10240/k per
# ms; ours must not. Each run writes redis-zpopmin-clock.json (the clock,
# its tick, the shortest span, each series' CoV), and --rps-clock ms warns
# that its samples are under 1000 ticks, naming REDIS_ZPOPMIN_REQUESTS.
# A real redis-server on 127.0.0.1, on a free port.
set -u
BIN=${BIN:-$TOP/build/bin}
command -v redis-server >/dev/null || { echo "redis-server not installed"; exit 77; }
fail() { echo "FAIL: $*"; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# run NAME [OPTION...]: 3 iterations of ZADD and ZPOPMIN, 10240 requests each.
run() {
	local name=$1; shift
	"$BIN/redis-zpopmin" -n 10240 -r 5000 -t zadd,zpopmin --iterations 3 --persistence memonly \
		--logdir "$work/$name" "$@" > "$work/$name.out" 2> "$work/$name.err" || fail "$name: exit $?: $(cat "$work/$name.err")"
}
# rps values of every CSV in DIR, one a line
rates() { awk -F'","' 'FNR > 1 { print $2 }' "$1"/redis-1-*.log; }
# how many of the rates are 10240 / k ms for a whole k, to the float's
# precision (a float rate printed to 0.01 is within 1e-7 of it): a
# nanosecond span lands within 1e-4 of a whole ms often enough (21 ms
# +-2.1 us) to fail a correct run now and then, within 1e-6 almost never.
whole_ms() { awk '{ k = 10240000 / $1; d = k - int(k + 0.5); if (d < 0) d = -d; if (d < 1e-6 * k) n++ } END { print n + 0 }'; }

run ns
[ "$(rates "$work/ns" | wc -l)" = 6 ] || fail "want 2 tests x 3 iterations: $(rates "$work/ns")"
quantised=$(rates "$work/ns" | whole_ms)
[ "$quantised" = 0 ] || fail "$quantised of 6 default rates are 10240/k ms: $(rates "$work/ns" | tr '\n' ' ')"
# ... and each is the replies log's precise rps (float rounding apart)
paste <(awk -F'","' 'FNR > 1 { print $2 }' "$work"/ns/redis-1-*.log) <(awk -F'\t' 'FNR > 1 { print $8 }' "$work"/ns/replies-1-*.log) |
	awk '{ d = $1 - $2; if (d < 0) d = -d; if (!($2 > 0) || d > $2 * 1e-6 + 0.01) { print; bad = 1 } } END { exit bad }' ||
	fail "a CSV rps is not the test's precise rps"
grep -q 'lasted .* ticks' "$work/ns.err" && fail "the ns clock called a test of milliseconds short: $(cat "$work/ns.err")"

python3 - "$work/ns/redis-zpopmin-clock.json" <<'PY' || fail "redis-zpopmin-clock.json: $(cat "$work/ns/redis-zpopmin-clock.json")"
import json, sys
r = json.load(open(sys.argv[1]))
assert r["workload"] == "redis-zpopmin" and r["clock"] == "CLOCK_MONOTONIC ns", r
assert 0 < r["resolution_ns"] <= 1000, r["resolution_ns"]
assert r["samples"] == 6 and r["short_samples"] == 0, r
assert r["shortest_span_ns"] > 100000 and abs(r["shortest_ticks"] - r["shortest_span_ns"] / r["resolution_ns"]) <= 1e-6 * r["shortest_ticks"], r
assert r["iterations"] == 3 and r["iterations_setting"].startswith("REDIS_ZPOPMIN_ITERATIONS"), r
names = sorted(s["name"] for s in r["series"])
assert names == ["ZADD clients 1", "ZPOPMIN clients 1"], names
for s in r["series"]:
    assert s["n"] == 3 and s["mean"] > 0 and s["cov_pct"] >= 0 and s["detectable_change_pct"] > 0, s
PY

# redis-benchmark's arithmetic on request: every rate is 10240/k ms, and the
# 1 ms clock is called too coarse (tests of a few ms are under 1000 of its ticks).
REDIS_ZPOPMIN_RPS_CLOCK=ms run ms
[ "$(rates "$work/ms" | whole_ms)" = 6 ] || fail "--rps-clock ms rates are not 10240/k ms: $(rates "$work/ms" | tr '\n' ' ')"
grep -q '^redis-zpopmin: warning: .* lasted [0-9]* ticks of its clock (redis-benchmark.s whole milliseconds (--rps-clock ms), tick 1000000 ns), under 1000: its rate is quantised; raise REDIS_ZPOPMIN_REQUESTS (--requests, -n)$' "$work/ms.err" ||
	fail "no short-sample warning with the ms clock: $(cat "$work/ms.err")"
grep -q '"resolution_ns": 1000000,' "$work/ms/redis-zpopmin-clock.json" || fail "ms record: $(cat "$work/ms/redis-zpopmin-clock.json")"
"$BIN/redis-zpopmin" --rps-clock us --logdir "$work/bad" > /dev/null 2> "$work/bad.err"
rc=$?
[ "$rc" = 2 ] && grep -q -- '--rps-clock' "$work/bad.err" || fail "--rps-clock us: exit $rc, $(cat "$work/bad.err")"
echo "ok: 6 ns-clock rates, none 10240/k ms ($(rates "$work/ns" | head -2 | tr '\n' ' ')); --rps-clock ms gives redis-benchmark's and warns"
