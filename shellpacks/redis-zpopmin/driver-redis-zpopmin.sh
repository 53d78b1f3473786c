# MMTests driver for redis-zpopmin: bin/run-single-test.sh sources
# drivers/driver-redis-zpopmin.sh and calls run_bench() (first with
# INSTALL_ONLY=yes exported, then for the measured run). The config's
# REDIS_ZPOPMIN_* variables reach the binary through the environment; its
# option table owns the defaults.
run_bench() {
	$SHELLPACK_INCLUDE/shellpack-bench-redis-zpopmin
	return $?
}
