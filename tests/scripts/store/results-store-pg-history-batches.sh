#!/bin/bash
# test-slow: imports 4,097 runs into SQLite and PostgreSQL (9-13 s here, more under load)
# A PostgreSQL history reads its series rows through a cursor, 4,096 rows a
# FETCH (compare/store/pg_db.cpp, Fetch::InBatches): a series of exactly one
# batch (the FETCH after it is empty), one past a batch (a second, partial
# one), a change point and --bisect across the batches' boundary: each
# byte for byte the SQLite store's history.
set -uo pipefail
: "${BIN:?}"
TOP=${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}
fail() { echo "FAIL: $*"; exit 1; }
command -v python3 > /dev/null || { echo "skip: python3 writes the synthetic trees (apt-get install python3)"; exit 77; }
source "$TOP/tests/scripts/lib/postgres-server.bash"
pg_start
rs=$BIN/results-store
gen=$TOP/tests/scripts/lib/synthetic-perfpipe-tree.py
python3 "$gen" big 5 4096 1 --shift 4090:0.5 --name 'run-%04d'
python3 "$gen" small 6 1 1
for store in "$PWD/h.db" "$PG_URI"; do
	"$rs" import big --store "$store" --machine big > /dev/null || fail "import big into $store"
	"$rs" import small --store "$store" --machine small > /dev/null || fail "import small into $store"
done
same() {  # same ARGS...: history from both stores, output and exit status
	"$rs" history --store "$PWD/h.db" "$@" > sqlite.out 2>&1; local a=$?
	"$rs" history --store "$PG_URI" "$@" > pg.out 2>&1; local b=$?
	[[ $a == "$b" ]] || fail "history $*: exit $a from SQLite, $b from PostgreSQL"
	cmp -s sqlite.out pg.out || fail "history $*: $(diff sqlite.out pg.out | head -5)"
}
same -b perfpipe --metric usecs-op --machine big --bisect
grep -q '^History of perfpipe usecs-op on big: 4096 runs' pg.out || fail "not 4096 runs: $(head -1 pg.out)"
[[ $(grep -c '^run-' pg.out) == 4096 ]] || fail "$(grep -c '^run-' pg.out) run lines, not 4096"
grep -q '^Change point: first run after the shift run-4090' pg.out || fail "no change point at run-4090: $(grep '^Change' pg.out)"
same -b perfpipe --metric usecs-op
[[ $(grep -c '^History of' pg.out) == 2 ]] || fail "not one series per machine: $(grep '^History' pg.out)"
grep -q '^History of perfpipe usecs-op on small: 1 runs' pg.out || fail "the 4097th row: $(grep '^History' pg.out)"
echo "ok: a history of one batch and of one row past it (a second FETCH) from PostgreSQL is SQLite's, byte for byte"
