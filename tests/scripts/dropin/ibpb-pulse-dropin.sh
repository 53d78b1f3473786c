#!/bin/bash
# The seed A/B step as MMTests runs it: MMTESTS="ibpb-pulse pipe-pingpong" in
# an MMTests copy that has both shellpacks. Without per-task indirect-branch
# control (this VM) the pulse must fail with its message, and pipe-pingpong,
# told it runs after a sham pulse, must refuse to measure. With control, both
# succeed and ibpb-pulse.json holds one line per online CPU.
set -u
. "$(dirname "$0")/../../lib/dropin-prereqs.bash"
[ "$(id -u)" = 0 ] || { echo "needs root (MMTests as root, pulses as nobody)"; exit 77; }
work=$(mktemp -d)
chmod 755 "$work"
trap 'rm -rf "$work"' EXIT
# An MMTests copy with pipe-pingpong installed; run-dropin adds ibpb-pulse to it.
mkdir "$work/src"
tar -C "$MMTESTS_SRC" --exclude=./work -cf - . | tar -C "$work/src" -xf - || fail "copy MMTests"
cp -a "$TOP/shellpacks/pipe-pingpong" "$work/src/shellpack_src/src/pipe-pingpong"
cp "$TOP/shellpacks/pipe-pingpong/driver-pipe-pingpong.sh" "$work/src/drivers/"
sed -e 's/^export PIPE_PINGPONG_LOOPS=.*/export PIPE_PINGPONG_LOOPS=2000/' \
    -e 's/^export PIPE_PINGPONG_ITERATIONS=.*/export PIPE_PINGPONG_ITERATIONS=2/' \
    -e 's/^export RUN_MONITOR=.*/export RUN_MONITOR=no/' \
	"$TOP/configs/config-scheduler-ibpb-pulse-sham-pipe-pingpong" > "$work/config-ibpb-pulse-sham-tiny"
PATH=$BIN:$PATH DROPIN_TMPDIR=$work DROPIN_TIMEOUT=120 "$SHARED/tools/run-dropin.sh" "$work/src" \
	"$TOP/shellpacks/ibpb-pulse" "$work/config-ibpb-pulse-sham-tiny" A >"$work/out" 2>&1
rc=$?
[ $rc = 3 ] && { tail -1 "$work/out"; echo "run-dropin prerequisites missing"; exit 77; }
m=$(ls -d "$work"/mmtests-dropin-ibpb-pulse-*/mmtests)
it=$m/work/log/A/iter-0
ts=$it/tests-timestamp
cat "$ts"
# PR_GET(INDIRECT_BRANCH) as /proc shows it: "conditional ..." = PRCTL bit set,
# "always enabled" = ENABLE (2) without it (this VM).
ib=$(sed -n 's/^SpeculationIndirectBranch:[[:space:]]*//p' /proc/self/status)
case "$ib" in conditional*) mask=3;; "always enabled") mask=2;; *) mask=0;; esac
if [ $((mask & 1)) = 0 ]; then
	[ $rc = 5 ] || fail "run-dropin exited $rc, want 5 (the pulse must fail here)"
	grep -Eq '^test end :: ibpb-pulse [0-9]+ [1-9]' "$ts" || fail "ibpb-pulse did not fail"
	grep -Eq '^test end :: pipe-pingpong [0-9]+ [1-9]' "$ts" || fail "pipe-pingpong measured after a failed pulse"
	[ "$(cat "$it/ibpb-pulse/logs/ibpb-pulse.status")" = "failed sham 5" ] || fail "status: $(cat "$it/ibpb-pulse/logs/ibpb-pulse.status")"
	grep -q 'spectre_v2_user=prctl' "$it/ibpb-pulse/logs/ibpb-pulse.err" || fail "no boot-option hint in ibpb-pulse.err"
	grep -q 'refusing to measure' "$(dirname "$m")/run-A.log" || fail "pipe-pingpong gave no refusal message"
	! ls "$it/pipe-pingpong/logs" | grep -q benchlog || fail "pipe-pingpong wrote results after a failed pulse"
	echo "no per-task control: pulse failed with the boot-option hint, measurement refused"
else
	[ $rc = 0 ] || { tail -20 "$work/out"; fail "run-dropin exited $rc"; }
	ncpus=$(tr ',' '\n' </sys/devices/system/cpu/online | awk -F- '{ n += (NF == 2 ? $2 - $1 + 1 : 1) } END { print n }')
	[ "$(grep -c '"mode":"sham"' "$it/ibpb-pulse/logs/ibpb-pulse.json")" = "$ncpus" ] || fail "not one JSON line per CPU"
	[ "$(ls "$it/pipe-pingpong/logs" | grep -c benchlog)" = 2 ] || fail "pipe-pingpong logs missing"
	echo "pulse and measurement ran"
fi
