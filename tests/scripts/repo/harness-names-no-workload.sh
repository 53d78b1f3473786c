#!/bin/bash
# A harness knows no workload: no file of harness/*/ (run-config, the
# mitigation matrix) names a workload program (each workloads/*/main.cpp,
# and the names linked to one in $BIN) or a config variable any of them
# lists with --print-variables. They ask the binary instead (run-config's
# bench_description.hpp: what it reads; the matrix's guest_needs.hpp: what
# it needs in a guest). A planted name and a planted variable in a
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

for harness in "$TOP"/harness/*/; do
	h=harness/$(basename "$harness")
	found=$(hits "$harness")
	[ -z "$found" ] || fail "$h/ names a workload or its variable (ask the binary instead):
$found"
	echo "ok: $h/ names none of ${#names[@]} workloads and ${#variables[@]} variables"
done

# The check finds what it looks for: one name, one variable, planted.
cp -a "$TOP/harness/run-config" "$work/copy"
echo "// ${names[0]}" >> "$work/copy/main.cpp"
hits "$work/copy" | grep -q "main.cpp:.*${names[0]}" || fail "a planted '${names[0]}' is not found"
cp -a "$TOP/harness/run-config/main.cpp" "$work/copy/main.cpp"
last=${variables[${#variables[@]}-1]}
echo "const char* x = \"$last\";" >> "$work/copy/run_plan.cpp"
hits "$work/copy" | grep -q "run_plan.cpp:.*$last" || fail "a planted $last is not found"
echo "ok: a planted ${names[0]} and $last are found"
