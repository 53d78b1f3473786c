#!/bin/bash
# Two builds' results-store import, interleaved: the same tree of RUNS redis
# runs (bench/gen-redis-history-tree.py, 102 metrics x 5 iterations) into a
# fresh store each time, A then B, ROUNDS times; HOGS busy loops beside them
# when asked (an idle machine and a busy one cost a PostgreSQL client
# differently: waking the server). Printed per import: CPU ms a run (the
# importer's own, wait4's rusage: bench/lib/load.bash), wall, the load; then
# each build's mean and B/A; with STRACE=1 the system calls a run of one
# more import each (strace -f -c). Not part of make test.
#   bench/results-store-import-ab.sh A_BIN B_BIN [sqlite|postgresql] [ROUNDS (4)] [RUNS (1000)] [HOGS (0)]
# A_BIN, B_BIN: results-store programs (e.g. a copy of main's, and build/bin/results-store).
set -euo pipefail
a=$(realpath "$1") b=$(realpath "$2")
kind=${3:-postgresql} rounds=${4:-4} runs=${5:-1000} hogs=${6:-0}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib/load.bash"
[[ -x $a && -x $b ]] || { echo "results-store-import-ab.sh: $1 or $2 is not a program" >&2; exit 2; }
trees=/tmp
[[ -w /dev/shm ]] && trees=/dev/shm
tree=$(mktemp -d "$trees/results-store-ab.XXXXXX")
pids=()
cleanup() {
	((${#pids[@]})) && kill "${pids[@]}" 2> /dev/null
	rm -rf "$tree"
}
trap cleanup EXIT
if [[ $kind == postgresql ]]; then
	source "$here/../tests/scripts/lib/postgres-server.bash"
	PG_FSYNC=on pg_start
	trap 'cleanup; pg_stop' EXIT
fi
python3 "$here/gen-redis-history-tree.py" "$tree/log" "$runs" 5 0 0
n=0
# new_store: store= a new, empty store's location (not in a subshell: n counts).
new_store() {
	n=$((n + 1))
	if [[ $kind == sqlite ]]; then
		store=$tree/s$n.db
		return
	fi
	pg_as_owner "$PG_BIN/psql" -h "$PG_HOST" -U postgres -d postgres -Atq -c "CREATE DATABASE s$n" > /dev/null
	store="postgresql:///s$n?host=$PG_DIR&user=postgres"
}
echo "== $kind, $runs runs a tree, $hogs hogs"
bench_load_print before
for ((h = 0; h < hogs; h++)); do
	(while :; do :; done) &
	pids+=($!)
done
declare -A total=([A]=0 [B]=0)
for ((r = 0; r < rounds; r++)); do
	for which in A B; do
		prog=$a
		[[ $which == B ]] && prog=$b
		new_store
		start=$(date +%s%N)
		bench_cpu_run "$tree/cpu" "$prog" import "$tree/log" --store "$store" --machine m > /dev/null 2> "$tree/err" ||
			{ cat "$tree/err" >&2; exit 1; }
		wall_ns=$(($(date +%s%N) - start))
		read -r cpu line < <(awk -v w="$which" -v n="$runs" -v l="$(cut -d' ' -f1 /proc/loadavg)" -v us="$(bench_cpu_us "$tree/cpu")" \
			-v ns="$wall_ns" 'BEGIN { c = us / 1000 / n;
			printf "%.4f %s import: %.3f ms CPU a run, %.2f ms wall a run (load %s)\n", c, w, c, ns / 1e6 / n, l }')
		echo "$line"
		total[$which]=$(awk -v a="${total[$which]}" -v c="$cpu" 'BEGIN { print a + c }')
	done
done
awk -v a="${total[A]}" -v b="${total[B]}" -v r="$rounds" \
	'BEGIN { printf "mean CPU a run: A %.3f ms, B %.3f ms; B/A %.3fx\n", a / r, b / r, b / a }'
if [[ ${STRACE:-0} == 1 ]]; then
	for which in A B; do
		prog=$a
		[[ $which == B ]] && prog=$b
		new_store
		strace -f -c -o "$tree/strace" "$prog" import "$tree/log" --store "$store" --machine m > /dev/null 2>&1
		awk -v w="$which" -v n="$runs" '$NF == "total" { printf "%s: %.1f system calls a run\n", w, $(NF-2) / n }
			$NF ~ /^(sendto|poll|recvfrom)$/ { printf "  %s %.1f a run\n", $NF, $4 / n }' "$tree/strace"
	done
fi
bench_load_end
