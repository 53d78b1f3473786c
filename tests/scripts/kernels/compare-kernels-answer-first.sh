#!/bin/bash
# Issue 29, "answer first": what reaches a terminal first from
# `compare-kernels -C TREE 2>&1` is the verdict, never the warnings.
#  1. An A/B/A redis tree whose every run holds 8 clock records of short
#     samples (24 warnings of ~200 columns): the first 15 lines are the
#     verdict heading and its counts, no warning; the warnings are counted in
#     a few lines below the verdict (80 columns at most) and after the report
#     on stderr, --warnings prints all 24 in full, and compare-kernels.sh's
#     part of the report is unchanged.
#  2. The 55-metric redis tree, its runs named for two boot parameters
#     (retbleed=ibrs, mitigations=off) with the same recorded mitigation
#     state: the limit is said first ("did not take effect"), then the
#     verdict's counts, all within 15 lines.
#  3. A run whose benchmark failed for want of per-task indirect-branch
#     control (its log says so, in ibpb-pulse's words): the limit names the
#     capability and the boot parameter, not only "exited 255".
#  4. HTML: the limits, then every verdict, then the warnings, before the
#     first benchmark's tables.
#  5. HTML: a vmstat monitor table's rows that are zero in every run are one
#     line; the text keeps them (compare-kernels.sh's part, line for line).
set -euo pipefail
: "${BIN:?}"
GOLDENS=${GOLDENS:-${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}/tests/goldens}
fail() { echo "FAIL: $*"; exit 1; }
. "$(dirname "$0")/../lib/kernels-report.sh"
src=$GOLDENS/cases/redis-basic/log
heading='=== compare-kernels verdict (mmtests-plugins) ==='

# first15 DIR [ARGS...]: what a terminal shows first of compare-kernels' report and stderr.
first15() {
	local dir=$1
	shift
	"$BIN/compare-kernels" -C "$dir" "$@" > first.all 2>&1 || fail "compare-kernels -C $dir failed: $(tail -5 first.all)"
	head -n 15 first.all
}

# --- 1. A/B/A with clock warnings ---
mkdir abba
cp -a "$src"/. abba/; chmod -R u+w abba
"$BIN/compare-kernels" -C abba > plain.txt 2> plain.err || fail "compare-kernels failed: $(cat plain.err)"
for run in v7.1.3-first v7.3 v7.1.3-return; do
	for i in 1 2 3 4 5 6 7 8; do
		cat > "abba/$run/iter-0/redis/logs/redis-$i-clock.json" <<'JSON'
{"workload": "redis-zpopmin", "clock": "redis-benchmark's whole milliseconds (--rps-clock ms)",
 "resolution_ns": 1000000, "min_ticks": 1000, "span_setting": "REDIS_ZPOPMIN_REQUESTS (--requests, -n)",
 "samples": 40, "short_samples": 40, "shortest_span_ns": 5000000, "shortest_sample": "ZPOPMIN clients 1 iteration 1",
 "shortest_ticks": 5, "iterations": 3, "iterations_setting": "REDIS_ZPOPMIN_ITERATIONS (--iterations)",
 "target_change_pct": 5, "series": []}
JSON
	done
done
first15 abba > abba.head
[[ $(head -n 1 abba.head) == "$heading" ]] || fail "the A/B/A report does not begin with the verdict: $(cat abba.head)"
grep -q 'warning' abba.head && fail "warnings before the verdict: $(cat abba.head)"
grep -qx '  redis: A/B/A: A1 v7.1.3-first, B v7.3, A2 v7.1.3-return' abba.head || fail "no verdict roles in the first 15 lines: $(cat abba.head)"
# The family is redis' 9 RPS rows and the elapsed time; its 45 latency columns are context.
grep -qx '    0 regressions, 0 improvements, 0 no change, 10 inconclusive (of 10 metrics)' abba.head ||
	fail "no verdict counts in the first 15 lines: $(cat abba.head)"
"$BIN/compare-kernels" -C abba > abba.txt 2> abba.err || fail "compare-kernels failed: $(cat abba.err)"
sed '/^=== MMTests compare-kernels.sh report ===$/q' abba.txt > abba.verdict
grep -qx 'Warnings: 24 warnings held back (--warnings lists them):' abba.verdict || fail "no warning count below the verdict: $(tail -5 abba.verdict)"
grep -qx '  24 clock: samples under 1000 ticks, in 3 runs' abba.verdict || fail "no clock summary below the verdict: $(tail -5 abba.verdict)"
[[ $(grep -n '^Warnings: ' abba.verdict | cut -d: -f1) -gt $(grep -n '^Verdict for redis' abba.verdict | cut -d: -f1) ]] ||
	fail "the warning summary is not below the verdict"
grep -qx 'compare-kernels: 24 warnings held back (--warnings lists them):' abba.err || fail "no summary on stderr: $(cat abba.err)"
grep -q 'clock.json' abba.err && fail "clock warnings in full without --warnings: $(cat abba.err)"
awk 'length > 80 && /held back|clock:/ { bad = 1; print } END { exit bad }' abba.err abba.verdict ||
	fail "a summary line is over 80 columns"
cmp -s <(sh_part plain.txt) <(sh_part abba.txt) || fail "the clock records changed compare-kernels.sh's part"
"$BIN/compare-kernels" -C abba --warnings > /dev/null 2> all.err || fail "--warnings failed: $(cat all.err)"
[[ $(grep -c '^compare-kernels: warning: .*-clock.json: 40 of 40 samples lasted under 1000 ticks' all.err) == 24 ]] ||
	fail "--warnings does not list the 24 clock warnings: $(cat all.err)"
echo "ok: A/B/A with 24 clock warnings: verdict in the first 15 lines, warnings counted below it, --warnings lists them"

# --- 2. 55 metrics, two boot parameters that did not take effect ---
mkdir named
cp -a "$src/v7.1.3-first" "named/v7.1.3-retbleed=ibrs"
cp -a "$src/v7.3" "named/v7.3"
cp -a "$src/v7.1.3-return" "named/v7.1.3-mitigations=off"
chmod -R u+w named
for run in named/*; do
	printf 'retbleed: Mitigation: untrained return thunk; SMT disabled\nspectre_v2: Mitigation: Retpolines\n' \
		> "$run/iter-0/cpu-vulnerabilities.txt"
done
first15 named > named.head
[[ $(head -n 1 named.head) == "$heading" ]] || fail "the report does not begin with the verdict: $(cat named.head)"
grep -qx '  the same recorded mitigation state: v7.1.3-retbleed=ibrs, v7.3, v7.1.3-mitigations=off' named.head ||
	fail "no runs of one recorded state first: $(cat named.head)"
grep -qx '    so the boot parameter did not take effect (retbleed=ibrs, mitigations=off)' named.head ||
	fail "no ineffective boot parameter first: $(cat named.head)"
grep -qx '    0 regressions, 0 improvements, 0 no change, 10 inconclusive (of 10 metrics)' named.head ||
	fail "no verdict counts in the first 15 lines: $(cat named.head)"
[[ $(grep -m1 -n 'did not take effect' named.head | cut -d: -f1) -lt $(grep -n 'inconclusive (of 10' named.head | cut -d: -f1) ]] ||
	fail "the limits do not come before the verdict"
echo "ok: 55-metric redis tree: ineffective boot parameters, then the verdict, in the first 15 lines"

# --- 3. a benchmark that failed for a capability the kernel lacks ---
mkdir failed
cp -a "$src"/. failed/; chmod -R u+w failed
cp -a failed/v7.3 failed/v7.3-noprctl
sed -i 's/^test end :: redis \([0-9]*\) 0$/test end :: redis \1 255/' failed/v7.3-noprctl/iter-0/tests-timestamp
# ibpb-pulse's words (workloads/ibpb-pulse/pulse.cpp) as run-config keeps them.
printf '%s\n' 'ibpb-pulse: initial indirect-branch mask is 0x1, expected 0x3: no per-task indirect-branch control here (the PRCTL bit is missing), so the opt-in cannot work; boot with spectre_v2_user=prctl (or =seccomp) to get it' |
	gzip > failed/v7.3-noprctl/iter-0/redis/logs/mmtests.log.gz
runs=(--baseline v7.1.3-first --compare v7.3 --compare v7.3-noprctl --compare v7.1.3-return)
first15 failed "${runs[@]}" > failed.head
grep -qx '  v7.3-noprctl: redis could not run: per-task indirect-branch control absent (spectre_v2_user=prctl)' failed.head ||
	fail "the missing capability is not said first: $(cat failed.head)"
grep -q 'inconclusive (of 10 metrics)' failed.head || fail "no verdict in the first 15 lines: $(cat failed.head)"
"$BIN/compare-kernels" -C failed "${runs[@]}" > failed.txt 2> /dev/null
grep -q 'INVALID v7.3-noprctl (failed): redis exited 255 in iter-0: per-task indirect-branch control absent (spectre_v2_user=prctl)' failed.txt ||
	fail "the run validity section gives only the exit code: $(grep INVALID failed.txt)"
echo "ok: a run failed for want of spectre_v2_user=prctl says so first, not only 'exited 255'"

# --- 4. HTML: limits, verdicts, warnings, then the tables ---
"$BIN/compare-kernels" -C failed "${runs[@]}" --verdict aba --verdict baselines --format html > page.html 2> /dev/null ||
	fail "compare-kernels --format html failed"
at() { grep -n -m1 -F "$1" page.html | cut -d: -f1; }
limits=$(at 'id="limits"') verdict=$(at 'id="verdict"') baselines=$(at 'against two baselines for redis') tables=$(at '<h2 id="redis">')
[[ -n $limits && -n $verdict && -n $baselines && -n $tables ]] || fail "page lacks a section (limits '$limits' verdict '$verdict' baselines '$baselines' tables '$tables')"
((limits < verdict && verdict < baselines && baselines < tables)) ||
	fail "HTML order: limits $limits, verdict $verdict, baselines $baselines, tables $tables"
echo "ok: HTML: the limits, the verdicts (A/B/A and baselines), then the tables"

# --- 5. HTML: a monitor's rows that are zero in every run are one line ---
. "$(dirname "$0")/../lib/monitor-tree.bash"
perfpipe_monitor_tree mon vmstat
"$BIN/compare-kernels" -C mon --format html > mon.html 2> /dev/null || fail "compare-kernels --format html over monitors failed"
"$BIN/compare-kernels" -C mon > mon.txt 2> /dev/null || fail "compare-kernels over monitors failed"
zero=$(grep -o '<p class="zero-rows">[0-9]* mmtests-vmstat rows are zero in every run' mon.html | grep -o '>[0-9]*' | tr -d '>')
[[ -n $zero && $zero -gt 10 ]] || fail "no collapsed zero rows in the HTML vmstat table: $(grep -c zero-rows mon.html)"
# the text keeps them: its compare-kernels.sh part is compare-kernels.sh's
text_zero=$(sh_part mon.txt | sed -n '/^ *v7.1.3 /,/^$/p' | grep -cE '^Ops .* 0\.00 +0\.00 +0\.00$' || true)
[[ $text_zero -gt 0 ]] || fail "the text report lost compare-kernels.sh's zero rows"
echo "ok: HTML: $zero all-zero mmtests-vmstat rows are one line; the text keeps compare-kernels.sh's"
