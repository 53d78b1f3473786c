#!/bin/bash
# Seed 000's recipe, short: the redis-zpopmin -small config run three times
# (A, B, A again: v7.1.3-first, v7.3, v7.1.3-return) with a tiny keyspace,
# then compare-kernels --verdict aba --metric 'ZPOPMIN|GET|time'. The A1, B
# and A2 means, the change against the mean of the A runs and the A-to-A
# drift are checked against the raw redis-benchmark CSV logs.
set -u
TOP=${TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
BIN=${BIN:-$TOP/build/bin}
fail() { echo "FAIL: $*"; exit 1; }
for b in run-config redis-zpopmin compare-kernels; do [ -x "$BIN/$b" ] || { echo "$b not built"; exit 77; }; done
command -v redis-server > /dev/null || { echo "no redis-server"; exit 77; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
runs=(v7.1.3-first v7.3 v7.1.3-return)

for r in "${runs[@]}"; do
	(cd "$work" && "$BIN/run-config" "$TOP/configs/config-memdb-redis-zpopmin-small" $r --work-dir "$work/w" \
		--set REDIS_ZPOPMIN_KEYSPACE=2000 --set MMTEST_ITERATIONS=2) > "$work/$r.out" 2>&1 ||
		fail "run-config $r: $(tail -5 "$work/$r.out")"
done
"$BIN/compare-kernels" -C "$work/w/log" --verdict aba --metric 'ZPOPMIN|GET|time' > "$work/k.txt" 2> "$work/k.err" ||
	fail "compare-kernels: $(cat "$work/k.err")"
sed -n '/^A\/B\/A verdict for redis-zpopmin/,/rows tested/p' "$work/k.txt" | tee "$work/aba"
grep -Eq '^metric +unit +v7.1.3-first +v7.3 +v7.1.3-return +change +drift +CoV A1 +CoV B +CoV A2 +exceeds +p +Holm p +better +reads as$' \
	"$work/aba" || fail "A/B/A header columns"
[ "$(grep -Ec '^(ZPOPMIN-RPS-1|GET-RPS-1|complete test time) ' "$work/aba")" = 3 ] || fail "want the ZPOPMIN, GET and time rows only"
grep -Eq '^[0-9]+ rows tested, [0-9]+ exceed \(raw\), [0-9]+ significant after Holm at alpha 0.05$' "$work/aba" || fail "no summary line"

# kRPS per sample = the CSV's rps / 1000, every redis-1-N.log of every
# iteration, printed as MMTests' parse-results awk prints it (%.6g: 1481386.6
# rps is 1481.39 kRPS), which is what the table's means are taken over.
mean_of() { cat "$work/w/log/$1"/iter-*/redis-zpopmin/logs/redis-1-*.log |
	awk -F'"' -v t="$2" '$2 == t { s += sprintf("%.6g", $4 / 1000) + 0; n++ } END { printf "%.6f", s / n }'; }
for test in ZPOPMIN GET; do
	a1=$(mean_of v7.1.3-first $test) b=$(mean_of v7.3 $test) a2=$(mean_of v7.1.3-return $test)
	read -r _ _ g1 gb g2 gch gdr _ <<< "$(grep "^$test-RPS-1 " "$work/aba" | tr -d '%')"
	awk -v g1="$g1" -v gb="$gb" -v g2="$g2" -v gch="$gch" -v gdr="$gdr" -v a1="$a1" -v b="$b" -v a2="$a2" '
		function near(x, y) { return x - y <= 0.0051 && y - x <= 0.0051 }
		BEGIN { a = (a1 + a2) / 2; d = (a2 > a1 ? a2 - a1 : a1 - a2) / a * 100
			exit !(near(g1, a1) && near(gb, b) && near(g2, a2) && near(gch, (b / a - 1) * 100) && near(gdr, d)) }' ||
		fail "$test: table says $g1 $gb $g2 change $gch drift $gdr; raw logs give $a1 $b $a2"
done
# The recipe's settings time every sample over at least 1000 ticks of its
# clock (issue 19): each run's redis-zpopmin-clock.json says so.
records=("$work"/w/log/*/iter-*/redis-zpopmin/logs/redis-zpopmin-clock.json)
[ "${#records[@]}" = 6 ] && [ -f "${records[0]}" ] || fail "want 3 runs x 2 iterations of clock records: ${records[*]}"
for r in "${records[@]}"; do
	python3 -c 'import json, sys; r = json.load(open(sys.argv[1])); sys.exit(not (r["short_samples"] == 0 and r["shortest_ticks"] >= 1000))' "$r" ||
		fail "a sample under 1000 ticks: $r: $(cat "$r")"
done
grep -q 'ticks of' "$work/k.err" && fail "compare-kernels warns of short samples: $(cat "$work/k.err")"
echo "ok: the A/B/A table's means, change and drift match the raw CSV logs for ZPOPMIN and GET; every sample >= 1000 clock ticks"
exit 0
