#!/bin/bash
# run-all.sh - the test suite, as `make test` (TIER=fast, the default) and
# `make test-vs-mmtests` (TIER=vs-mmtests) run it; TIER=all runs both.
# The fast tier:
#   1. Catch2 unit tests          ($BUILD/bin/unit-tests; a case whose
#                                  prerequisite is missing reports SKIP)
#   2. MMTests golden outputs     (tests/goldens/check-goldens, byte for byte:
#                                  $GOLDENS/cases and $GOLDENS/monitors;
#                                  GOLDENS defaults to tests/goldens)
#   3. script tests               (tests/scripts/*.sh and tests/scripts/*/*.sh:
#                                  real redis-server, strace, by-hand runs;
#                                  exit 77 = skipped, with its last line as reason)
# The vs-mmtests tier: the script tests that run MMTests' own Perl, R or shell
# beside ours, named *-vs-perl.sh, *-vs-sh.sh, *-vs-run-mmtests.sh or
# *-dropin.sh (they skip without an MMTests checkout, MMTESTS_SRC).
# Prints one line per stage, with its wall, user and system seconds, and
# ends with "N passed, M failed, K skipped";
# exits non-zero when anything failed.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
BUILD=${BUILD:-build}
BIN=$top/$BUILD/bin
TIER=${TIER:-fast}
case $TIER in fast|vs-mmtests|all) ;; *) echo "run-all.sh: TIER must be fast, vs-mmtests or all, not '$TIER'" >&2; exit 2;; esac
# ../shared (reference data and tools) is optional: the goldens are in the
# tree; the drop-in tests use its run-dropin.sh and skip without it.
SHARED=${SHARED:-$(cd "$top/../shared" 2>/dev/null && pwd)}
GOLDENS=${GOLDENS:-$top/tests/goldens}
# An MMTests checkout, for the script tests that run its Perl and shell
# beside ours (they skip, exit 77, without one).
if [[ -z ${MMTESTS_SRC:-} ]]; then
	for d in "$top/../mmtests-src" /work/mmtests-src; do
		[[ -f $d/bin/compare-mmtests.pl ]] && { MMTESTS_SRC=$(cd "$d" && pwd); break; }
	done
fi
export BIN SHARED GOLDENS MMTESTS_SRC
pass=0 fail=0 skip=0
failed_names=()

# Each stage's cost: its wall seconds, and the user and system seconds of the
# processes it ran: this shell's cutime and cstime (/proc/PID/stat fields 16
# and 17, in clock ticks), which count every waited-for descendant, so the
# script tests run two at a time count in full. Bash prints EPOCHREALTIME
# with the locale's decimal point; awk wants a dot.
clock_ticks=$(getconf CLK_TCK)
stage_clock() {
	{ echo "$EPOCHREALTIME"; cat "/proc/$$/stat"; } | tr , . | awk -v hz="$clock_ticks" '
		NR == 1 { wall = $1 } NR == 2 { sub(/.*\) /, ""); print wall, $14 / hz, $15 / hz }'
}
stage_start() { stage_began=$(stage_clock); }
# "(W s wall, U s user, S s sys)" since stage_start.
stage_cost() {
	awk -v a="$stage_began" -v b="$(stage_clock)" 'BEGIN { split(a, x, " "); split(b, y, " ")
		printf "(%.1f s wall, %.1f s user, %.1f s sys)", y[1] - x[1], y[2] - x[2], y[3] - x[3] }'
}

# The tier a script test belongs to, from its name.
tier_of() {
	case $1 in
	*-vs-perl.sh|*-vs-sh.sh|*-vs-run-mmtests.sh|*-dropin.sh) echo vs-mmtests;;
	*) echo fast;;
	esac
}
in_tier() { [[ $TIER == all || $(tier_of "$1") == "$TIER" ]]; }

if [[ $TIER != vs-mmtests ]]; then

# 1. unit tests: one count per Catch2 test case. UNIT_TEST_ARGS selects
#    (make test-san leaves out the [no-sanitizer] cases).
#    A skipped case (SKIP_TEST, tests/unit/skip.hpp) is listed as
#    "SKIP name: reason" and counted as a skip, not a pass.
stage_start
read -r -a unit_args <<< "${UNIT_TEST_ARGS:-}"
ncases=$("$BIN/unit-tests" --list-test-names-only "${unit_args[@]}" | grep -c .)
unit_log=$(mktemp)
"$BIN/unit-tests" "${unit_args[@]}" > "$unit_log" 2>&1
rc=$?
grep -E '^SKIP ' "$unit_log"
grep -vE '^(SKIP |unit-tests: [0-9]+ skipped$)' "$unit_log" | tail -3
nskip=$(sed -n 's/^unit-tests: \([0-9]*\) skipped$/\1/p' "$unit_log")
nskip=${nskip:-0}
if [[ $rc -ne 0 ]]; then
	head -80 "$unit_log"
	failed_names+=("unit-tests ($rc test cases)")
fi
rm -f "$unit_log"
nfail=$rc; [[ $nfail -gt $ncases ]] && nfail=$ncases
pass=$((pass + ncases - nfail - nskip)); fail=$((fail + nfail)); skip=$((skip + nskip))
echo "unit tests: $((ncases - nfail - nskip)) passed, $nfail failed, $nskip skipped $(stage_cost)"

# 2. goldens: the benchmark cases and the --print-monitor cases (real
#    monitor trees); tbench goes through a fixture MMTests checkout whose
#    parse-results replays the case's recorded .tsv files.
#    The stage is bounded by one timeout (its variants by a CPU limit).
#    (.ci/run also runs ../shared's checker over ../shared's goldens.)
stage_start
check_goldens=$top/tests/goldens/check-goldens
if [[ -x $check_goldens && -d $GOLDENS/cases ]]; then
	golden_dirs=("$GOLDENS"/cases/*/)
	[[ -d $GOLDENS/monitors ]] && golden_dirs+=("$GOLDENS"/monitors/*/)
	out=$(MMTESTS_DIR=${MMTESTS_DIR:-$top/tests/fixtures/mmtests-replay} \
		timeout 900 "$check_goldens" "$BIN/compare-mmtests" "${golden_dirs[@]}" 2>&1)
	echo "$out" | grep -E '^(FAIL|  want|  got|skip)' | head -40
	summary=$(echo "$out" | tail -1)
	[[ $summary =~ ^[0-9]+\ passed,\ [0-9]+\ failed,\ [0-9]+\ skipped$ ]] ||
		summary="0 passed, 1 failed, 0 skipped (check-goldens ended without its summary: timed out or died)"
	echo "goldens ($GOLDENS): $summary $(stage_cost)"
	read -r gp _ gf _ gs _ <<< "$(echo "$summary" | tr -d ',')"
	pass=$((pass + gp)); fail=$((fail + gf)); skip=$((skip + gs))
	[[ $gf -eq 0 ]] || failed_names+=("goldens ($gf)")
else
	echo "goldens: no $check_goldens or no $GOLDENS/cases; FAILING this stage"
	fail=$((fail + 1)); failed_names+=("goldens (missing)")
fi
fi  # TIER != vs-mmtests

# 3. script tests of the tier, each in its own scratch dir (tests/scripts/lib
#    holds their helpers, not tests). TEST_JOBS run at once, by default two
#    more than the CPUs: most tests spend much of their wall time waiting
#    (monitor settles, servers starting, runs of a set length), so with one
#    per CPU the CPUs sat a third idle (700 s of CPU in 1271 s of test wall
#    on 2 CPUs; the stage took 478 s with 3 at once, 451 s with 4). A test
#    whose header says "# test-serial: REASON" (it looks at every process
#    on the machine, or times something a neighbour would disturb) runs
#    alone, after the others; one whose header says "# test-slow: WHY"
#    starts before the rest, so no long test starts last and runs on alone.
#    Results print as tests finish.
[[ -n ${SKIP_SCRIPTS:-} ]] && echo "script tests: skipped (SKIP_SCRIPTS set)"
stage_start
read -r pass0 fail0 skip0 <<< "$pass $fail $skip"
TEST_JOBS=${TEST_JOBS:-$(($(nproc) + 2))}
[[ $TEST_JOBS =~ ^[1-9][0-9]*$ ]] || { echo "run-all.sh: TEST_JOBS must be a positive number, not '$TEST_JOBS'" >&2; exit 2; }
mapfile -t scripts < <(find tests/scripts -mindepth 1 -maxdepth 2 -name '*.sh' -not -path 'tests/scripts/lib/*' | LC_ALL=C sort)
# How a test asks to be scheduled, from its first 20 lines, in $kind:
# serial, slow, or empty.
schedule_kind() {
	local line
	kind=
	mapfile -t -n 20 header < "$1"
	for line in "${header[@]}"; do
		case $line in
		'# test-serial:'*) kind=serial; return;;
		'# test-slow:'*) kind=slow; return;;
		esac
	done
}
results=$(mktemp -d)
trap 'rm -rf "$results"' EXIT
# One test in its scratch dir; leaves "RC SECS CPU" in $results/N.rc and its
# log in $results/N.log. CPU is the test's user+sys seconds: run_one runs in
# a subshell of its own, so bash's `times` (children's user and sys, its
# second line) counts this test's processes only.
run_one() {
	local n=$1 t=$2 scratch start rc cpu
	scratch=$(mktemp -d)
	start=$(date +%s)
	( cd "$scratch" && TOP=$top timeout 600 bash "$top/$t" ) > "$results/$n.log" 2>&1
	rc=$?
	times > "$results/$n.times"  # not in a pipe: that would be a subshell's times
	cpu=$(tr , . < "$results/$n.times" | awk 'NR == 2 { gsub(/[ms]/, " "); printf "%.0f", $1 * 60 + $2 + $3 * 60 + $4 }')
	echo "$rc $(( $(date +%s) - start )) $cpu" > "$results/$n.rc.tmp" && mv "$results/$n.rc.tmp" "$results/$n.rc"
	rm -rf "$scratch"
}
report_one() {
	local n=$1 t=$2 name rc secs cpu
	name=${t#tests/scripts/}; name=${name%.sh}
	read -r rc secs cpu < "$results/$n.rc"
	case $rc in
	0)  pass=$((pass + 1)); echo "ok   $name (${secs}s, ${cpu}s cpu)";;
	77) skip=$((skip + 1)); echo "skip $name: $(tail -1 "$results/$n.log")";;
	*)  fail=$((fail + 1)); failed_names+=("$name"); echo "FAIL $name (rc $rc, ${secs}s)"; tail -25 "$results/$n.log" | sed 's/^/    /';;
	esac
}
parallel=() serial=() slow=()
for t in "${scripts[@]}"; do
	[[ -n ${SKIP_SCRIPTS:-} ]] && break
	in_tier "$t" || continue
	schedule_kind "$t"
	case $kind in serial) serial+=("$t");; slow) slow+=("$t");; *) parallel+=("$t");; esac
done
parallel=("${slow[@]}" "${parallel[@]}")
declare -A running=()  # pid -> index into parallel
for i in "${!parallel[@]}"; do
	while [[ ${#running[@]} -ge $TEST_JOBS ]]; do
		wait -n
		for pid in "${!running[@]}"; do  # done = its .rc is written
			[[ -f $results/p${running[$pid]}.rc ]] || continue
			wait "$pid"; report_one "p${running[$pid]}" "${parallel[${running[$pid]}]}"; unset "running[$pid]"
		done
	done
	run_one "p$i" "${parallel[$i]}" &
	running[$!]=$i
done
for pid in "${!running[@]}"; do
	wait "$pid"; report_one "p${running[$pid]}" "${parallel[${running[$pid]}]}"
done
for i in "${!serial[@]}"; do
	( run_one "s$i" "${serial[$i]}" )  # a subshell, so its times are this test's
	report_one "s$i" "${serial[$i]}"
done

[[ -n ${SKIP_SCRIPTS:-} ]] ||
	echo "script tests: $((pass - pass0)) passed, $((fail - fail0)) failed, $((skip - skip0)) skipped $(stage_cost)"
[[ ${#failed_names[@]} -eq 0 ]] || echo "failed: ${failed_names[*]}"
echo "$pass passed, $fail failed, $skip skipped"
[[ $fail -eq 0 ]]
