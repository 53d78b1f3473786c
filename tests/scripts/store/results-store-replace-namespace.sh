#!/bin/bash
# import --replace keeps the superseded run in its own namespace (a column,
# runs.replaced_name), not under a name a tree can hold: a mailed tree with a
# run named k-0~replaced-1 once made every later `import --replace` of k-0
# fail (UNIQUE constraint, nothing stored), and a tree's run named like a
# superseded record was taken for it.
set -uo pipefail
: "${BIN:?}"
TOP=${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}
GOLDENS=${GOLDENS:-$TOP/tests/goldens}
fail() { echo "FAIL: $*"; exit 1; }
rs=$BIN/results-store
case=$GOLDENS/cases/redis-basic/log
db=$PWD/s.db
command -v sqlite3 > /dev/null || { echo "sqlite3 not installed (reads the store's rows)"; exit 77; }

run_in() {	# run_in TREE NAME: the golden run as TREE/NAME, finished
	mkdir -p "$1" && cp -a "$case/v7.3" "$1/$2" && echo "1700000000 status :: 0" > "$1/$2/mmtests-activity"
}
run_in mine k-0
"$rs" import mine --store "$db" --machine box > out.txt 2> err.txt || fail "first import: $(cat err.txt)"
id=$(sqlite3 "$db" "SELECT id FROM runs WHERE name = 'k-0'")
# The mailed tree takes the name the old scheme would give k-0's superseded run.
run_in mailed "k-0~replaced-$id"
"$rs" import mailed --store "$db" --machine box > out.txt 2> err.txt || fail "the mailed tree: $(cat err.txt)"
echo changed >> mine/k-0/iter-0/tests-timestamp
"$rs" import mine --store "$db" --machine box --replace > out.txt 2> err.txt ||
	fail "import --replace of k-0 after a tree took k-0~replaced-$id: exit $?: $(cat err.txt)"
grep -q "1 replaced" out.txt || fail "--replace said: $(cat out.txt)"
echo changed again >> mine/k-0/iter-0/tests-timestamp
"$rs" import mine --store "$db" --machine box --replace > out.txt 2> err.txt || fail "a second --replace: $(cat err.txt)"
[[ $(sqlite3 "$db" "SELECT count(*) FROM runs WHERE replaced_name = 'k-0' AND replaced_epoch IS NOT NULL") == 2 ]] ||
	fail "superseded runs: $(sqlite3 "$db" "SELECT id, name, replaced_name FROM runs")"
# The current runs: k-0 (the third content) and the mailed one, by its own name.
[[ $("$rs" list --store "$db" | cut -f2 | sort | paste -sd,) == "k-0,k-0~replaced-$id" ]] ||
	fail "list: $("$rs" list --store "$db")"
echo "ok: a tree's run named k-0~replaced-$id is its own run; k-0 is replaced twice, both superseded runs kept"

# A tree's run named like a superseded record never touches it, with --replace or not.
mkdir -p forged && cp -a mailed/"k-0~replaced-$id" forged/ && echo other >> forged/"k-0~replaced-$id"/iter-0/tests-timestamp
"$rs" import forged --store "$db" --machine box --replace > out.txt 2> err.txt || fail "forged: $(cat err.txt)"
[[ $(sqlite3 "$db" "SELECT count(*) FROM runs WHERE replaced_name = 'k-0'") == 2 ]] ||
	fail "the audit trail changed: $(sqlite3 "$db" "SELECT id, name, replaced_name FROM runs")"
"$rs" history --store "$db" -b redis --metric GET > out.txt 2> err.txt || fail "history: $(cat err.txt)"
[[ $(grep -E '^k-0/replaced-[0-9]+ .* replaced .*\(import --replace\), not in the change points' out.txt | cut -d' ' -f1 | sort -u | wc -l) == 2 ]] ||
	fail "the superseded runs are not shown marked: $(cat out.txt)"
echo "ok: the superseded runs stay as they were; history shows both marked"
