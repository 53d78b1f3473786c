#!/bin/bash
# run-fuzzers.sh FUZZDIR TARGET... - run each libFuzzer target (built by
# `make fuzz`) for FUZZ_SECONDS (default 10) on its own corpus plus the seeds
# of make-seeds.sh. Prints one line per target; fails on any finding.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
out=$1; shift
seconds=${FUZZ_SECONDS:-10}
"$top/tests/fuzz/make-seeds.sh" "$out/seeds" "${GOLDENS:-$top/tests/goldens}"
failed=0
for bin in "$@"; do
	name=$(basename "$bin")
	corpus=$out/corpus/$name; mkdir -p "$corpus"
	# libFuzzer ends without atexit handlers: its scratch dirs go in a
	# TMPDIR of our own, removed after each target.
	export TMPDIR=$out/tmp/$name; rm -rf "$TMPDIR"; mkdir -p "$TMPDIR"
	# -timeout: one input may not take 20 s; timeout(1): nor may the whole run hang.
	if timeout $((seconds * 3 + 60)) "$bin" -max_total_time="$seconds" -timeout=20 -rss_limit_mb=2048 \
		-print_final_stats=1 "$corpus" "$out/seeds/$name" > "$out/$name.log" 2>&1; then
		echo "ok   $name ($(grep -o 'stat::number_of_executed_units: [0-9]*' "$out/$name.log" | cut -d' ' -f2) runs)"
	else
		echo "FAIL $name (log: $out/$name.log)"; tail -30 "$out/$name.log"; failed=1
	fi
	rm -rf "$TMPDIR"
done
exit $failed
