#!/bin/bash
# check-build-deps.sh - fail early, naming scripts/install-deps.sh, when a
# compiler, header or library the build needs is missing. make runs it once
# per build tree; it never installs anything itself.
set -uo pipefail
missing=()
command -v "${CXX:-g++}" >/dev/null || missing+=("${CXX:-g++} (g++)")
for header in hiredis/hiredis.h seccomp.h liburing.h zstd.h zlib.h lzma.h yaml-cpp/yaml.h \
	sqlite3.h postgresql/libpq-fe.h openssl/evp.h nlohmann/json.hpp boost/program_options.hpp boost/math/distributions/normal.hpp catch2/catch.hpp; do
	[[ -e /usr/include/$header ]] || missing+=("$header")
done
if [[ ${#missing[@]} -gt 0 ]]; then
	echo "make: missing ${missing[*]}; run scripts/install-deps.sh (or: make deps)" >&2
	exit 1
fi
