#!/bin/bash
# The store against broken and hostile input (issue 31, S4-S8): a run still
# being written is left out until it finishes; a run stored with other
# content, or one oversized file, never keeps the tree's other runs out; a
# store name SQLite would read as no file, or a typo, is refused and never
# created by a reader; a machine name with a control character is refused;
# a stored iteration past the bound costs its run, not the history; under
# --bisect every error exits 125 and a wrong command line 128.
set -uo pipefail
: "${BIN:?}"
TOP=${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}
GOLDENS=${GOLDENS:-$TOP/tests/goldens}
fail() { echo "FAIL: $*"; exit 1; }
rs=$BIN/results-store
case=$GOLDENS/cases/redis-basic/log
db=$PWD/s.db

# S4: run b is being written (its mmtests-activity has no status line yet).
mkdir tree && cp -a "$case/v7.3" tree/a && cp -a "$case/v7.3" tree/b
echo "1700000000 status :: 0" > tree/a/mmtests-activity
echo "1700000000 run-config started" > tree/b/mmtests-activity
"$rs" import tree --store "$db" --machine box > out.txt 2> err.txt || fail "import with a run being written: $(cat err.txt)"
grep -q "imported 1 runs" out.txt && grep -q "1 not finished" out.txt || fail "import said: $(cat out.txt)"
grep -q "run b is not finished" err.txt || fail "no warning for the unfinished run: $(cat err.txt)"
[[ $("$rs" list --store "$db" | cut -f2 | paste -sd,) == a ]] || fail "stored: $("$rs" list --store "$db")"
echo "1700000100 status :: 0" >> tree/b/mmtests-activity
echo "more" >> tree/b/iter-0/tests-timestamp
"$rs" import tree --store "$db" --machine box > out.txt 2> err.txt || fail "import once finished: $(cat err.txt)"
grep -q "imported 1 runs .* 1 already stored unchanged" out.txt || fail "import once finished said: $(cat out.txt)"
echo "ok: a run still being written is left out with a warning, and stored once finished"

# S4: a run stored with other content is refused, the others are stored.
echo changed >> tree/a/iter-0/tests-timestamp
cp -a "$case/v7.3" tree/c
"$rs" import tree --store "$db" --machine box > out.txt 2> err.txt; rc=$?
[[ $rc == 1 ]] || fail "a refused run: exit $rc (want 1)"
grep -q "run a of machine box is already stored with other content" err.txt || fail "refused run: $(cat err.txt)"
grep -q "imported 1 runs" out.txt && grep -q "1 refused" out.txt || fail "refused run, import said: $(cat out.txt)"
[[ $("$rs" list --store "$db" | cut -f2 | sort | paste -sd,) == a,b,c ]] || fail "run c was kept out"
echo "ok: one run stored with other content does not keep the tree's other runs out (exit 1)"
"$rs" import tree --store "$db" --machine box --replace > out.txt 2> err.txt || fail "--replace: $(cat err.txt)"
grep -q "imported 1 runs .* 2 already stored unchanged; 1 replaced" out.txt || fail "--replace said: $(cat out.txt)"
"$rs" import tree --store "$db" --machine box > out.txt 2> err.txt || fail "after --replace: $(cat err.txt)"
grep -q "imported 0 runs .* 3 already stored unchanged" out.txt || fail "after --replace: $(cat out.txt)"
[[ $("$rs" list --store "$db" | wc -l) == 3 ]] || fail "--replace left two runs named a: $("$rs" list --store "$db")"
"$rs" history --store "$db" -b redis --metric GET > out.txt 2> err.txt || fail "history after --replace: $(cat err.txt)"
grep -Eq '^a/replaced-[0-9]+ .* replaced .*\(import --replace\), not in the change points' out.txt ||
	fail "the superseded run is not shown marked: $(cat out.txt)"
grep -q ': 3 runs in' out.txt || fail "the superseded run counts in the history: $(head -1 out.txt)"
echo "ok: --replace stores the rerun in place of the stored run; the superseded one is kept, marked in history"

# S5: one sparse 300 MiB log costs that file, not the import.
mkdir big && cp -a "$case/v7.3" big/d
truncate -s 300M big/d/iter-0/redis/logs/huge.log
"$rs" import big --store "$db" --machine box > out.txt 2> err.txt || fail "an oversized file failed the import: $(cat err.txt)"
grep -q "imported 1 runs" out.txt || fail "oversized file: $(cat out.txt)"
grep -q "huge.log.*not stored" err.txt || fail "no warning for the oversized file: $(cat err.txt)"
echo "ok: an oversized file is left out with a warning; its run is stored"

# S6: names that are no file, and readers that would create a store.
for name in '' ':memory:' 'file:x.db?mode=memory'; do
	"$rs" import tree --store "$name" --machine box > /dev/null 2> err.txt && fail "--store '$name' was imported into"
	[[ $(wc -l < err.txt) == 1 ]] || fail "--store '$name': $(cat err.txt)"
done
[[ -z $(ls -A | grep -v -e '^tree$' -e '^big$' -e '^s.db' -e '\.txt$') ]] || fail "a special name made a file: $(ls)"
for cmd in "list" "history -b redis --metric GET"; do
	# shellcheck disable=SC2086
	"$rs" $cmd --store typo.db > /dev/null 2> err.txt && fail "$cmd on a missing store succeeded"
	[[ $(wc -l < err.txt) == 1 ]] && grep -q "typo.db: no such store" err.txt || fail "$cmd: $(cat err.txt)"
done
"$BIN/compare-mmtests" --store typo.db -b redis -n a > /dev/null 2> err.txt && fail "compare-mmtests on a missing store"
grep -q "typo.db: no such store" err.txt || fail "compare-mmtests: $(cat err.txt)"
"$BIN/compare-kernels" --store typo.db > /dev/null 2> err.txt && fail "compare-kernels on a missing store"
grep -q "typo.db: no such store" err.txt || fail "compare-kernels: $(cat err.txt)"
[[ -e typo.db ]] && fail "a reader created typo.db"
: > empty.db
"$rs" list --store empty.db > /dev/null 2> err.txt && fail "list on an empty file succeeded"
[[ -s empty.db ]] && fail "list made a store of an empty file"
echo "ok: special names are refused; readers never create a store"

# S7: a machine name with a control character.
"$rs" import tree --store "$db" --machine $'box\e1' > /dev/null 2> err.txt; rc=$?
[[ $rc == 2 && $(wc -l < err.txt) == 1 ]] || fail "--machine with ESC: rc $rc $(cat err.txt)"
grep -q $'\e' err.txt && fail "the ESC was printed raw"
grep -q $'\e' <("$rs" list --store "$db") && fail "a machine name with ESC was stored"
echo "ok: a machine name with a control character is refused with one line"

# The private tree's name is not in a report's messages.
"$BIN/compare-mmtests" --store "$db" --machine box -b redis -n a,nosuch > /dev/null 2> err.txt
grep -q "results-store\.[A-Za-z0-9]\{6\}" err.txt && fail "a message names the private tree: $(cat err.txt)"
echo "ok: messages do not name the private tree"

# --bisect: errors are 125 (cannot test), a wrong command line 128 (stop).
"$rs" history --store typo.db -b redis --metric GET --bisect > /dev/null 2>&1; rc=$?
[[ $rc == 125 ]] || fail "--bisect on a missing store: exit $rc (want 125)"
"$rs" history --store "$db" -b redis --metric NOSUCHMETRIC --bisect > /dev/null 2>&1; rc=$?
[[ $rc == 125 ]] || fail "--bisect with a metric matching nothing: exit $rc (want 125)"
"$rs" history --store "$db" -b redis --metric GET --bisect --no-such-option > /dev/null 2>&1; rc=$?
[[ $rc == 128 ]] || fail "--bisect with a wrong command line: exit $rc (want 128)"
"$rs" history --store "$db" -b redis --metric NOSUCHMETRIC > /dev/null 2>&1; rc=$?
[[ $rc == 1 ]] || fail "no --bisect, a metric matching nothing: exit $rc (want 1)"
echo "ok: under --bisect errors exit 125 and a wrong command line 128"

# S8: a stored iteration past the bound (needs the sqlite3 client to forge it).
command -v sqlite3 > /dev/null || { echo "skip: no sqlite3 client to forge a hostile row (apt-get install sqlite3)"; exit 77; }
# Packed as series_summary.hpp says: format 01, iteration 3000000000 and
# mean 100.0 (8 bytes each, little-endian), 01 between them: a mean follows.
sqlite3 "$db" "UPDATE series SET means = X'01005ED0B200000000010000000000005940' WHERE run_id = (SELECT id FROM runs WHERE name = 'c')" ||
	fail "forge"
timeout 120 "$rs" history --store "$db" -b redis --metric GET > out.txt 2> err.txt; rc=$?
[[ $rc == 0 ]] || fail "history with a hostile iteration: exit $rc $(head -c 300 err.txt)"
grep -q "run c of box holds iteration 3000000000" err.txt || fail "no warning: $(cat err.txt)"
grep -q "^c " out.txt && fail "the hostile run is in the history"
grep -q "^b " out.txt || fail "the other runs are not in the history: $(cat out.txt)"
echo "ok: a stored iteration past the bound leaves its run out with a warning"
