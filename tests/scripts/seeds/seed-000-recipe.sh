#!/bin/bash
# Seed 000's recipe, short: the redis-zpopmin -small config run three times
# (A, B, A again: v7.1.3-first, v7.3, v7.1.3-return) with a tiny keyspace,
# by docs/seed-recipes.md's own commands (doc-examples.sh runs them once and
# checks the shape of what they print), then, on the tree they wrote,
# compare-kernels --metric 'ZPOPMIN|GET|time': without --verdict it
# picks A/B/A (the first and last run share the name v7.1.3) and prints it
# first, roles in one line, the same with --sort-version. The change against
# the A runs and the A-to-A drift are checked against the raw
# redis-benchmark CSV logs, the interval against the change and the call
# against the interval.
set -u
TOP=${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}
BIN=${BIN:-$TOP/build/bin}
fail() { echo "FAIL: $*"; exit 1; }
for b in run-config redis-zpopmin compare-kernels; do [ -x "$BIN/$b" ] || { echo "$b not built"; exit 77; }; done
command -v redis-server > /dev/null || { echo "no redis-server"; exit 77; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
source "$TOP/tests/scripts/lib/doc-recipe.bash"

run_doc_recipe seed-000
log=$work/seed-000/seed-000/log
# --iteration-stat mean: each unit is the plain mean of its samples, which awk can check against the logs.
"$BIN/compare-kernels" -C "$log" --metric 'ZPOPMIN|GET|time' --iteration-stat mean > "$work/k.txt" 2> "$work/k.err" ||
	fail "compare-kernels: $(cat "$work/k.err")"
head -n 1 "$work/k.txt" | grep -qx '=== compare-kernels verdict (mmtests-plugins) ===' || fail "the report does not begin with the verdict"
grep -qx "Roles: A1 v7.1.3-first, B v7.3, A2 v7.1.3-return (A/B/A: the first and last runs share the name 'v7.1.3')" \
	"$work/k.txt" || fail "roles line: $(sed -n 2p "$work/k.txt")"
sed -n '/^Verdict for redis-zpopmin: A\/B\/A: A1 v7.1.3-first, B v7.3, A2 v7.1.3-return$/,/ inconclusive (of [0-9]* metrics)$/p' \
	"$work/k.txt" | tee "$work/aba"
# The three runs ran in one boot (run-config records it): the run is the unit.
grep -Eq '^\(unit: the run \((every run in one boot|one boot per run|no boot records).*; each unit.s samples: mean$' \
	"$work/aba" || fail "the unit is not named"
grep -Eq '^ B: mean of 1 runs; A: mean of 2; calls: Hochberg.s step-up over 3 metrics of the report \(alpha 0.05\), each call.s interval at its step.s level, the first 98.33% .*; no change: each metric.s 90% interval \(two one-sided tests at 5%\)\)$' \
	"$work/aba" || fail "the statistic is not named"
grep -Eq '^metric +unit +better +change +interval +drift +call$' "$work/aba" || fail "A/B/A header columns"
[ "$(grep -Ec '^(ZPOPMIN-RPS-1|GET-RPS-1|complete test time) ' "$work/aba")" = 3 ] || fail "want the ZPOPMIN, GET and time rows only"
# The same roles when --sort-version orders the columns (v7.1.3-return before v7.3).
"$BIN/compare-kernels" -C "$log" --metric 'ZPOPMIN|GET|time' --iteration-stat mean --sort-version > "$work/sorted.txt" 2> /dev/null
grep -q '^Roles: A1 v7.1.3-first, B v7.3, A2 v7.1.3-return ' "$work/sorted.txt" || fail "--sort-version changed the roles"
grep -q '^(--sort-version orders the tables. columns only; the roles follow the run order above)$' "$work/sorted.txt" ||
	fail "--sort-version's new order is not said"
cmp -s <(sed -n '/^Verdict for/,/inconclusive (of/p' "$work/sorted.txt") "$work/aba" || fail "--sort-version changed the verdict"

# kRPS per sample = the CSV's rps / 1000, every redis-1-N.log of every
# iteration, printed as MMTests' parse-results awk prints it (%.6g: 1481386.6
# rps is 1481.39 kRPS), which is what the table's means are taken over.
mean_of() { cat "$log/$1"/iter-*/redis-zpopmin/logs/redis-1-*.log |
	awk -F'"' -v t="$2" '$2 == t { s += sprintf("%.6g", $4 / 1000) + 0; n++ } END { printf "%.6f", s / n }'; }
for test in ZPOPMIN GET; do
	a1=$(mean_of v7.1.3-first $test) b=$(mean_of v7.3 $test) a2=$(mean_of v7.1.3-return $test)
	read -r _ _ _ gch glo ghi gdr call <<< "$(grep "^$test-RPS-1 " "$work/aba" | tr -d '%[],')"
	# One unit per run, the mean of all its samples.
	awk -v gch="$gch" -v gdr="$gdr" -v a1="$a1" -v b="$b" -v a2="$a2" '
		function near(x, y) { return x - y <= 0.0051 && y - x <= 0.0051 }
		BEGIN { a = (a1 + a2) / 2; d = (a2 > a1 ? a2 - a1 : a1 - a2) / a * 100
			exit !(near(gch, (b / a - 1) * 100) && near(gdr, d)) }' ||
		fail "$test: table says change $gch drift $gdr; raw logs give $a1 $b $a2"
	# The interval holds the change; a call needs it to exclude 0 and clear the
	# drift, and then it is small inside (-5 %, 5 %), a regression or an
	# improvement otherwise; "no change" needs its (90 %) interval within +-5 %.
	awk -v c="$gch" -v lo="$glo" -v hi="$ghi" -v d="$gdr" -v call="$call" 'BEGIN {
		if (!(lo <= c && c <= hi)) exit 1
		if (call ~ /^(regression|improvement)/) exit !((lo > d || hi < -d) && !(lo > -5 && hi < 5))
		if (call ~ /^small/) exit !((lo > d || hi < -d) && lo > -5 && hi < 5)
		if (call ~ /^no/) exit !(lo >= -5 && hi <= 5)
		exit !(call ~ /^inconclusive/) }' || fail "$test: interval [$glo, $ghi] around $gch and the call '$call' disagree"
done
echo "ok: the A/B/A verdict's change and drift match the raw CSV logs for ZPOPMIN and GET; the calls follow the intervals"
# The recipe's settings time every sample over at least 1000 ticks of its
# clock (issue 19): each run's redis-zpopmin-clock.json says so.
records=("$log"/*/iter-*/redis-zpopmin/logs/redis-zpopmin-clock.json)
[ "${#records[@]}" = 6 ] && [ -f "${records[0]}" ] || fail "want 3 runs x 2 iterations of clock records: ${records[*]}"
for r in "${records[@]}"; do
	python3 -c 'import json, sys; r = json.load(open(sys.argv[1])); sys.exit(not (r["short_samples"] == 0 and r["shortest_ticks"] >= 1000))' "$r" ||
		fail "a sample under 1000 ticks: $r: $(cat "$r")"
done
grep -q 'ticks of' "$work/k.err" && fail "compare-kernels warns of short samples: $(cat "$work/k.err")"
echo "ok: every sample >= 1000 clock ticks"
exit 0
