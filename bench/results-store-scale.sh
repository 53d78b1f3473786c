#!/bin/bash
# results-store at scale, SQLite and PostgreSQL (a server initialised in a
# temp dir, unix socket, fsync on; lib/postgres-server.bash). The store is
# built by the importer itself, a tree of BATCH redis runs at a time (102
# metrics x 5 iterations each, bench/gen-redis-history-tree.py; each tree
# removed once imported), up to RUNS runs. Printed:
#   - import: wall and CPU a run (the importer's own CPU; the tree's
#     generation is not counted), per batch and overall;
#   - at 1,000, 10,000 and 100,000 runs (those up to RUNS): one metric's
#     history over every run, the least wall and CPU of 3, and its cost a
#     run against the 1,000-run store (flat is the goal: the query reads
#     one index range, one row a run, and prints a line a run);
#   - at the same points, the history of a second machine that keeps its
#     1,000 runs while the store grows: its cost should stay flat (the
#     query reads what it prints, never the rest of the store);
#   - compare-mmtests on two runs, from the tree and from the store,
#     interleaved REPORTS times: CPU ratio store/tree (the goal: <= 1.0;
#     PostgreSQL's also against the tree plus what loading libpq and
#     connecting cost a client that does nothing else, its floor),
#     and whether the store's report read its stored rows or wrote the
#     runs back as a tree (compare-mmtests -v says which);
#   - the load before and after each store (CPU figures are the ones to
#     trust when the load passes the CPUs).
# Runs past FULL (10,000) hold the GET test only (6 metrics, not 102), so
# that a 100,000-run store is built in minutes on a 2-CPU VM: the history
# reads one metric's rows, which every run has, and the import figures are
# those of the full runs. Not part of make test.
#   bench/results-store-scale.sh [RUNS (100000)] [BIN (build/bin)] [STORES (sqlite postgresql)]
#   BATCH=N (1000): runs per imported tree (5000 past FULL); FULL=N (10000);
#   REPORTS=N (10): two-run reports of each kind
set -euo pipefail
runs=${1:-100000}
bin=$(cd "${2:-build/bin}" && pwd)
stores=${3:-sqlite postgresql}
batch=${BATCH:-1000}
full=${FULL:-10000}
reports=${REPORTS:-10}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d /tmp/results-store-scale.XXXXXX)
# The trees in memory when it can (writing 11,000 files a batch on a loaded
# ext4 took 20 s, ten times the import); the stores on disk, in $work.
trees=$work
[[ -w /dev/shm ]] && trees=$(mktemp -d /dev/shm/results-store-scale.XXXXXX)
trap 'rm -rf "$work" "$trees"' EXIT
if [[ $stores == *postgresql* ]]; then
	floor=$work/libpq-floor-client
	${CXX:-g++} -std=c++17 -O2 -o "$floor" "$here/libpq_floor_client.cpp" || { echo "cannot build the libpq floor client"; exit 3; }
	source "$here/../tests/scripts/lib/postgres-server.bash"
	PG_FSYNC=on pg_start
	trap 'pg_stop; rm -rf "$work" "$trees"' EXIT
fi
cpus=$(nproc)
load() { cut -d' ' -f1 /proc/loadavg; }
# A line when the load passes the CPUs: wall times then show the scheduler.
load_note() {
	awk -v l="$(load)" -v c="$cpus" 'BEGIN { if (l > c) printf "  (wall times not comparable: load %s on %d CPUs; the CPU figures hold)\n", l, c }'
}

# timed CMD...: "WALL_MS CPU_MS" of one run of CMD (its output discarded);
# bash's time: the children's rusage, at better than 1 ms.
timed() {
	local TIMEFORMAT='%3R %3U %3S' t
	t=$({ time "$@" > /dev/null 2> "$work/err"; } 2>&1) || { cat "$work/err" >&2; return 1; }
	awk '{ printf "%.1f %.1f\n", $1 * 1000, ($2 + $3) * 1000 }' <<< "$t"
}

# best3 CMD...: "WALL_MS CPU_MS", each the least of three runs (the CPU
# is the goal's figure: the run with the least wall time may not have it).
best3() {
	local w c walls=() cpus=()
	for _ in 1 2 3; do
		read -r w c < <(timed "$@")
		walls+=("$w") cpus+=("$c")
	done
	printf '%s %s\n' "$(printf '%s\n' "${walls[@]}" | sort -g | head -1)" "$(printf '%s\n' "${cpus[@]}" | sort -g | head -1)"
}

for kind in $stores; do
	if [[ $kind == sqlite ]]; then db=$work/store.db; else db=$PG_URI; fi
	echo "== $kind: load $(load) on $cpus CPUs before"
	load_note
	stored=0 import_wall=0 import_cpu=0 first_ms='' small_ms=''
	# The second machine: the first tree, imported once more under its name.
	python3 "$here/gen-redis-history-tree.py" "$trees/log" 1000 5 0 0
	"$bin/results-store" import "$trees/log" --store "$db" --machine small > /dev/null
	while ((stored < runs)); do
		step=$batch only=()
		((stored >= full)) && step=$((batch * 5)) only=(GET)
		n=$((runs - stored < step ? runs - stored : step))
		rm -rf "$trees/log"
		python3 "$here/gen-redis-history-tree.py" "$trees/log" "$n" 5 $((stored + 1)) "$stored" "${only[@]}"
		read -r w c < <(timed "$bin/results-store" import "$trees/log" --store "$db" --machine box)
		stored=$((stored + n))
		if ((${#only[@]} == 0)); then
			import_wall=$(awk -v a="$import_wall" -v b="$w" 'BEGIN { print a + b }')
			import_cpu=$(awk -v a="$import_cpu" -v b="$c" 'BEGIN { print a + b }')
			full_runs=$stored
		fi
		case $stored in 1000 | 10000 | 100000 | "$runs") ;; *) continue ;; esac
		printf '%s import: %d runs stored; this tree (%s) %.2f ms wall, %.2f ms CPU a run; the full runs so far %.2f ms CPU a run (load %s)\n' \
			"$kind" "$stored" "${only[*]:-every test}" "$(awk -v w="$w" -v n="$n" 'BEGIN { print w / n }')" \
			"$(awk -v c="$c" -v n="$n" 'BEGIN { print c / n }')" \
			"$(awk -v c="$import_cpu" -v n="$full_runs" 'BEGIN { print c / n }')" "$(load)"
		read -r hw hc < <(best3 "$bin/results-store" history --store "$db" -b redis --metric GET-RPS-1 --machine box)
		[[ -z $first_ms ]] && first_ms=$hw first_runs=$stored
		printf '%s history of GET-RPS-1 over %d runs: %.1f ms wall, %.1f ms CPU (each the least of 3); %.1f us wall a run, %.2fx the %d-run store'"'"'s (load %s)\n' \
			"$kind" "$stored" "$hw" "$hc" "$(awk -v a="$hw" -v n="$stored" 'BEGIN { print a * 1000 / n }')" \
			"$(awk -v a="$hw" -v n="$stored" -v b="$first_ms" -v m="$first_runs" 'BEGIN { print (a / n) / (b / m) }')" "$first_runs" "$(load)"
		read -r sw sc < <(best3 "$bin/results-store" history --store "$db" -b redis --metric GET-RPS-1 --machine small)
		[[ -z $small_ms ]] && small_ms=$sw
		printf '%s history of the other machine'"'"'s 1000 runs in that store: %.1f ms wall, %.1f ms CPU (%.2fx its cost in the smallest store)\n' \
			"$kind" "$sw" "$sc" "$(awk -v a="$sw" -v b="$small_ms" 'BEGIN { print a / b }')"
	done
	if [[ $kind == sqlite ]]; then size=$(du -m "$db" | cut -f1)
	else size=$(pg_psql -c "SELECT pg_database_size(current_database()) / 1048576"); fi
	printf '%s import of the %d full runs: %.0f runs/s wall, %.2f ms CPU a run; store of %d runs %s MiB\n' "$kind" \
		"$full_runs" "$(awk -v n="$full_runs" -v w="$import_wall" 'BEGIN { print n * 1000 / w }')" \
		"$(awk -v c="$import_cpu" -v n="$full_runs" 'BEGIN { print c / n }')" "$stored" "$size"
	# Two runs of the last tree, from the tree and from the store, interleaved.
	a=$(printf 'run-%05d' $((stored - n))) b=$(printf 'run-%05d' $((stored - 1)))
	cmp <("$bin/compare-mmtests" -d "$trees/log" -b redis -n "$a,$b") \
		<("$bin/compare-mmtests" --store "$db" --machine box -b redis -n "$a,$b") || echo "DIFFER: store and tree reports"
	how=$("$bin/compare-mmtests" --store "$db" --machine box -b redis -n "$a,$b" -v 2>&1 > /dev/null | grep -o 'the runs.*' || true)
	tree_cpu=0 store_cpu=0 tree_wall=0 store_wall=0 floor_cpu=0 bare_cpu=0
	for _ in $(seq "$reports"); do
		read -r w c < <(timed "$bin/compare-mmtests" -d "$trees/log" -b redis -n "$a,$b")
		tree_wall=$(awk -v a="$tree_wall" -v b="$w" 'BEGIN { print a + b }') tree_cpu=$(awk -v a="$tree_cpu" -v b="$c" 'BEGIN { print a + b }')
		read -r w c < <(timed "$bin/compare-mmtests" --store "$db" --machine box -b redis -n "$a,$b")
		store_wall=$(awk -v a="$store_wall" -v b="$w" 'BEGIN { print a + b }') store_cpu=$(awk -v a="$store_cpu" -v b="$c" 'BEGIN { print a + b }')
		[[ $kind == postgresql ]] || continue
		read -r w c < <(timed "$floor" "$db")
		floor_cpu=$(awk -v a="$floor_cpu" -v b="$c" 'BEGIN { print a + b }')
		read -r w c < <(timed "$floor")
		bare_cpu=$(awk -v a="$bare_cpu" -v b="$c" 'BEGIN { print a + b }')
	done
	printf '%s two-run report, mean of %d interleaved: tree %.2f ms wall %.2f ms CPU, store %.2f ms wall %.2f ms CPU: store/tree CPU %.3fx (%s)\n' \
		"$kind" "$reports" "$(awk -v t="$tree_wall" -v n="$reports" 'BEGIN { print t / n }')" \
		"$(awk -v t="$tree_cpu" -v n="$reports" 'BEGIN { print t / n }')" \
		"$(awk -v t="$store_wall" -v n="$reports" 'BEGIN { print t / n }')" \
		"$(awk -v t="$store_cpu" -v n="$reports" 'BEGIN { print t / n }')" \
		"$(awk -v s="$store_cpu" -v t="$tree_cpu" 'BEGIN { print s / t }')" "$how"
	if [[ $kind == postgresql ]]; then
		# What loading libpq and connecting cost any client, beyond a bare
		# process: the tree's report plus that is the floor of a store's.
		printf '%s floor: libpq loaded and connected %.2f ms CPU beyond a bare process (bench/libpq_floor_client.cpp); store/(tree + that) CPU %.3fx\n' \
			"$kind" "$(awk -v f="$floor_cpu" -v z="$bare_cpu" -v n="$reports" 'BEGIN { print (f - z) / n }')" \
			"$(awk -v s="$store_cpu" -v t="$tree_cpu" -v f="$floor_cpu" -v z="$bare_cpu" 'BEGIN { print s / (t + f - z) }')"
	fi
	echo "== $kind: load $(load) on $cpus CPUs after"
	load_note
done
