#!/bin/bash
# The mail header and the verdict read a run's settings with one reader
# (runtime.opts' "Run:" line, as run-config records every workload
# variable): when the verdict leaves a run out for its settings, the header
# says the settings and that they differ. It read only the "Set:" lines (the
# --set overrides) and said "no runtime.opts settings" and "Differs: nothing"
# beside a verdict that left the run out.
set -uo pipefail
: "${BIN:?}"
TOP=${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}
GOLDENS=${GOLDENS:-$TOP/tests/goldens}
fail() { echo "FAIL: $*"; exit 1; }
case=$GOLDENS/cases/redis-basic/log
mkdir -p tree
for run in base-first:4:v7.1.3-first cand:8:v7.3 base-return:4:v7.1.3-return; do
	IFS=: read -r name clients from <<< "$run"
	cp -a "$case/$from" "tree/$name"
	printf 'Runtime options\nRun: REDIS_CLIENTS=%s REDIS_KEYSPACE=2000 /usr/bin/redis\n' "$clients" > "tree/$name/iter-0/runtime.opts"
done
"$BIN/compare-kernels" -C tree --format mail > mail.txt 2> err.txt || fail "compare-kernels: exit $?: $(cat err.txt)"
grep -q "left out of verdicts" mail.txt err.txt || fail "the verdict did not leave cand out for its settings: $(cat mail.txt)"
grep -qx "Config: redis; set REDIS_CLIENTS=4 REDIS_KEYSPACE=2000" mail.txt || fail "Config line: $(grep -A1 '^Config' mail.txt)"
grep -q "^Differs" mail.txt && ! grep -q "^Differs: nothing" mail.txt || fail "Differs: $(grep -A3 '^Differs' mail.txt)"
grep -q "^  redis settings: base-first=REDIS_CLIENTS=4; cand=REDIS_CLIENTS=8;" mail.txt || fail "no settings line: $(grep -A4 '^Differs' mail.txt)"
# run-config's Defaults: line (the workload's own defaults): the header names only what differs from them.
for name in base-first cand base-return; do
	sed -i '2i Defaults: REDIS_CLIENTS=1 REDIS_KEYSPACE=2000 /usr/bin/redis' "tree/$name/iter-0/runtime.opts"
done
"$BIN/compare-kernels" -C tree --format mail > mail2.txt 2> err.txt || fail "compare-kernels: exit $?: $(cat err.txt)"
grep -qx "Config: redis; not the defaults: REDIS_CLIENTS=4 (1 more at their defaults)" mail2.txt || fail "Config line with defaults: $(grep '^Config' mail2.txt)"
echo "ok: the mail header says the settings the verdict read (those off the workload's defaults), and that cand's differ"
