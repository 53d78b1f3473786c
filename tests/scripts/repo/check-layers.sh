#!/bin/bash
# The layering rule is enforced: in a scratch copy of the tree, each
# forbidden include (compare -> workloads, a workload -> another workload,
# a harness -> a workload, a workload -> a harness,
# stats -> parsers, parsers -> tables/render, store -> render/kernels,
# compare-kernels' charts -> its flow, base -> anything; a folder of
# sources that is no part) makes `make check-layers` fail with a line naming the
# rule, and the clean copy passes. So does the second rule: a compare source
# outside compare/benchmarks/ that names a benchmark.
set -u
work=$(mktemp -d /tmp/check-layers.XXXXXX)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

(cd "$TOP" && git ls-files -z base compare workloads harness shellpacks scripts Makefile | xargs -0 cp --parents -t "$work") ||
	fail "cannot copy the tree"
cd "$work"
make -s check-layers BUILD="$work/build" > out.txt 2>&1 || fail "the clean tree breaks the rule: $(cat out.txt)"

# forbid FILE INCLUDE RULE-TEXT: adding the include must fail naming the rule.
forbid() {
	local file=$1 inc=$2 want=$3
	cp "$file" "$file.orig"
	sed -i "1i #include \"$inc\"" "$file"
	if make -s check-layers BUILD="$work/build" > out.txt 2>&1; then
		fail "$file including $inc passed the layer check"
	fi
	grep -qF "$want" out.txt || fail "$file including $inc: the error does not name the rule '$want': $(cat out.txt)"
	mv "$file.orig" "$file"
	echo "ok: $file -> $inc refused"
}
forbid compare/load/load_runs.cpp common/child_process.hpp "compare/load may use only"
forbid workloads/pipe-pingpong/main.cpp ibpb-pulse/pulse.hpp "workloads/pipe-pingpong may use only [workloads/common base] (Makefile: USES_workloads/pipe-pingpong)"
# A harness runs workloads as programs: it includes none, and none includes it.
forbid harness/mitigation-matrix/guest_image.cpp fiolike/settings.hpp "harness/mitigation-matrix may use only [harness/run-config workloads/common base]"
forbid harness/run-config/bench_runner.cpp redis-zpopmin/settings.hpp "harness/run-config may use only"
forbid workloads/fiolike/main.cpp run-config/run_tree.hpp "workloads/fiolike may use only"
forbid compare/stats/summary.hpp parsers/parsers.hpp "compare/stats may use only"
forbid compare/parsers/parse_redis.cpp tables/comparison.hpp "compare/parsers may use only"
forbid compare/parsers/parse_redis.cpp render/render.hpp "compare/parsers may use only"
# The store only stores (issue 32): it draws nothing and knows no report.
forbid compare/store/store_view.cpp render/html_escape.hpp "compare/store may use only"
# render draws tables; the store's series are history/'s to draw: render never includes the store.
forbid compare/render/svg_chart.cpp store/db.hpp "compare/render may use only"
forbid compare/render/html_escape.cpp history/history.hpp "compare/render may use only"
forbid compare/store/store_view.cpp kernels/model.hpp "compare/store may use only"
# compare-kernels' charts sit below its flow: they never include the flow's
# headers (its model holds their types, kernels/charts/monitor_data.hpp).
forbid compare/kernels/charts/vmstat_charts.cpp kernels/model.hpp "compare/kernels/charts may use only"
forbid compare/kernels/charts/monitor_charts.hpp kernels/vmstat.hpp "compare/kernels/charts may use only"
forbid compare/kernels/charts/monitor_reader.cpp load/load_runs.hpp "compare/kernels/charts may use only"
forbid base/errors.cpp common/signals.hpp "base may use only [nothing]"
forbid base/atomic_file.hpp compare/core/rows.hpp "base may use only [nothing]"

# A folder of sources that is no part escapes every rule: it fails the check.
mkdir compare/kernels/extra
printf '#include "kernels/model.hpp"\n' > compare/kernels/extra/sneak.cpp
if make -s check-layers BUILD="$work/build" > out.txt 2>&1; then
	fail "a folder of sources that is no part passed the layer check"
fi
grep -qF "check-layers: compare/kernels/extra holds sources but is no part" out.txt ||
	fail "the error does not name the folder: $(cat out.txt)"
rm -r compare/kernels/extra
echo "ok: a folder of sources that is no part refused"

# names FILE LINE: appending LINE (it names a benchmark) must fail the check
# naming the file and line.
names() {
	local file=$1 text=$2
	cp "$file" "$file.orig"
	printf '%s\n' "$text" >> "$file"
	local nr; nr=$(wc -l < "$file")
	if make -s check-layers BUILD="$work/build" > out.txt 2>&1; then
		fail "$file with '$text' passed the benchmark-name check"
	fi
	grep -qF "check-benchmark-names: $file:$nr: names a benchmark" out.txt ||
		fail "$file with '$text': the error does not name $file:$nr: $(cat out.txt)"
	mv "$file.orig" "$file"
	echo "ok: $file naming a benchmark ($text) refused"
}
names compare/load/load_runs.cpp 'static bool isFio(const std::string& bench) { return bench == "fio"; }'
names compare/render/verdict_text.cpp 'static const char* kName = "redis-zpopmin";'
names compare/parsers/parse_redis.cpp 'static const char* kReport = "fiolike:iops";'
names compare/stats/verdict_call.cpp 'static bool other(const std::string& b) { return b != "anything"; }'
# A comment may name one.
cp compare/stats/summary.hpp summary.orig
echo '// as tbench and fiolike print it' >> compare/stats/summary.hpp
make -s check-layers BUILD="$work/build" > out.txt 2>&1 || fail "a comment naming a benchmark failed the check: $(cat out.txt)"
mv summary.orig compare/stats/summary.hpp
echo "ok: a comment may name a benchmark"

# And the clean copy passes again.
make -s check-layers BUILD="$work/build" > out.txt 2>&1 || fail "the restored tree fails: $(cat out.txt)"

# An edit that changes no include line does not rerun the check (it took
# ~5 s on every incremental build); a new include line does.
stamp() { stat -c %y "$work/build/layers.ok"; }
before=$(stamp)
echo '// a comment, no include' >> compare/parsers/parse_redis.cpp
make -s check-layers BUILD="$work/build" > out.txt 2>&1 || fail "an ordinary edit fails the check: $(cat out.txt)"
[[ $(stamp) == "$before" ]] || fail "an edit without an include change reran the layer check"
echo "ok: an edit without an include change does not rerun the layer check"
echo '#include <vector>' >> compare/parsers/parse_redis.cpp
make -s check-layers BUILD="$work/build" > out.txt 2>&1 || fail "a system include fails the check: $(cat out.txt)"
[[ $(stamp) != "$before" ]] || fail "a new include line did not rerun the layer check"
echo "ok: a new include line reruns it"
echo "layer rule enforced"
