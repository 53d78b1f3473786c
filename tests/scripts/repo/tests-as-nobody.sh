#!/bin/bash
# The test suite runs as root on shared machines, so no test makes a
# directory others can write (a world-writable work dir let a local user plant
# `out -> /any/file` for root to truncate), and every test that runs code as
# an unprivileged user is listed in tests/README.md, where a reviewer looks
# for the dirs that user may write.
set -u
fail() { echo "FAIL: $*"; exit 1; }
cd "$TOP" || fail "no tree at TOP=$TOP"

# world_writable FILE...: chmod/install/mkdir modes that give others write.
world_writable() {
	grep -nHE '(chmod|install[^|;]* -m|mkdir[^|;]* -m)[[:space:]]+(-[[:alpha:]]+[[:space:]]+)*([0-7]?[0-7][0-7][2367]|[ugoa]*[ao][ugoa]*\+[rwxXst]*w[rwxXst]*|\+w)\b' "$@"
}
# as_nobody FILE...: the scripts that start code as another user.
as_nobody() { grep -lE "setpriv[[:space:]]+--reuid|runuser|(^|[[:space:]\"'])-[uo][[:space:]]+nobody" "$@"; }

# The rules catch what they are for, and leave the safe forms alone.
sample=$(mktemp /tmp/tests-as-nobody.XXXXXX)
trap 'rm -f "$sample"' EXIT
printf '%s\n' 'chmod 777 "$work"' 'chmod 1777 d' 'chmod a+w d' 'chmod -R o+rwx d' 'install -d -m 0777 d' > "$sample"
[[ $(world_writable "$sample" | wc -l) == 5 ]] || fail "the rule misses a world-writable mode: $(world_writable "$sample")"
printf '%s\n' 'chmod 755 "$work"' 'chmod 600 "$secret"' 'chmod u+w f' 'install -d -o nobody -m 700 d' > "$sample"
! world_writable "$sample" > /dev/null || fail "the rule flags a safe mode: $(world_writable "$sample")"

mapfile -t scripts < <(git ls-files -- 'tests/*.sh' 'tests/*.bash' .ci/run | grep -vxF tests/scripts/repo/tests-as-nobody.sh)
[[ ${#scripts[@]} -gt 50 ]] || fail "only ${#scripts[@]} scripts found: the search is broken"
if bad=$(world_writable "${scripts[@]}"); then
	fail "a test makes a directory others can write: $bad"
fi
missing=
for s in $(as_nobody "${scripts[@]}"); do
	grep -qF "\`${s#tests/}\`" tests/README.md || missing+=" $s"
done
[[ -z $missing ]] || fail "tests/README.md does not list these tests that run code as another user:$missing"
echo "ok: ${#scripts[@]} scripts make nothing world-writable; the $(as_nobody "${scripts[@]}" | wc -l) that run code as another user are in tests/README.md"
