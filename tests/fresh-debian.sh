#!/bin/sh
#
# The README's two commands on a fresh Debian 12, as a new user meets it:
# a debootstrap --variant=minbase chroot with only make added, then
# "make demo" and "make test" from a clean clone, as root and as a user
# who has sudo; and a user without root or sudo must be told the command
# to run.  Needs root, debootstrap and the network; takes some minutes.
#
#	sh tests/fresh-debian.sh [DIR]	(default: build/fresh; kept, reused)

set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
root=${1:-$top/build/fresh}
mirror=${MIRROR:-http://deb.debian.org/debian}

[ "$(id -u)" = 0 ] || { echo "fresh-debian: needs root" >&2; exit 2; }
if [ ! -x "$root/bin/sh" ]; then
	debootstrap --variant=minbase bookworm "$root" "$mirror"
fi
cp /etc/resolv.conf "$root/etc/resolv.conf"
# /proc only: debootstrap made the device nodes, and nothing of the host
# is bound in, so that removing the directory (make clean) is always safe
mountpoint -q "$root/proc" || mount -t proc proc "$root/proc"
trap 'umount "$root/proc" 2>/dev/null || true' EXIT

in_root() { chroot "$root" /bin/sh -c "$1"; }

# The one prerequisite the README names; sudo and two users for the rest.
in_root 'apt-get update -q && apt-get install -y -q make sudo' > /dev/null
in_root 'id tester > /dev/null 2>&1 || useradd -m tester;
	id nosudo > /dev/null 2>&1 || useradd -m nosudo;
	echo "tester ALL=(ALL) NOPASSWD: ALL" > /etc/sudoers.d/tester'

# A clean clone of HEAD, for each user.
rm -rf "$root/src" && mkdir -p "$root/src"
git -C "$top" archive --format=tar --prefix=meta-d/ HEAD |
    tar -x -C "$root/src"
for u in tester nosudo; do
	rm -rf "$root/home/$u/meta-d"
	cp -R "$root/src/meta-d" "$root/home/$u/meta-d"
	in_root "chown -R $u:$u /home/$u/meta-d"
done

status=0
step() {
	name=$1
	shift
	start=$(date +%s)
	if in_root "$*" > "$root/log-$name" 2>&1; then
		echo "fresh-debian: $name: ok ($(($(date +%s) - start)) s)"
	else
		echo "fresh-debian: $name: FAILED; the end of $root/log-$name:"
		tail -n 20 "$root/log-$name"
		status=1
	fi
}

# 1. Without root or sudo, on the bare system: told what to run, and fails.
in_root 'apt-get remove -y -q gcc libc6-dev libcjson-dev duktape-dev \
    check pkg-config groff-base > /dev/null 2>&1 || true'
if in_root 'cd /home/nosudo/meta-d && su nosudo -c "PATH=/usr/bin:/bin make demo"' \
    > "$root/log-nosudo" 2>&1; then
	echo "fresh-debian: nosudo: make demo succeeded without root"
	status=1
elif grep -q 'as root, run' "$root/log-nosudo" &&
    grep -q 'apt-get install -y gcc libc6-dev' "$root/log-nosudo"; then
	echo "fresh-debian: nosudo: told the command to run"
else
	echo "fresh-debian: nosudo: no command given:"
	cat "$root/log-nosudo"
	status=1
fi

# 2. A user with sudo, on the bare system: the README's two commands.
step sudo-demo 'cd /home/tester/meta-d && su tester -c "make demo"'
step sudo-test 'cd /home/tester/meta-d && su tester -c "make test"'

# 3. Root, on the bare system again.
in_root 'apt-get remove -y -q gcc libc6-dev libcjson-dev duktape-dev \
    check pkg-config groff-base > /dev/null 2>&1; apt-get autoremove -y -q \
    > /dev/null 2>&1 || true'
step root-demo 'cd /src/meta-d && make demo'
step root-test 'cd /src/meta-d && make test'
exit $status
