#!/bin/bash
# A PostgreSQL store's password never reaches a message (issue 31, S1): not
# in ours (an unknown --machine printed the raw URI), not in libpq's (a stray
# '%' came back in "invalid percent-encoded token"), not when it holds '/'
# or '?'. "postgresql:" alone is libpq's defaults (PG* variables); a reader
# never makes a store of an empty database. Against a real server.
set -uo pipefail
: "${BIN:?}"
TOP=${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}
GOLDENS=${GOLDENS:-$TOP/tests/goldens}
fail() { echo "FAIL: $*"; exit 1; }
source "$TOP/tests/scripts/lib/postgres-server.bash"
pg_start
rs=$BIN/results-store
secret=Hunter2Secret
uri="postgresql://postgres:$secret@/$PG_DB?host=$PG_HOST"
mkdir tree && cp -a "$GOLDENS/cases/redis-basic/log/v7.3" tree/v7.3
"$rs" import tree --store "$uri" --machine box > out.txt 2> err.txt || fail "import: $(cat err.txt)"
grep -q "$secret" out.txt err.txt && fail "import printed the password"

check() {  # what, then the command; it must fail with one line and no password
	local what=$1; shift
	"$@" > out.txt 2> err.txt && fail "$what: succeeded"
	[[ $(wc -l < err.txt) == 1 ]] || fail "$what: not one line: $(cat err.txt)"
	grep -q -e "$secret" -e "Hunter2" -e "Secret" out.txt err.txt && fail "$what: the password is printed: $(cat err.txt)"
	return 0
}
check "an unknown --machine" "$BIN/compare-mmtests" --store "$uri" --machine UNKNOWN -b redis -n v7.3
grep -q "no run of that machine in store postgresql://postgres:\*\*\*@" err.txt || fail "unknown machine: $(cat err.txt)"
check "compare-kernels, an unknown --machine" "$BIN/compare-kernels" --store "$uri" --machine UNKNOWN
check "a stray %" "$rs" list --store "postgresql://postgres:Hunter2%zzSecret@/$PG_DB?host=$PG_HOST"
check "a stray % in ?password=" "$rs" list --store "postgresql:///$PG_DB?host=$PG_HOST&password=Hunter2%zzSecret"
check "a password holding /" "$rs" list --store "postgresql://postgres:Hunter2/Secret@/$PG_DB?host=$PG_HOST"
grep -q "percent-encode" err.txt || fail "a password holding /: $(cat err.txt)"
check "a password holding ?" "$rs" list --store "postgresql://postgres:Hunter2?Secret@/$PG_DB?host=$PG_HOST"
check "a wrong database" "$rs" list --store "postgresql://postgres:$secret@/nosuchdb?host=$PG_HOST"
echo "ok: no message prints the password (ours, libpq's, a password holding % / ?)"

# A percent-encoded password holding '/' works (trust auth ignores it) and is not printed.
"$rs" list --store "postgresql://postgres:Hunter2%2FSecret@/$PG_DB?host=$PG_HOST" > out.txt 2> err.txt ||
	fail "an encoded password: $(cat err.txt)"
grep -q "v7.3" out.txt || fail "an encoded password: $(cat out.txt)"

# "postgresql:" alone: libpq's defaults, here from PG* variables.
PGHOST=$PG_HOST PGUSER=postgres PGDATABASE=$PG_DB "$rs" list --store postgresql: > out.txt 2> err.txt ||
	fail "postgresql: alone: $(cat err.txt)"
grep -q "v7.3" out.txt || fail "postgresql: alone listed: $(cat out.txt)"
echo "ok: 'postgresql:' alone reads libpq's defaults"

# A reader on an empty database fails and leaves it empty; import makes the store.
pg_psql -c "CREATE DATABASE blank" || fail "create blank"
check "list on an empty database" "$rs" list --store "postgresql:///blank?host=$PG_HOST&user=postgres"
grep -q "empty, not a results store" err.txt || fail "empty database: $(cat err.txt)"
[[ $(pg_psql -d blank -c "SELECT count(*) FROM pg_catalog.pg_tables WHERE schemaname = 'public'") == 0 ]] ||
	fail "a reader made tables in an empty database"
echo "ok: a reader never makes a store of an empty database"
