#!/bin/bash
# seccomp-churn's parse-results prints exactly what MMTests' own stressng
# parser prints, both for seccomp-churn's logs and for real stress-ng 0.15.06
# logs (the goldens), and parse-results-attach turns the .extra files into
# attach-p50/p95/p99/max rows.
set -u
GOLDENS=${GOLDENS:-${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}/tests/goldens}
BIN=${BIN:-$TOP/build/bin}
MMTESTS_SRC=${MMTESTS_SRC:-/work/mmtests-src}
PR=$TOP/shellpacks/seccomp-churn/parse-results
STRESSNG_PR=$MMTESTS_SRC/shellpack_src/src/stressng/parse-results
[[ -x $STRESSNG_PR ]] || { echo "no MMTests checkout with the stressng parser at $MMTESTS_SRC"; exit 77; }
work=$(mktemp -d /tmp/seccomp-churn-parse.XXXXXX)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

same() {	# same DIR: our parser vs MMTests' on DIR
	"$PR" "$1" > "$work/ours.tsv" || fail "parse-results failed on $1"
	"$STRESSNG_PR" "$1" > "$work/mmtests.tsv" 2> "$work/mmtests.err" || fail "MMTests parser failed on $1: $(cat "$work/mmtests.err")"
	[[ -s $work/ours.tsv ]] || fail "no rows from $1"
	diff "$work/mmtests.tsv" "$work/ours.tsv" > "$work/diff" || fail "rows differ for $1: $(head -5 "$work/diff")"
}

# 1. Our logs: 3 client counts (1 2 3 -> sorted numerically, 10+ iterations
#    to exercise MMTests' lexical glob order).
"$BIN/seccomp-churn" --ops 2 --min-threads 1 --max-threads 3 --iterations 11 --logdir "$work/logs" > /dev/null ||
	fail "seccomp-churn run failed"
same "$work/logs"
grep -q "^bops-seccomp	3	_	11	[0-9.]*	_\$" "$work/ours.tsv" || fail "no bops-seccomp-3 iteration 11 row: $(cat "$work/ours.tsv")"
[[ $(grep -c '^bops-seccomp' "$work/ours.tsv") -eq 33 ]] || fail "want 33 bops-seccomp rows"
echo "ok: $(wc -l < "$work/ours.tsv") rows identical to MMTests' stressng parser"

# 1b. Another preset (raw, SPEC_ALLOW): the same bops-seccomp rows, so two
#     presets compare row by row; MMTests' parser reads it the same way.
"$BIN/seccomp-churn" --preset raw --spec-allow yes --trap yes --ops 2 --min-threads 1 --max-threads 2 --iterations 2 \
	--logdir "$work/raw" > /dev/null || fail "seccomp-churn raw run failed"
same "$work/raw"
[[ $(cut -f1-4 "$work/ours.tsv" | grep -c '^bops-seccomp	[12]	_	[12]$') -eq 4 ]] ||
	fail "raw preset: want bops-seccomp rows for 1 and 2 workers: $(cat "$work/ours.tsv")"
echo "ok: the raw preset's rows are bops-seccomp too"

# 2. Real stress-ng logs (goldens).
n=0
for d in "$GOLDENS"/cases/stressng-basic/log/*/iter-0/stressng/logs; do
	[[ -d $d ]] || continue
	same "$d"
	run=$(basename "$(dirname "$(dirname "$(dirname "$d")")")")
	want=$GOLDENS/cases/stressng-basic/$run-iter-0.tsv
	[[ -f $want ]] && { diff "$want" "$work/ours.tsv" > /dev/null || fail "differs from $want"; }
	n=$((n + 1))
done
[[ $n -gt 0 ]] && echo "ok: $n real stress-ng log dirs parsed identically"

# 3. The attach report.
"$PR" "$work/logs" attach > "$work/attach.tsv" || fail "parse-results attach failed"
[[ $(wc -l < "$work/attach.tsv") -eq $((3 * 11 * 4)) ]] || fail "want 132 attach rows: $(head "$work/attach.tsv")"
p99=$(awk '$1 == "attach-p99-usecs" { print $2 }' "$work/logs/seccomp-churn-2-7.extra")
grep -q "^attach-p99	2	_	7	$p99	_\$" "$work/attach.tsv" || fail "attach-p99 2/7 should be $p99: $(grep p99 "$work/attach.tsv" | head -3)"
awk -F'\t' 'NF != 6 || $5 !~ /^[0-9.]+$/ { bad = 1 } END { exit bad }' "$work/attach.tsv" || fail "malformed attach rows"
echo "ok: attach rows"
