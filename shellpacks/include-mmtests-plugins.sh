# include-mmtests-plugins.sh - what every mmtests-plugins shellpack shares,
# sourced by its -bench script the way MMTests' own shellpacks source
# $SHELLPACK_INCLUDE/common.sh. make install-mmtests installs it into
# MMTESTS_DIR/shellpacks/ (SHELLPACK_INCLUDE); make copies it into build/bin,
# so a drop-in run with build/bin on PATH (run-dropin.sh) finds it there.

# plugin_binary NAME: the path of our binary NAME, looked up in
# $MMTESTS_PLUGINS_BIN, $SCRIPTDIR/bin-plugins (SCRIPTDIR = the MMTests root,
# exported by run-single-test.sh), the build dir named in
# bin-plugins/BUILD_DIR (make install-mmtests writes both), then PATH. Prints
# the path, or says how to provide it on stderr and returns 1.
plugin_binary() {
	local name=$1 dir build=
	[ -n "${SCRIPTDIR:-}" ] && build=$(cat "$SCRIPTDIR/bin-plugins/BUILD_DIR" 2>/dev/null)
	for dir in "${MMTESTS_PLUGINS_BIN:-}" "${SCRIPTDIR:+$SCRIPTDIR/bin-plugins}" "$build"; do
		if [ -n "$dir" ] && [ -f "$dir/$name" ] && [ -x "$dir/$name" ]; then
			echo "$dir/$name"
			return 0
		fi
	done
	dir=$(command -v "$name" 2>/dev/null)
	case $dir in
	/*) echo "$dir"; return 0 ;;	# a file, not a function or builtin of that name
	esac
	echo "$name binary not found (set MMTESTS_PLUGINS_BIN, run make install-mmtests, or put build/bin in PATH)" >&2
	return 1
}
