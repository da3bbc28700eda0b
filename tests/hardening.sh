#!/bin/sh
#
# meta-d runs as root for others: what a directory, a name or a metric
# holds must not steer it (TESTING.md, "Hardening, third round").  As
# root, the other user is nobody; not as root, the checks that need
# another user say so and are not counted.
#
#	sh tests/hardening.sh ./meta-d

. "$(dirname "$0")/lib.sh"
tmp=$(mktemp -d)
trap 'chmod -R u+rwx "$tmp" 2> /dev/null; rm -rf "$tmp"' EXIT
chmod 755 "$tmp"
m=examples/syscall-ops.json
root=0
[ "$(id -u)" -eq 0 ] && id nobody > /dev/null 2>&1 && root=1
[ $root -eq 1 ] || echo "hardening: not root: the checks with another user are left out (run make test as root, as CI does)"

# refused DIR WHAT: meta-d -o DIR refuses, writes nothing, says why.
refused() {
	"$bin" -o "$1" "$m" > "$tmp/out" 2> "$tmp/err"
	[ $? -eq 1 ] && [ ! -s "$tmp/out" ] &&
	    grep -q "^meta-d: -o \".*\": refused: $2 (meta-d writes scripts only where no other user can change them)$" "$tmp/err"
}

# 2. -o DIR: a directory no other user can change, opened once.
mkdir -p "$tmp/safe" "$tmp/target"
ln -s "$tmp/target" "$tmp/link"
refused "$tmp/link" "\"$tmp/link\" is a symbolic link" &&
    [ -z "$(ls -A "$tmp/target")" ]
ok $? "-o a symbolic link: refused, nothing written through it: $(cat "$tmp/err")"
refused "$tmp/link/" "\"$tmp/link\" is a symbolic link"
ok $? "-o a symbolic link with a slash: refused"
mkdir "$tmp/open" && chmod 777 "$tmp/open"
refused "$tmp/open" "\"$tmp/open\" is writable by its group or others (mode 0777) and not sticky"
ok $? "-o a directory anyone may write: refused: $(cat "$tmp/err")"
refused "$tmp/open/new" "\"$tmp/open\" is writable by its group or others (mode 0777) and not sticky" &&
    [ ! -e "$tmp/open/new" ]
ok $? "-o a new directory in one anyone may write: refused, not made"
# A group may write: whichever group, it is not root's or the caller's.
for mode in 0775 0770; do
	mkdir "$tmp/group$mode" && chmod "$mode" "$tmp/group$mode"
	[ $root -eq 1 ] && chgrp "$(id -g nobody)" "$tmp/group$mode"
	refused "$tmp/group$mode" "\"$tmp/group$mode\" is writable by its group or others (mode $mode) and not sticky" &&
	    [ -z "$(ls -A "$tmp/group$mode")" ]
	ok $? "-o a directory its group may write (mode $mode, group $(ls -ld "$tmp/group$mode" | awk '{ print $4 }')): refused: $(cat "$tmp/err")"
done
# A directory of one's own, under one that others may change.
mkdir "$tmp/open/well" && chmod 755 "$tmp/open/well"
refused "$tmp/open/well" "\"$tmp/open\" is writable by its group or others (mode 0777) and not sticky" &&
    [ -z "$(ls -A "$tmp/open/well")" ]
ok $? "-o an existing directory of one's own in one anyone may write: refused"
mkdir "$tmp/sticky" && chmod 1777 "$tmp/sticky"
"$bin" -o "$tmp/sticky/mine" "$m" > /dev/null 2>&1 &&
    [ -f "$tmp/sticky/mine/syscall-ops.d" ]
ok $? "-o a new directory in a sticky one (as /tmp): made"
(umask 0; "$bin" -o "$tmp/umask0" "$m" > /dev/null) &&
    [ "$(ls -l "$tmp/umask0/syscall-ops.d" | cut -c1-10)" = -rwxr-xr-x ] &&
    [ "$(ls -ld "$tmp/umask0" | cut -c1-10)" = drwxr-xr-x ]
ok $? "-o with umask 0: scripts and directory writable by their owner only"
if [ $root -eq 1 ]; then
	mkdir "$tmp/theirs" && chown nobody "$tmp/theirs"
	refused "$tmp/theirs" "\"$tmp/theirs\" belongs to uid $(id -u nobody), neither root nor you"
	ok $? "-o a directory another user owns: refused: $(cat "$tmp/err")"
	refused "$tmp/theirs/out" "\"$tmp/theirs\" belongs to uid $(id -u nobody), neither root nor you" &&
	    [ ! -e "$tmp/theirs/out" ]
	ok $? "-o in a directory another user owns: refused, nothing made"
	unpriv ln -s "$tmp/target" "$tmp/sticky/planted"
	refused "$tmp/sticky/planted" "\"$tmp/sticky/planted\" is a symbolic link" &&
	    [ -z "$(ls -A "$tmp/target")" ]
	ok $? "-o a link another user planted in /tmp: refused, root's directory untouched"
	refused "$tmp/sticky/planted/sub" "\"$tmp/sticky/planted\" belongs to uid $(id -u nobody), neither root nor you" &&
	    [ ! -e "$tmp/target/sub" ]
	ok $? "-o through a link another user planted: refused: $(cat "$tmp/err")"
	mkdir "$tmp/theirs/well" && chmod 755 "$tmp/theirs/well"
	refused "$tmp/theirs/well" "\"$tmp/theirs\" belongs to uid $(id -u nobody), neither root nor you" &&
	    [ -z "$(ls -A "$tmp/theirs/well")" ]
	ok $? "-o an existing directory of one's own in one another user owns: refused"
	# Root's own links, whose targets go through the one nobody planted:
	# every link on the way is checked, at any depth.
	mkdir "$tmp/target/sub"
	ln -s "$tmp/sticky/planted" "$tmp/rootlink"
	ln -s rootlink/sub "$tmp/rootlink2"
	for d in "$tmp/rootlink/sub" "$tmp/rootlink/sub/new" "$tmp/rootlink2/." \
	    "$tmp/rootlink2/new"; do
		refused "$d" "\"$tmp/sticky/planted\" belongs to uid $(id -u nobody), neither root nor you" &&
		    [ -z "$(ls -A "$tmp/target/sub")" ]
		ok $? "-o ${d#"$tmp"/}: a link another user planted inside root's link's target: refused: $(cat "$tmp/err")"
	done
fi
# Links of one's own, at any depth, are followed (the last excepted).
mkdir -p "$tmp/mine/real"
ln -s "$tmp/mine/real" "$tmp/mine/l1"
ln -s l1 "$tmp/mine/l2"
"$bin" -o "$tmp/mine/l2/out" "$m" > "$tmp/out" 2> "$tmp/err" &&
    [ -f "$tmp/mine/real/out/syscall-ops.d" ] &&
    [ "$(cat "$tmp/out")" = "$tmp/mine/l2/out/syscall-ops.d" ]
ok $? "-o through a chain of one's own links: written: $(cat "$tmp/err")"
ln -s loop2 "$tmp/mine/loop1"
ln -s loop1 "$tmp/mine/loop2"
"$bin" -o "$tmp/mine/loop1/out" "$m" > "$tmp/out" 2> "$tmp/err"
[ $? -eq 1 ] && [ ! -s "$tmp/out" ] &&
    grep -q '^meta-d: write ".*/loop1/out": Too many levels of symbolic links$' "$tmp/err"
ok $? "-o through a loop of links: refused: $(cat "$tmp/err")"

# 3. A name never leaves its directory of METAD_PATH.
mkdir -p "$tmp/mp/linux" "$tmp/outside"
cp examples/linux/io.json "$tmp/mp/linux/io.json"
printf 'hunter2\n' > "$tmp/dbpass"
cp examples/syscall-ops.json "$tmp/outside/m.json"
ln -s "$tmp/outside" "$tmp/mp/away"
(cd "$tmp" && mkdir -p cwd && cd cwd &&
    METAD_PATH=$tmp/mp "$bin" --list-fields linux/../../dbpass) \
    > "$tmp/out" 2> "$tmp/err"
[ $? -eq 1 ] && [ ! -s "$tmp/out" ] && ! grep -q hunter2 "$tmp/err" &&
    grep -q '^meta-d: read "linux/../../dbpass": No such file or directory$' "$tmp/err"
ok $? "a name with .. is not looked up: $(cat "$tmp/err")"
METAD_PATH=$tmp/mp "$bin" --list-fields away/m > "$tmp/out" 2> "$tmp/err"
[ $? -eq 1 ] && [ ! -s "$tmp/out" ]
ok $? "a name through a link out of its directory is not found"
METAD_PATH=$tmp/mp "$bin" --list-fields linux/io > "$tmp/out" 2> "$tmp/err"
ok $? "a name inside its directory is found: $(cat "$tmp/err")"

# 4. A candidate is opened without waiting and without following a link.
mkdir -p "$tmp/fifo"
mkfifo "$tmp/fifo/stuck.json"
ln -s "$tmp/outside/m.json" "$tmp/fifo/linked.json"
METAD_PATH=$tmp/fifo timeout 10 "$bin" --check stuck > /dev/null 2> "$tmp/err"
[ $? -eq 1 ] && grep -q 'has no metric of that name' "$tmp/err"
ok $? "a FIFO in METAD_PATH hangs nothing: $(cat "$tmp/err")"
METAD_PATH=$tmp/fifo timeout 10 "$bin" --list > "$tmp/out" 2> "$tmp/err"
[ $? -eq 1 ] && [ ! -s "$tmp/out" ]
ok $? "--list over a FIFO and a link: no metric, no hang: $(cat "$tmp/out" "$tmp/err")"
# The race: a candidate swapped for a FIFO between a look and an open.
mkdir -p "$tmp/race"
cp "$m" "$tmp/race/file"
mkfifo "$tmp/race/fifo"
# (perl, which Debian always has, swaps fast enough to meet the window)
perl -e '($d) = @ARGV; while (-e "$d/file") {
	for $x ("file", "fifo") { link("$d/$x", "$d/new"); rename("$d/new", "$d/r.json") } }' \
    "$tmp/race" &
swapper=$!
hung=0
for i in $(seq 40); do
	METAD_PATH=$tmp/race timeout 5 "$bin" --check r > /dev/null 2>&1
	[ $? -eq 124 ] && hung=$((hung + 1))
done
rm -f "$tmp/race/file"
wait "$swapper"
[ "$hung" -eq 0 ]
ok $? "a candidate swapped for a FIFO: $hung of 40 runs hung"
METAD_PATH=$tmp/fifo "$bin" --list-fields linked > /dev/null 2>&1
[ $? -eq 1 ]
ok $? "a link in METAD_PATH is not followed"
# (a pipe, and a file, through /dev/stdin: the script, as from the file)
sm=examples/linux/syscall.json
"$bin" -s execname "$sm" > "$tmp/want"
cat "$sm" | "$bin" -s execname /dev/stdin > "$tmp/out" 2> "$tmp/err" &&
    [ ! -s "$tmp/err" ] && grep -q '^syscall:::' "$tmp/out" &&
    cmp -s "$tmp/want" "$tmp/out"
ok $? "an explicit path still reads what it names (/dev/stdin, a pipe): $(cat "$tmp/err")"
"$bin" -s execname /dev/stdin < "$sm" > "$tmp/out" 2> "$tmp/err" &&
    [ ! -s "$tmp/err" ] && cmp -s "$tmp/want" "$tmp/out"
ok $? "an explicit path still reads what it names (/dev/stdin, a file): $(cat "$tmp/err")"

# 5. --check has a budget: 64 fields, transforms of 1,000 terms, each
# aggregating function 1,000 of them; today's check ran for minutes.
awk 'BEGIN { x = "arg0"; for (i = 1; i < 1000; i++) x = x " + arg0"
	a = "sum($0"; for (i = 1; i < 1000; i++) a = a "+$0"; a = a ")"
	printf "{\"fields\": ["
	for (i = 0; i < 64; i++) printf "%s\"f%d\"", i ? ", " : "", i
	printf "], \"metad\": {\"probedesc\": [{\"probes\": [\"BEGIN\"], "
	printf "\"aggregate\": {\"default\": \"count()\""
	for (i = 0; i < 64; i++) printf ", \"f%d\": \"%s\"", i, a
	printf "}, \"transforms\": {"
	for (i = 0; i < 64; i++) printf "%s\"f%d\": \"%s\"", i ? ", " : "", i, x
	printf "}}]}}\n" }' > "$tmp/big.json"
timeout 120 "$bin" --check "$tmp/big.json" > "$tmp/out" 2> "$tmp/err"
[ $? -eq 1 ] && grep -q '^meta-d: checking: the D of every request comes to more than the 256 MiB a check may make and parse' "$tmp/err"
ok $? "--check stops at its budget: $(cat "$tmp/err")"
timeout 60 "$bin" -s f1 "$tmp/big.json" > /dev/null
ok $? "the same metric generates one request"

# 6. --list escapes names, descriptions and subjects (modules); it does
# not go through links.
mkdir -p "$tmp/names/sub" "$tmp/elsewhere"
cp "$m" "$tmp/names/$(printf 'evil\n\033[2Jx').json"
printf '{"module": "mod\\u001b[2J", "description": "line\\u009b31m \\u202egnp.exe", "fields": [], "metad": {"probedesc": [{"probes": ["BEGIN"], "aggregate": {"default": "count()"}, "transforms": {}}]}}' \
    > "$tmp/names/desc.json"
cp "$m" "$tmp/elsewhere/far.json"
ln -s "$tmp/elsewhere" "$tmp/names/linked"
METAD_PATH=$tmp/names "$bin" --list > "$tmp/out" 2> "$tmp/err"
[ $? -eq 0 ] && [ "$(grep -c '^  ' "$tmp/out")" -eq 2 ] &&
    grep -q '^mod\\033\[2J:$' "$tmp/out" &&
    grep -q '^  evil\\012\\033\[2Jx  ' "$tmp/out" &&
    grep -q '^  desc  *line\\302\\23331m \\342\\200\\256gnp.exe$' "$tmp/out" &&
    ! grep -q far "$tmp/out"
ok $? "--list: names and descriptions escaped, no link followed: $(cat "$tmp/out")"

# 8. The JavaScript child: nothing of the parent's, nobody's rights, an
# address space limit, and no life after its parent (Linux's /proc).
printf 'for (;;) {}\n' > "$tmp/loop.js"
"$bin" "$tmp/loop.js" 3> "$tmp/held" > /dev/null 2>&1 &
parent=$!
child=
for i in 1 2 3 4 5 6 7 8 9 10; do
	child=$(pgrep -P "$parent" 2> /dev/null) && [ -n "$child" ] && break
	sleep 0.2
done
if [ -n "$child" ] && [ -d "/proc/$child" ]; then
	sleep 0.2
	fds=$(ls "/proc/$child/fd" | sort -n | tr '\n' ' ')
	fd4=$(ls "/proc/$child/fd" | sort -n | sed -n 4p)
	pipe=$(readlink "/proc/$child/fd/$fd4")
	# its pipe: the one whose other end the parent reads
	[ "$fds" = "0 1 2 $fd4 " ] &&
	    [ "$(readlink "/proc/$child/fd/0")" = /dev/null ] &&
	    [ "$(readlink "/proc/$child/fd/1")" = /dev/null ] &&
	    [ "$(readlink "/proc/$child/fd/2")" = /dev/null ] &&
	    case $pipe in pipe:*) true ;; *) false ;; esac &&
	    for f in /proc/"$parent"/fd/*; do
		[ "$(readlink "$f")" = "$pipe" ] && echo "$f"
	    done | grep -q .
	ok $? "the JavaScript child holds 0-2 on /dev/null and its pipe to meta-d: $fds($(readlink "/proc/$child/fd/1"), $(readlink "/proc/$child/fd/2"), $pipe)"
	if asan_built "$bin"; then
		echo "hardening: AddressSanitizer's build sets no address space limit (it maps terabytes of shadow): that check is make test's"
	else
		grep -q "^Max address space *1073741824" "/proc/$child/limits"
		ok $? "the JavaScript child has 1 GiB of address space"
	fi
	if [ $root -eq 1 ]; then
		[ "$(awk '/^Uid:/ { print $2 }' "/proc/$child/status")" = "$(id -u nobody)" ]
		ok $? "root's JavaScript child runs as nobody"
	fi
	# It looks for its parent every 0.1 s; a loaded machine is given 1 s.
	kill -9 "$parent"
	wait "$parent" 2> /dev/null
	start=$(date +%s%N)
	ms=0
	while [ "$ms" -lt 1000 ]; do
		state=$(awk '/^State:/ { print $2 }' "/proc/$child/status" 2> /dev/null)
		[ -z "$state" ] || [ "$state" = Z ] && break
		sleep 0.02
		ms=$((($(date +%s%N) - start) / 1000000))
	done
	[ "$ms" -lt 1000 ]
	ok $? "the JavaScript child ends within 1 s of its parent (it took $ms ms)"
else
	kill -9 "$parent" 2> /dev/null
	echo "hardening: the JavaScript child's checks need Linux's /proc and pgrep (procps): left out"
fi
# Root's child that cannot become nobody runs nothing: without the
# capabilities to change user (setpriv's bounding set), or without a
# user nobody (a mount namespace, its passwd and nsswitch.conf bound over).
printf 'register({"fields": [], "metad": {"probedesc": [{"probes": ["BEGIN"], "aggregate": {"default": "count()"}, "transforms": {}}]}});\n' \
    > "$tmp/ok.js"
jsno="^meta-d: processing \".*/ok.js\": JavaScript is not run as root, and"
if [ $root -eq 1 ] && setpriv --bounding-set=-setuid true 2> /dev/null; then
	"$bin" "$tmp/ok.js" > "$tmp/out" 2> "$tmp/err" && grep -q '^BEGIN$' "$tmp/out"
	ok $? "root's JavaScript metric runs (as nobody): $(cat "$tmp/err")"
	for caps in -setuid,-setgid -setuid; do
		setpriv --bounding-set="$caps" "$bin" "$tmp/ok.js" > "$tmp/out" 2> "$tmp/err"
		[ $? -eq 1 ] && [ ! -s "$tmp/out" ] &&
		    grep -q "$jsno it cannot run as user nobody: set[a-z]*: Operation not permitted$" "$tmp/err"
		ok $? "root without $caps: JavaScript refused: $(cat "$tmp/err")"
	done
else
	echo "hardening: root's JavaScript child that cannot change user: skipped: needs root and setpriv (apt-get install util-linux)"
fi
grep -v '^nobody:' /etc/passwd > "$tmp/passwd"
printf 'passwd: files\ngroup: files\n' > "$tmp/nsswitch.conf"
if [ $root -eq 1 ] && unshare -m true 2> /dev/null; then
	unshare -m sh -c 'mount --bind "$1/passwd" /etc/passwd &&
	    mount --bind "$1/nsswitch.conf" /etc/nsswitch.conf &&
	    ! id nobody > /dev/null 2>&1 && exec "$2" "$1/ok.js"' sh "$tmp" "$bin" \
	    > "$tmp/out" 2> "$tmp/err"
	[ $? -eq 1 ] && [ ! -s "$tmp/out" ] &&
	    grep -q "$jsno this system has no user nobody to run it as$" "$tmp/err"
	ok $? "root with no user nobody: JavaScript refused: $(cat "$tmp/err")"
else
	echo "hardening: root's JavaScript child with no user nobody: skipped: needs root and unshare -m (util-linux; a container may need CAP_SYS_ADMIN)"
fi

# 9. -o with no stdout to list the files in: nothing done; a failed
# write leaves no directory that the run made.
"$bin" -o "$tmp/closed" "$m" >&- 2> "$tmp/err"
[ $? -eq 1 ] && [ ! -e "$tmp/closed" ] && grep -q '^meta-d: write: Bad file descriptor: nothing written to' "$tmp/err"
ok $? "-o with stdout closed: status 1, nothing written: $(cat "$tmp/err")"
# A stdout that takes no write: the files were renamed in, and are put
# back as they were, a file that was there and the directory this made.
mkdir "$tmp/kept"
printf 'old\n' > "$tmp/kept/syscall-ops.d"
if [ -w /dev/full ]; then
	for d in "$tmp/full" "$tmp/kept"; do
		"$bin" -o "$d" "$m" > /dev/full 2> "$tmp/err"
		[ $? -eq 1 ] && grep -q "^meta-d: write: No space left on device: nothing written to \"$d\"$" "$tmp/err" &&
		    if [ "$d" = "$tmp/kept" ]; then
			[ "$(ls -A "$d")" = syscall-ops.d ] &&
			    [ "$(cat "$d/syscall-ops.d")" = old ]
		    else
			[ ! -e "$d" ]
		    fi
		ok $? "-o ${d#"$tmp"/} with stdout /dev/full: status 1, nothing done: $(cat "$tmp/err"); left: $(ls -A "$d" 2> /dev/null)"
	done
else
	echo "hardening: -o with stdout /dev/full: skipped: this system has no /dev/full (Linux, as root: mknod -m 666 /dev/full c 1 7)"
fi
# (the reader gone before meta-d writes; SIGPIPE is ignored, EPIPE told)
for d in "$tmp/gone" "$tmp/kept"; do
	st=$( { { sleep 1; "$bin" -o "$d" "$m" 2> "$tmp/err"; echo $? >&3; } |
	    { exec 0<&-; sleep 2; }; } 3>&1)
	[ "$st" -eq 1 ] && grep -q "^meta-d: write: Broken pipe: nothing written to \"$d\"$" "$tmp/err" &&
	    if [ "$d" = "$tmp/kept" ]; then
		[ "$(ls -A "$d")" = syscall-ops.d ] &&
		    [ "$(cat "$d/syscall-ops.d")" = old ]
	    else
		[ ! -e "$d" ]
	    fi
	ok $? "-o ${d#"$tmp"/} into a pipe whose reader has gone: status $st, nothing done: $(cat "$tmp/err"); left: $(ls -A "$d" 2> /dev/null)"
done
# A full pipe nobody reads: meta-d waits with the signals held, and still
# ends at SIGTERM, all undone.
perl -MFcntl -e '($d, @cmd) = @ARGV; pipe(R, W) or die;
	$fl = fcntl(W, F_GETFL, 0); fcntl(W, F_SETFL, $fl | O_NONBLOCK);
	1 while syswrite(W, "x" x 4096); fcntl(W, F_SETFL, $fl);
	if (($pid = fork) == 0) { open(STDOUT, ">&W"); exec @cmd; die }
	close W;
	for ($i = 0; $i < 300 && ! -d $d; $i++) { select(undef, undef, undef, 0.02) }
	select(undef, undef, undef, 0.5); kill "TERM", $pid; waitpid($pid, 0);
	print $? & 127, "\n"' "$tmp/stuck" "$bin" -o "$tmp/stuck" "$m" \
    > "$tmp/out" 2> "$tmp/err"
[ "$(cat "$tmp/out")" = 15 ] && [ ! -e "$tmp/stuck" ]
ok $? "-o into a full pipe: SIGTERM ends it, nothing done: signal $(cat "$tmp/out"), $(cat "$tmp/err"); left: $(ls -A "$tmp/stuck" 2> /dev/null)"
# (standard error through a pipe: a file would be past the limit too)
(ulimit -f 0; "$bin" -o "$tmp/nospace" "$m" 2>&1 > /dev/null; echo "status $?") |
    cat > "$tmp/err"
grep -q '^status 1$' "$tmp/err" && [ ! -e "$tmp/nospace" ] &&
    grep -q 'File too large' "$tmp/err"
ok $? "-o that cannot write: the directory it made is gone: $(cat "$tmp/err")"
# A close() that fails (a file system that reports a lost write then,
# as NFS does): the descriptor is closed all the same, and closing it
# again could close another that took its number.  With a shim
# (tests/shim.c) that fails the close of the temporary script: status 1,
# the message, nothing left, and no descriptor closed twice.
if cc -shared -fPIC -o "$tmp/shim.so" tests/shim.c -ldl 2> "$tmp/err"; then
	SHIM_CLOSE=.meta-d- SHIM_LOG=$tmp/shim.log LD_PRELOAD="$(preload "$tmp/shim.so" "$bin")" \
	    "$bin" -o "$tmp/closefail" "$m" > "$tmp/out" 2> "$tmp/err"
	st=$?
	[ $st -eq 1 ] && grep -q 'Input/output error' "$tmp/err" &&
	    grep -q '^close failed' "$tmp/shim.log" &&
	    ! grep -q 'closed twice' "$tmp/shim.log" &&
	    [ ! -e "$tmp/closefail" ]
	ok $? "-o whose close() fails: status $st, said, nothing left, no descriptor closed twice: $(cat "$tmp/err" "$tmp/shim.log")"
else
	ok 1 "the shim builds: $(cat "$tmp/err")"
fi

# A terminal, from script(1) (util-linux); a machine that has it opens a
# pseudo-terminal, unless its /dev/pts is not mounted (a bare chroot).
if ! command -v script > /dev/null 2>&1; then
	echo "hardening: reading from a terminal: skipped: no script(1)" \
	    "(apt-get install bsdutils)"
elif ! script -qec true /dev/null < /dev/null > "$tmp/out" 2>&1; then
	echo "hardening: reading from a terminal: skipped: script(1) has no" \
	    "pseudo-terminal ($(head -n 1 "$tmp/out"); mount /dev/pts)"
else
	script -qec "$bin --list-fields < /dev/tty" /dev/null < /dev/null \
	    > "$tmp/out" 2>&1
	grep -q '^meta-d: reading from stdin' "$tmp/out"
	ok $? "reading from a terminal: meta-d: says so: $(head -n 1 "$tmp/out")"
fi

summary hardening
