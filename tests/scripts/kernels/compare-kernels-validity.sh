#!/bin/bash
# Issue 13: compare-kernels over a tree holding good runs (A, B, A again) and
# a failed, an interrupted and a log-less run warns about those three, names
# them under "Run validity" in text, HTML and JSON, and leaves them out of
# every verdict (unless --include-invalid); a SIGKILLed run last is never
# taken as the second A. --metric keeps only the matching verdict rows.
set -euo pipefail
: "${BIN:?}"
GOLDENS=${GOLDENS:-${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}/tests/goldens}
fail() { echo "FAIL: $*"; exit 1; }

src=$GOLDENS/cases/redis-basic/log
mkdir log
cp -a "$src"/. log/; chmod -R u+w log
# Invalid copies of v7.3, recorded as run-mmtests.sh and run-config record them.
cp -a log/v7.3 log/failed
sed -i 's/^test end :: redis \([0-9]*\) 0$/test end :: redis \1 255/' log/failed/iter-0/tests-timestamp
cp -a log/v7.3 log/interrupted
sed -i 's/^test end :: redis \([0-9]*\) 0$/test end :: redis \1 255\ninterrupted :: redis \1 2/' \
	log/interrupted/iter-0/tests-timestamp
printf '1764460200 run-mmtests: Start\n1764460300 status :: 130\n' > log/interrupted/mmtests-activity
cp -a log/v7.3 log/nologs
rm -f log/nologs/iter-0/redis/logs/*
grep -q "test end :: redis .* 255" log/failed/iter-0/tests-timestamp || fail "could not make the failed run"

runs=(--baseline v7.1.3-first --compare v7.3 --compare failed --compare interrupted --compare nologs
	--compare v7.1.3-return)
"$BIN/compare-kernels" -C log "${runs[@]}" --verdict aba --verdict lkp --verdict baselines \
	--json-export report.json > report.txt 2> summary.txt || fail "compare-kernels failed: $(cat summary.txt)"
# Counted on stderr after the report (issue 29: the answer first), one line a problem.
for problem in failed interrupted 'no logs'; do
	grep -qx "compare-kernels:   1 invalid run: $problem, left out of verdicts, in 1 run" summary.txt ||
		fail "the $problem run is not counted: $(cat summary.txt)"
done
grep -q "warning: invalid run" summary.txt && fail "invalid runs in full without --warnings: $(cat summary.txt)"
"$BIN/compare-kernels" -C log "${runs[@]}" --verdict aba --verdict lkp --verdict baselines --warnings \
	> /dev/null 2> err.txt || fail "compare-kernels --warnings failed: $(cat err.txt)"

# With --warnings: three warnings, each naming the run and why.
[[ $(grep -c "^compare-kernels: warning: invalid run .*; left out of verdicts$" err.txt) -eq 3 ]] ||
	fail "expected three invalid-run warnings, got: $(cat err.txt)"
grep -q "invalid run failed for redis (failed): redis exited 255 in iter-0" err.txt || fail "failed run not named: $(cat err.txt)"
grep -q "invalid run interrupted for redis (interrupted): " err.txt || fail "interrupted run not named"
grep -q "invalid run nologs for redis (no logs): no logs in iter-0/redis/logs" err.txt || fail "log-less run not named"
if grep -q "invalid run v7" err.txt; then fail "a good run was called invalid: $(cat err.txt)"; fi
echo "ok: three invalid runs warned about"

# The text report's "Run validity" section heads redis' part of our sections.
section=$(sed -n '/^--- redis ---$/,$p' report.txt)
[[ $(sed -n 2p <<< "$section") == "Run validity: left out of verdicts"* ]] || fail "no Run validity section first"
[[ $(grep -c "^  INVALID " <<< "$section") -eq 3 ]] || fail "Run validity does not list three runs"

# Every verdict uses the good runs only: one A/B/A table, v7.3 against the two A's.
# The roles name every run given; the warnings' count, below the verdicts, each invalid run's problem.
verdicts=$(sed -n '1,/^=== MMTests compare-kernels.sh report ===$/p' report.txt | sed '/^Warnings: /,$d' | grep -v '^Roles: ')
[[ $(grep -c "^Verdict for redis" <<< "$verdicts") -eq 1 ]] || fail "expected one A/B/A table"
grep -q "^Verdict for redis: A/B/A: A1 v7.1.3-first, B v7.3, A2 v7.1.3-return$" <<< "$verdicts" ||
	fail "A/B/A does not compare v7.3 with the two A runs"
if grep -Eq "failed|interrupted|nologs" <<< "$verdicts"; then fail "an invalid run reached a verdict"; fi
echo "ok: verdicts leave the invalid runs out"

# JSON: validity and the A/B/A numbers (numbers, not text).
python3 - report.json <<'PY' || fail "JSON export lacks validity or numeric verdicts"
import json, sys
j = json.load(open(sys.argv[1]))
b = [x for x in j["benchmarks"] if x["benchmark"] == "redis"][0]
bad = sorted(v["run"] for v in b["validity"] if not v["valid"])
assert bad == ["failed", "interrupted", "nologs"], bad
v = b["verdicts"]
assert len(v) == 1 and v[0]["design"] == "aba" and v[0]["new"] == "v7.3" and v[0]["a2"] == "v7.1.3-return", v
row = v[0]["rows"][0]
assert isinstance(row["change"]["change_pct"], float) and isinstance(v[0]["tested"], int)
assert row["call"] in ("regression", "improvement", "small change", "no change", "inconclusive"), row
# one boot a run: A1 and A2 give the only variance (B borrows it), or none
assert all(r["change"]["low_pct"] is None or r["change"]["borrowed_variance"] for r in v[0]["rows"])
assert b["baselines"]["runs"] == ["v7.1.3-first", "v7.3", "v7.1.3-return"], b["baselines"]["runs"]
assert [t["new_run"] for t in b["lkp"]] == ["v7.3", "v7.1.3-return"], b["lkp"]
assert isinstance(b["lkp"][0]["rows"][0]["change_pct"], float)
assert b["lkp"][0]["rows"][0]["call"]["call"] == "inconclusive"  # one iteration a side: no interval
PY

# HTML: the section marks each invalid run; verdicts are tables.
"$BIN/compare-kernels" -C log "${runs[@]}" --verdict aba --format html --output-dir html 2> /dev/null
[[ $(grep -c '<tr class="invalid">' html/index.html) -eq 3 ]] || fail "HTML does not mark three invalid runs"
grep -q '<h3>Run validity</h3>' html/index.html || fail "HTML has no Run validity section"
grep -q '<table class="verdict">' html/index.html || fail "HTML verdict is not a table"
echo "ok: JSON and HTML mark the invalid runs"

# --include-invalid keeps them (so the checks above can fail).
"$BIN/compare-kernels" -C log "${runs[@]}" --verdict aba --include-invalid > all.txt 2> /dev/null
[[ $(grep -c "^Verdict for redis: A/B/A" all.txt) -eq 4 ]] || fail "--include-invalid did not keep the invalid runs"

# A SIGKILLed run (test begin, no test end) last is not the second A.
cp -a log/v7.3 log/killed
sed -i '/^test end ::/d; /^time ::/d' log/killed/iter-0/tests-timestamp
"$BIN/compare-kernels" -C log --baseline v7.1.3-first --compare v7.3 --compare v7.1.3-return --compare killed \
	--verdict aba --warnings > killed.txt 2> err.txt
grep -q "invalid run killed for redis (incomplete): redis started in iter-0 but never ended" err.txt ||
	fail "killed run not called incomplete: $(cat err.txt)"
grep -q "^Verdict for redis: A/B/A: A1 v7.1.3-first, B v7.3, A2 v7.1.3-return$" killed.txt ||
	fail "the killed run was taken as the second A"
echo "ok: --include-invalid keeps them; a killed run is never the second A"

# A run missing one log (redis-1-1.log) among others has fewer samples in
# that iteration: a warning naming it, the run kept (issue 39, item 7).
cp -a log/v7.3 log/onelogless
rm log/onelogless/iter-0/redis/logs/redis-1-1.log
"$BIN/compare-kernels" -C log --baseline v7.1.3-first --compare onelogless --compare v7.1.3-return \
	--verdict aba --warnings > onelog.txt 2> err.txt
grep -q "warning: onelogless for redis: [0-9]* operation(s) with fewer samples per iteration than another run (.* has [0-9] of 3 samples" err.txt ||
	fail "a run missing redis-1-1.log was not warned about: $(cat err.txt)"
grep -q "invalid run onelogless" err.txt && fail "a run missing one log was made invalid: $(cat err.txt)"
grep -q "^Verdict for redis: A/B/A: A1 v7.1.3-first, B onelogless, A2 v7.1.3-return$" onelog.txt ||
	fail "the run missing a log did not reach the verdict"
echo "ok: a run missing one log is warned about and kept"

# --metric: only matching rows; a bad regex is one line, exit 2.
"$BIN/compare-kernels" -C log "${runs[@]}" --verdict aba --metric '^ZPOPMIN-RPS' > metric.txt 2> /dev/null
rows=$(sed -n '/^metric /,/^(a call:/p' metric.txt | sed '1d;$d')
[[ $(wc -l <<< "$rows") -eq 3 ]] && ! grep -vq "^ZPOPMIN-RPS-" <<< "$rows" || fail "--metric rows: $rows"
grep -q " inconclusive (of 3 metrics)$" metric.txt || fail "summary line does not count the 3 rows"
grep -q "^ZPOPMIN-RPS-1 *KOPS_PER_SECOND " metric.txt || fail "verdict rows lack the shellpack.yaml unit"
grep -q "MMTests ranks redis RPS lower-is-better" metric.txt || fail "no note on MMTests' redis direction"
"$BIN/compare-kernels" -C log "${runs[@]}" --verdict aba --metric 'time' > time.txt 2> /dev/null
grep -Eq "^complete test time +seconds +lower .* (regression|improvement|no change|inconclusive)" time.txt ||
	fail "no complete test time row (seconds, lower is better)"
rc=0; "$BIN/compare-kernels" -C log --verdict aba --metric '(' > /dev/null 2> err.txt || rc=$?
[[ $rc -eq 2 && $(wc -l < err.txt) -eq 1 ]] && grep -q -- "--metric" err.txt || fail "bad --metric: rc $rc, $(cat err.txt)"
echo "ok: --metric selects verdict rows; elapsed time row present"

# compare-mmtests prints the Perl's table for an invalid run too, and only
# warns on stderr.
"$BIN/compare-mmtests" -d log -b redis -n v7.1.3-first,v7.3,v7.1.3-return > mm-good.txt 2> err.txt
cmp -s mm-good.txt "$GOLDENS/cases/redis-basic/plain.expected" && [[ ! -s err.txt ]] ||
	fail "compare-mmtests over the good runs differs from compare-mmtests.pl or warns: $(cat err.txt)"
"$BIN/compare-mmtests" -d log -b redis -n v7.1.3-first,failed,v7.1.3-return > mm-failed.txt 2> err.txt ||
	fail "compare-mmtests refused a tree with a failed run"
[[ $(cat err.txt) == "compare-mmtests: warning: invalid run failed (failed): redis exited 255 in iter-0" ]] ||
	fail "compare-mmtests warning: $(cat err.txt)"
[[ $(sed 1,2d mm-failed.txt) == $(sed 1,2d mm-good.txt) ]] || fail "compare-mmtests' table changed for an invalid run"
echo "ok: compare-mmtests only warns"
