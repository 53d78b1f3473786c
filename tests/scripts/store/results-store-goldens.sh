#!/bin/bash
# test-slow: every golden variant from a store (about 40 s)
# Reports from the store are the reports from the tree: every golden case's
# log tree is imported into a fresh SQLite store, and every variant that
# reads a tree (-d log) runs again with `--store DB --machine M` instead: the
# same bytes as MMTests' compare-mmtests.pl printed (the .expected), or a
# failure where the Perl failed. Also: two machines side by side are the
# tree whose runs are named MACHINE:RUN; re-importing a tree changes nothing;
# a run stored with other content is refused alone.
set -uo pipefail
: "${BIN:?}"
TOP=${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}
GOLDENS=${GOLDENS:-$TOP/tests/goldens}
fail() { echo "FAIL: $*"; exit 1; }
command -v sqlite3 > /dev/null || { echo "skip: no sqlite3 client (apt-get install sqlite3)"; exit 77; }

source "$TOP/tests/scripts/lib/store-goldens.bash"
new_sqlite_store() { rm -f "$PWD/work/store.db"; echo "$PWD/work/store.db"; }
store_goldens new_sqlite_store
[[ $bad == 0 && $pass -gt 20 ]] || fail "reports from the store differ from the tree's"
# Most variants are natively parsed tables: they read the stored rows.
[[ $fast -gt 20 ]] || fail "only $fast golden variants read the stored rows"

# Two machines side by side: the same as a tree whose runs are MACHINE:RUN.
rm -rf work; mkdir -p work/ab
case=$GOLDENS/cases/redis-basic
store=$PWD/work/two.db
cp -a "$case/log" work/a; cp -a "$case/log" work/b
"$BIN/results-store" import work/a --store "$store" --machine alpha > /dev/null || fail "import alpha"
"$BIN/results-store" import work/b --store "$store" --machine beta > /dev/null || fail "import beta"
cp -a "$case/log/v7.1.3-first" "work/ab/alpha:v7.1.3-first"; cp -a "$case/log/v7.3" "work/ab/beta:v7.3"
LC_ALL=C "$BIN/compare-mmtests" -d work/ab -b redis -n alpha:v7.1.3-first,beta:v7.3 > work/tree.out || fail "tree report"
LC_ALL=C "$BIN/compare-mmtests" --store "$store" -b redis -n alpha:v7.1.3-first,beta:v7.3 > work/store.out ||
	fail "store report of two machines"
cmp -s work/tree.out work/store.out || fail "two machines from the store differ: $(diff work/tree.out work/store.out | head -5)"
grep -q 'alpha:v7.1.3' work/store.out && grep -q 'beta:v7.3' work/store.out || fail "columns not labelled by machine"
echo "ok: runs of two machines side by side, labelled MACHINE:RUN"
# A run on both machines, named without its machine: refused, naming the choice.
if "$BIN/compare-mmtests" --store "$store" -b redis -n v7.3,v7.1.3-first > /dev/null 2> work/err; then
	fail "an ambiguous run name was accepted"
fi
grep -q "stored for 2 machines" work/err || fail "ambiguous name: $(cat work/err)"
echo "ok: a run stored for two machines must be named with its machine"

# Re-import: nothing changes (content hash), the dump is the same.
before=$(sqlite3 "$store" .dump | sha256sum)
"$BIN/results-store" import work/a --store "$store" --machine alpha > work/again.out || fail "re-import"
grep -q "imported 0 runs .* 3 already stored unchanged" work/again.out || fail "re-import said: $(cat work/again.out)"
[[ $(sqlite3 "$store" .dump | sha256sum) == "$before" ]] || fail "re-importing the same tree changed the store"
echo "ok: re-importing the same tree changes nothing"

# A run whose content changed is refused (exit 1) and leaves nothing of
# itself (not one blob: each run is a savepoint); the tree's new run is stored.
cp -a work/a/v7.3 work/a/v7.4; echo changed >> work/a/v7.3/iter-0/tests-timestamp
if "$BIN/results-store" import work/a --store "$store" --machine alpha > work/out 2> work/err; then
	fail "a changed run was re-imported silently"
fi
grep -q "run v7.3 of machine alpha is already stored with other content" work/err || fail "conflict message: $(cat work/err)"
grep -q "imported 1 runs" work/out || fail "the new run was kept out: $(cat work/out)"
[[ $(sqlite3 "$store" "SELECT count(*) FROM blobs WHERE hash NOT IN (SELECT hash FROM files)") == 0 ]] ||
	fail "the refused run left blobs in the store"
grep -q "^alpha	v7.4" <("$BIN/results-store" list --store "$store") || fail "v7.4 is not stored"
echo "ok: a refused run leaves nothing of itself, the tree's other runs are stored"

# compare-kernels --store: the report of the tree the runs came from.
rm -rf work; mkdir work
cp -a "$GOLDENS/cases/redis-basic/log" work/log; chmod -R u+w work
epoch=1000
for run in v7.1.3-first v7.3 v7.1.3-return; do
	printf '%s run-mmtests: Start\n%s run-mmtests: test start :: redis %s\n' $epoch $epoch $epoch > "work/log/$run/iter-0/tests-activity"
	epoch=$((epoch + 100))
done
"$BIN/results-store" import work/log --store work/k.db --machine m > /dev/null || fail "import for compare-kernels"
LC_ALL=C "$BIN/compare-kernels" -C work/log > work/tree.txt 2> /dev/null || fail "compare-kernels on the tree"
LC_ALL=C "$BIN/compare-kernels" --store work/k.db --machine m > work/store.txt 2> /dev/null || fail "compare-kernels --store"
cmp -s work/tree.txt work/store.txt || fail "compare-kernels from the store differs: $(diff work/tree.txt work/store.txt | head -5)"
grep -q 'v7.1.3' work/store.txt || fail "compare-kernels printed no runs"
echo "ok: compare-kernels --store prints the tree's report"
