#!/bin/bash
# run-config-estimates.sh - run-config --dry-run's estimate beside the measured
# duration, for every shipped config at short settings (--set), one by-hand
# run each; then "learned", what --dry-run says once that run is in the work
# dir (its benchmarks' measured times, the modelled overhead). Not part of
# make test: it takes a few minutes of machine time.
#   bench/run-config-estimates.sh [BIN [PATTERN]]   (PATTERN: only configs matching it)
set -u
TOP=$(cd "$(dirname "$0")/.." && pwd)
BIN=$(realpath "${1:-$TOP/build/bin}")
PATTERN=${2:-}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
short() {	# the --set arguments that shorten CONFIG
	case $1 in
	*fiolike*)        echo "MMTEST_ITERATIONS=2 FIO_RUNTIME=3 FIO_RAMP_TIME=1 FIO_SIZE=64M" ;;
	*zpopmin-quick)   echo "" ;;
	*zpopmin-small)   echo "REDIS_ZPOPMIN_KEYSPACE=10000 REDIS_ZPOPMIN_ITERATIONS=2" ;;
	*zpopmin)         echo "REDIS_ZPOPMIN_KEYSPACE=5000 REDIS_ZPOPMIN_ITERATIONS=1" ;;
	*pipe-pingpong*)  echo "PIPE_PINGPONG_LOOPS=100000 PIPE_PINGPONG_ITERATIONS=3" ;;
	*seccomp-churn*)  echo "SECCOMP_CHURN_RUNTIME=2 SECCOMP_CHURN_ITERATIONS=2" ;;
	esac
}
printf '%-50s %10s %10s %10s %5s  %s\n' config estimate measured learned rc settings
for c in "$TOP"/configs/config-*$PATTERN*; do
	name=$(basename "$c")
	sets=()
	for s in $(short "$name"); do sets+=(--set "$s"); done
	estimate() { "$BIN/run-config" "$c" E --work-dir "$T/w" "${sets[@]}" --dry-run | sed -n 's/^estimated duration: .*(\([0-9]*\) s).*/\1/p'; }
	est=$(estimate)
	t0=$(date +%s.%N)
	(cd "$T" && "$BIN/run-config" "$c" "$name" --work-dir "$T/w" "${sets[@]}" > "$T/$name.out" 2>&1)
	rc=$?
	t1=$(date +%s.%N)
	learned=$(estimate)
	printf '%-50s %9ss %9.0fs %9ss %5s  %s\n' "$name" "$est" "$(echo "$t1 - $t0" | bc)" "$learned" $rc "$(short "$name")"
	rm -rf "$T/w/log/$name"
done
