#!/bin/bash
# subselection-speed.sh - compare-mmtests on a bonnie++-like tree (RUNS runs,
# one iteration each, SAMPLES latency samples per operation, 4 operations;
# summarise: Subselection), before and after a change, in one run, side by
# side: wall and CPU seconds and their ratios, and whether every row but the
# seeded Sub* ones is byte-identical between the two.
#
#   bench/subselection-speed.sh                 before = the last commit whose
#                                               stats/subselection.cpp drew every subselection
#                                               sample by sample (no subselection_sampling.hpp)
#   BEFORE=mt19937 bench/subselection-speed.sh  the last one that drew with std::mt19937
#   BEFORE=REV bench/subselection-speed.sh      any other revision
#   RUNS=3 SAMPLES=200000 (defaults)
#
# "before" is built from git in a temporary worktree (ccache makes a rebuild
# cheap). Parsing goes through tests/fixtures/mmtests-replay, which replays a
# parse-results TSV written beside the logs, so the figures are
# compare-mmtests' own work; with an MMTests checkout (MMTESTS_SRC, default
# ../mmtests-src) the TSV is first checked against the real bonniepp parser
# for one run, and the real parser's time is printed too (MMTests' Perl, which
# compare-mmtests runs once per iteration).
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
BIN=${BIN:-$top/build/bin}
RUNS=${RUNS:-3}
SAMPLES=${SAMPLES:-200000}
MMTESTS_SRC=${MMTESTS_SRC:-$top/../mmtests-src}
work=$(mktemp -d)
cleanup() {
	git -C "$top" worktree remove --force "$work/before" 2>/dev/null || true
	rm -rf "$work"
}
trap cleanup EXIT

# last_subselection has|lacks PATTERN: the newest commit whose
# compare/stats/subselection.cpp has (or lacks) PATTERN.
last_subselection() {
	local rev found
	for rev in $(git -C "$top" log --format=%H -- compare/stats/subselection.cpp); do
		found=lacks
		git -C "$top" show "$rev:compare/stats/subselection.cpp" > "$work/subselection.cpp"
		grep -q -e "$2" "$work/subselection.cpp" && found=has
		[[ $found == "$1" ]] && { echo "$rev"; return; }
	done
}
case ${BEFORE:-} in
	"") BEFORE=$(last_subselection lacks 'subselection_sampling\.hpp') ;;
	mt19937) BEFORE=$(last_subselection has 'std::mt19937') ;;
esac
: "${BEFORE:?no such commit of compare/stats/subselection.cpp found; set BEFORE=REV}"
echo "before: $(git -C "$top" log -1 --format='%h %s' "$BEFORE" | cut -c1-90)"
echo "after:  $BIN/compare-mmtests ($(git -C "$top" log -1 --format=%h) + working tree)"

# The tree: bonnie-detail.gz as bonnie++ -l writes it ("OP USECS"), and the
# TSV MMTests' bonniepp parse-results prints for it (gen-bonniepp-tree.sh).
case_dir=$work/case
runs=$("$top/bench/gen-bonniepp-tree.sh" "$case_dir" "$RUNS" "$SAMPLES")
echo "tree: $RUNS runs x 1 iteration x 4 operations x $SAMPLES latency samples"

secs() { awk -v s="$1" -v e="$2" 'BEGIN { printf "%.2f", e - s }'; }
if [[ -x $MMTESTS_SRC/shellpack_src/src/bonniepp/parse-results ]]; then
	s=$(date +%s.%N)
	"$MMTESTS_SRC/shellpack_src/src/bonniepp/parse-results" "$case_dir/log/run1/iter-0/bonniepp/logs" > "$work/real.tsv"
	e=$(date +%s.%N)
	cmp -s "$work/real.tsv" "$case_dir/run1-iter-0.tsv" || { echo "FAIL: the TSV is not what MMTests' bonniepp parser prints"; exit 1; }
	echo "MMTests' bonniepp parse-results: $(secs "$s" "$e") s wall per iteration (output = the replayed TSV)"
fi

echo "building before in a temporary worktree..."
git -C "$top" worktree add --detach "$work/before" "$BEFORE" > /dev/null 2>&1
# Objects of this build whose every source and header is the same in the
# before tree are reused, so only what differs is compiled.
reused=0
while IFS= read -r obj; do
	rel=${obj#"$top"/}
	deps=$(sed -e 's/\\$//' -e 's/^[^:]*://' "${obj%.o}.d" 2>/dev/null | tr ' ' '\n' | grep -v ':$' | grep .) || continue
	same=1
	for f in $deps; do
		[[ $f == /* ]] && continue
		cmp -s "$top/$f" "$work/before/$f" || { same=0; break; }
	done
	[[ $same == 1 ]] || continue
	mkdir -p "$(dirname "$work/before/$rel")"
	cp "$obj" "$work/before/$rel" && cp "${obj%.o}.d" "$work/before/${rel%.o}.d" && reused=$((reused + 1))
done < <(find "$top/build/obj" -name '*.o')
echo "  reused $reused objects of $top/build with identical sources"
(cd "$work/before" && CCACHE_NOHASHDIR=true make -j2 build/bin/compare-mmtests > "$work/build.log" 2>&1) ||
	{ tail -5 "$work/build.log"; exit 1; }

# run NAME BINARY: wall, user+sys CPU seconds; stdout to $work/NAME.out
run() {
	local t
	t=$( { TIMEFORMAT='%R %U %S'; time (cd "$case_dir" && MMTESTS_DIR=$top/tests/fixtures/mmtests-replay LC_ALL=C \
		"$2" -d log -b bonniepp -n "$runs" > "$work/$1.out"); } 2>&1)
	awk -v n="$1" '{ printf "%s %.2f %.2f\n", n, $1, $2 + $3 }' <<< "$t"
}
read -r _ bw bc < <(run before "$work/before/build/bin/compare-mmtests")
read -r _ aw ac < <(run after "$BIN/compare-mmtests")
printf '%-8s %8s %8s\n' "" "wall s" "CPU s"
printf '%-8s %8.2f %8.2f\n' before "$bw" "$bc" after "$aw" "$ac"
awk -v bw="$bw" -v aw="$aw" -v bc="$bc" -v ac="$ac" 'BEGIN {
	printf "after/before: wall %.3f, CPU %.3f (target: after under 2 s wall on an idle machine)\n", aw / bw, ac / bc }'
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) CPUs"
if diff <(grep -v '^Sub' "$work/before.out") <(grep -v '^Sub' "$work/after.out") > "$work/diff"; then
	echo "every row but Sub* byte-identical ($(grep -vc '^Sub' "$work/after.out") lines)"
else
	echo "FAIL: deterministic rows differ:"; head "$work/diff"; exit 1
fi
echo "Sub* rows (seeded draws; before, then after):"
paste <(grep '^Sub' "$work/before.out" | tr -s ' ') <(grep '^Sub' "$work/after.out" | tr -s ' ') | sed 's/^/  /'
