#!/bin/sh
#
# meta-d -o DIR: one file per script, named after the metric (and zone),
# holding what meta-d would print behind a "#!/usr/sbin/dtrace -s" line,
# runnable (mode 0777 less the umask); printed paths; no partial or
# temporary file ever left behind.
#
#	sh tests/outdir.sh ./meta-d

. "$(dirname "$0")/lib.sh"
tmp=$(mktemp -d)
trap 'chmod -R u+rwx "$tmp"; rm -rf "$tmp"' EXIT
sep="---------------------------------------------"
bang='#!/usr/sbin/dtrace -s'

# The file -o writes for what meta-d prints with these arguments.
as_file() {
	printf '%s\n' "$bang"
	"$bin" "$@"
}

# One script: NAME.d, as meta-d prints it; the directory is made.
umask 022
"$bin" -o "$tmp/one" -s execname examples/syscall-ops.json > "$tmp/paths"
ok $? "one script: exit status"
[ "$(cat "$tmp/paths")" = "$tmp/one/syscall-ops.d" ]
ok $? "one script: the path printed"
as_file -s execname examples/syscall-ops.json |
    cmp -s - "$tmp/one/syscall-ops.d"
ok $? "one script: the file holds #! and the script"
[ "$(ls -l "$tmp/one/syscall-ops.d" | cut -c1-10)" = "-rwxr-xr-x" ]
ok $? "one script: mode 0777 less the umask"
"$bin" --check-d "$tmp/one/syscall-ops.d"
ok $? "one script: the file is D, #! and all"
[ "$(ls -A "$tmp/one")" = "syscall-ops.d" ]
ok $? "one script: nothing else in the directory"

# Per zone: NAME-ZONE.d each; joined, what meta-d prints.
"$bin" -o "$tmp/zones" -z web1 -z web2 examples/node-http.json > "$tmp/paths"
ok $? "per zone: exit status"
printf '%s\n%s\n' "$tmp/zones/node-http-web1.d" "$tmp/zones/node-http-web2.d" |
    cmp -s - "$tmp/paths"
ok $? "per zone: the paths printed"
{ tail -n +2 "$tmp/zones/node-http-web1.d"; printf '%s\n\n' "$sep";
    tail -n +2 "$tmp/zones/node-http-web2.d"; } > "$tmp/joined"
"$bin" -z web1 -z web2 examples/node-http.json | cmp -s - "$tmp/joined"
ok $? "per zone: the files hold the scripts"
[ "$(head -n 1 "$tmp/zones/node-http-web1.d")" = "$bang" ] &&
    [ "$(head -n 1 "$tmp/zones/node-http-web2.d")" = "$bang" ]
ok $? "per zone: each file starts with $bang"

# A file already there is replaced whole.
printf 'old\n' > "$tmp/one/syscall-ops.d"
"$bin" -o "$tmp/one" examples/syscall-ops.json > /dev/null
as_file examples/syscall-ops.json | cmp -s - "$tmp/one/syscall-ops.d"
ok $? "replace: the new script"

# All or nothing: a directory where the second script goes stops meta-d
# before it changes anything, and no temporary file is left.
mkdir -p "$tmp/partial/node-http-web2.d"
printf 'old\n' > "$tmp/partial/node-http-web1.d"
"$bin" -o "$tmp/partial" -z web1 -z web2 examples/node-http.json \
    > "$tmp/out" 2> "$tmp/err"
[ $? -eq 1 ] && [ ! -s "$tmp/out" ] &&
    [ "$(cat "$tmp/partial/node-http-web1.d")" = old ] &&
    [ "$(ls -A "$tmp/partial")" = "$(printf 'node-http-web1.d\nnode-http-web2.d')" ] &&
    grep -q '^meta-d: write ".*/partial/node-http-web2.d": Is a directory' "$tmp/err"
ok $? "all or nothing: $(cat "$tmp/err"); left: $(ls -A "$tmp/partial")"

# A name as long as a name may be: the temporary one is short.
long=$(printf '%0248d' 0 | tr 0 m)
cp examples/syscall-ops.json "$tmp/$long.json"
"$bin" -o "$tmp/long" "$tmp/$long.json" > "$tmp/out" 2> "$tmp/err"
[ $? -eq 0 ] && [ -f "$tmp/long/$long.d" ] && [ "$(ls -A "$tmp/long")" = "$long.d" ]
ok $? "a 250-byte name: $(cat "$tmp/err")"

# A zone given twice is one file, printed once.
"$bin" -o "$tmp/twice" -z web1 -z web1 examples/node-http.json > "$tmp/out"
[ $? -eq 0 ] && [ "$(cat "$tmp/out")" = "$tmp/twice/node-http-web1.d" ] &&
    [ "$(ls -A "$tmp/twice")" = node-http-web1.d ]
ok $? "a zone twice: $(cat "$tmp/out")"

# Paths are printed with control characters escaped.
ctl="$tmp/$(printf 'a\033[1mb\nc')"
"$bin" -o "$ctl" examples/syscall-ops.json > "$tmp/out"
[ $? -eq 0 ] && [ "$(cat "$tmp/out")" = "$tmp/a\033[1mb\012c/syscall-ops.d" ]
ok $? "control characters escaped: $(cat "$tmp/out")"

# A signal while the files are written: every script or none, and no
# temporary file, whenever it comes.  Three scripts of 20 MB each: a few
# tenths of a second to write, after about a second to make them.
awk 'BEGIN { x = "$0"; for (i = 1; i < 10000; i++) x = x "+$0"
	f = "f"; while (length(f) < 2000) f = f f; f = substr(f, 1, 2000)
	printf "{\"fields\": [\"%s\"], \"metad\": {\"usepragmazone\": ", f
	printf "true, \"probedesc\": [{\"probes\": [\"e\"], \"gather\": "
	printf "{\"%s\": {\"gather\": \"1\", \"store\": \"thread\"}}}, ", f
	printf "{\"probes\": [\"r\"], \"aggregate\": {\"default\": "
	printf "\"count()\", \"%s\": \"sum($0)\"}, \"transforms\": ", f
	printf "{\"%s\": \"%s\"}, \"verify\": {\"%s\": \"$0\"}}, ", f, x, f
	printf "{\"probes\": [\"c\"], \"clean\": {\"%s\": \"$0\"}}]}}\n", f
	print f > "'"$tmp"'/field" }' > "$tmp/big.json"

# sigterm DIR WHEN: meta-d -o DIR, sent SIGTERM after WHEN seconds, or
# (WHEN "write") as soon as a temporary script is in DIR (60 s at most).
# Sets st, its status, and mid: 1 if a temporary script was there just
# before the signal.  Then checks all or nothing.
sigterm() {
	"$bin" -o "$1" -n "$(cat "$tmp/field")" -z a -z b -z c \
	    "$tmp/big.json" > /dev/null 2>&1 &
	pid=$!
	mid=0
	if [ "$2" = write ]; then
		n=0
		while [ $mid -eq 0 ] && [ $n -lt 6000 ] &&
		    kill -0 "$pid" 2> /dev/null; do
			for f in "$1"/.meta-d-*.tmp; do
				[ -e "$f" ] && mid=1
			done
			[ $mid -eq 1 ] || sleep 0.01
			n=$((n + 1))
		done
	else
		sleep "$2"
	fi
	kill -TERM "$pid" 2> /dev/null
	wait "$pid" 2> /dev/null
	st=$?
	n=$(ls -A "$1" 2> /dev/null | wc -l)
	# all three scripts, or no directory at all (this run made it)
	[ -z "$(ls -A "$1" 2> /dev/null | grep -v '^big-[abc]\.d$')" ] &&
	    { [ ! -e "$1" ] || [ "$n" -eq 3 ]; }
	ok $? "SIGTERM ${2}: all or nothing: status $st, left: $(ls -A "$1" 2> /dev/null)"
}

# At a time (while the scripts are made, as a rule), then as the scripts
# are written, until a signal is seen to land there: the run ends by it
# and takes back all it did (mid-write, by the temporary script seen,
# and held, since the directory that run made is gone).
signalled=0
for delay in 0.05 0.3; do
	sigterm "$tmp/sig$delay" "$delay"
	[ "$st" -gt 128 ] && signalled=$((signalled + 1))
done
landed=0
tries=0
while [ $landed -eq 0 ] && [ $tries -lt 3 ]; do
	tries=$((tries + 1))
	sigterm "$tmp/sigwrite$tries" write
	[ "$st" -gt 128 ] && signalled=$((signalled + 1))
	[ $mid -eq 1 ] && [ "$st" -eq 143 ] && [ ! -e "$tmp/sigwrite$tries" ] &&
	    landed=1
done
[ $landed -eq 1 ]
ok $? "SIGTERM landed while the scripts were written, in $tries of 3 tries, and all was undone (else the writes were too quick to catch: a disk, not tmpfs, as TMPDIR)"
echo "outdir: as meant: of $((2 + tries)) runs sent SIGTERM, $signalled were stopped by it; $landed of the $tries sent it once a temporary script was there was stopped mid-write and undid all; each left all its scripts or none"

# Errors: nothing on stdout, no file.
"$bin" -o "$tmp/bad" -s nosuchfield examples/syscall-ops.json \
    > "$tmp/out" 2> "$tmp/err"
[ $? -eq 1 ] && [ ! -s "$tmp/out" ] && [ ! -e "$tmp/bad" ]
ok $? "a generation error: no directory, no output"
printf 'x' > "$tmp/file"
"$bin" -o "$tmp/file" examples/syscall-ops.json > "$tmp/out" 2> "$tmp/err"
[ $? -eq 1 ] && [ ! -s "$tmp/out" ] &&
    grep -q "^meta-d: write \".*/file\": Not a directory" \
    "$tmp/err"
ok $? "a file for DIR: status 1 and a message"
# Root writes anywhere: as another user (nobody, when this is root).
mkdir "$tmp/ro"
chmod 755 "$tmp"
chmod 555 "$tmp/ro"
unpriv "$bin" -o "$tmp/ro" -z a -z b examples/node-http.json > "$tmp/out" \
    2> "$tmp/err"
[ $? -eq 1 ] && [ ! -s "$tmp/out" ] && [ -z "$(ls -A "$tmp/ro")" ] &&
    grep -q "Permission denied" "$tmp/err"
ok $? "a directory not writable (as $(unpriv id -un)): status 1, no file"

summary outdir
