#!/bin/bash
# compare-kernels reads our workloads' clock records (RUN/iter-N/BENCH/logs/
# NAME-clock.json, docs/clock-check.md): a run whose samples were under 1000
# ticks of their clock, or whose series is too noisy for a verdict, gets a
# warning naming the file and the setting to raise, counted below the verdict
# and on stderr after the report (issue 29) and in full with --warnings; the
# rest of the report does not change; a record that is not JSON, or a
# symlink, costs one warning, in full, and nothing else.
set -euo pipefail
: "${BIN:?}"
GOLDENS=${GOLDENS:-${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}/tests/goldens}
fail() { echo "FAIL: $*"; exit 1; }

mkdir log
cp -a "$GOLDENS/cases/redis-basic/log"/. log/; chmod -R u+w log
"$BIN/compare-kernels" -C log > plain.txt 2> plain.err || fail "compare-kernels failed: $(cat plain.err)"
grep -q 'clock' plain.err && fail "warnings without any record: $(cat plain.err)"

logs=log/v7.3/iter-0/redis/logs
cat > "$logs/redis-zpopmin-clock.json" <<'JSON'
{"workload": "redis-zpopmin", "clock": "redis-benchmark's whole milliseconds (--rps-clock ms)",
 "resolution_ns": 1000000, "min_ticks": 1000, "span_setting": "REDIS_ZPOPMIN_REQUESTS (--requests, -n)",
 "samples": 40, "short_samples": 40, "shortest_span_ns": 5000000, "shortest_sample": "ZPOPMIN clients 1 iteration 1",
 "shortest_ticks": 5, "iterations": 2, "iterations_setting": "REDIS_ZPOPMIN_ITERATIONS (--iterations)",
 "target_change_pct": 5, "series": [
  {"name": "ZPOPMIN clients 1", "n": 2, "mean": 975000, "cov_pct": 34.2, "detectable_change_pct": 147.2}]}
JSON
printf '{"short_samples": ' > log/v7.1.3-first/iter-0/redis/logs/broken-clock.json
ln -s /etc/passwd log/v7.1.3-return/iter-0/redis/logs/passwd-clock.json
"$BIN/compare-kernels" -C log > ours.txt 2> summary.err || fail "compare-kernels failed: $(cat summary.err)"
summary='Warnings: 2 warnings held back (--warnings lists them):
  1 clock: samples under 1000 ticks, in 1 run
  1 clock: series too noisy for a call, in 1 run'
[[ $(diff plain.txt ours.txt | sed -n 's/^> //p') == "$summary" ]] ||
	{ diff plain.txt ours.txt | head; fail "the records changed the report beyond the warnings' count"; }
[[ $(grep -c 'clock.json: not' summary.err) == 2 ]] || fail "the broken records are not warned about in full: $(cat summary.err)"
grep -q 'samples lasted under' summary.err && fail "a held warning in full without --warnings: $(cat summary.err)"
"$BIN/compare-kernels" -C log --warnings > /dev/null 2> ours.err || fail "compare-kernels failed: $(cat ours.err)"
grep -qx "compare-kernels: warning: v7.3/iter-0/redis/logs/redis-zpopmin-clock.json: 40 of 40 samples lasted under 1000 ticks of redis-benchmark's whole milliseconds (--rps-clock ms) (shortest: ZPOPMIN clients 1 iteration 1, 5 ticks), so their rates are quantised; raise REDIS_ZPOPMIN_REQUESTS (--requests, -n)" ours.err ||
	fail "no short-sample warning: $(cat ours.err)"
grep -qx "compare-kernels: warning: v7.3/iter-0/redis/logs/redis-zpopmin-clock.json: ZPOPMIN clients 1: CoV 34.2 % over 2 iterations; changes under 147 % cannot be called significant, so a verdict on it is inconclusive below that; raise REDIS_ZPOPMIN_ITERATIONS (--iterations)" ours.err ||
	fail "no noisy-series warning: $(cat ours.err)"
grep -qx "compare-kernels: warning: v7.1.3-first/iter-0/redis/logs/broken-clock.json: not a clock record (not a JSON object); ignored" ours.err ||
	fail "no warning for the broken record: $(cat ours.err)"
grep -qx "compare-kernels: warning: v7.1.3-return/iter-0/redis/logs/passwd-clock.json: not a regular file; ignored" ours.err ||
	fail "no warning for the symlinked record: $(cat ours.err)"
grep -q 'root:' ours.err ours.txt && fail "the symlink was followed"
[ "$(grep -c 'clock.json' ours.err)" = 4 ] || fail "want 4 clock warnings: $(cat ours.err)"
echo "ok: 4 clock-record warnings (short samples, noisy series, broken, symlink); the first two counted in the report"
