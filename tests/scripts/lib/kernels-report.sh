# kernels-report.sh - sourced by the compare-kernels script tests.
# sh_part REPORT: compare-kernels' text report after its verdict block, i.e.
# what must be compare-kernels.sh's output line for line. The block, when
# there is one, begins the report with our verdict heading and ends with
# "=== MMTests compare-kernels.sh report ==="; without it the report is
# printed whole. Fails when the heading opens a block that never ends.
sh_part() {
	local report=$1
	if [[ $(head -n 1 "$report") != "=== compare-kernels verdict (mmtests-plugins) ===" ]]; then
		cat "$report"
		return
	fi
	grep -qx "=== MMTests compare-kernels.sh report ===" "$report" || { echo "FAIL: $report: verdict block not ended" >&2; return 1; }
	sed '1,/^=== MMTests compare-kernels.sh report ===$/d' "$report"
}
