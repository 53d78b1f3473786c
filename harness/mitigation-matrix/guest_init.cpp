// guest_init.cpp - the guest's /init (guest_image.hpp). It records the boot
// before anything runs (boot_id, uname -r, /proc/cmdline, the
// vulnerabilities files, dmesg), judges it (matrix-boot-check, the host's
// own check: guest_check.hpp), and only on a boot that is its row's loads
// the scratch disk's modules and runs the config /matrix/iterations times
// with run-config; it sends everything over ttyS1; the console (ttyS0) is
// only for people.
#include "mitigation-matrix/guest_image.hpp"

namespace mmtp::matrix {

std::string guestInitScript() {
    return R"SH(#!/bin/busybox sh
/bin/busybox mkdir -p /usr/bin /sbin /usr/sbin /proc /sys /dev /tmp
/bin/busybox --install -s
export PATH=/usr/local/bin:/bin:/sbin:/usr/bin:/usr/sbin HOME=/tmp
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev
mount -t tmpfs tmp /tmp
# One name for every guest (the report's Machine line; runs of two hostnames
# are two machines); provenance.txt says it ran under qemu.
hostname mitigation-matrix-guest
row=$(cat /matrix/row)
out=/tmp/out
mkdir -p $out/boot $out/log
cat /proc/sys/kernel/random/boot_id > $out/boot/boot-id
uname -r > $out/boot/release
cat /proc/cmdline > $out/boot/cmdline
grep . /sys/devices/system/cpu/vulnerabilities/* > $out/boot/vulnerabilities
dmesg > $out/boot/dmesg
/matrix/bin/matrix-boot-check /matrix/check $out/boot > $out/boot/check.out 2>&1
echo $? > $out/boot/check.status
if [ "$(cat $out/boot/check.status)" != 0 ]; then
	echo "mitigation-matrix guest: not measured: $(cat $out/boot/check.out)"
else
# The scratch disk (the only virtio disk: vda) after its modules, if any:
# each variable a workload names for it (its --print-needs), unless the
# config sets its own.
while read -r m; do insmod "$m"; done < /matrix/modules
for _ in 1 2 3 4 5 6 7 8 9 10; do [ -b /dev/vda ] && break; sleep 0.5; done
disk=none
[ -b /dev/vda ] && disk=/dev/vda && while read -r v; do export "$v=/dev/vda"; done < /matrix/scratch-variables
echo "mitigation-matrix guest: scratch disk $disk"
# A workload's server listens on 127.0.0.1.
ip link set lo up
echo "mitigation-matrix guest: running $row"
/matrix/bin/run-config /matrix/config "$row" --work-dir /tmp/work --set MMTEST_ITERATIONS="$(cat /matrix/iterations)" > $out/boot/run-config.out 2>&1
echo $? > $out/boot/run-config.status
tail -3 $out/boot/run-config.out
[ -d /tmp/work/log ] && cp -a /tmp/work/log/. $out/log/
fi
# The boot's files as boot_files.hpp reads them, on stdout.
send_files() {
	echo MATRIX-BEGIN
	cd $out
	find . -type f | while read -r f; do
		echo "F ${f#./}"
		base64 "$f"
		echo E
	done
	echo MATRIX-END
}
# Another backend's ending (lava_guest.cpp): it sends the files its way and stays up.
[ -r /matrix/tail ] && . /matrix/tail
send_files > /dev/ttyS1
sync
poweroff -f
)SH";
}

}  // namespace mmtp::matrix
