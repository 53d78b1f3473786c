#!/bin/bash
# compare-mmtests --print-monitor ftrace, ftraceallocstall, ftracecompactstall,
# ftraceshrinkerstall and the single-latency ftracebalancedirtypagesstall,
# ftracecongestionwaitstall, ftracewaitiffcongestedstall (MonitorFtrace.pm
# and its subclasses)
# on a small trace_pipe tree (3 runs, 1-2 iterations, gz and plain, <...>
# process names, a .start file): the runs MMTests drops and the failure it
# ends in. The stall delays themselves are checked by the unit test
# "ftrace pair latency: ..." and "ftrace single latency: ..." (MMTests never
# prints them).
set -u
TOP=${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}
: "${BIN:=$TOP/build/bin}"
source "$TOP/tests/lib/monitor-fixture.bash"
check_monitor_fixture "$TOP/tests/fixtures/monitors-ftrace"
