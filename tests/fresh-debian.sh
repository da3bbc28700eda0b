#!/bin/sh
#
# The README's two commands on a fresh Debian 12, as a new user meets it:
# a debootstrap --variant=minbase chroot with only make added, then
# "make demo" and "make test" from a clean clone, as root and as a user
# who has sudo; and a user without root or sudo must be told the command
# to run.  The user with sudo then installs for themself, as the README
# shows (make install PREFIX=$HOME/.local), and uses what was installed.
# At the end, every line of the steps' logs that reads like trouble, for
# a human to judge.  Needs root, debootstrap and the network; takes some
# minutes.
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
# /proc, a new instance of devpts (its own ptys, as a real machine has:
# apt, and the tests that read from a terminal through script(1), need
# one) with /dev/ptmx its ptmx, and a new tmpfs on /dev/shm, mode 1777 as
# on a real machine (chromium, which checks a heat map, needs to write
# there as any user); debootstrap made the other device nodes, and
# nothing of the host is bound in, so that removing the directory (make
# clean) is always safe
unmount() {
	umount "$root/dev/shm" 2>/dev/null || true
	umount "$root/dev/ptmx" 2>/dev/null || true
	umount "$root/dev/pts" 2>/dev/null || true
	umount "$root/proc" 2>/dev/null || true
}
trap unmount EXIT
mountpoint -q "$root/proc" || mount -t proc proc "$root/proc"
mountpoint -q "$root/dev/pts" || mount -t devpts \
    -o newinstance,ptmxmode=0666,mode=620,gid=5 devpts "$root/dev/pts"
mountpoint -q "$root/dev/ptmx" || mount --bind "$root/dev/pts/ptmx" \
    "$root/dev/ptmx"
mountpoint -q "$root/dev/shm" ||
    mount -t tmpfs -o mode=1777,nosuid,nodev tmpfs "$root/dev/shm"

in_root() { chroot "$root" /bin/sh -c "$1"; }

# The one prerequisite the README names; sudo and two users for the rest.
in_root 'apt-get update -q && apt-get install -y -q make sudo' > /dev/null
in_root 'id tester > /dev/null 2>&1 || useradd -m tester;
	id nosudo > /dev/null 2>&1 || useradd -m nosudo;
	echo "tester ALL=(ALL) NOPASSWD: ALL" > /etc/sudoers.d/tester'

# A clean clone of HEAD, for each user, with the modes a clone has under
# the usual umask (git archive's own umask, 002, would leave directories
# writable by the group, and tar run as root keeps the archive's modes).
rev=$(git -C "$top" rev-parse HEAD)
echo "fresh-debian: testing $rev"
rm -rf "$root/src" && mkdir -p "$root/src"
git -C "$top" -c tar.umask=022 archive --format=tar --prefix=meta-d/ "$rev" |
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
		echo "fresh-debian: $name: FAILED ($(($(date +%s) - start)) s);" \
		    "the end of $root/log-$name:"
		tail -n 20 "$root/log-$name"
		status=1
	fi
}

# 1. Without root or sudo, on the bare system: told what to run, and fails.
in_root 'apt-get remove -y -q gcc libc6-dev libcjson-dev duktape-dev \
    check pkg-config groff-base > /dev/null 2>&1 || true'
start=$(date +%s)
if in_root 'cd /home/nosudo/meta-d && su nosudo -c "PATH=/usr/bin:/bin make demo"' \
    > "$root/log-nosudo" 2>&1; then
	echo "fresh-debian: nosudo: make demo succeeded without root"
	status=1
elif grep -q 'as root, run' "$root/log-nosudo" &&
    grep -q 'apt-get install -y gcc libc6-dev' "$root/log-nosudo"; then
	echo "fresh-debian: nosudo: told the command to run" \
	    "($(($(date +%s) - start)) s)"
else
	echo "fresh-debian: nosudo: no command given:"
	cat "$root/log-nosudo"
	status=1
fi

# 2. A user with sudo, on the bare system: the README's two commands.
step sudo-demo 'cd /home/tester/meta-d && su tester -c "make demo"'
step sudo-test 'cd /home/tester/meta-d && su tester -c "make test"'

# 3. The same user installs for themself, with no root, as the README
# shows; what make echoes of its commands aside, the install says one
# thing, "meta-d: installed in ..." (after make's note that it found no
# libdtrace, which a bare Debian has not), and nothing on stderr (no
# "ldconfig: not found", no "Permission denied"); then the installed
# meta-d runs, and finds an example by name with no METAD_PATH.
rm -rf "$root/home/tester/.local"
start=$(date +%s)
ok=1
if ! in_root 'cd /home/tester/meta-d &&
    su tester -c "make install PREFIX=\$HOME/.local"' \
    > "$root/log-user-install" 2> "$root/log-user-install.err"; then
	echo "fresh-debian: user-install: make install failed"
	ok=0
fi
if [ -s "$root/log-user-install.err" ]; then
	echo "fresh-debian: user-install: printed on stderr:"
	sed 's/^/    /' "$root/log-user-install.err"
	ok=0
fi
# A message is "word: ...", which no command make echoes here begins with.
if grep -E '^[^ :]+: ' "$root/log-user-install" |
    grep -Ev '^make\[[0-9]+\]: (Entering|Leaving) directory|^meta-d: installed in |^make: meta-d is built without libdtrace ' \
    > "$root/log-user-install.said"; [ -s "$root/log-user-install.said" ]; then
	echo "fresh-debian: user-install: said more than where it installed:"
	sed 's/^/    /' "$root/log-user-install.said"
	ok=0
fi
if grep -qiE 'ldconfig: not found|permission denied' \
    "$root/log-user-install" "$root/log-user-install.err"; then
	echo "fresh-debian: user-install: ldconfig not found or permission denied"
	ok=0
fi
if ! grep -q '^meta-d: installed in /home/tester/\.local' \
    "$root/log-user-install"; then
	echo "fresh-debian: user-install: no \"meta-d: installed in" \
	    "/home/tester/.local\""
	ok=0
fi
if ! in_root 'su tester -c "cd && \$HOME/.local/bin/meta-d -V"' \
    > "$root/log-user-run" 2>&1 || ! grep -q '^meta-d ' "$root/log-user-run"
then
	echo "fresh-debian: user-install: ~/.local/bin/meta-d -V:"
	sed 's/^/    /' "$root/log-user-run"
	ok=0
fi
if ! in_root 'su tester -c "cd && env -u METAD_PATH \
    \$HOME/.local/bin/meta-d -s execname syscall-ops"' \
    > "$root/log-user-find" 2>&1 ||
    ! grep -q '^syscall:::' "$root/log-user-find" ||
    ! grep -q 'execname' "$root/log-user-find"; then
	echo "fresh-debian: user-install: ~/.local/bin/meta-d -s execname" \
	    "syscall-ops (no METAD_PATH):"
	sed 's/^/    /' "$root/log-user-find"
	ok=0
fi
if [ $ok = 1 ]; then
	echo "fresh-debian: user-install: ok ($(($(date +%s) - start)) s)"
else
	status=1
fi

# 4. Root, on the bare system again.
in_root 'apt-get remove -y -q gcc libc6-dev libcjson-dev duktape-dev \
    check pkg-config groff-base > /dev/null 2>&1; apt-get autoremove -y -q \
    > /dev/null 2>&1 || true'
step root-demo 'cd /src/meta-d && make demo'
step root-test 'cd /src/meta-d && make test'

# Every line of every step's log that reads like trouble, less those that
# plainly pass (a count with no failure, Check's summary and its suites'
# names, a compiler's or archiver's command line) and words that are only
# in a file's name (md_error.o); each for a human to judge.
echo "fresh-debian: lines that read like trouble (judge each):"
for f in nosudo sudo-demo sudo-test user-install user-install.err \
    user-run user-find root-demo root-test; do
	[ -f "$root/log-$f" ] || continue
	awk -v f="log-$f" '
	{ t = tolower($0); gsub(/[a-z0-9_.\/-]*\.[cho]([^a-z0-9_]|$)/, " ", t) }
	t ~ /error|warning|fail|not found|denied|skipped|cannot|sigterm|no such/ &&
	    $0 !~ /^[^ ]+: [0-9]+ passed, 0 failed$/ &&
	    $0 !~ /^100%: Checks: [0-9]+, Failures: 0, Errors: 0$/ &&
	    $0 !~ /^ [a-z0-9_]+$/ &&
	    $0 !~ /^(cc|gcc|clang|c99|ar|ranlib) / &&
	    $0 !~ /^(ok|PASS|pass) / { print "    " f ":" NR ": " $0 }
	' "$root/log-$f"
done
exit $status
