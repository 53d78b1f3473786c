# MMTests driver for fiolike: bin/run-single-test.sh sources
# drivers/driver-<name>.sh and calls run_bench() (first with INSTALL_ONLY=yes,
# then for the measured run). The bench script reads the FIO_* variables the
# config exports; nothing else is needed.
run_bench() {
	$SHELLPACK_INCLUDE/shellpack-bench-fiolike
	return $?
}
