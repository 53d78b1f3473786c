# MMTests driver for ibpb-pulse (see ibpb-pulse-bench).
run_bench() {
	$SHELLPACK_INCLUDE/shellpack-bench-ibpb-pulse \
		--mode	${IBPB_PULSE_MODE:-sham} \
		--user	${IBPB_PULSE_USER:-nobody}
	return $?
}
