#!/bin/bash
# Issue 19: our own sections read vmstat by its header. A vmstat log without
# MONITORS_WITH_LATENCY's timestamps (MONITORS_GZIP, MONITORS_ALWAYS) makes
# MMTests' MonitorVmstat.pm read "sy" from the "us" column on every line that
# starts with a blank; compare-mmtests' table keeps those bytes, but the
# mitigation costs must be the raw columns' means (vmstat's since-boot first
# report left out), computed here from the logs with awk. A run that failed
# shows no figures and says why.
set -euo pipefail
: "${BIN:?}"
GOLDENS=${GOLDENS:-${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}/tests/goldens}
fail() { echo "FAIL: $*"; exit 1; }

. "$(dirname "$0")/../lib/monitor-tree.bash"
perfpipe_monitor_tree tree vmstat
# The same samples as vmstat -n writes them unstamped: drop "EPOCH ELAPSED DELTA -- ".
for run in v7.1.3-first v7.3 v7.1.3-return; do
	zcat "tree/$run/iter-0/vmstat-perfpipe.gz" | sed 's/^ *[0-9.]* *[0-9.]* *[0-9.]* -- //' | gzip > vmstat.gz
	mv vmstat.gz "tree/$run/iter-0/vmstat-perfpipe.gz"
done
grep -q '^ r  b' <(zcat tree/v7.3/iter-0/vmstat-perfpipe.gz) || fail "the unstamped log has no vmstat header"

# means RUN: sy, cs, in over the data lines after the first, by header name.
means() {
	zcat "tree/$1/iter-0/vmstat-perfpipe.gz" | awk '
		/^ *r +b / { for (i = 1; i <= NF; i++) col[$i] = i; next }
		/^procs/ { next }
		!("sy" in col) { next }
		seen++ == 0 { next }
		{ sy += $col["sy"]; cs += $col["cs"]; in_ += $col["in"]; n++ }
		END { printf "%.2f %.0f %.0f %d\n", sy / n, cs / n, in_ / n, n }'
}

"$BIN/compare-kernels" -C tree --baseline v7.1.3-first --compare v7.3 --compare v7.1.3-return > report.txt 2> err.txt ||
	{ cat err.txt; fail "compare-kernels failed"; }
sed -n '/^Mitigation costs/,/^$/p' report.txt > costs.txt
grep -q "mean over every vmstat sample" costs.txt || fail "the costs do not name their statistic: $(head -1 costs.txt)"
for run in v7.1.3-first v7.3 v7.1.3-return; do
	read -r sy cs in n < <(means "$run")
	[[ $n -ge 3 ]] || fail "$run: only $n raw samples; the test needs more"
	row=$(grep -E "^    $run " costs.txt) || fail "no costs row for $run"
	read -r _ osy ocs oin on <<< "$row"
	[[ "$osy $ocs $oin $on" == "$sy $cs $in $n" ]] ||
		fail "$run: costs '$osy $ocs $oin $on', raw columns '$sy $cs $in $n'"
	echo "ok: $run: sys% $sy, ctxsw/s $cs, intr/s $in over $n samples, as the raw columns"
done

# MMTests' table of the same log keeps MonitorVmstat.pm's reading, which differs.
"$BIN/compare-mmtests" -d tree -b perfpipe -n v7.1.3-first --print-monitor vmstat > mmtests-sy.txt 2> /dev/null ||
	fail "compare-mmtests --print-monitor vmstat failed"
mm=$(awk '$1 == "Amean" && $2 == "sy" { print $3 }' mmtests-sy.txt)
read -r sy _ < <(means v7.1.3-first)
[[ -n $mm ]] || fail "no Amean sy row in MMTests' table: $(cat mmtests-sy.txt)"
awk -v a="$mm" -v b="$sy" 'BEGIN { exit !(a - b > 1 || b - a > 1) }' ||
	fail "MMTests' table ($mm) agrees with the raw sy ($sy): the log does not exercise the misreading"
echo "ok: MMTests' vmstat table reads sy $mm (its bytes kept), our costs the raw $sy"

# A failed run measured nothing: no figures, and why.
sed -i 's/^test end :: perfpipe \([0-9]*\) 0$/test end :: perfpipe \1 255/' tree/v7.3/iter-0/tests-timestamp
"$BIN/compare-kernels" -C tree --baseline v7.1.3-first --compare v7.3 --compare v7.1.3-return > failed.txt 2> /dev/null ||
	fail "compare-kernels failed on the failed run"
row=$(sed -n '/^Mitigation costs/,/^$/p' failed.txt | grep -E "^    v7.3 ") || fail "no costs row for the failed run"
[[ $row =~ ^\ +v7\.3\ +-\ +-\ +-\ +-\ +not\ measured:\ failed: ]] || fail "the failed run's costs row: '$row'"
echo "ok: the failed run's costs row: ${row#"${row%%[! ]*}"}"
