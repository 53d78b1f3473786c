#!/bin/bash
# ibpb-pulse's contract: refuses root (exit 8), argument checks (2), CPU range
# from sysfs (3), the initial-mask check (5, with the boot option when there
# is no per-task control), one JSON line per CPU on success, --all-cpus stops
# at the first failing CPU. The unprivileged runs use setpriv to uid 65534.
set -u
TOP=${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}
BIN=${BIN:-$TOP/build/bin}
IP=$BIN/ibpb-pulse
fail() { echo "FAIL: $*"; exit 1; }
[ -x "$IP" ] || fail "$IP not built"
work=$(mktemp -d)
chmod 755 "$work"
trap 'rm -rf "$work"' EXIT

if [ "$(id -u)" = 0 ]; then
	AS_USER="setpriv --reuid=65534 --regid=65534 --clear-groups"
	# root is refused, whatever the arguments after the usage check
	for args in "0 protect" "0 sham" "--all-cpus protect" "99999 sham"; do
		$IP $args >"$work/out" 2>"$work/err"; rc=$?
		[ $rc = 8 ] || fail "as root '$args' exited $rc, want 8"
		grep -q '^ibpb-pulse: refusing to run as root' "$work/err" || fail "root message: $(cat "$work/err")"
		[ ! -s "$work/out" ] || fail "root run printed on stdout"
	done
	echo "root refused (exit 8)"
else
	AS_USER=
fi
uid=$( [ -n "$AS_USER" ] && echo 65534 || id -u)

run() {  # run WANT_RC ARGS... ; output in $work/out, $work/err
	local want=$1; shift
	$AS_USER "$IP" "$@" >"$work/out" 2>"$work/err"; local rc=$?
	[ "$rc" = "$want" ] || fail "'ibpb-pulse $*' exited $rc, want $want: $(cat "$work/err")"
}
run 2
run 2 0
run 2 0 enable
run 2 0 sham extra
run 2 --all-cpus
grep -q 'usage: ibpb-pulse CPU sham|protect' "$work/err" || fail "usage text: $(cat "$work/err")"
run 3 x sham
run 3 -1 protect
grep -q "CPU '-1' is not a CPU number" "$work/err" || fail "bad CPU message: $(cat "$work/err")"
last=$(tr ',' '\n' </sys/devices/system/cpu/online | tail -1 | sed 's/.*-//')
run 3 $((last + 1)) sham
grep -q "CPU $((last + 1)): not online (online CPUs: " "$work/err" || fail "offline message: $(cat "$work/err")"
run 0 --help
grep -q '^exit: 0 ok' "$work/out" || fail "--help documents no exit codes"

# The real path: this VM has no per-task control (PR_GET = ENABLE without PRCTL).
# PR_GET(INDIRECT_BRANCH) as /proc shows it: "conditional ..." = PRCTL bit set,
# "always enabled" = ENABLE (2) without it (this VM).
ib=$(sed -n 's/^SpeculationIndirectBranch:[[:space:]]*//p' /proc/self/status)
case "$ib" in conditional*) mask=3;; "always enabled") mask=2;; *) mask=0;; esac
ncpus=$(tr ',' '\n' </sys/devices/system/cpu/online | awk -F- '{ n += (NF == 2 ? $2 - $1 + 1 : 1) } END { print n }')
for mode in sham protect; do
	if [ $((mask & 1)) = 0 ]; then
		run 5 0 $mode
		want="^ibpb-pulse: CPU 0: initial indirect-branch mask is .*, expected PRCTL|ENABLE (3): "
		[ "$mask" != 2 ] || want="$want""no per-task indirect-branch control.*spectre_v2_user=prctl"
		grep -q "$want" "$work/err" || fail "mask message: $(cat "$work/err")"
		[ ! -s "$work/out" ] || fail "a failed pulse printed JSON"
		run 5 --all-cpus $mode
		grep -q '^ibpb-pulse: --all-cpus: stopped at CPU 0 (exit 5) after 0 of ' "$work/err" || fail "--all-cpus message: $(cat "$work/err")"
		[ "$(grep -c 'initial indirect-branch mask' "$work/err")" = 1 ] || fail "--all-cpus went on after CPU 0"
	else
		run 0 0 $mode
		[ "$(wc -l <"$work/out")" = 1 ] || fail "not one JSON line"
		grep -Eq "^\{\"cpu\":0,\"pid\":[0-9]+,\"uid\":$uid,\"mode\":\"$mode\",\"before\":3,\"after\":$([ $mode = protect ] && echo 9 || echo 3)," "$work/out" ||
			fail "JSON: $(cat "$work/out")"
		run 0 --all-cpus $mode
		[ "$(grep -c '^{"cpu":' "$work/out")" = "$ncpus" ] || fail "--all-cpus: not one JSON line per online CPU"
	fi
done
echo "ibpb-pulse CLI tests passed (PR_GET mask $mask)"
