# MMTests driver for seccomp-churn: bin/run-single-test.sh sources
# drivers/driver-<name>.sh and calls run_bench() (first with INSTALL_ONLY=yes,
# then for the measured run). Every parameter comes from the config.
run_bench() {
	$SHELLPACK_INCLUDE/shellpack-bench-seccomp-churn \
		--min-threads	${SECCOMP_CHURN_MIN_THREADS:-1} \
		--max-threads	${SECCOMP_CHURN_MAX_THREADS:-1} \
		--runtime	${SECCOMP_CHURN_RUNTIME:-60} \
		--iterations	${SECCOMP_CHURN_ITERATIONS:-3} \
		--ops		${SECCOMP_CHURN_OPS:-0} \
		--preset	${SECCOMP_CHURN_PRESET:-stress-ng} \
		--rules		${SECCOMP_CHURN_RULES:-16} \
		--insns		${SECCOMP_CHURN_INSNS:-64} \
		--filters	${SECCOMP_CHURN_FILTERS:-1} \
		--spec-allow	${SECCOMP_CHURN_SPEC_ALLOW:-no} \
		--trap		${SECCOMP_CHURN_TRAP:-no} \
		--verify	${SECCOMP_CHURN_VERIFY:-no}
	return $?
}
