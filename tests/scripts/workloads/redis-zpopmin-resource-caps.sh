#!/bin/bash
# Documented option values never exhaust the machine (issue 23):
#   * -d over redis-server's proto-max-bulk-len (512 MiB) and -P over 1e6 are
#     refused by the option table, exit 2 (-d 1073741824 -n 2 -t set used to
#     reach 22.8 GB and the OOM killer, -P 2147483647 "out of memory");
#   * what is left in range but would take over half of MemAvailable for the
#     suite and the clients' batches is refused before a server starts, exit 2,
#     within a bounded address space;
#   * -c 10000, the table's top, runs: the server is told --maxclients to match
#     and our open-file limit is raised for it.
set -u
TOP=${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}
BIN=${BIN:-$TOP/build/bin}
fail() { echo "FAIL: $*"; exit 1; }
command -v redis-server >/dev/null || { echo "redis-server not installed"; exit 77; }
T=$(mktemp -d)
export TMPDIR=$T/tmp
mkdir -p "$TMPDIR"
trap 'rm -rf "$T"' EXIT
RZ=$BIN/redis-zpopmin

refused() {	# NAME REGEX -- args
	local name=$1 re=$2; shift 3
	( ulimit -v 4000000; exec "$RZ" --logdir "$T/$name" --iterations 1 "$@" ) > "$T/$name.out" 2>&1
	local rc=$?
	[ $rc -eq 2 ] || fail "$name: exit $rc, want 2: $(tail -3 "$T/$name.out")"
	grep -Eq "$re" "$T/$name.out" || fail "$name: message: $(cat "$T/$name.out")"
	! grep -q '^redis-server pid' "$T/$name.out" || fail "$name: a server was started"
	[ -z "$(ls -A "$TMPDIR")" ] || fail "$name: left $(ls "$TMPDIR")"
	echo "ok: $name: $(head -1 "$T/$name.out")"
}

refused d1g "^redis-zpopmin: .*datasize.*536870912" -- -d 1073741824 -n 2 -t set
refused pmax "^redis-zpopmin: .*pipeline.*1000000" -- -P 2147483647 -n 2 -t get
avail_kb=$(awk '/^MemAvailable:/ {print $2}' /proc/meminfo)
refused d512m "^redis-zpopmin: -d 536870912 -P 256 -c 1 would take [0-9]+ MiB .* available" -- -d 536870912 -n 2 -t set
refused clients "^redis-zpopmin: -d 65536 -P 1000000 -c 100 would take" -- -d 65536 -P 1000000 -c 100 -n 2 -t set
# the top of every range at once (the estimate saturates instead of wrapping)
refused tops "^redis-zpopmin: -d 536870912 -P 1000000 -c 10000 would take over 16 EiB" -- -d 536870912 -P 1000000 -c 10000 -n 2 -t mset

# The top of -c's range works.
( ulimit -Sn 1024; exec "$RZ" --logdir "$T/c10k" --iterations 1 -c 10000 -P 1 -n 20000 -t ping_inline --persistence memonly ) \
	> "$T/c10k.out" 2>&1 || fail "-c 10000: exit $?: $(tail -3 "$T/c10k.out")"
grep -q '^"PING_INLINE"' "$T/c10k/redis-10000-1.log" || fail "-c 10000: no result: $(cat "$T/c10k/redis-10000-1.log")"
echo "ok: -c 10000 ran (MemAvailable ${avail_kb} kB): $(cat "$T/c10k/redis-10000-1.log" | tail -1)"
