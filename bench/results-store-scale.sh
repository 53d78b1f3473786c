#!/bin/bash
# results-store at scale (issue 22's targets), SQLite and PostgreSQL (a
# server initialised in a temp dir, unix socket, fsync on; lib/postgres-server.bash): a tree of RUNS redis
# runs x 102 metrics x 5 iterations (bench/gen-redis-history-tree.py) is
# imported (runs per second), then one metric's history over every run is
# queried (target < 100 ms), then a two-run compare-mmtests report is made
# from the store and from the tree, side by side in one run (target: the
# store no slower). Best of 3 for the queries. Not part of make test.
#   bench/results-store-scale.sh [RUNS (10000)] [BIN (build/bin)] [STORES (sqlite postgresql)]
set -euo pipefail
runs=${1:-10000}
bin=$(cd "${2:-build/bin}" && pwd)
stores=${3:-sqlite postgresql}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d /tmp/results-store-scale.XXXXXX)
trap 'rm -rf "$work"' EXIT
if [[ $stores == *postgresql* ]]; then
	source "$here/../tests/scripts/lib/postgres-server.bash"
	PG_FSYNC=on pg_start
	trap 'pg_stop; rm -rf "$work"' EXIT
fi
now() { date +%s.%N; }
best3() {  # best3 CMD...: the fastest of three runs, in ms
	local best=
	for _ in 1 2 3; do
		local t0 t1; t0=$(now); "$@" > /dev/null; t1=$(now)
		best=$(echo "$t0 $t1 ${best:-1e9}" | awk '{ d = ($2 - $1) * 1000; print (d < $3 ? d : $3) }')
	done
	echo "$best"
}

python3 "$here/gen-redis-history-tree.py" "$work/log" "$runs" 5
for kind in $stores; do
	if [[ $kind == sqlite ]]; then db=$work/store.db; else db=$PG_URI; fi
	t0=$(now); "$bin/results-store" import "$work/log" --store "$db" --machine box > "$work/import.txt"; t1=$(now)
	secs=$(echo "$t0 $t1" | awk '{ print $2 - $1 }')
	rows=$(grep -o '[0-9]* rows' "$work/import.txt")
	if [[ $kind == sqlite ]]; then size=$(du -m "$db" | cut -f1)
	else size=$(pg_psql -c "SELECT pg_database_size(current_database()) / 1048576"); fi
	echo "$kind import: $runs runs ($rows) in ${secs}s: $(echo "$runs $secs" | awk '{ printf "%.0f", $1 / $2 }') runs/s; store $size MiB, tree $(du -sm "$work/log" | cut -f1) MiB"
	echo "$kind history of GET-RPS-1 over $runs runs: $(best3 "$bin/results-store" history --store "$db" -b redis --metric GET-RPS-1) ms"
	if [[ $kind == postgresql ]]; then  # what autovacuum does soon after a big import: statistics, visibility map
		t0=$(now); pg_psql -c "VACUUM ANALYZE"; t1=$(now)
		echo "$kind VACUUM ANALYZE $(echo "$t0 $t1" | awk '{ printf "%.1f", $2 - $1 }')s; then history: $(best3 "$bin/results-store" history --store "$db" -b redis --metric GET-RPS-1) ms; an empty command (connect, schema check): $(best3 "$bin/results-store" list --store "$db" --machine none) ms"
	fi
	last=$(printf 'run-%05d' $((runs - 1)))
	tree_ms=$(best3 "$bin/compare-mmtests" -d "$work/log" -b redis -n "run-00000,$last")
	store_ms=$(best3 "$bin/compare-mmtests" --store "$db" --machine box -b redis -n "run-00000,$last")
	cmp <("$bin/compare-mmtests" -d "$work/log" -b redis -n "run-00000,$last") \
		<("$bin/compare-mmtests" --store "$db" --machine box -b redis -n "run-00000,$last") || echo "DIFFER: store and tree reports"
	echo "$kind two-run report: tree ${tree_ms} ms, store ${store_ms} ms (store/tree $(echo "$store_ms $tree_ms" | awk '{ printf "%.2f", $1 / $2 }'))"
done
