#!/bin/bash
# Issue 12: compare-kernels' text report begins with exactly what MMTests'
# compare-kernels.sh prints for the same tree, section by section: the
# settings sections (kernel command lines, LSM, preemption, C-states, storage
# scheduler, kernel warnings), the option files, each benchmark's headings
# and tables, and the monitor tables. Ours follow under one heading.
# First over the real monitors-basic tree against its recorded
# compare-kernels.sh output, then (with an MMTests checkout) over a copy
# given settings that differ between runs, against compare-kernels.sh run now.
set -euo pipefail
: "${BIN:?}"
GOLDENS=${GOLDENS:-${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}/tests/goldens}
fail() { echo "FAIL: $*"; exit 1; }
. "$(dirname "$0")/../lib/kernels-report.sh"
golden=$GOLDENS/monitors/monitors-basic
ours_heading='=== compare-kernels (mmtests-plugins): beyond MMTests'"'"' compare-kernels.sh ==='

# compare_sections EXPECTED OURS: OURS after its verdict block (none here:
# the tree's one benchmark, monitor, has no table to call) is EXPECTED,
# a blank line, then our heading. On a difference, name the section (the
# last heading-like line before it) and show the first differing lines.
compare_sections() {
	local expected=$1 report=$2 n
	local ours=$report.sh-part
	sh_part "$report" > "$ours" || fail "$report: no compare-kernels.sh part"
	n=$(wc -l < "$expected")
	head -n "$n" "$ours" > ours.head
	if ! cmp -s "$expected" ours.head; then
		local line
		line=$(cmp "$expected" ours.head 2>&1 | sed -n 's/.* line \([0-9]*\).*/\1/p')
		line=${line:-$n}
		section=$(head -n "$line" "$expected" | grep -v '^ ' | grep -v '^$' | grep -Ev '^(Amean|Max|Min|Ops|Duration|Hmean|Stddev) ' | tail -1)
		diff "$expected" ours.head | head -20
		fail "$ours differs from compare-kernels.sh at line $line, in the section '$section'"
	fi
	[[ $(sed -n "$((n + 1))p" "$ours") == "" && $(sed -n "$((n + 2))p" "$ours") == "$ours_heading" ]] ||
		fail "$ours: our heading does not follow compare-kernels.sh's part"
	echo "ok: $ours: $(grep -c . "$expected") lines identical to compare-kernels.sh, then our sections"
}

# 1. The recorded compare-kernels.sh output of the real tree.
cp -a "$golden/log" log; chmod -R u+w log
"$BIN/compare-kernels" -C log > ours-golden.txt 2> err-golden.txt || fail "compare-kernels failed: $(cat err-golden.txt)"
compare_sections "$golden/compare-kernels-sh.expected.txt" ours-golden.txt
# compare-kernels.sh fails turbostat on stderr and goes on; so do we, naming it.
grep -q "^compare-kernels: monitor: --print-monitor turbostat: " err-golden.txt || fail "turbostat failure not named: $(cat err-golden.txt)"
grep -q "^  monitor: --print-monitor turbostat: " ours-golden.txt || fail "turbostat failure not listed in the report"
grep -Eq "^    base-first +[0-9.]+ +[0-9]+ +[0-9]+ +[0-9]+$" ours-golden.txt || fail "no mitigation costs row for base-first"

[[ -x ${MMTESTS_SRC:-}/compare-kernels.sh ]] || { echo "skip: no MMTests checkout (MMTESTS_SRC)"; exit 77; }

# 2. --auto-detect on the real tree: every table compare-kernels.sh's
#    $COMPARE_CMD prints (the monitors' too) gets significance rows.
(env -u CACHE_MMTESTS LC_ALL=C ASSUME_PACKAGE_INSTALLED=yes "$MMTESTS_SRC/compare-kernels.sh" -C log --auto-detect) \
	> sh-ad.txt 2> sh-ad.err || fail "compare-kernels.sh --auto-detect failed: $(tail -3 sh-ad.err)"
"$BIN/compare-kernels" -C log --auto-detect > ours-ad.txt 2> /dev/null
compare_sections sh-ad.txt ours-ad.txt

# 3. Settings that differ between runs, as run-mmtests.sh records them.
rm -rf log; cp -a "$golden/log" log; chmod -R u+w log
for r in base-first patched base-return; do
	d=log/$r/iter-0
	extra=spectre_v2=on lsm=capability,landlock sched="[mq-deadline] none"
	[[ $r == patched ]] && extra=mitigations=off lsm=lockdown,capability,landlock sched="[none] mq-deadline"
	{ echo "[    0.000000] Command line: BOOT_IMAGE=/vmlinuz-6.18 root=/dev/vda ro quiet $extra"; zcat "$d/dmesg.gz"; } |
		gzip > "$d/dmesg.new"
	mv "$d/dmesg.new" "$d/dmesg.gz"
	echo "$lsm" > "$d/security-lsm"
	echo "full" > "$d/preempt-dynamic"  # the same everywhere: no section
	printf '/sys/block/vda/queue/nr_requests:256\n/sys/block/vda/queue/scheduler:%s\n' "$sched" > "$d/storageioqueue.txt"
done
printf 'state1 latency 2\n' >> log/patched/iter-0/cpuidle-latencies.txt
# A busy disk in the baseline (await 9.5 ms as MMTests reads it), so the iostat table shows.
zcat log/base-first/iter-0/iostat-monitor.gz | python3 -c '
import re, sys
for line in sys.stdin:
    if " -- vda " in line:  # fields 14 and 15: r_await, w_await to MonitorIostat.pm
        parts = re.split(r"(\s+)", line)
        words = [i for i, p in enumerate(parts) if p and not p.isspace()]
        for n in (13, 14):
            parts[words[n]] = "9.50"
        line = "".join(parts)
    sys.stdout.write(line)' | gzip > iostat.gz
mv iostat.gz log/base-first/iter-0/iostat-monitor.gz
printf 'Runtime options\nRun: /tmp/mon/workload.sh\nRun: /tmp/mon/workload.sh\nRun: gzip -9\n' > log/base-first/iter-0/runtime.opts
printf 'Sysctl options\nkernel.sched_schedstats = 1\n' > log/base-first/iter-0/monitor/logs/sysctl.opts
(cd log/.. && env -u CACHE_MMTESTS LC_ALL=C ASSUME_PACKAGE_INSTALLED=yes "$MMTESTS_SRC/compare-kernels.sh" -C log) \
	> sh.txt 2> sh.err || fail "compare-kernels.sh failed: $(tail -3 sh.err)"
for s in "Test kernel command lines" "Test LSM module order" "Test CState latencies" "Storage scheduler" \
	"Test patched produced warnings or oops" "Runtime options" "Sysctl options" \
	"No meaningful extraction script for monitor" "Amean context-switches" "Amean vda-await"; do
	grep -q "^$s" sh.txt || fail "compare-kernels.sh printed no '$s': the tree does not exercise it"
done
if grep -q "^Test Preemption" sh.txt; then fail "compare-kernels.sh printed preemption settings that agree"; fi
"$BIN/compare-kernels" -C log > ours.txt 2> err.txt || fail "compare-kernels failed: $(cat err.txt)"
compare_sections sh.txt ours.txt
# Ours: the command line shows only the tokens that differ.
sed -n '/^=== compare-kernels/,$p' ours.txt > own.txt
grep -q "^cmdline (only the tokens not in every run)$" own.txt || fail "no command-line difference in our sections"
grep -Eq "^  patched: +mitigations=off$" own.txt || fail "patched's differing tokens: $(grep -A3 '^cmdline' own.txt)"
grep -Eq "^  patched: +lockdown$" own.txt || fail "LSM difference: $(grep -A3 '^LSM' own.txt)"
grep -Eq "^  patched: +state1 latency 2$" own.txt || fail "C-state difference: $(grep -A3 '^C-state' own.txt)"
grep -Eq "^  patched: +\[none\] mq-deadline$" own.txt || fail "scheduler difference: $(grep -A3 '^storage' own.txt)"
if grep -q "^preemption" own.txt; then fail "preemption settings that agree were listed"; fi
echo "ok: settings sections identical to compare-kernels.sh; ours show only the differing tokens"

# The report fingerprint: ours writes report.md5 as compare-kernels.sh does
# (the md5 of the runs' tests-timestamp files), so compare-kernels.sh finds
# our report up to date and says so as we do.
out=$PWD/out
"$BIN/compare-kernels" -C log --output-dir "$out" --output-file report.txt --report-title "T 1" 2> /dev/null
[[ $(wc -c < "$out/report.md5") -eq 32 ]] || fail "report.md5: '$(cat "$out/report.md5")'"
(env -u CACHE_MMTESTS LC_ALL=C ASSUME_PACKAGE_INSTALLED=yes "$MMTESTS_SRC/compare-kernels.sh" -C log --output-dir "$out" \
	--output-file report.txt --report-title "T 1") > sh-fp.txt 2> /dev/null
"$BIN/compare-kernels" -C log --output-dir "$out" --output-file report.txt --report-title "T 1" > ours-fp.txt
[[ $(cat ours-fp.txt) == "Report 'T 1' comparing 'base-first patched base-return' is up to date" ]] ||
	fail "ours did not find its report up to date: $(cat ours-fp.txt)"
cmp -s sh-fp.txt ours-fp.txt || fail "compare-kernels.sh says '$(head -3 sh-fp.txt)', we say '$(cat ours-fp.txt)'"
echo "$(date)" >> log/patched/iter-0/tests-timestamp
"$BIN/compare-kernels" -C log --output-dir "$out" --output-file report.txt > ours-fp.txt 2> /dev/null
[[ ! -s ours-fp.txt ]] || fail "a changed tests-timestamp did not rebuild the report: $(cat ours-fp.txt)"
echo "ok: report.md5 is compare-kernels.sh's fingerprint"

# 4. A benchmark compare-kernels.sh splits by sub-heading (redis: RPS, then
#    lat95), on the redis golden runs given run-mmtests.sh's tests-activity.
cp -a "$GOLDENS/cases/redis-basic/log" rlog; chmod -R u+w rlog
t=1764460100
for r in v7.1.3-first v7.3 v7.1.3-return; do
	printf '%s run-mmtests: Start\n%s run-mmtests: test start :: redis 1\n' $t $((t + 1)) > rlog/$r/iter-0/tests-activity
	t=$((t + 100))
done
(env -u CACHE_MMTESTS LC_ALL=C ASSUME_PACKAGE_INSTALLED=yes "$MMTESTS_SRC/compare-kernels.sh" -C rlog) \
	> rsh.txt 2> rsh.err || fail "compare-kernels.sh failed on the redis tree: $(tail -3 rsh.err)"
for s in "redis RPS" "redis lat95" "Ops GET-lat95-1" "Duration Elapsed"; do
	grep -q "^$s" rsh.txt || fail "compare-kernels.sh printed no '$s' for redis"
done
"$BIN/compare-kernels" -C rlog > rours.txt 2> rerr.txt || fail "compare-kernels failed on the redis tree: $(cat rerr.txt)"
compare_sections rsh.txt rours.txt
# --auto-detect: the calls compare-kernels.sh makes with --print-significance.
(env -u CACHE_MMTESTS LC_ALL=C ASSUME_PACKAGE_INSTALLED=yes "$MMTESTS_SRC/compare-kernels.sh" -C rlog --auto-detect) \
	> rsh-ad.txt 2> rsh-ad.err || fail "compare-kernels.sh --auto-detect failed: $(tail -3 rsh-ad.err)"
grep -q "^Significant GET-RPS-1 " rsh-ad.txt || fail "compare-kernels.sh --auto-detect printed no significance rows"
"$BIN/compare-kernels" -C rlog --auto-detect > rours-ad.txt 2> /dev/null
compare_sections rsh-ad.txt rours-ad.txt
