#!/bin/bash
# tests/goldens/check-goldens copies each case once, not once per variant
# (the goldens stage spent its time copying 2.9 MB 196 times), yet a variant
# that adds a file to its case leaves nothing for the next, and one that
# rewrites a file of its case in place, even at the same size, fails the case
# by name (compare-mmtests.pl never writes its input); failures are reported
# as before. A stand-in compare-mmtests does what a variant may do; the
# checker under test is the real one.
set -u
fail() { echo "FAIL: $*"; exit 1; }
checker=$TOP/tests/goldens/check-goldens
[[ -x $checker ]] || fail "no $checker"
work=$PWD

# The stand-in: its first argument is the action, its second the variant.
# Each prints the case's log/ (a leftover shows) and logs the atime of
# log/data, which `mark` sets far ahead: a changed atime is no write, reads
# leave a future atime alone, and a fresh copy (cp -a) has the golden's, so it
# tells whether two variants ran in the same copy.
cat > "$work/fake-compare" <<'EOF'
#!/bin/bash
case $1 in
mark) touch -a -d @4000000000 log/data ;;
add) echo new > log/written ;;
rewrite) echo DATA > log/data ;;  # same size, maybe in the copy's clock tick
esac
echo "$2 $(stat -c %X log/data)" >> "$PROBE_LOG"
ls log; cat log/data
EOF
chmod +x "$work/fake-compare"
export PROBE_LOG=$work/probe.log

# A case: log/data, and per variant NAME.cmd/.expected/.rc, in glob order.
make_case() {
	local dir=$1; shift
	mkdir -p "$dir/log"; echo data > "$dir/log/data"
	for v in "$@"; do
		echo "compare-mmtests.pl ${v#*-} $v" > "$dir/$v.cmd"
		printf 'data\ndata\n' > "$dir/$v.expected"; echo 0 > "$dir/$v.rc"
	done
}
make_case "$work/one" a-mark b-read c-add d-read
printf 'data\nwritten\ndata\n' > "$work/one/c-add.expected"
make_case "$work/two" a-read
printf 'data\nother\n' > "$work/two/a-read.expected"
make_case "$work/three" a-read b-rewrite
printf 'data\nDATA\n' > "$work/three/b-rewrite.expected"
before=$(cd "$work" && find one two three -printf '%p %s %T@\n' | sort)

out=$("$checker" "$work/fake-compare" "$work/one" "$work/two" "$work/three" 2>&1)
rc=$?
[[ $rc == 1 ]] || fail "a failing variant: want rc 1, got $rc: $out"
want='FAIL two/a-read: rc=0; first difference at line 2
  want: other
  got:  data
FAIL three: a variant rewrote log/data in place (one of: a-read b-rewrite)
6 passed, 2 failed, 0 skipped'
[[ $out == "$want" ]] || fail "output changed: want
$want
got
$out"
# Never written in place.
[[ $(cd "$work" && find one two three -printf '%p %s %T@\n' | sort) == "$before" ]] ||
	fail "the golden case itself changed"

probe() { awk -v v="$1" '$1 == v { print $2 }' "$PROBE_LOG"; }
[[ $(probe b-read) == 4000000000 ]] || fail "b-read ran in a new copy (copied per variant?): $(cat "$PROBE_LOG")"
[[ $(probe d-read) != 4000000000 ]] || fail "d-read ran in the copy c-add wrote into"
echo "ok: one copy per case, a new one after a variant that added a file, an in-place rewrite fails its case, failures reported as before"
