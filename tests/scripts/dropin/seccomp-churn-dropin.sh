#!/bin/bash
# seccomp-churn drops into a real MMTests checkout: run-dropin.sh copies the
# checkout, adds shellpacks/seccomp-churn and a short config, runs
# run-mmtests.sh (binary found through PATH, as run-dropin scrubs the
# environment) and compare-mmtests.pl reads the run, including the
# "-a attach" latency report.
set -u
BIN=${BIN:-$TOP/build/bin}
SHARED=${SHARED:-$TOP/../shared}
MMTESTS_SRC=${MMTESTS_SRC:-/work/mmtests-src}
DROPIN=$SHARED/tools/run-dropin.sh
[[ -x $DROPIN ]] || { echo "no $DROPIN"; exit 77; }
[[ -d $MMTESTS_SRC/shellpack_src ]] || { echo "no MMTests checkout at $MMTESTS_SRC"; exit 77; }
work=$(mktemp -d /tmp/seccomp-churn-dropin.XXXXXX)
cleanup() {
	# run-dropin keeps its copy of the checkout for inspection; not here.
	[[ -n ${copy:-} && -d $copy ]] && rm -rf "$(dirname "$copy")"
	rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "FAIL: $*"; exit 1; }

sed -e 's/^export SECCOMP_CHURN_MAX_THREADS=.*/export SECCOMP_CHURN_MAX_THREADS=1/' \
    -e 's/^export SECCOMP_CHURN_RUNTIME=.*/export SECCOMP_CHURN_RUNTIME=1/' \
    -e 's/^export SECCOMP_CHURN_ITERATIONS=.*/export SECCOMP_CHURN_ITERATIONS=2/' \
    "$TOP/configs/config-workload-seccomp-churn-quick" > "$work/config-workload-seccomp-churn-test"

PATH=$BIN:$PATH DROPIN_TMPDIR=$work "$DROPIN" "$MMTESTS_SRC" "$TOP/shellpacks/seccomp-churn" \
	"$work/config-workload-seccomp-churn-test" A > "$work/out" 2> "$work/err"
rc=$?
copy=$(sed -n 's/^MMTESTS_DIR=//p' "$work/out")
[[ $rc -eq 3 ]] && { tail -1 "$work/err"; exit 77; }
[[ $rc -eq 0 ]] || fail "run-dropin exit $rc: $(tail -5 "$work/err")"
grep -Eq '^Hmean +bops-seccomp-1 +[0-9.]+ ' "$work/out" || fail "no bops-seccomp-1 row: $(cat "$work/out")"
echo "ok: $(grep -E '^Hmean +bops-seccomp-1' "$work/out")"

[[ -d $copy ]] || fail "run-dropin did not print MMTESTS_DIR"
( cd "$copy" && env -i PATH="$PATH" HOME="$HOME" LC_ALL=C bin/compare-mmtests.pl -d work/log -b seccomp-churn -n A -a attach ) \
	> "$work/attach" 2> "$work/attach.err" || fail "compare-mmtests.pl -a attach: $(cat "$work/attach.err")"
for row in attach-p50-1 attach-p95-1 attach-p99-1 attach-max-1; do
	grep -Eq "^Amean +$row +[0-9.]+ " "$work/attach" || fail "no Amean $row: $(cat "$work/attach")"
done
echo "ok: $(grep -E '^Amean +attach-p99-1' "$work/attach")"
