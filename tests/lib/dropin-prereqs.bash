# dropin-prereqs.bash - sourced by the tests/scripts/dropin/*-dropin.sh tests: the
# paths they use, fail(), and a skip (exit 77) when run-dropin.sh or an MMTests
# checkout (MMTESTS_SRC, fetched, never committed) is not there.
TOP=${TOP:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}
BIN=${BIN:-$TOP/build/bin}
SHARED=${SHARED:-$TOP/../shared}
MMTESTS_SRC=${MMTESTS_SRC:-/work/mmtests-src}
fail() { echo "FAIL: $*"; exit 1; }
[ -x "$SHARED/tools/run-dropin.sh" ] || { echo "no $SHARED/tools/run-dropin.sh"; exit 77; }
[ -x "$MMTESTS_SRC/run-mmtests.sh" ] || { echo "no MMTests checkout at $MMTESTS_SRC"; exit 77; }
