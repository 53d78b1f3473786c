#!/bin/bash
# seccomp-churn by hand, without MMTests: run-config sources the config and
# writes the MMTests log tree; our compare-mmtests reads it back with the
# stressng rows (bops-seccomp-<threads>, Hmean because preferhigher: true).
set -u
BIN=${BIN:-$TOP/build/bin}
[[ -x $BIN/run-config ]] || { echo "run-config not built"; exit 77; }
work=$(mktemp -d /tmp/seccomp-churn-byhand.XXXXXX)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

sed -e 's/^export SECCOMP_CHURN_RUNTIME=.*/export SECCOMP_CHURN_RUNTIME=1/' \
    -e 's/^export SECCOMP_CHURN_ITERATIONS=.*/export SECCOMP_CHURN_ITERATIONS=2/' \
    "$TOP/configs/config-workload-seccomp-churn-quick" > "$work/config"
for run in A B; do
	"$BIN/run-config" "$work/config" $run --work-dir "$work/w" > "$work/$run.out" 2>&1 ||
		fail "run-config $run: $(tail -5 "$work/$run.out")"
	for f in stressng-1-1.log stressng-2-2.log seccomp-churn-2-2.extra; do
		[[ -f $work/w/log/$run/iter-0/seccomp-churn/logs/$f ]] || fail "run $run: no $f"
	done
done
"$TOP/shellpacks/seccomp-churn/parse-results" "$work/w/log/A/iter-0/seccomp-churn/logs" | grep -q '^bops-seccomp	2	_	2	' ||
	fail "parse-results on the run-config tree"
if [[ -x $BIN/compare-mmtests ]]; then
	"$BIN/compare-mmtests" -d "$work/w/log" -b seccomp-churn -n A,B > "$work/cmp" 2> "$work/cmp.err" ||
		fail "compare-mmtests: $(cat "$work/cmp.err")"
	grep -Eq '^Hmean +bops-seccomp-2 +[0-9.]+ ' "$work/cmp" || fail "compare-mmtests: $(cat "$work/cmp")"
	echo "ok: $(grep -E '^Hmean +bops-seccomp-2' "$work/cmp")"
fi
