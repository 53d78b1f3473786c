#!/bin/bash
# compare-kernels --sort-version orders runs as compare-kernels.sh's own
# pipeline does (its --sort-version block, run here under LC_ALL=C), tie
# order included (6.6.0, 6.6.0-b, 6.6.0-retbleed=off), on name sets with
# '=', '-', '.', '_', '+', no version and majors that prefix each other.
# Where the shell lists a run twice we list it once; where it drops a run
# (nothing after its major) we list it last with a warning.
set -euo pipefail
: "${BIN:?}"
GOLDENS=${GOLDENS:-${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}/tests/goldens}
fail() { echo "FAIL: $*"; exit 1; }
[[ -f ${MMTESTS_SRC:-/nonexistent}/compare-kernels.sh ]] || { echo "skip: needs MMTESTS_SRC"; exit 77; }

sort_block=$(sed -n '/^if \[ "$SORT_VERSION" = "yes" \]; then/,/^fi/p' "$MMTESTS_SRC/compare-kernels.sh")
[[ $(grep -c 'sort' <<< "$sort_block") -ge 2 ]] || fail "no --sort-version block in $MMTESTS_SRC/compare-kernels.sh"
# compare-kernels.sh's order for a comma-separated list, one name a line.
shell_order() { LC_ALL=C KERNEL_LIST=$1 SORT_VERSION=yes bash -c "$sort_block"$'\necho "$KERNEL_LIST"' | tr , '\n'; }

golden=$GOLDENS/cases/redis-basic/log/v7.3
sets=(
	"6.6.0-retbleed=off 6.6.0 6.6.0-b"
	"6.2 5.10.1 5.9.3 6.10-rc1 6.1 5.4.10 5.4.9 5.4.09"
	"6.1.0-ibrs 6.1.0_x 6.1.0 6.1.0+y 6.1.0.1 6.1 6.01.0"
	"v6.1 v5.10 v5.9 6.0"
	"60.1 6.2 6.1"
	"vanilla 6.1 patched 5.3"
)
i=0
for set in "${sets[@]}"; do
	i=$((i + 1)); tree=tree$i; epoch=1000
	read -r -a names <<< "$set"
	for n in "${names[@]}"; do  # discovery order = the order listed (oldest first)
		mkdir -p "$tree"; cp -a "$golden" "$tree/$n"; chmod -R u+w "$tree/$n"
		printf '%s run-mmtests: Start\n%s run-mmtests: test start :: redis %s\n' $epoch $epoch $epoch \
			> "$tree/$n/iter-0/tests-activity"
		epoch=$((epoch + 100))
	done
	"$BIN/compare-kernels" -C "$tree" --sort-version --json-export "$tree.json" > /dev/null 2> "$tree.err" ||
		{ cat "$tree.err"; fail "compare-kernels failed on: $set"; }
	python3 -c 'import json, sys; print("\n".join(json.load(open(sys.argv[1]))["runs"]))' "$tree.json" > ours
	# The shell's list, each name once; then the names it drops, in discovery order.
	shell_order "$(tr ' ' , <<< "$set")" | awk '!seen[$0]++' > want
	for n in "${names[@]}"; do
		grep -qxF -- "$n" want || { echo "$n" >> want; grep -qF "run '$n' has no character after its major" "$tree.err" ||
			fail "no warning for the dropped run $n: $(cat "$tree.err")"; }
	done
	cmp -s want ours || { paste want ours; fail "set $i ($set): order differs from compare-kernels.sh's (left: want)"; }
	echo "ok: $(paste -sd' ' ours)"
done
# The case of the issue, spelled out.
[[ $(paste -sd' ' < <(python3 -c 'import json; print("\n".join(json.load(open("tree1.json"))["runs"]))')) == \
	"6.6.0 6.6.0-b 6.6.0-retbleed=off" ]] || fail "6.6.0 ties are not in compare-kernels.sh's order"
