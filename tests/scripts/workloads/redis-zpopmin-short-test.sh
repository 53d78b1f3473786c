#!/bin/bash
# A test shorter than 1 ms (tiny -n) under --rps-clock ms (redis-benchmark's
# arithmetic): redis-benchmark divides by a 0 ms span and writes "inf" rps,
# which MMTests' tables read as 0. redis-zpopmin never writes inf: such a
# test's rps comes from the nanosecond span (the replies log's precise_rps),
# with one warning on stderr naming the test.
set -u
BIN=${BIN:-$TOP/build/bin}
command -v redis-server >/dev/null || { echo "redis-server not installed"; exit 77; }
fail() { echo "FAIL: $*"; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# -n 1: every test is one round trip (tens of us), so most spans are 0 ms.
"$BIN/redis-zpopmin" -n 1 -P 1 --iterations 1 --rps-clock ms --persistence memonly --logdir "$work/logs" >"$work/out" 2>"$work/err" ||
	fail "exit $?: $(cat "$work/err")"
csv=$work/logs/redis-1-1.log
[ "$(wc -l < "$csv")" = 21 ] || fail "want the header and 20 tests: $(cat "$csv")"
grep -qi 'inf\|nan' "$csv" && fail "inf/nan rps written: $(grep -i 'inf\|nan' "$csv")"
awk -F'","' 'NR > 1 && !($2 + 0 > 0) { bad = 1; print } END { exit bad }' "$csv" || fail "an rps that is not positive"
warned=$(grep -c '^redis-zpopmin: warning: .* took under 1 ms ([0-9]* us): its rps is from the nanosecond clock' "$work/err")
[ "$warned" -gt 0 ] || fail "no test under 1 ms warned: $(cat "$work/err")"
# besides them, only the clock check's (every test is under 1000 ms ticks)
[ "$warned" = "$(grep -vc ' lasted .* ticks of its clock\| samples lasted under 1000 ticks' "$work/err")" ] ||
	fail "stderr has more than the warnings: $(cat "$work/err")"
# each warned test's rps is its precise rps from the replies log
n=0
while IFS= read -r title; do
	rps=$(awk -F'","' -v t="\"$title" '$1 == t { print $2 }' "$csv")
	precise=$(awk -F'\t' -v t="$title" '$1 == t { print $8 }' "$work/logs/replies-1-1.log")
	awk -v a="$rps" -v b="$precise" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(b > 0 && d <= b * 1e-6 + 0.01) }' ||
		fail "$title: csv rps $rps, precise rps $precise"
	n=$((n + 1))
done < <(sed -n 's/^redis-zpopmin: warning: \(.*\) took under 1 ms .*/\1/p' "$work/err")
echo "ok: $n of 20 tests under 1 ms, each rps from the nanosecond span with a warning; no inf"
