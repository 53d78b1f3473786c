#!/bin/bash
# test-slow: a PostgreSQL server and every golden variant (about 50 s)
# Reports from a PostgreSQL store are the reports from the tree: a real
# server (initdb in a temp dir, unix socket only), a fresh database per
# golden case, and every variant that reads a tree must print what MMTests'
# compare-mmtests.pl printed, byte for byte (lib/store-goldens.bash, as
# results-store-goldens.sh does for SQLite). Also two machines side by side.
set -uo pipefail
: "${BIN:?}"
TOP=${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}
GOLDENS=${GOLDENS:-$TOP/tests/goldens}
fail() { echo "FAIL: $*"; exit 1; }
source "$TOP/tests/scripts/lib/postgres-server.bash"
source "$TOP/tests/scripts/lib/store-goldens.bash"
pg_start
new_pg_store() {  # runs in a subshell: the name cannot come from a counter
	local db=case_$(date +%s%N)
	pg_psql -c "CREATE DATABASE $db" || return 1
	echo "postgresql:///$db?host=$PG_HOST&user=postgres"
}
store_goldens new_pg_store
[[ $bad == 0 && $pass -gt 20 ]] || fail "reports from the PostgreSQL store differ from the tree's"
# PostgreSQL keeps no row order import could name (no rowid): its reports read the exported tree.
[[ $fast == 0 ]] || fail "$fast variants read PostgreSQL's stored rows, whose order nothing keeps"
echo "ok: every golden variant that reads a tree is byte-identical from PostgreSQL"

rm -rf work; mkdir -p work/ab
case=$GOLDENS/cases/redis-basic
cp -a "$case/log" work/a; cp -a "$case/log" work/b
"$BIN/results-store" import work/a --store "$PG_URI" --machine alpha > /dev/null || fail "import alpha"
"$BIN/results-store" import work/b --store "$PG_URI" --machine beta > /dev/null || fail "import beta"
cp -a "$case/log/v7.1.3-first" "work/ab/alpha:v7.1.3-first"; cp -a "$case/log/v7.3" "work/ab/beta:v7.3"
LC_ALL=C "$BIN/compare-mmtests" -d work/ab -b redis -n alpha:v7.1.3-first,beta:v7.3 > work/tree.out || fail "tree report"
LC_ALL=C "$BIN/compare-mmtests" --store "$PG_URI" -b redis -n alpha:v7.1.3-first,beta:v7.3 > work/store.out ||
	fail "store report of two machines"
cmp -s work/tree.out work/store.out || fail "two machines from PostgreSQL differ: $(diff work/tree.out work/store.out | head -5)"
echo "ok: runs of two machines side by side from PostgreSQL, labelled MACHINE:RUN"
