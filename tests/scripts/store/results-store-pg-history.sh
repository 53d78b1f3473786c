#!/bin/bash
# History and change points from a PostgreSQL store are those from an SQLite
# store of the same trees, byte for byte: the text table, each change point
# with its interval, --bisect's status, --sort-version and a --metric regex.
set -uo pipefail
: "${BIN:?}"
TOP=${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}
fail() { echo "FAIL: $*"; exit 1; }
command -v python3 > /dev/null || { echo "skip: python3 writes the synthetic trees (apt-get install python3)"; exit 77; }
source "$TOP/tests/scripts/lib/postgres-server.bash"
pg_start
rs=$BIN/results-store
gen=$TOP/tests/scripts/lib/synthetic-perfpipe-tree.py
python3 "$gen" shifted 1 24 5 --shift 12:0.08
python3 "$gen" newer 2 25 5 --shift 12:0.08 --shift 24:0.10
rm -rf newer/run-0{00..23}
python3 "$gen" flat 3 30 5
python3 "$gen" versions 4 3 2 1800000000 --name 'v5.%d'
mv versions/v5.0 versions/v5.10
for store in "$PWD/h.db" "$PG_URI"; do
	"$rs" import shifted --store "$store" --machine box > /dev/null || fail "import shifted into $store"
	"$rs" import newer --store "$store" --machine box > /dev/null || fail "import newer into $store"
	"$rs" import flat --store "$store" --machine flatbox > /dev/null || fail "import flat into $store"
	"$rs" import versions --store "$store" --machine ver > /dev/null || fail "import versions into $store"
done
same() {  # same ARGS...: history from both stores, output and exit status
	"$rs" history --store "$PWD/h.db" "$@" > sqlite.out 2>&1; local a=$?
	"$rs" history --store "$PG_URI" "$@" > pg.out 2>&1; local b=$?
	[[ $a == "$b" ]] || fail "history $*: exit $a from SQLite, $b from PostgreSQL"
	cmp -s sqlite.out pg.out || fail "history $*: $(diff sqlite.out pg.out | head -5)"
}
same -b perfpipe --metric usecs-op
grep -q '^Change point: first run after the shift run-012' pg.out || fail "no change point at run-012: $(cat pg.out)"
[[ $(grep -c '^History of' pg.out) == 3 ]] || fail "not one series per machine: $(grep '^History' pg.out)"
same -b perfpipe --metric usecs --bisect --machine box
grep -q "^Newest run run-024 against the last stable segment: +.* regression" pg.out || fail "$(tail -2 pg.out)"
same -b perfpipe --metric usecs-op --machine flatbox,ver --sort-version
same -b perfpipe --metric 'nosuch'
# Results come in binary format: a column of a type no store has (here
# NUMERIC, whose binary form is not an integer's) is refused, in one line.
pg_psql -c "ALTER TABLE series ALTER COLUMN start_epoch TYPE numeric" > /dev/null ||
	fail "alter series.start_epoch"
"$rs" history --store "$PG_URI" -b perfpipe --metric usecs-op > out.txt 2> err.txt && fail "a NUMERIC column read as an integer"
[[ $(wc -l < err.txt) == 1 ]] && grep -q 'column 3 has type OID 1700, not one a store holds' err.txt ||
	fail "a NUMERIC column: $(cat err.txt)"
echo "ok: history, change points and --bisect from PostgreSQL are SQLite's, byte for byte; a column of a foreign type refused"
