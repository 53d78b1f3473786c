#!/bin/bash
# tests/run-all.sh ends each stage's line with its cost, "(W s wall, U s
# user, S s sys)", counting the CPU time of the script tests it ran in the
# background, gives each passing test's wall and CPU seconds, and still
# ends with "N passed, M failed, K skipped". Run on a scratch tree holding
# run-all.sh and four script tests of the vs-mmtests tier (so no unit tests
# or goldens run): one that burns CPU, one that skips, one that fails, and
# one whose header says it is slow, which starts first.
set -u
fail() { echo "FAIL: $*"; exit 1; }
tree=$PWD/tree
mkdir -p "$tree/tests/scripts/g" || fail "no scratch tree"
cp "$TOP/tests/run-all.sh" "$tree/tests/" || fail "no $TOP/tests/run-all.sh"
cat > "$tree/tests/scripts/g/busy-vs-perl.sh" <<'EOF'
i=0; while ((i < 2000000)); do ((i++)); done
EOF
printf 'echo no checkout; exit 77\n' > "$tree/tests/scripts/g/skips-vs-perl.sh"
printf 'echo boom; exit 3\n' > "$tree/tests/scripts/g/fails-vs-perl.sh"
printf '#!/bin/bash\n# test-slow: a stand-in\ntrue\n' > "$tree/tests/scripts/g/z-slow-vs-perl.sh"

# One at a time, so the order they start in is the order they report in.
out=$(cd "$tree" && MMTESTS_SRC=/nonexistent TIER=vs-mmtests TEST_JOBS=1 bash tests/run-all.sh 2>&1)
rc=$?
[[ $rc == 1 ]] || fail "one test failed: want rc 1, got $rc: $out"
[[ $(tail -1 <<< "$out") == "2 passed, 1 failed, 1 skipped" ]] || fail "last line changed: $out"
line=$(grep '^script tests: ' <<< "$out") || fail "no script tests line: $out"
re='^script tests: 2 passed, 1 failed, 1 skipped \(([0-9.]+) s wall, ([0-9.]+) s user, ([0-9.]+) s sys\)$'
[[ $line =~ $re ]] || fail "not a count and a cost: $line"
# The busy loop is a background job of run-all's: its CPU time counts.
awk -v u="${BASH_REMATCH[2]}" 'BEGIN { exit !(u >= 0.2) }' || fail "the busy test's CPU time is missing: $line"
# Its own line gives its CPU seconds (a second or more of bash arithmetic).
busy=$(grep '^ok   g/busy-vs-perl ' <<< "$out") || fail "no line for the busy test: $out"
[[ $busy =~ ^ok\ +g/busy-vs-perl\ \(([0-9]+)s,\ ([0-9]+)s\ cpu\)$ ]] || fail "not a wall and a CPU time: $busy"
((BASH_REMATCH[2] >= 1)) || fail "the busy test's own CPU time is missing: $busy"
[[ $(grep -m1 -E '^(ok|skip|FAIL) ' <<< "$out") == "ok   g/z-slow-vs-perl ("* ]] || fail "the slow test did not start first: $out"
echo "ok: $line; $busy; the slow test first"
