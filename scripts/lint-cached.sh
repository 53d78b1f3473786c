#!/bin/bash
# lint-cached.sh OUT SRC FLAGS... - clang-tidy's findings for SRC (compiled
# with FLAGS) into OUT, as the Makefile's lint rule asked for them, from a
# cache when the same input was linted before: a fresh clone (CI) would
# otherwise lint all 400-odd sources again, 3-4 CPU seconds each.
#
# The key is what decides the findings: clang-tidy's version, .clang-tidy,
# the flags, and SRC preprocessed with them (every header it includes, so a
# changed header changes the key). The cache is $MMTP_LINT_CACHE (make's
# LINT_CACHE, default ${XDG_CACHE_HOME:-$HOME/.cache}/mmtests-plugins-lint);
# an entry is the findings text with this checkout's path written as @TOP@,
# so another clone reads its own paths. Entries unused for 30 days are removed by
# `make lint`. CLANG_TIDY and CXX come from the Makefile.
set -euo pipefail
out=$1 src=$2
shift 2
: "${CLANG_TIDY:?}" "${CXX:?}"
cache=${MMTP_LINT_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/mmtests-plugins-lint}
# An entry written by someone else is not trusted: the cache is our own folder.
mkdir -p "$cache"
[[ -O $cache && ! -L $cache ]] || { echo "lint: $cache is not this user's own folder" >&2; exit 1; }
key=$({
	"$CLANG_TIDY" --version
	cat .clang-tidy
	printf '%s\n' "$@" "$src"
	"$CXX" -E "$@" "$src"
} | md5sum | cut -d' ' -f1)
entry=$cache/${key:0:2}/$key
if [[ -f $entry ]]; then
	sed "s|@TOP@/|$PWD/|g" "$entry" > "$out.tmp"
	touch "$entry"
	mv "$out.tmp" "$out"
	exit 0
fi
if ! "$CLANG_TIDY" --quiet --extra-arg=-Wno-unknown-warning-option "$src" -- "$@" > "$out.tmp" 2> "$out.err"; then
	cat "$out.tmp" "$out.err" >&2
	rm -f "$out.tmp" "$out.err"
	echo "lint: clang-tidy failed on $src" >&2
	exit 1
fi
rm -f "$out.err"
mkdir -p "${entry%/*}"
sed "s|$PWD/|@TOP@/|g" "$out.tmp" > "$entry.tmp.$$" && mv "$entry.tmp.$$" "$entry"
mv "$out.tmp" "$out"
