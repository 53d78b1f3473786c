#!/bin/bash
# compare-kernels --good/--bad: a run named on both sides, or one name given
# twice on a side, is a wrong command line (exit 128 under --bisect, so git
# bisect run stops; 2 without it), in one line naming the option and the run.
# They were accepted: --good X --bad X placed every candidate between a run
# and itself, and --good X --good X counted X as two reference runs.
set -uo pipefail
: "${BIN:?}"
fail() { echo "FAIL: $*"; exit 1; }
mkdir -p tree/a/iter-0 tree/b/iter-0

expect() {	# expect RC MESSAGE ARGS...
	local want=$1 msg=$2 rc=0
	shift 2
	"$BIN/compare-kernels" -C tree "$@" > out.txt 2> err.txt || rc=$?
	[[ $rc == "$want" ]] || fail "$*: exit $rc, want $want: $(cat err.txt)"
	[[ $(wc -l < err.txt) == 1 ]] && grep -qF "compare-kernels: $msg" err.txt || fail "$*: said: $(cat err.txt)"
}
both="--good and --bad both name a: a reference run is good or bad, not both"
expect 128 "$both" --good a --bad a --bisect
expect 128 "$both" --good b --good a --bad c --bad a --bisect
expect 2 "$both" --good a --bad a
expect 128 "--good a is given twice: a repeated name is not a second reference run" --good a --good a --bad b --bisect
expect 128 "--bad b is given twice: a repeated name is not a second reference run" --good a --bad b --bad b --bisect
echo "ok: --good X --bad X and a repeated reference name are refused by name (128 under --bisect, else 2)"
