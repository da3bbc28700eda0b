#!/bin/sh
#
# meta-d -o DIR: one file per script, named after the metric (and zone),
# holding what meta-d would print; printed paths; no partial or temporary
# file ever left behind.
#
#	sh tests/outdir.sh ./meta-d

. "$(dirname "$0")/lib.sh"
tmp=$(mktemp -d)
trap 'chmod -R u+rwx "$tmp"; rm -rf "$tmp"' EXIT
sep="---------------------------------------------"

# One script: NAME.d, as meta-d prints it; the directory is made.
umask 022
"$bin" -o "$tmp/one" -s execname examples/syscall-ops.json > "$tmp/paths"
ok $? "one script: exit status"
[ "$(cat "$tmp/paths")" = "$tmp/one/syscall-ops.d" ]
ok $? "one script: the path printed"
"$bin" -s execname examples/syscall-ops.json | cmp -s - "$tmp/one/syscall-ops.d"
ok $? "one script: the file holds the script"
[ "$(ls -l "$tmp/one/syscall-ops.d" | cut -c1-10)" = "-rw-r--r--" ]
ok $? "one script: mode 0666 less the umask"
[ "$(ls -A "$tmp/one")" = "syscall-ops.d" ]
ok $? "one script: nothing else in the directory"

# Per zone: NAME-ZONE.d each; joined, what meta-d prints.
"$bin" -o "$tmp/zones" -z web1 -z web2 examples/node-http.json > "$tmp/paths"
ok $? "per zone: exit status"
printf '%s\n%s\n' "$tmp/zones/node-http-web1.d" "$tmp/zones/node-http-web2.d" |
    cmp -s - "$tmp/paths"
ok $? "per zone: the paths printed"
{ cat "$tmp/zones/node-http-web1.d"; printf '%s\n\n' "$sep";
    cat "$tmp/zones/node-http-web2.d"; } > "$tmp/joined"
"$bin" -z web1 -z web2 examples/node-http.json | cmp -s - "$tmp/joined"
ok $? "per zone: the files hold the scripts"

# A file already there is replaced whole.
printf 'old\n' > "$tmp/one/syscall-ops.d"
"$bin" -o "$tmp/one" examples/syscall-ops.json > /dev/null
"$bin" examples/syscall-ops.json | cmp -s - "$tmp/one/syscall-ops.d"
ok $? "replace: the new script"

# Errors: nothing on stdout, no file.
"$bin" -o "$tmp/bad" -s nosuchfield examples/syscall-ops.json \
    > "$tmp/out" 2> "$tmp/err"
[ $? -eq 1 ] && [ ! -s "$tmp/out" ] && [ ! -e "$tmp/bad" ]
ok $? "a generation error: no directory, no output"
printf 'x' > "$tmp/file"
"$bin" -o "$tmp/file" examples/syscall-ops.json > "$tmp/out" 2> "$tmp/err"
[ $? -eq 1 ] && [ ! -s "$tmp/out" ] &&
    grep -q "^meta-d: write \".*/file/syscall-ops.d\": Not a directory" \
    "$tmp/err"
ok $? "a file for DIR: status 1 and a message"
if [ "$(id -u)" -ne 0 ]; then
	mkdir "$tmp/ro"
	chmod 555 "$tmp/ro"
	"$bin" -o "$tmp/ro" -z a -z b examples/node-http.json > "$tmp/out" \
	    2> "$tmp/err"
	[ $? -eq 1 ] && [ ! -s "$tmp/out" ] && [ -z "$(ls -A "$tmp/ro")" ] &&
	    grep -q "Permission denied" "$tmp/err"
	ok $? "a directory not writable: status 1, no file"
else
	echo "outdir: a directory not writable: skipped (running as root)"
fi

summary outdir
