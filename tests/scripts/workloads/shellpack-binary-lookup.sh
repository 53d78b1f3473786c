#!/bin/bash
# The shellpacks share one binary lookup, plugin_binary in
# shellpacks/include-mmtests-plugins.sh:
#   1. no -bench script restates it (no loop over candidate dirs, no
#      command -v of its own); each sources the helper and asks for its name;
#   2. plugin_binary looks in $MMTESTS_PLUGINS_BIN, $SCRIPTDIR/bin-plugins,
#      the dir bin-plugins/BUILD_DIR names, then PATH, in that order, skips a
#      file that is not executable and fails with one line when none has it;
#   3. make install-mmtests installs the helper into MMTESTS_DIR/shellpacks
#      ($SHELLPACK_INCLUDE, beside MMTests' common.sh), and a shellpack's own
#      lines find the binary through it; without it (run-dropin.sh copies the
#      shellpack's folder only) they source it from PATH, build/bin.
set -u
TOP=${TOP:-$(cd "$(dirname "$0")/../../.." && pwd)}
BIN=${BIN:-$TOP/build/bin}
fail() { echo "FAIL: $*"; exit 1; }
[ -f "$BIN/include-mmtests-plugins.sh" ] || fail "make did not put include-mmtests-plugins.sh in $BIN"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# 1. one lookup
n=0
for bench in "$TOP"/shellpacks/*/*-bench; do
	name=$(basename "$bench" -bench)
	own=$(grep -nE 'CANDIDATE|command -v|bin-plugins|MMTESTS_PLUGINS_BIN' "$bench")
	[ -z "$own" ] || fail "$name-bench looks for its binary itself: $own"
	grep -q '^\. \$SHELLPACK_INCLUDE/include-mmtests-plugins.sh ' "$bench" || fail "$name-bench does not source the helper"
	grep -qE "=\`plugin_binary $name\` \|\| die " "$bench" || fail "$name-bench does not ask plugin_binary for $name"
	n=$((n + 1))
done
[ $n -ge 8 ] || fail "only $n shellpacks"
echo "ok: $n shellpacks share one lookup"

# 2. the order
. "$TOP/shellpacks/include-mmtests-plugins.sh"
mk() { mkdir -p "$1" && printf '#!/bin/sh\n' > "$1/fakebench" && chmod +x "$1/fakebench"; }
mk "$work/plugins"; mk "$work/mm/bin-plugins"; mk "$work/build"; mk "$work/path"
echo "$work/build" > "$work/mm/bin-plugins/BUILD_DIR"
lookup() { MMTESTS_PLUGINS_BIN=$1 SCRIPTDIR=$2 PATH=$3 plugin_binary fakebench 2>"$work/err"; }
[ "$(lookup "$work/plugins" "$work/mm" "$work/path:/usr/bin:/bin")" = "$work/plugins/fakebench" ] ||
	fail "MMTESTS_PLUGINS_BIN is not first"
[ "$(lookup "" "$work/mm" "$work/path:/usr/bin:/bin")" = "$work/mm/bin-plugins/fakebench" ] ||
	fail "SCRIPTDIR/bin-plugins is not second"
rm "$work/mm/bin-plugins/fakebench"
[ "$(lookup "" "$work/mm" "$work/path:/usr/bin:/bin")" = "$work/build/fakebench" ] || fail "BUILD_DIR is not third"
chmod -x "$work/build/fakebench"
[ "$(lookup "$work/nowhere" "$work/mm" "$work/path:/usr/bin:/bin")" = "$work/path/fakebench" ] ||
	fail "PATH is not last, or a file that is not executable was taken"
rm "$work/path/fakebench"
out=$(lookup "" "" "/usr/bin:/bin") && fail "found a binary nowhere: $out"
[ "$(wc -l <"$work/err")" = 1 ] && grep -q "^fakebench binary not found (set MMTESTS_PLUGINS_BIN" "$work/err" ||
	fail "not found said: $(cat "$work/err")"
echo "ok: MMTESTS_PLUGINS_BIN, bin-plugins, BUILD_DIR, PATH, in order"

# 3. installed where MMTests' shellpacks source their includes, and used from there
mm=$work/checkout
mkdir -p "$mm/shellpack_src/src" "$mm/drivers" "$mm/configs" "$mm/shellpacks" && touch "$mm/run-mmtests.sh"
mkdir "$work/bindir" && cp /bin/true "$work/bindir/pipe-pingpong"
"$TOP/scripts/install-mmtests.sh" "$mm" "$work/bindir" >"$work/install.out" 2>&1 ||
	fail "install-mmtests: $(cat "$work/install.out")"
cmp -s "$mm/shellpacks/include-mmtests-plugins.sh" "$TOP/shellpacks/include-mmtests-plugins.sh" ||
	fail "install-mmtests did not install the helper into MMTESTS_DIR/shellpacks"
[ ! -e "$mm/bin-plugins/include-mmtests-plugins.sh" ] || fail "the helper went into bin-plugins as a program"
# The shellpack's own lines, from the comment to the lookup, as the rewritten script runs them.
lines=$(sed -n '/^# plugin_binary NAME/,/plugin_binary pipe-pingpong/p' "$mm/shellpack_src/src/pipe-pingpong/pipe-pingpong-bench")
[ -n "$lines" ] || fail "no lookup lines in the installed pipe-pingpong-bench"
# run_lines PATH SHELLPACK_INCLUDE SCRIPTDIR
run_lines() { env -i PATH="$1" SHELLPACK_INCLUDE="$2" SCRIPTDIR="$3" bash -c "die() { echo \"FATAL: \$*\"; exit 1; }
$lines
echo \"\$PIPE_PINGPONG_BIN\""; }
[ "$(run_lines /usr/bin:/bin "$mm/shellpacks" "$mm")" = "$mm/bin-plugins/pipe-pingpong" ] ||
	fail "the installed shellpack did not find bin-plugins/pipe-pingpong: $(run_lines /usr/bin:/bin "$mm/shellpacks" "$mm")"
# run-dropin.sh: a checkout without bin-plugins or our include, build/bin in PATH
mkdir -p "$work/plain/shellpacks"
[ "$(run_lines "$BIN:/usr/bin:/bin" "$work/plain/shellpacks" "$work/plain")" = "$BIN/pipe-pingpong" ] ||
	fail "a drop-in run (helper and binary in PATH) did not find $BIN/pipe-pingpong"
out=$(run_lines /usr/bin:/bin "$work/plain/shellpacks" "$work/plain" 2>&1) && fail "ran without the helper: $out"
grep -q "FATAL: include-mmtests-plugins.sh not found" <<<"$out" || fail "without the helper: $out"
echo "ok: installed into SHELLPACK_INCLUDE, found in PATH by a drop-in run"
echo "shellpack binary lookup tests passed"
