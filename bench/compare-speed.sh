#!/bin/bash
# compare-speed.sh - how fast compare-mmtests reads the large tree, whether the
# output is still byte-identical to compare-mmtests.pl's, how time grows with
# the number of rows, and (with MMTESTS_DIR set) the ratio to the Perl.
#
#   bench/compare-speed.sh                    ours only
#   MMTESTS_DIR=/path/to/mmtests bench/compare-speed.sh
#                                             also the Perl on the same tree (about 8 min)
#   BENCH_PERL_CASE=stressng-basic MMTESTS_DIR=... bench/compare-speed.sh
#                                             the Perl on a small golden case instead
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
BIN=${BIN:-$top/build/bin}
SHARED=${SHARED:-$top/../shared}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python3 "$SHARED/tools/gen-large-tree.py" "$work" >/dev/null
cd "$work"
runs=v7.1.3-first,v7.3,v7.1.3-return

# best of N wall-clock seconds of a command (output to $work/out)
best_of() {
	local n=$1; shift
	local best=
	for _ in $(seq "$n"); do
		local s e t
		s=$(date +%s.%N); "$@" > "$work/out"; e=$(date +%s.%N)
		t=$(awk -v s="$s" -v e="$e" 'BEGIN { printf "%.4f", e - s }')
		if [[ -z $best ]] || awk -v a="$t" -v b="$best" 'BEGIN { exit !(a < b) }'; then best=$t; fi
	done
	echo "$best"
}

echo "large tree: 3 runs x 60 stressors x 8 client counts x 7 iterations ($(du -sh log | cut -f1) of logs)"
for variant in plain ratio; do
	extra=(); [[ $variant == ratio ]] && extra=(--print-ratio)
	t=$(best_of 5 "$BIN/compare-mmtests" -d log -b stressng -n "$runs" "${extra[@]}")
	if cmp -s "$work/out" "$SHARED/goldens/large/$variant.expected"; then same=identical; else same=DIFFERENT; fi
	printf "ours %-6s %8.3f s  (output %s to compare-mmtests.pl's; target < 0.5 s)\n" "$variant" "$t" "$same"
done

# Growth: the same runs copied under more names, so rows grow k-fold.
echo "growth with the number of rows (plain):"
for k in 1 2 4 8; do
	names=()
	for i in $(seq "$k"); do
		for r in ${runs//,/ }; do
			[[ -e log/$r-c$i ]] || cp -a "log/$r" "log/$r-c$i"
			names+=("$r-c$i")
		done
	done
	list=$(IFS=,; echo "${names[*]}")
	t=$(best_of 3 "$BIN/compare-mmtests" -d log -b stressng -n "$list")
	rows=$((k * 3 * 60 * 8 * 7 * 2))
	printf "  %2dx  %7d rows  %8.3f s  %6.2f us/row\n" "$k" "$rows" "$t" "$(awk -v t="$t" -v r="$rows" 'BEGIN { print t * 1e6 / r }')"
done

if [[ -n ${MMTESTS_DIR:-} ]]; then
	if [[ -n ${BENCH_PERL_CASE:-} ]]; then
		case_dir=$SHARED/goldens/cases/$BENCH_PERL_CASE
		read -r -a argv < "$case_dir/plain.cmd"
		cd "$case_dir"
		label="golden case $BENCH_PERL_CASE"
	else
		argv=(compare-mmtests.pl -d log -b stressng -n "$runs")
		label="large tree"
	fi
	echo "Perl vs ours on the $label (this runs R once per confidence interval):"
	tp=$(best_of 1 env LC_ALL=C "$MMTESTS_DIR/bin/compare-mmtests.pl" "${argv[@]:1}")
	cp "$work/out" "$work/perl.out"
	to=$(best_of 3 env LC_ALL=C "$BIN/compare-mmtests" "${argv[@]:1}")
	cmp -s "$work/out" "$work/perl.out" && same=identical || same=DIFFERENT
	printf "  perl %.3f s, ours %.3f s: ours is %.0fx faster (outputs %s)\n" "$tp" "$to" \
		"$(awk -v p="$tp" -v o="$to" 'BEGIN { print p / o }')" "$same"
fi
