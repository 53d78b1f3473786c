# fake-kernel.bash - a file that names its release as an x86 bzImage does
# (the setup header's "HdrS" at 0x202 and the version string's offset at
# 0x20E), for matrix tests that boot nothing: the schedule binds each row's
# image and release.
#   fake_kernel FILE [RELEASE]
fake_kernel() {
	local file=$1 release=${2:-6.1.0-fake}
	head -c 1024 /dev/zero >"$file"
	printf 'HdrS' | dd of="$file" bs=1 seek=$((0x202)) conv=notrunc status=none
	printf '\200' | dd of="$file" bs=1 seek=$((0x20E)) conv=notrunc status=none
	printf '%s (fake@kernel) #1 SMP' "$release" | dd of="$file" bs=1 seek=$((0x280)) conv=notrunc status=none
}
