#!/bin/bash
# run-all.sh - the whole test suite, as `make test` runs it:
#   1. Catch2 unit tests          ($BUILD/bin/unit-tests)
#   2. MMTests golden outputs     (../shared/tools/check-goldens, byte for byte:
#                                  goldens/cases and goldens/monitors)
#   3. script tests               (tests/scripts/*.sh: real redis-server, strace,
#                                  by-hand runs, drop-in trees; exit 77 = skipped)
# Prints one line per stage and ends with "N passed, M failed[, K skipped]";
# exits non-zero when anything failed.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
BUILD=${BUILD:-build}
BIN=$top/$BUILD/bin
SHARED=${SHARED:-$(cd "$top/../shared" 2>/dev/null && pwd)}
# An MMTests checkout, for the script tests that run its Perl and shell
# beside ours (they skip, exit 77, without one).
if [[ -z ${MMTESTS_SRC:-} ]]; then
	for d in "$top/../mmtests-src" /work/mmtests-src; do
		[[ -f $d/bin/compare-mmtests.pl ]] && { MMTESTS_SRC=$(cd "$d" && pwd); break; }
	done
fi
export BIN SHARED MMTESTS_SRC
pass=0 fail=0 skip=0
failed_names=()

# 1. unit tests: one count per Catch2 test case. UNIT_TEST_ARGS selects
#    (make test-san leaves out the [no-sanitizer] cases).
read -r -a unit_args <<< "${UNIT_TEST_ARGS:-}"
ncases=$("$BIN/unit-tests" --list-test-names-only "${unit_args[@]}" | grep -c .)
"$BIN/unit-tests" "${unit_args[@]}" > /tmp/unit-tests.$$ 2>&1
rc=$?
tail -3 /tmp/unit-tests.$$
if [[ $rc -ne 0 ]]; then
	cat /tmp/unit-tests.$$ | head -80
	failed_names+=("unit-tests ($rc test cases)")
fi
rm -f /tmp/unit-tests.$$
nfail=$rc; [[ $nfail -gt $ncases ]] && nfail=$ncases
pass=$((pass + ncases - nfail)); fail=$((fail + nfail))

# 2. goldens: the benchmark cases and the --print-monitor cases (real
#    monitor trees); tbench goes through a fixture MMTests checkout whose
#    parse-results replays the case's recorded .tsv files.
if [[ -n $SHARED && -x $SHARED/tools/check-goldens ]]; then
	golden_dirs=("$SHARED"/goldens/cases/*/)
	[[ -d $SHARED/goldens/monitors ]] && golden_dirs+=("$SHARED"/goldens/monitors/*/)
	out=$(MMTESTS_DIR=${MMTESTS_DIR:-$top/tests/fixtures/mmtests-replay} \
		"$SHARED/tools/check-goldens" "$BIN/compare-mmtests" "${golden_dirs[@]}" 2>&1)
	echo "$out" | grep -E '^(FAIL|  want|  got|skip)' | head -40
	summary=$(echo "$out" | tail -1)
	echo "goldens: $summary"
	read -r gp _ gf _ gs _ <<< "$(echo "$summary" | tr -d ',')"
	pass=$((pass + gp)); fail=$((fail + gf)); skip=$((skip + gs))
	[[ $gf -eq 0 ]] || failed_names+=("goldens ($gf)")
else
	echo "goldens: ../shared/tools/check-goldens not found; FAILING this stage"
	fail=$((fail + 1)); failed_names+=("goldens (shared/ missing)")
fi

# 3. script tests, each in its own scratch dir.
[[ -n ${SKIP_SCRIPTS:-} ]] && echo "script tests: skipped (SKIP_SCRIPTS set)"
for t in tests/scripts/*.sh; do
	[[ -n ${SKIP_SCRIPTS:-} ]] && break
	[[ -e $t ]] || continue
	name=$(basename "$t" .sh)
	scratch=$(mktemp -d)
	start=$(date +%s)
	( cd "$scratch" && TOP=$top timeout 600 bash "$top/$t" ) > "$scratch.log" 2>&1
	rc=$?
	secs=$(( $(date +%s) - start ))
	case $rc in
	0)  pass=$((pass + 1)); echo "ok   $name (${secs}s)";;
	77) skip=$((skip + 1)); echo "skip $name: $(tail -1 "$scratch.log")";;
	*)  fail=$((fail + 1)); failed_names+=("$name"); echo "FAIL $name (rc $rc, ${secs}s)"; tail -25 "$scratch.log" | sed 's/^/    /';;
	esac
	rm -rf "$scratch" "$scratch.log"
done

[[ ${#failed_names[@]} -eq 0 ]] || echo "failed: ${failed_names[*]}"
echo "$pass passed, $fail failed, $skip skipped"
[[ $fail -eq 0 ]]
