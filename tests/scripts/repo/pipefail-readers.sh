#!/bin/bash
# Under `set -o pipefail`, `WRITER | grep -q PAT || fail` is a race: grep
# exits at the first match, the writer's next write gets SIGPIPE, and the
# pipeline fails although the line was there (stop 25's CI failed so). So no
# script under pipefail tests the status of a pipeline that ends in a reader
# which stops early (grep -q, grep -m, head). Read a file, `<(WRITER)`, or
# let the reader read everything instead.
set -u
fail() { echo "FAIL: $*"; exit 1; }

# early_exit_tests FILE...: the lines that test such a pipeline's status.
early_exit_tests() {
	grep -nHE '(^|[^|])\|[[:space:]]*(grep[[:space:]]+(-[[:alpha:]]*[qm]|--quiet|--max-count)|head)\b[^;{}]*(\|\||&&)' "$@"
}

# The rule catches what it is for, and leaves the safe forms alone.
sample=$(mktemp /tmp/pipefail-readers.XXXXXX)
trap 'rm -f "$sample"' EXIT
printf '%s\n' 'cat a b | grep -q x || fail' 'zcat f | head -1 | cut -c1 && echo' > "$sample"
[[ $(early_exit_tests "$sample" | wc -l) == 2 ]] || fail "the rule misses a racy pipeline"
printf '%s\n' 'grep -q x a b || fail' 'grep -q x <(zcat f) || fail' '[[ a ]] || grep -q x f || fail' 'diff a b | head; fail x' > "$sample"
! early_exit_tests "$sample" > /dev/null || fail "the rule flags a safe form: $(early_exit_tests "$sample")"

cd "$TOP" || fail "no tree at TOP=$TOP"
# This file is left out: its samples above are the pattern itself.
mapfile -t scripts < <(git ls-files -- '*.sh' '*.bash' .ci/run | grep -vxF tests/scripts/repo/pipefail-readers.sh |
	xargs grep -l 'pipefail')
[[ ${#scripts[@]} -gt 0 ]] || fail "no script under pipefail found: the search is broken"
if racy=$(early_exit_tests "${scripts[@]}"); then
	fail "a pipeline's status is tested after a reader that stops early: $racy"
fi
echo "ok: ${#scripts[@]} scripts under pipefail test no pipeline that ends in grep -q, grep -m or head"
