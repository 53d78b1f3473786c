#!/bin/bash
# compare-mmtests --print-monitor kcacheslabs against compare-mmtests.pl's outputs on
# tests/fixtures/monitors-kcacheslabs: watch-kcache-slabs.pl's per-slab rates summed per interval (gz and plain, two iterations), the kcache-slabs spelling.
# See tests/lib/monitor-fixture.bash.
set -u
TOP=${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}
: "${BIN:=$TOP/build/bin}"
source "$TOP/tests/lib/monitor-fixture.bash"
check_monitor_fixture "$TOP/tests/fixtures/monitors-kcacheslabs"
