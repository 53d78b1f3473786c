#!/bin/bash
# compare-mmtests --store builds its table from the rows the store holds (no
# tree written back, as -v says) only when import proved them what the tree
# gives, and then prints what the tree prints: stdout and stderr (validity
# warnings, -v's lines), byte for byte. Every other report of a native
# parser reads the runs' stored files held in memory as the exported tree
# (no tree written either), and prints the same table and the same warnings,
# the tree's name made the store's: a run with a link, an empty directory or
# a line its parser warns about; rows marked by other parsing sources, or by
# no import (a version 6 store); rows not where import said; a name the
# store lacks or named twice. A monitor reads the exported tree.
set -uo pipefail
: "${BIN:?}"
TOP=${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}
GOLDENS=${GOLDENS:-$TOP/tests/goldens}
fail() { echo "FAIL: $*"; exit 1; }
command -v sqlite3 > /dev/null || { echo "skip: no sqlite3 client (apt-get install sqlite3)"; exit 77; }
fast_line="the runs' stored rows read, no tree written"
memory_line="the runs' stored files read in memory, no tree written"
slow_line="the runs written back as a tree and read"

mkdir tree
cp -a "$GOLDENS/cases/redis-basic/log/v7.1.3-first" tree/a
cp -a "$GOLDENS/cases/redis-basic/log/v7.3" tree/b
cp -a "$GOLDENS/cases/redis-basic/log/v7.1.3-return" tree/c
chmod -R u+w tree
# Two iterations for b, boot ids in a, and c failed (a validity warning).
cp -a tree/b/iter-0 tree/b/iter-1
echo 0123abcd-0000-4000-8000-00000000beef > tree/a/iter-0/boot-id
sed -i 's/^test end :: redis \([0-9]*\) 0$/test end :: redis \1 3/' tree/c/iter-0/tests-timestamp
grep -q 'redis [0-9]* 3$' tree/c/iter-0/tests-timestamp || fail "the fixture's tests-timestamp changed"

# report WHERE ARGS...: the report of -d tree (WHERE=tree) or of the store,
# with -v, into WHERE.out and WHERE.err (the store's line about its rows kept
# apart, in WHERE.how).
report() {
	local where=$1; shift
	if [[ $where == tree ]]; then
		LC_ALL=C "$BIN/compare-mmtests" -d tree -v "$@" > tree.out 2> tree.err
	else
		LC_ALL=C "$BIN/compare-mmtests" --store "$where" -v "$@" > store.out 2> store.all || return
		grep -F ": store $where: " store.all > store.how
		grep -vF ": store $where: " store.all > store.err || true  # nothing else said
	fi
}

# same_as_tree STORE WANT ARGS...: the store's report of ARGS is the tree's
# (stdout; stderr too when the rows were read: no path of a private tree to
# rename; with WANT memory, as the tree's names are renamed), and it was
# made the way WANT (fast, memory or tree) says.
same_as_tree() {
	local store=$1 want=$2; shift 2
	report tree "$@" || fail "tree report $*: $(cat tree.err)"
	report "$store" "$@" || fail "store report $*: $(cat store.all)"
	cmp -s tree.out store.out || fail "$want: the store's report of $* differs: $(diff tree.out store.out | head -5)"
	if [[ $want == fast ]]; then
		grep -qF "$fast_line" store.how || fail "$*: the stored rows were not read: $(cat store.how)"
		cmp -s tree.err store.err || fail "$*: warns otherwise than the tree: $(diff tree.err store.err | head -5)"
	elif [[ $want == memory ]]; then
		grep -qF "$memory_line" store.how || fail "$*: not read in memory: $(cat store.how)"
		sed "s| tree/| store $store:|g" tree.err > tree.renamed
		cmp -s tree.renamed store.err || fail "$*: warns otherwise than the tree: $(diff tree.renamed store.err | head -5)"
	else
		grep -qF "$slow_line" store.how || fail "$*: read the stored rows where it must not: $(cat store.how)"
	fi
}

"$BIN/results-store" import tree --store s.db --machine m > import.out 2>&1 || fail "import: $(cat import.out)"
same_as_tree s.db fast -b redis -n a,b,c
grep -q 'invalid run c (failed): redis exited 3 in iter-0' store.err || fail "no validity warning: $(cat store.err)"
grep -q 'b: 2 iteration dirs' store.err || fail "b's two iterations: $(cat store.err)"
same_as_tree s.db fast -b redis -n c,b --print-ratio --sub-heading GET
same_as_tree s.db fast -b redis -n b,a --print-significance --format html
echo "ok: reports from the stored rows are the tree's, warnings and -v's lines included"

# What import proved is kept per run: a run that is not the whole tree, or
# that its parser warned about, is read from the exported tree.
rm -rf tree2; mkdir tree2
cp -a tree/b tree2/d; for run in e f g h; do cp -a tree/a "tree2/$run"; done
mkdir tree2/e/iter-0/empty
echo '"GET","fast","0.1","0.1","0.1","0.1","0.1","0.1"' >> tree2/f/iter-0/redis/logs/redis-1-1.log
ln -s ../tests-timestamp tree2/h/iter-0/redis/notes
"$BIN/results-store" import tree2 --store s.db --machine m > import.out 2>&1 || fail "import tree2: $(cat import.out)"
rm -rf tree; mv tree2 tree
same_as_tree s.db fast -b redis -n d,g
same_as_tree s.db memory -b redis -n d,e
same_as_tree s.db memory -b redis -n f,g
grep -q 'not a redis-benchmark --csv result line' store.err || fail "the parser's warning is lost: $(cat store.err)"
same_as_tree s.db memory -b redis -n g,h
echo "ok: a run with an empty directory, a link or a parser's warning is read from its stored files, in memory"
# A name the store lacks, or one named twice: the tree path's warnings.
same_as_tree s.db memory -b redis -n d,g,d
same_as_tree s.db memory -b redis -n d,g,nosuch
grep -q 'no iter-\* directories in store s.db:nosuch' store.err || fail "the missing run's warning: $(cat store.err)"
same_as_tree s.db tree -b redis -n d,g --print-monitor duration
echo "ok: a missing or repeated name is read in memory, and a monitor from the exported tree"

# Rows marked by other sources (another build's parsers), or not where the
# mark says: the exported tree is read, and the report does not change.
cp s.db other.db
sqlite3 other.db "UPDATE run_benchmarks SET rows_source = 'another build' WHERE run_id = (SELECT id FROM runs WHERE name = 'g')"
same_as_tree other.db memory -b redis -n d,g
cp s.db moved.db
sqlite3 moved.db "UPDATE run_benchmarks SET rows_last = rows_last - 1 WHERE run_id = (SELECT id FROM runs WHERE name = 'g')"
same_as_tree moved.db memory -b redis -n d,g
cp s.db lost.db
sqlite3 lost.db "DELETE FROM results WHERE rowid = (SELECT max(rowid) FROM results WHERE run_id = (SELECT id FROM runs WHERE name = 'g'))"
same_as_tree lost.db memory -b redis -n d,g
echo "ok: rows of another build's parsers, or not where import put them, are not read"

# A version 6 store (no marks) is migrated: its reports read the exported tree.
cp s.db v6.db
sqlite3 v6.db "ALTER TABLE run_benchmarks DROP COLUMN rows_source; ALTER TABLE run_benchmarks DROP COLUMN rows_last;
               ALTER TABLE run_benchmarks DROP COLUMN rows_count; UPDATE meta SET value = '6' WHERE key = 'schema_version'"
same_as_tree v6.db memory -b redis -n d,g
[[ $(sqlite3 v6.db "SELECT value FROM meta WHERE key = 'schema_version'") == 7 ]] || fail "the version 6 store was not migrated"
echo "ok: a store of version 6 is read from its stored files"

# A report past the memory tree's bound (10,000 files) is written back to
# disk, and reads the same.
rm -rf tree3; mkdir -p tree3/many/iter-0/notes
cp -a tree/d/iter-0/redis tree/d/iter-0/tests-timestamp tree3/many/iter-0/
(cd tree3/many/iter-0/notes && seq -f 'n%05.0f' 10001 | xargs touch)
"$BIN/results-store" import tree3 --store big.db --machine m > import.out 2>&1 || fail "import tree3: $(cat import.out)"
sqlite3 big.db "UPDATE run_benchmarks SET rows_source = 'another build'"
rm -rf tree; mv tree3 tree
same_as_tree big.db tree -b redis -n many
echo "ok: a report of more files than memory holds is read from the exported tree"
