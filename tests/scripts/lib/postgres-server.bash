# postgres-server.bash - sourced by the store's PostgreSQL tests and bench:
# a real PostgreSQL server in a temp dir of its own, on a unix socket only.
#   pg_start [NAME]  initdb + pg_ctl start; sets PG_URI (postgresql:///NAME?host=DIR&user=postgres),
#                    PG_DIR, PG_BIN; installs a trap that stops and removes it on exit, Ctrl-C or TERM.
#                    Exits 77 (skip) with the reason when the server binaries or the user are missing.
#   pg_psql SQL...   psql -At on the database, as the server's owner.
#   pg_stop          stops the server (immediate) and removes its directory; safe to call twice.
# postgres refuses to run as root: as root the cluster belongs to the
# `postgres` user (Debian's package creates it) and runs under runuser.
# PG_FSYNC=on keeps fsync (the bench); tests run with fsync off.
PG_BIN=${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)}
PG_DIR=

pg_as_owner() {
	# From /: the postgres user cannot enter root's scratch directory.
	if [[ $(id -u) == 0 ]]; then (cd / && runuser -u postgres -- "$@"); else "$@"; fi
}

pg_stop() {
	[[ -n $PG_DIR && -d $PG_DIR ]] || return 0
	pg_as_owner "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m immediate -w stop > /dev/null 2>&1
	rm -rf "$PG_DIR"
	PG_DIR=
}

pg_start() {
	local name=${1:-results}
	[[ -x $PG_BIN/initdb && -x $PG_BIN/pg_ctl ]] ||
		{ echo "skip: no PostgreSQL server binaries (apt-get install postgresql)"; exit 77; }
	if [[ $(id -u) == 0 ]]; then
		id postgres > /dev/null 2>&1 || { echo "skip: running as root and there is no postgres user to run the server"; exit 77; }
		command -v runuser > /dev/null || { echo "skip: running as root without runuser (util-linux)"; exit 77; }
	fi
	# Its own directory (not the test's scratch dir, which the postgres user cannot enter).
	PG_DIR=$(mktemp -d /tmp/pg-test.XXXXXX) || { echo "FAIL: mktemp"; exit 1; }
	trap pg_stop EXIT
	trap 'pg_stop; exit 130' INT
	trap 'pg_stop; exit 143' TERM
	chmod 0755 "$PG_DIR"
	[[ $(id -u) == 0 ]] && chown postgres: "$PG_DIR"
	pg_as_owner "$PG_BIN/initdb" -D "$PG_DIR/data" -U postgres -A trust -E UTF8 --locale=C.UTF-8 --no-sync \
		> "$PG_DIR/initdb.log" 2>&1 || { echo "FAIL: initdb: $(tail -3 "$PG_DIR/initdb.log")"; exit 1; }
	local fsync=off
	[[ ${PG_FSYNC:-off} == on ]] && fsync=on
	pg_as_owner "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/server.log" -w -t 60 \
		-o "-c listen_addresses='' -k $PG_DIR -c fsync=$fsync -c max_connections=20" start > /dev/null 2>&1 ||
		{ echo "FAIL: pg_ctl start: $(tail -3 "$PG_DIR/server.log")"; exit 1; }
	PG_HOST=$PG_DIR
	pg_as_owner "$PG_BIN/psql" -h "$PG_HOST" -U postgres -d postgres -Atq -c "CREATE DATABASE $name" > /dev/null ||
		{ echo "FAIL: CREATE DATABASE $name"; exit 1; }
	PG_DB=$name
	PG_URI="postgresql:///$name?host=$PG_DIR&user=postgres"
}

pg_psql() {
	"$PG_BIN/psql" -h "$PG_HOST" -U postgres -d "$PG_DB" -Atq -v ON_ERROR_STOP=1 "$@"
}
