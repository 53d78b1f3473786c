#!/bin/bash
# One data model per flow (issue 32). The results store only stores: no file
# of compare/store includes a header of compare/render (history pages are
# drawn there) or compare/kernels, and none parses a program's command line
# (--store is compare-mmtests' and compare-kernels' own option). compare-
# kernels' types live in compare/kernels/model.hpp, which includes no other
# compare/kernels header but the monitors' types below it
# (charts/monitor_data.hpp); report.hpp, page.hpp and steps.hpp declare
# functions only.
set -u
fail() { echo "FAIL: $*"; exit 1; }
cd "$TOP" || fail "no tree at TOP=$TOP"

# includes FILE...: "FILE:INCLUDE" for each quoted include, resolved as the
# compiler would (next to the file, then the roots ., compare/).
includes() {
	local file inc
	for file in "$@"; do
		while IFS= read -r inc; do
			for candidate in "${file%/*}/$inc" "$inc" "compare/$inc"; do
				[[ -f $candidate ]] || continue
				echo "$file:$(realpath --relative-to=. "$candidate")"
				break
			done
		done < <(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$file")
	done
}

mapfile -t store < <(git ls-files 'compare/store/*.cpp' 'compare/store/*.hpp')
[[ ${#store[@]} -gt 5 ]] || fail "no compare/store sources found: the search is broken"
[[ -n $(includes "${store[@]}" | grep ':compare/store/') ]] || fail "no include resolved: the search is broken"
bad=$(includes "${store[@]}" | grep -E ':compare/(render|kernels)/')
[[ -z $bad ]] || fail "compare/store includes compare/render or compare/kernels: $bad"
echo "ok: compare/store includes nothing from compare/render or compare/kernels"

bad=$(grep -nE '\bargv\b|program_options' "${store[@]}")
[[ -z $bad ]] || fail "compare/store reads a command line: $bad"
echo "ok: compare/store parses no command line"

model=compare/kernels/model.hpp
[[ -f $model ]] || fail "no $model"
# Its one include from compare/kernels/ is the monitors' types, which sit
# below it in the charts' part (kernels/charts/monitor_data.hpp).
bad=$(includes "$model" | grep ':compare/kernels/' | grep -v ':compare/kernels/charts/monitor_data.hpp$')
[[ -z $bad ]] || fail "$model includes another compare/kernels header: $bad"
for f in compare/kernels/report.hpp compare/kernels/page.hpp compare/kernels/steps.hpp; do
	bad=$(grep -nE '^[[:space:]]*(struct|class|enum)[[:space:]]+[A-Za-z_]+[^;]*\{' "$f")
	[[ -z $bad ]] || fail "$f defines a type (it belongs in $model): $bad"
	includes "$f" | grep -q ":$model\$" || fail "$f does not include $model"
done
echo "ok: compare-kernels' types are in $model, which includes no compare/kernels header but the monitors' types"
