# MMTests driver for redis-zpopmin: bin/run-single-test.sh sources
# drivers/driver-redis-zpopmin.sh and calls run_bench() (first with
# INSTALL_ONLY=yes exported, then for the measured run).
run_bench() {
	$SHELLPACK_INCLUDE/shellpack-bench-redis-zpopmin \
		--iterations	${REDIS_ZPOPMIN_ITERATIONS:-5} \
		--persistence	${REDIS_ZPOPMIN_PERSISTENCE:-default-persist} \
		--keyspace	${REDIS_ZPOPMIN_KEYSPACE:-50000} \
		--requests	${REDIS_ZPOPMIN_REQUESTS:-100000} \
		--pipeline	${REDIS_ZPOPMIN_PIPELINE:-256} \
		--min-clients	${REDIS_ZPOPMIN_MIN_CLIENTS:-1} \
		--max-clients	${REDIS_ZPOPMIN_MAX_CLIENTS:-1} \
		--pop-mode	${REDIS_ZPOPMIN_POP_MODE:-drain}
	return $?
}
