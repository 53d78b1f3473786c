#!/bin/bash
# Safety is a feature: under strace, ibpb-pulse (single CPU and --all-cpus,
# sham and protect) makes no prctl but PR_GET_SPECULATION_CTRL and
# PR_SET_SPECULATION_CTRL(INDIRECT_BRANCH, FORCE_DISABLE) on itself, never
# enables speculation, opens nothing for writing, writes only to stdout and
# stderr, changes only its own affinity, and signals nobody.
set -u
TOP=${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}
BIN=${BIN:-$TOP/build/bin}
fail() { echo "FAIL: $*"; exit 1; }
command -v strace >/dev/null || { echo "strace not installed"; exit 77; }
work=$(mktemp -d)
chmod 755 "$work"
trap 'rm -rf "$work"' EXIT
AS_USER=
[ "$(id -u)" = 0 ] && AS_USER="-u nobody"

check_trace() {  # check_trace LABEL MODE
	local t=$work/trace label=$1 mode=$2
	# the program's own calls start after its execve
	[ "$(grep -c 'execve(' "$t")" -ge 1 ] || fail "$label: no execve in trace"
	bad=$(grep -E '(^|[ ])prctl\(' "$t" | grep -vE 'prctl\(PR_GET_SPECULATION_CTRL, PR_SPEC_INDIRECT_BRANCH(, 0, 0, 0)?\)|prctl\(PR_SET_SPECULATION_CTRL, PR_SPEC_INDIRECT_BRANCH, PR_SPEC_FORCE_DISABLE(, 0, 0)?\)')
	[ -z "$bad" ] || fail "$label: unexpected prctl: $bad"
	if [ "$mode" = sham ] && grep -q 'PR_SET_SPECULATION_CTRL' "$t"; then fail "$label: sham called PR_SET"; fi
	! grep -q 'PR_SET_SPECULATION_CTRL.*PR_SPEC_ENABLE' "$t" || fail "$label: something enabled speculation"
	bad=$(grep -E '(open|openat|openat2)\(' "$t" | grep -E 'O_WRONLY|O_RDWR|O_CREAT|O_TRUNC|O_APPEND')
	[ -z "$bad" ] || fail "$label: opened for writing: $bad"
	bad=$(grep -E '(^|[ ])(write|writev|pwrite64|pwritev|pwritev2|sendto|sendmsg)\(' "$t" | grep -vE '(write|writev)\([12],')
	[ -z "$bad" ] || fail "$label: wrote outside stdout/stderr: $bad"
	bad=$(grep -E '(^|[ ])sched_setaffinity\(' "$t" | grep -v 'sched_setaffinity(0,')
	[ -z "$bad" ] || fail "$label: changed another task's affinity: $bad"
	bad=$(grep -E '(^|[ ])(kill|tkill|tgkill|ptrace|ioctl|mount|umount2|unlink|unlinkat|rename|renameat2|mkdir|mkdirat|chmod|fchmod|fchmodat|chown|fchown|fchownat|truncate|ftruncate|setpriority|sched_setscheduler|sched_setattr|setrlimit|init_module|finit_module|bpf|seccomp|perf_event_open|personality|setuid|setgid|setresuid|setresgid|capset)\(' "$t")
	[ -z "$bad" ] || fail "$label: forbidden syscall: $bad"
	bad=$(grep -E '(^|[ ])prlimit64\(' "$t" | grep -vE 'prlimit64\(0, RLIMIT_[A-Z]+, NULL,')
	[ -z "$bad" ] || fail "$label: changed a resource limit: $bad"
	echo "$label: $(grep -cE '(^|[ ])prctl\(PR_GET' "$t") PR_GET, $(grep -cE '(^|[ ])prctl\(PR_SET' "$t") PR_SET(FORCE_DISABLE), $(grep -cE '(^|[ ])(write|writev)\(' "$t") writes to fd 1/2"
}

for mode in sham protect; do
	for target in 0 --all-cpus; do
		strace -f -qq $AS_USER -o "$work/trace" "$BIN/ibpb-pulse" $target $mode >"$work/out" 2>"$work/err"
		rc=$?
		case $rc in 0|5) ;; *) fail "ibpb-pulse $target $mode under strace exited $rc: $(cat "$work/err")";; esac
		check_trace "ibpb-pulse $target $mode (exit $rc)" $mode
	done
done

# The full paths, on a machine without per-task control: strace injects the
# PR_GET answer PRCTL|ENABLE (3) (the call is not executed); the PR_SET that
# protect then makes is real, on the helper itself, and fails or is a no-op here.
strace -f -qq $AS_USER -o "$work/trace" -e inject=prctl:retval=3 "$BIN/ibpb-pulse" --all-cpus sham >"$work/out" 2>"$work/err" ||
	fail "sham with PRCTL|ENABLE injected exited $?: $(cat "$work/err")"
ncpus=$(tr ',' '\n' </sys/devices/system/cpu/online | awk -F- '{ n += (NF == 2 ? $2 - $1 + 1 : 1) } END { print n }')
[ "$(grep -c '"mode":"sham","before":3,"after":3' "$work/out")" = "$ncpus" ] || fail "sham JSON lines: $(cat "$work/out")"
check_trace "ibpb-pulse --all-cpus sham (PR_GET injected = 3, exit 0)" sham
strace -f -qq $AS_USER -o "$work/trace" -e inject=prctl:retval=3:when=1 "$BIN/ibpb-pulse" --all-cpus protect >"$work/out" 2>"$work/err"
rc=$?
case $rc in 0|6|7) ;; *) fail "protect with PRCTL|ENABLE injected exited $rc: $(cat "$work/err")";; esac
[ "$(grep -cE '(^|[ ])prctl\(PR_SET_SPECULATION_CTRL, PR_SPEC_INDIRECT_BRANCH, PR_SPEC_FORCE_DISABLE' "$work/trace")" -ge 1 ] ||
	fail "protect did not reach its PR_SET"
check_trace "ibpb-pulse --all-cpus protect (first PR_GET injected = 3, exit $rc)" protect
[ $rc = 0 ] || grep -q "^ibpb-pulse: CPU 0: PR_SET_SPECULATION_CTRL(INDIRECT_BRANCH, FORCE_DISABLE) failed\|^ibpb-pulse: CPU 0: after protect the mask is" "$work/err" ||
	fail "protect failure message: $(cat "$work/err")"

if [ "$(id -u)" = 0 ]; then
	strace -f -qq -o "$work/trace" "$BIN/ibpb-pulse" --all-cpus protect >/dev/null 2>&1
	[ $? = 8 ] || fail "root run not refused under strace"
	! grep -qE '(^|[ ])(prctl|sched_setaffinity|clone|clone3|fork|vfork)\(' "$work/trace" || fail "the refused root run did something: $(grep -E 'prctl|sched_setaffinity|clone' "$work/trace" | head -3)"
	echo "root run: refused before any prctl, affinity change or fork"
fi
