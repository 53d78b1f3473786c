#!/bin/bash
# --store and --machine are options of compare-mmtests and compare-kernels
# themselves, beside -d/-C and --from-json (not an argv rewrite in the
# store): each --help lists them among its options, and their rules are one
# line and exit 2 each: --machine needs --store, and --store cannot go with
# the tree options. No store is created by a refused command.
set -uo pipefail
: "${BIN:?}"
fail() { echo "FAIL: $*"; exit 1; }

for prog in compare-mmtests compare-kernels; do
	"$BIN/$prog" --help > help.txt 2> err.txt || fail "$prog --help: $(cat err.txt)"
	# The options come before the exit status section.
	sed '/^Exit status/,$d' help.txt > options.txt
	grep -qE '^  --store DB ' options.txt || fail "$prog --help does not list --store DB as an option: $(cat help.txt)"
	grep -qE '^  --machine M\[,M2\.\.\.\] ' options.txt || fail "$prog --help does not list --machine: $(cat help.txt)"
	grep -q -- '--from-json\|^  -C ' options.txt || fail "$prog --help lost its tree option"
	echo "ok: $prog --help lists --store and --machine among its options"

	"$BIN/$prog" --machine box > out.txt 2> err.txt; rc=$?
	[[ $rc == 2 && $(wc -l < err.txt) == 1 ]] && grep -q -- '--machine needs --store' err.txt ||
		fail "$prog --machine without --store: rc $rc $(cat err.txt)"
done
echo "ok: --machine without --store is refused in one line (exit 2)"

mkdir log
expect_refused() {
	local want=$1; shift
	"$@" > out.txt 2> err.txt; local rc=$?
	[[ $rc == 2 && $(wc -l < err.txt) == 1 ]] && grep -qF -- "$want" err.txt || fail "$*: rc $rc $(cat err.txt)"
}
expect_refused "cannot go with -d or --from-json" "$BIN/compare-mmtests" --store s.db -d log -b redis -n a
expect_refused "cannot go with -d or --from-json" "$BIN/compare-mmtests" --store=s.db --from-json x.json -b redis -n a
expect_refused "--json-export writes into the tree" "$BIN/compare-mmtests" --store s.db --json-export -b redis -n a
expect_refused "cannot go with -C" "$BIN/compare-kernels" -C log --store s.db
[[ -e s.db ]] && fail "a refused command created the store"
echo "ok: --store with a tree option is refused in one line (exit 2), and creates nothing"
