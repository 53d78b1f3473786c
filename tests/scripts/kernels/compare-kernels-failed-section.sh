#!/bin/bash
# Issue 15 items 2 and 3: when a benchmark's table fails (here a log that is
# a FIFO in every run: issue 23 made a refused log cost only its run's
# iteration, so one run's FIFO no longer fails the table), compare-kernels,
# like compare-kernels.sh, still prints that
# benchmark's duration table and every other section, names the failed
# section on stderr and in the report, and exits 0; it exits 1 only when
# nothing at all could be reported.
set -euo pipefail
: "${BIN:?}"
GOLDENS=${GOLDENS:-${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}/tests/goldens}
fail() { echo "FAIL: $*"; exit 1; }
case_dir=$GOLDENS/cases/redis-basic
cp -a "$case_dir/log" log; chmod -R u+w log
for r in v7.1.3-first v7.3 v7.1.3-return; do
	rm log/$r/iter-0/redis/logs/redis-1-1.log
	mkfifo log/$r/iter-0/redis/logs/redis-1-1.log
done

rc=0; timeout 60 "$BIN/compare-kernels" -C log --baseline v7.1.3-first --compare v7.3 --compare v7.1.3-return \
	--verdict aba > report.txt 2> err.txt || rc=$?
[[ $rc -eq 0 ]] || fail "exit $rc with one failed benchmark table (compare-kernels.sh exits 0): $(cat err.txt)"
grep -q "^compare-kernels: redis: .*redis-1-1.log" err.txt || fail "the failed table is not named on stderr: $(cat err.txt)"
grep -q "^Sections that failed" report.txt || fail "the report does not list the failed sections"
grep -q "^  redis: not compared (no verdicts): .*redis-1-1.log" report.txt || fail "the report does not name redis' failure"
# Item 2: the duration table is still there, as compare-mmtests.pl prints it.
grep -qxF -f <(head -1 "$case_dir/monitor-duration.expected") report.txt || fail "no duration table header"
n=$(wc -l < "$case_dir/monitor-duration.expected")
start=$(grep -nxF -- "$(head -1 "$case_dir/monitor-duration.expected")" report.txt | head -1 | cut -d: -f1)
sed -n "${start},$((start + n - 1))p" report.txt | cmp -s - "$case_dir/monitor-duration.expected" ||
	fail "duration table differs from compare-mmtests.pl's: $(sed -n "${start},$((start + n - 1))p" report.txt)"
# The JSON export says the same: each table compare-kernels.sh prints, or why it failed.
"$BIN/compare-kernels" -C log --baseline v7.1.3-first --compare v7.3 --json-export report.json > /dev/null 2>&1
python3 - report.json <<'PY' || fail "JSON sections do not show the failed table and the duration table"
import json, sys
b = [x for x in json.load(open(sys.argv[1]))["benchmarks"] if x["benchmark"] == "redis"][0]
calls = {s["call"]: s for s in b["sections"]}
assert "redis-1-1.log" in calls["--sub-heading .*RPS"]["error"], calls["--sub-heading .*RPS"]
assert calls["--print-monitor duration"]["table"].count("Duration") == 3 and not calls["--print-monitor duration"]["error"]
PY
echo "ok: a failed benchmark table leaves its duration table and exit 0"

# Nothing could be reported: every log and every tests-timestamp unusable.
for r in v7.1.3-first v7.3 v7.1.3-return; do
	for f in log/$r/iter-0/redis/logs/*; do rm -f "$f"; mkfifo "$f"; done
	rm log/$r/iter-0/tests-timestamp; mkfifo log/$r/iter-0/tests-timestamp
	# The runs and their benchmark are still there to find.
	printf '1764460100 run-mmtests: Start\n1764460101 run-mmtests: test start :: redis 1\n' > log/$r/iter-0/tests-activity
done
rc=0; timeout 60 "$BIN/compare-kernels" -C log --baseline v7.1.3-first --compare v7.3 > none.txt 2> err.txt || rc=$?
[[ $rc -eq 1 ]] || fail "exit $rc when nothing could be reported (expected 1): $(cat err.txt)"
grep -q "^compare-kernels: redis: --print-monitor duration: " err.txt || fail "the failed duration table is not named: $(cat err.txt)"
grep -q "^Sections that failed" none.txt || fail "the report of nothing does not say what failed"
echo "ok: exit 1 only when nothing could be reported"
