#!/bin/bash
# The rows a PostgreSQL store holds are an SQLite store's of the same trees,
# value for value and in the same order: results in the order stored
# (PostgreSQL's ctid, SQLite's rowid; PostgreSQL gets them by COPY, SQLite
# by INSERT), files and series by their keys. Every text as its bytes (hex),
# so a COPY that wrote a column wrong, or out of its place, shows. A series
# row the server refuses fails the import, nothing stored.
set -uo pipefail
: "${BIN:?}"
TOP=${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}
GOLDENS=${GOLDENS:-$TOP/tests/goldens}
fail() { echo "FAIL: $*"; exit 1; }
command -v sqlite3 > /dev/null || { echo "skip: the sqlite3 shell reads the SQLite store (apt-get install sqlite3)"; exit 77; }
source "$TOP/tests/scripts/lib/postgres-server.bash"
pg_start
rs=$BIN/results-store
for c in redis-basic fio-basic stressng-basic; do
	for store in "$PWD/s.db" "$PG_URI"; do
		"$rs" import "$GOLDENS/cases/$c/log" --store "$store" --machine "$c" > /dev/null 2>&1 ||
			fail "import $c into $store"
	done
done

# rows TABLE ORDER COLUMNS...: the table's rows, integers as numbers and
# everything else as hex, from both stores (sqlite.rows, pg.rows).
rows() {
	local table=$1 sqlite_order=$2 pg_order=$3 sq=() pg=() col
	shift 3
	for col in "$@"; do
		if [[ $col == int:* ]]; then sq+=("${col#int:}") pg+=("${col#int:}")
		else sq+=("lower(hex($col))") pg+=("encode($col, 'hex')"); fi
	done
	local IFS=,
	sqlite3 -separator '|' "$PWD/s.db" "SELECT ${sq[*]} FROM $table ORDER BY $sqlite_order" > sqlite.rows ||
		fail "read $table from SQLite"
	pg_psql -F '|' -c "SELECT ${pg[*]} FROM $table ORDER BY $pg_order" > pg.rows || fail "read $table from PostgreSQL"
	[[ -s sqlite.rows ]] || fail "no rows in $table"
	cmp -s sqlite.rows pg.rows ||
		fail "$table: PostgreSQL's rows are not SQLite's: $(diff sqlite.rows pg.rows | head -4)"
}
rows results rowid ctid int:run_id benchmark int:iteration label metric factor_a factor_b sample value extra
[[ $(wc -l < pg.rows) -gt 100 ]] || fail "only $(wc -l < pg.rows) results rows"
rows files run_id,path run_id,path int:run_id path hash
rows series benchmark,label,machine_id,start_epoch,run_id benchmark,label,machine_id,start_epoch,run_id \
	benchmark label int:machine_id int:start_epoch int:run_id run_name int:replaced_epoch settings means
rows run_benchmarks run_id,benchmark run_id,benchmark int:run_id benchmark int:iterations problem reason settings
echo "ok: PostgreSQL's results, files, series and run_benchmarks rows are SQLite's, in the same order, byte for byte"

# The series rows' COPY goes with the commit: a row the server refuses there
# fails the import in one line, and nothing of the tree is stored.
pg_psql -c "ALTER TABLE series ADD CONSTRAINT no_series CHECK (run_id < 0) NOT VALID" || fail "add check"
runs=$(pg_psql -c "SELECT count(*) FROM runs")
"$rs" import "$GOLDENS/cases/perfpipe-basic/log" --store "$PG_URI" --machine late > out.txt 2> err.txt &&
	fail "an import whose series rows fail was accepted"
[[ $(wc -l < err.txt) == 1 ]] && grep -q 'no_series.*COPY series' err.txt || fail "a failed series COPY: $(cat err.txt)"
[[ $(pg_psql -c "SELECT count(*) FROM runs") == "$runs" ]] || fail "runs of a failed import are stored"
echo "ok: a series row the server refuses fails the import with its error, nothing stored"
