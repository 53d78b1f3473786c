#!/bin/bash
# run-config knows no workload: workloads/run-config/ names none of the
# workload programs (each workloads/*/main.cpp but run-config's own, and
# the names linked to one in $BIN) and none of the config variables any
# of them lists with --print-variables. It asks the binary instead
# (bench_description.hpp). A planted name and a planted variable in a
# scratch copy are found, so the check itself cannot pass vacuously.
set -u
TOP=${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}
BIN=${BIN:-$TOP/build/bin}
fail() { echo "FAIL: $*"; exit 1; }
work=$(mktemp -d /tmp/run-config-names.XXXXXX)
trap 'rm -rf "$work"' EXIT

names=()
for main in "$TOP"/workloads/*/main.cpp; do
	w=$(basename "$(dirname "$main")")
	[ "$w" = run-config ] && continue
	[ -x "$BIN/$w" ] || fail "$BIN/$w is not built"
	names+=("$w")
	for link in "$BIN"/*; do	# one binary under several names (syscall-scale)
		[ -L "$link" ] && [ "$(basename "$(readlink "$link")")" = "$w" ] && names+=("$(basename "$link")")
	done
done
[ ${#names[@]} -ge 8 ] || fail "found only ${#names[@]} workload programs: ${names[*]}"

variables=()
for w in "${names[@]}"; do
	out=$("$BIN/$w" --print-variables) || fail "$w --print-variables failed"
	while IFS= read -r line; do
		variables+=("${line%%=*}")
	done <<< "$out"
done
[ ${#variables[@]} -ge 50 ] || fail "the workloads list only ${#variables[@]} variables"

# hits DIR: every line of DIR naming a workload or one of its variables.
hits() {
	local pattern_file=$work/patterns
	printf '%s\n' "${names[@]}" "${variables[@]}" | grep -v '^$' | sort -u > "$pattern_file"
	grep -rnwF -f "$pattern_file" "$1"
}

found=$(hits "$TOP/workloads/run-config")
[ -z "$found" ] || fail "workloads/run-config/ names a workload or its variable (ask the binary instead):
$found"
echo "ok: workloads/run-config/ names none of ${#names[@]} workloads and ${#variables[@]} variables"

# The check finds what it looks for: one name, one variable, planted.
cp -a "$TOP/workloads/run-config" "$work/copy"
echo "// ${names[0]}" >> "$work/copy/main.cpp"
hits "$work/copy" | grep -q "main.cpp:.*${names[0]}" || fail "a planted '${names[0]}' is not found"
cp -a "$TOP/workloads/run-config/main.cpp" "$work/copy/main.cpp"
last=${variables[${#variables[@]}-1]}
echo "const char* x = \"$last\";" >> "$work/copy/run_plan.cpp"
hits "$work/copy" | grep -q "run_plan.cpp:.*$last" || fail "a planted $last is not found"
echo "ok: a planted ${names[0]} and $last are found"
