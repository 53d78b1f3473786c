# cloud-kernel.bash - the guest kernel of the qemu matrix tests: Debian's
# linux-image-cloud-amd64 (LZ4, boots under TCG in 13-15 s), apt-get
# download'ed and unpacked into $work, never installed. MATRIX_KERNEL set by
# the caller wins. The caller defines skip(), BIN and work.
#   need_guest_tools   skips unless mitigation-matrix, qemu and busybox are there
#   use_cloud_kernel   exports MATRIX_KERNEL, or skips naming why
#   start_guest_test   both, with a private $work (removed on exit) as the guests' TMPDIR
need_guest_tools() {
	[ -x "$BIN/mitigation-matrix" ] || skip "mitigation-matrix not built"
	command -v qemu-system-x86_64 >/dev/null || skip "no qemu-system-x86_64 (scripts/install-deps.sh --test installs qemu-system-x86)"
	command -v busybox >/dev/null || [ -x /bin/busybox ] || skip "no busybox (scripts/install-deps.sh --test installs busybox-static)"
}
fetch_cloud_kernel() {
	local pkg
	pkg=$(apt-cache depends linux-image-cloud-amd64 2>/dev/null | sed -n 's/^ *Depends: \(linux-image-[0-9].*\)/\1/p' | head -1)
	[ -n "$pkg" ] || return 1
	(cd "$work" && apt-get download "$pkg" >"$work/apt.out" 2>&1) || return 1
	dpkg-deb -x "$work"/linux-image-*.deb "$work/kernel" || return 1
	ls "$work"/kernel/boot/vmlinuz-* 2>/dev/null | head -1
}
use_cloud_kernel() {
	if [ -z "${MATRIX_KERNEL:-}" ]; then
		MATRIX_KERNEL=$(fetch_cloud_kernel) ||
			skip "cannot fetch linux-image-cloud-amd64 with apt-get download: $(tail -1 "$work/apt.out" 2>/dev/null)"
	fi
	[ -f "$MATRIX_KERNEL" ] || skip "no kernel image at $MATRIX_KERNEL"
	export MATRIX_KERNEL
}

start_guest_test() {
	need_guest_tools
	work=$(mktemp -d)
	trap 'rm -rf "$work"' EXIT
	export TMPDIR=$work  # the guests' initramfs and qemu's files: a leftover qemu would name it
	use_cloud_kernel
}
