#!/bin/bash
# Importing into a real PostgreSQL server (initdb in a temp dir, unix socket
# only): two machines importing at once lose nothing, also into a database
# not yet migrated; the same tree imported twice at once is stored once; an
# import killed (SIGKILL) half-way leaves the store as it was; re-importing
# changes nothing; a run stored with other content is refused, the tree's others
# stored; a tree that fails half-way (on the server) stores nothing; run
# names reach SQL as bound parameters (a name full of quotes is stored as is).
set -uo pipefail
: "${BIN:?}"
TOP=${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}
GOLDENS=${GOLDENS:-$TOP/tests/goldens}
fail() { echo "FAIL: $*"; exit 1; }
command -v python3 > /dev/null || { echo "skip: python3 writes the synthetic trees (apt-get install python3)"; exit 77; }
source "$TOP/tests/scripts/lib/postgres-server.bash"
source "$TOP/tests/scripts/lib/import-at-once.bash"
pg_start
rs=$BIN/results-store
gen=$TOP/tests/scripts/lib/synthetic-perfpipe-tree.py
uri_of() { echo "postgresql:///$1?host=$PG_HOST&user=postgres"; }
# The stored data, table by table: identity sequences left out (PostgreSQL
# never gives back an id a rolled-back insert took, and that is no change),
# and pg_dump's random \restrict token.
snapshot() {
	"$PG_BIN/pg_dump" -h "$PG_HOST" -U postgres -d "$PG_DB" --data-only 2> /dev/null |
		grep -Ev '^(SELECT pg_catalog.setval|\\(un)?restrict )' | sha256sum
}

python3 "$gen" one 1 120 3
python3 "$gen" two 2 120 3
import_at_once "$PG_URI" one one two two
n1=$("$rs" list --store "$PG_URI" --machine one | wc -l)
n2=$("$rs" list --store "$PG_URI" --machine two | wc -l)
[[ $n1 == 120 && $n2 == 120 ]] || fail "runs stored: one $n1, two $n2 (want 120 each)"
echo "ok: two concurrent importers into PostgreSQL kept all 240 runs"

pg_psql -c "CREATE DATABASE fresh" || fail "create fresh"
import_at_once "$(uri_of fresh)" one one two two
[[ $("$rs" list --store "$(uri_of fresh)" | wc -l) == 240 ]] || fail "a fresh database lost runs"
echo "ok: two importers migrating one new database at once keep every run"

pg_psql -c "CREATE DATABASE same" || fail "create same"
import_at_once "$(uri_of same)" one one one one
[[ $(pg_psql -d same -c "SELECT count(*) FROM runs") == 120 ]] || fail "the same tree twice at once: not 120 runs"
grep -q "imported 120 runs" a.out b.out && grep -q "imported 0 runs .* 120 already stored unchanged" a.out b.out ||
	fail "the same tree twice at once: $(cat a.out b.out)"
echo "ok: the same tree imported twice at once is stored once"

# Re-import: nothing changes.
before=$(snapshot)
"$rs" import one --store "$PG_URI" --machine one > again.out || fail "re-import"
grep -q "imported 0 runs .* 120 already stored unchanged" again.out || fail "re-import said: $(cat again.out)"
[[ $(snapshot) == "$before" ]] || fail "re-importing the same tree changed the store"
echo "ok: re-importing the same tree changes nothing"

# A tree with a new run and a stored run changed: the changed run is
# refused (exit 1), the new one stored, nothing else changes.
cp -a one/run-000 one/run-new; echo changed >> one/run-005/iter-0/tests-timestamp
"$rs" import one --store "$PG_URI" --machine one > out.txt 2> err.txt && fail "a changed run was re-imported silently"
grep -q "run run-005 of machine one is already stored with other content" err.txt || fail "conflict message: $(cat err.txt)"
grep -q "imported 1 runs" out.txt || fail "the new run was kept out: $(cat out.txt)"
grep -q "^one	run-new" <("$rs" list --store "$PG_URI" --machine one) || fail "run-new is not stored"
rm -rf one/run-new; sed -i '$d' one/run-005/iter-0/tests-timestamp
echo "ok: a run stored with other content is refused without keeping the tree's other runs out"
before=$(snapshot)

# An insert that fails on the server (here a CHECK no row passes) fails
# the import with its error, although results rows go as COPY batches
# (others pipelined), and stores nothing.
pg_psql -c "CREATE DATABASE checked" || fail "create checked"
mkdir -p first && cp -a "$GOLDENS/cases/redis-basic/log/v7.3" first/v7.3
"$rs" import first --store "$(uri_of checked)" --machine first > /dev/null || fail "migrate checked"
pg_psql -d checked -c "ALTER TABLE results ADD CONSTRAINT no_rows CHECK (iteration < 0) NOT VALID" || fail "add check"
"$rs" import one --store "$(uri_of checked)" --machine one > /dev/null 2> err.txt && fail "an import whose rows fail was accepted"
[[ $(wc -l < err.txt) == 1 ]] && grep -q 'no_rows' err.txt || fail "a failed pipelined insert: $(cat err.txt)"
[[ $(pg_psql -d checked -c "SELECT count(*) FROM runs") == 1 ]] || fail "runs of a failed import are stored"
echo "ok: a pipelined insert that fails fails the import with its error, nothing stored"

# SIGKILL half-way: kill once it holds the writer's lock and has written for a while.
python3 "$gen" big 3 400 5
"$rs" import big --store "$PG_URI" --machine big > /dev/null 2>&1 &
pid=$!
for _ in $(seq 1 500); do
	[[ $(pg_psql -c "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND granted") == 1 ]] && break
	sleep 0.01
done
sleep 0.05  # inside the transaction: the lock is taken at its start
kill -KILL $pid 2> /dev/null
wait $pid; rc=$?
# An import that ended first skips this part only: the checks below still run.
not_killed=""
if [[ $rc == 137 ]]; then
	[[ $(snapshot) == "$before" ]] || fail "a killed import changed the store"
	grep -q '^big' <("$rs" list --store "$PG_URI") && fail "runs of the killed import are listed"
	"$rs" import big --store "$PG_URI" --machine big > big.out || fail "import after a killed one: $(cat big.out)"
	grep -q "imported 400 runs" big.out || fail "after the kill: $(cat big.out)"
	echo "ok: an import killed half-way leaves the store as it was, and the next one takes its lock"
else
	not_killed="the import ended (rc $rc) before it could be killed"
fi

# Names reach SQL as bound parameters: quotes and a semicolon are just bytes.
mkdir -p quoted && cp -a "$GOLDENS/cases/redis-basic/log/v7.3" "quoted/x'); DROP TABLE runs; --"
"$rs" import quoted --store "$PG_URI" --machine "o'brien" > /dev/null || fail "import of a quoted name"
grep -qF "x'); DROP TABLE runs; --" <("$rs" list --store "$PG_URI" --machine "o'brien") || fail "the quoted run is not listed"
echo "ok: run and machine names with quotes are stored as they are"

# Bad locations: one line naming the store, without its password; exit 1.
"$rs" list --store "postgresql://u:hunter2@/nosuchdb?host=$PG_HOST" > /dev/null 2> err.txt; rc=$?
[[ $rc == 1 && $(wc -l < err.txt) == 1 ]] && grep -q 'cannot connect' err.txt || fail "bad server: rc $rc $(cat err.txt)"
grep -q hunter2 err.txt && fail "the password is printed: $(cat err.txt)"
pg_psql -c "CREATE DATABASE other" && pg_psql -d other -c "CREATE TABLE t(x int)"
"$rs" list --store "$(uri_of other)" > /dev/null 2> err.txt && fail "a database that is not a store was used"
grep -q "not a results store" err.txt || fail "foreign database: $(cat err.txt)"
echo "ok: an unreachable server or a foreign database fails with one line, no password"
[[ -z $not_killed ]] || { echo "skip: the SIGKILL check: $not_killed"; exit 77; }
