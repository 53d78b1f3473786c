#!/bin/bash
# build-and-run.sh BUILD - build every tests/fuzz/fuzz_*.cpp as a libFuzzer
# target (clang, ASan+UBSan) against the compare parts and run each for
# FUZZ_SECONDS (default 10), seeded with the golden logs. Fails on a finding.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top"
BUILD=${1:-build}
SECONDS_EACH=${FUZZ_SECONDS:-10}
CLANG=$(command -v clang++-14 || command -v clang++ || true)
[[ -n $CLANG ]] || { echo "fuzz: clang++ not found (scripts/install-deps.sh --test installs clang-14)"; exit 1; }
out=$BUILD/fuzz
mkdir -p "$out"
make -s "$BUILD/gen/embedded_yaml.cpp" BUILD="$BUILD" >/dev/null
FLAGS="-std=c++20 -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined -I. -Icompare -I$BUILD/gen"
LIBS="-lyaml-cpp -lzstd -lz -llzma -lboost_program_options"
# Every compare part and base.
lib_srcs=(base/*.cpp compare/{core,input,benchmarks,parsers,stats,tables,render,report}/*.cpp "$BUILD/gen/embedded_yaml.cpp")
# One object set for all targets.
objs=()
for src in "${lib_srcs[@]}"; do
	obj=$out/$(echo "$src" | tr / _).o
	if [[ ! -e $obj || $src -nt $obj ]]; then
		$CLANG ${FLAGS/-fsanitize=fuzzer,/-fsanitize=fuzzer-no-link,} -c "$src" -o "$obj"
	fi
	objs+=("$obj")
done
seeds=$out/seeds
rm -rf "$seeds"; mkdir -p "$seeds"/{redis,perfpipe,stressng,fio,perl_scalar}
shared=${SHARED:-$top/../shared}
if [[ -d $shared/goldens/cases ]]; then
	find "$shared/goldens/cases" -path '*redis/logs/*.log' -exec cp {} "$seeds/redis/" \; 2>/dev/null || true
	find "$shared/goldens/cases" -path '*perfpipe/logs/benchlog*' -exec cp --backup=numbered {} "$seeds/perfpipe/" \; 2>/dev/null || true
	find "$shared/goldens/cases" -path '*stressng/logs/*.log' -exec cp --backup=numbered {} "$seeds/stressng/" \; 2>/dev/null || true
	find "$shared/goldens/cases" -path '*fio/logs/fio.log' -exec cp --backup=numbered {} "$seeds/fio/" \; 2>/dev/null || true
fi
echo "1.5e3 NaN" > "$seeds/perl_scalar/a"
failed=0
for target in tests/fuzz/fuzz_*.cpp; do
	name=$(basename "$target" .cpp)
	$CLANG $FLAGS "$target" "${objs[@]}" $LIBS -o "$out/$name"
	corpus=$out/corpus-$name; mkdir -p "$corpus"
	kind=${name#fuzz_parse_}; kind=${kind#fuzz_}
	if "$out/$name" -max_total_time="$SECONDS_EACH" -max_len=65536 -print_final_stats=0 \
		"$corpus" "$seeds/$kind" > "$out/$name.log" 2>&1; then
		echo "ok   $name ($(grep -o 'stat::number_of_executed_units: [0-9]*' "$out/$name.log" || tail -1 "$out/$name.log" | cut -c1-80))"
	else
		echo "FAIL $name"; tail -30 "$out/$name.log"; failed=1
	fi
done
exit $failed
