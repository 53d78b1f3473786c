#!/bin/bash
# The store under failure: an import killed (SIGKILL) half-way leaves the
# store exactly as it was; a report from the store leaves no temporary tree
# behind, whether it succeeds or fails; a hostile store (a stored path that
# leaves the run) is refused with one line and writes nothing outside.
set -uo pipefail
: "${BIN:?}"
TOP=${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}
GOLDENS=${GOLDENS:-$TOP/tests/goldens}
fail() { echo "FAIL: $*"; exit 1; }
command -v sqlite3 > /dev/null || { echo "skip: no sqlite3 client (apt-get install sqlite3)"; exit 77; }
command -v python3 > /dev/null || { echo "skip: python3 writes the synthetic tree (apt-get install python3)"; exit 77; }
rs=$BIN/results-store
db=$PWD/s.db
"$rs" import "$GOLDENS/cases/redis-basic/log" --store "$db" --machine m > /dev/null || fail "first import"
before=$(sqlite3 "$db" .dump | sha256sum)

python3 "$TOP/tests/scripts/lib/synthetic-perfpipe-tree.py" big 1 400 5
"$rs" import big --store "$db" --machine big > /dev/null 2>&1 &
pid=$!
# Kill it once it is writing: the rollback journal holds pages the import
# changed (an import of this tree takes about 0.2 s here, so no sleep after).
for _ in $(seq 1 2000); do (($(stat -c %s "$db-journal" 2> /dev/null || echo 0) >= 8192)) && break; sleep 0.005; done
kill -KILL $pid 2> /dev/null
wait $pid; rc=$?
[[ $rc == 137 ]] || { echo "skip: the import ended (rc $rc) before it could be killed"; exit 77; }
[[ $(sqlite3 "$db" .dump | sha256sum) == "$before" ]] || fail "a killed import changed the store"
grep -q '^big' <("$rs" list --store "$db") && fail "runs of the killed import are listed"
echo "ok: an import killed half-way leaves the store as it was"

mkdir tmp
TMPDIR=$PWD/tmp "$BIN/compare-mmtests" --store "$db" --machine m -b redis -n v7.1.3-first,v7.3 > /dev/null || fail "report"
TMPDIR=$PWD/tmp "$BIN/compare-mmtests" --store "$db" --machine m -b nosuchbench -n v7.3 > /dev/null 2>&1 && fail "unknown benchmark accepted"
sleep 0.2  # the watcher removes after its parent's exit
[[ -z $(ls tmp) ]] || fail "temporary trees left behind: $(ls tmp)"
echo "ok: reports from the store leave no temporary tree"

sqlite3 "$db" "UPDATE files SET path = '../../escaped' WHERE rowid = (SELECT min(rowid) FROM files)"
TMPDIR=$PWD/tmp "$BIN/compare-mmtests" --store "$db" --machine m -b redis -n v7.1.3-first,v7.3 > out.txt 2> err.txt &&
	fail "a stored path leaving the run was accepted"
[[ $(wc -l < err.txt) == 1 ]] && grep -q "leaves the run" err.txt || fail "hostile path: $(cat err.txt)"
[[ ! -e escaped && ! -e tmp/escaped ]] || fail "a file was written outside the private tree"
sleep 0.2
[[ -z $(ls tmp) ]] || fail "temporary trees left behind after a refusal: $(ls tmp)"
echo "ok: a stored path that leaves its run is refused"

"$rs" import "$GOLDENS/cases/redis-basic/log" --store "$db" > /dev/null 2> err.txt; rc=$?
[[ $rc == 2 ]] && grep -q -- '--machine' err.txt || fail "import without --machine: rc $rc $(cat err.txt)"
sqlite3 newer.db "CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL); INSERT INTO meta VALUES('schema_version', '99')"
"$rs" list --store newer.db > /dev/null 2> err.txt && fail "a store from a newer version was read"
grep -q "schema version 99 is newer" err.txt || fail "newer store: $(cat err.txt)"
echo "ok: bad command lines and newer stores are refused clearly"
