#!/bin/bash
# lint.sh FINDINGS... - the end of `make lint`: prints each clang-tidy finding
# once, one line each, from the per-source files the Makefile wrote
# ($(BUILD)/lint/SOURCE.txt, which keep the notes: where the complexity comes
# from), then "lint: N findings" and exits 1, or "lint: clean". A finding in a
# header is reported by every source that includes it: it is printed once.
set -euo pipefail
[[ $# -gt 0 ]] || { echo "lint.sh: no findings files given" >&2; exit 2; }
findings=$(grep -hE '^[^ ].*:[0-9]+:[0-9]+: (warning|error): ' "$@" | sed -e "s|^$PWD/||" -e 's|^\./||' | sort -u || true)
if [[ -z $findings ]]; then
	echo "lint: clean ($# sources)"
	exit 0
fi
printf '%s\n' "$findings"
echo "lint: $(grep -c . <<< "$findings") findings in $# sources (the notes: ${1%%/lint/*}/lint/SOURCE.txt)"
exit 1
