#!/bin/bash
# Our shellpacks' parse-results (what MMTests runs) and compare-mmtests'
# native parsers must read our workloads' logs identically. The golden trees
# hold real logs in the same formats our workloads write, so each is read both
# ways: natively as -b WORKLOAD, and through a stand-in MMTests checkout whose
# shellpack_src/src/ext-WORKLOAD is our shellpack. The tables must be equal.
set -euo pipefail
: "${BIN:?}" "${SHARED:?}" "${TOP:?}"
fail() { echo "FAIL: $*"; exit 1; }

check() {  # check CASE REFERENCE_BENCH OUR_BENCH [compare-mmtests options...]
	local case=$1 ref=$2 ours=$3; shift 3
	local src=$SHARED/goldens/cases/$case
	rm -rf "$case-$ours"; mkdir "$case-$ours"
	cp -a "$src/log" "$case-$ours/log"; chmod -R u+w "$case-$ours"
	for iter in "$case-$ours"/log/*/iter-*; do
		cp -a "$iter/$ref" "$iter/ext-$ours"
		mv "$iter/$ref" "$iter/$ours"
	done
	mkdir -p fake-mmtests/shellpack_src/src
	rm -rf "fake-mmtests/shellpack_src/src/ext-$ours"
	cp -a "$TOP/shellpacks/$ours" "fake-mmtests/shellpack_src/src/ext-$ours"
	read -r -a argv < "$src/plain.cmd"
	local names=
	for ((i = 1; i < ${#argv[@]}; i++)); do [[ ${argv[i]} == -n ]] && names=${argv[i+1]}; done
	"$BIN/compare-mmtests" -d "$case-$ours/log" -b "$ours" -n "$names" "$@" > native.out
	"$BIN/compare-mmtests" -d "$case-$ours/log" -b "ext-$ours" -n "$names" --mmtests-dir fake-mmtests "$@" > shellpack.out
	[[ -s native.out ]] || fail "$ours: empty table"
	diff native.out shellpack.out > diff.out || { head -5 diff.out; fail "$ours on $case: native parser and shellpack parse-results disagree"; }
	echo "ok: $ours reads $case's $ref logs the same both ways ($(wc -l < native.out) lines${*:+, $*})"
}

check redis-basic redis redis-zpopmin
check perfpipe-basic perfpipe pipe-pingpong
check stressng-basic stressng seccomp-churn
check fio-basic fio fiolike
check fio-basic fio fiolike --print-ratio
