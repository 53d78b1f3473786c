#!/bin/bash
# install-mmtests.sh MMTESTS_DIR BINDIR - drop mmtests-plugins into an MMTests
# checkout (what `make install-mmtests MMTESTS_DIR=...` runs):
#   BINDIR/* (our programs, not unit-tests) -> MMTESTS_DIR/bin-plugins/
#   the absolute BINDIR                     -> MMTESTS_DIR/bin-plugins/BUILD_DIR
#   shellpacks/<bench>/                     -> MMTESTS_DIR/shellpack_src/src/<bench>/
#   shellpacks/<bench>/driver-<bench>.sh    -> MMTESTS_DIR/drivers/
#   shellpacks/include-mmtests-plugins.sh   -> MMTESTS_DIR/shellpacks/ (SHELLPACK_INCLUDE)
#   configs/config-*                        -> MMTESTS_DIR/configs/
# A shellpack's <bench>-bench sources include-mmtests-plugins.sh, whose
# plugin_binary finds its binary in $MMTESTS_PLUGINS_BIN, then
# $SCRIPTDIR/bin-plugins (SCRIPTDIR = the MMTests root, exported by
# run-single-test.sh), then the dir named in bin-plugins/BUILD_DIR, then PATH.
# Refuses to replace a shellpack or driver MMTests itself ships.
set -euo pipefail
PROG=install-mmtests
die() { echo "$PROG: $*" >&2; exit "${2:-1}"; }

[ $# -eq 2 ] || die "usage: $0 MMTESTS_DIR BINDIR" 2
MM=$1
BINDIR=$2
TOP=$(cd "$(dirname "$0")/.." && pwd)

[ -d "$MM" ] || die "MMTESTS_DIR '$MM' is not a directory" 2
for f in run-mmtests.sh shellpack_src/src drivers configs; do
	[ -e "$MM/$f" ] || die "'$MM' does not look like an MMTests checkout (no $f)" 2
done
[ -d "$BINDIR" ] || die "BINDIR '$BINDIR' does not exist (run make first)" 2
BINDIR=$(cd "$BINDIR" && pwd)

# Ours, or MMTests' own? A shellpack we installed carries a marker file.
MARK=.mmtests-plugins
for sp in "$TOP"/shellpacks/*/; do
	[ -d "$sp" ] || continue
	name=$(basename "$sp")
	dest=$MM/shellpack_src/src/$name
	if [ -e "$dest" ] && [ ! -e "$dest/$MARK" ]; then
		die "$dest exists and is not ours; refusing to replace an MMTests shellpack" 4
	fi
done

mkdir -p "$MM/bin-plugins"
n=0
for b in "$BINDIR"/*; do
	[ -f "$b" ] && [ -x "$b" ] || continue
	[ "$(basename "$b")" = unit-tests ] && continue
	install -s -m 755 "$b" "$MM/bin-plugins/"	# stripped: no debug info in an MMTests checkout
	n=$((n + 1))
done
echo "$BINDIR" > "$MM/bin-plugins/BUILD_DIR"
echo "$PROG: $n programs -> $MM/bin-plugins/"

for sp in "$TOP"/shellpacks/*/; do
	[ -d "$sp" ] || continue
	name=$(basename "$sp")
	dest=$MM/shellpack_src/src/$name
	rm -rf "$dest"
	cp -a "$sp" "$dest"
	touch "$dest/$MARK"
	if [ -f "$sp/driver-$name.sh" ]; then
		cp "$sp/driver-$name.sh" "$MM/drivers/driver-$name.sh"
	fi
	echo "$PROG: shellpack $name -> $dest"
done

# SHELLPACK_INCLUDE, where MMTests' shellpacks source common.sh: ours source the shared lookup there.
mkdir -p "$MM/shellpacks"
install -m 644 "$TOP/shellpacks/include-mmtests-plugins.sh" "$MM/shellpacks/"
echo "$PROG: include-mmtests-plugins.sh -> $MM/shellpacks/"

for c in "$TOP"/configs/config-*; do
	[ -f "$c" ] || continue
	cp "$c" "$MM/configs/"
done
echo "$PROG: configs -> $MM/configs/"
echo "$PROG: done. Run e.g.: cd $MM && ASSUME_PACKAGE_INSTALLED=yes ./run-mmtests.sh --no-monitor --config configs/config-memdb-redis-zpopmin-quick RUNNAME"
