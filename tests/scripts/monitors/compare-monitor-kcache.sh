#!/bin/bash
# compare-mmtests --print-monitor kcache against compare-mmtests.pl's outputs on
# tests/fixtures/monitors-kcache: watch-kcache.pl's allocs/frees rates per interval (gz and plain, two iterations), the module's own allocs/frees sub-heading split.
# See tests/lib/monitor-fixture.bash.
set -u
TOP=${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}
: "${BIN:=$TOP/build/bin}"
source "$TOP/tests/lib/monitor-fixture.bash"
check_monitor_fixture "$TOP/tests/fixtures/monitors-kcache"
