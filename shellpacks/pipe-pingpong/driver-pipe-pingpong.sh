# MMTests driver for pipe-pingpong: bin/run-single-test.sh sources
# drivers/driver-<name>.sh and calls run_bench() (first with INSTALL_ONLY=yes,
# then for the measured run).
run_bench() {
	$SHELLPACK_INCLUDE/shellpack-bench-pipe-pingpong \
		--loops		${PIPE_PINGPONG_LOOPS:-1000000} \
		--iterations	${PIPE_PINGPONG_ITERATIONS:-5} \
		--mode		${PIPE_PINGPONG_MODE:-baseline} \
		--binding	${PIPE_PINGPONG_BINDING:-none} \
		--threaded	${PIPE_PINGPONG_THREADED:-no}
	return $?
}
