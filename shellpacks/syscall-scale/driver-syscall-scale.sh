# MMTests driver for syscall-scale: bin/run-single-test.sh sources
# drivers/driver-<name>.sh and calls run_bench() (first with INSTALL_ONLY=yes,
# then for the measured run). The config's SYSCALL_SCALE_* variables reach
# the binary through the environment; its option table owns the defaults.
run_bench() {
	$SHELLPACK_INCLUDE/shellpack-bench-syscall-scale
	return $?
}
