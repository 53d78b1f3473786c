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
: "${TOP:?}"
source "$TOP/tests/scripts/lib/monitor-fixture.sh"
check_monitor_fixture ftrace
echo "$checked ftrace cases match compare-mmtests.pl"
