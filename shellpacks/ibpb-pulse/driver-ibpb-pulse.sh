# MMTests driver for ibpb-pulse (see ibpb-pulse-bench). IBPB_PULSE_MODE and
# IBPB_PULSE_USER reach the binary through the environment.
run_bench() {
	$SHELLPACK_INCLUDE/shellpack-bench-ibpb-pulse
	return $?
}
