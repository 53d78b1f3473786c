# monitor-tree.bash - sourced by script tests that chart or cost real monitor
# logs. perfpipe_monitor_tree DEST MONITOR... makes DEST/RUN/iter-0 for the
# three runs of goldens/cases/perfpipe-basic, each with the tests-sysstate,
# cpu-topology-mmtests.txt and MONITOR-perfpipe.gz of one run of
# goldens/monitors/monitors-basic (base-first, patched, base-return).
# MONITOR_LOGS is set to that log dir, for tests that derive variants.
perfpipe_monitor_tree() {
	local dest=$1 run m src
	shift
	MONITOR_LOGS=$GOLDENS/monitors/monitors-basic/log
	declare -A from=([v7.1.3-first]=base-first [v7.3]=patched [v7.1.3-return]=base-return)
	for run in "${!from[@]}"; do
		mkdir -p "$dest/$run/iter-0"
		cp -a "$GOLDENS/cases/perfpipe-basic/log/$run/iter-0/." "$dest/$run/iter-0/"
		src=$MONITOR_LOGS/${from[$run]}/iter-0
		cp "$src/tests-sysstate.gz" "$src/cpu-topology-mmtests.txt.gz" "$dest/$run/iter-0/"
		for m in "$@"; do cp "$src/$m-monitor.gz" "$dest/$run/iter-0/$m-perfpipe.gz"; done
	done
	chmod -R u+w "$dest"
}
