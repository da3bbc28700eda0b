#!/bin/sh
#
# mk/deps.sh: what is missing is named with the Debian packages that
# provide it; "check" never installs; "install" runs apt-get as root,
# through sudo for a user who has it, and tells a user with neither the
# command to run.  apt-get and sudo are stand-ins here that record how
# they were called: nothing is installed.  The cases for a user other
# than root run as nobody when this runs as root (unpriv, tests/lib.sh).
#
#	sh tests/deps.sh

. "$(dirname "$0")/lib.sh"
tmp=$(mktemp -d)
mkdir "$tmp/rec"
chmod 755 "$tmp"
chmod 777 "$tmp/rec"	# where the stand-ins write, as nobody too
trap 'rm -rf "$tmp"' EXIT

# A pkg-config that knows cJSON and Check but not Duktape.
cat > "$tmp/pkg-config" <<'SH'
#!/bin/sh
case "$*" in *duktape*) exit 1 ;; esac
exit 0
SH
# apt-get and sudo that record their arguments.
cat > "$tmp/apt-get" <<SH
#!/bin/sh
echo "apt-get \$*" >> "$tmp/rec/calls"
SH
cat > "$tmp/sudo" <<SH
#!/bin/sh
[ "\$1" = -n ] && exit 0
echo "sudo" >> "$tmp/rec/calls"
exec "\$@"
SH
chmod 755 "$tmp/pkg-config" "$tmp/apt-get" "$tmp/sudo"

# A PATH of the tools mk/deps.sh uses, and of no sudo and no apt-get.
mkdir "$tmp/bin" "$tmp/bin-sudo"
for t in sh id tr sed cat env groff as ld; do
	p=$(command -v "$t") && ln -s "$p" "$tmp/bin/$t"
done
ln -s "$tmp/apt-get" "$tmp/bin-sudo/apt-get"
ln -s "$tmp/sudo" "$tmp/bin-sudo/sudo"
cc=$(command -v "${CC:-cc}")
deps=$(pwd)/mk/deps.sh

# What this machine has: nothing missing.
sh mk/deps.sh check build > "$tmp/out" 2>&1
ok $? "check build: all there: $(cat "$tmp/out")"
[ ! -s "$tmp/out" ]
ok $? "check build: all there, and silent"

# Missing: named, with the command, and nothing installed.
PKG_CONFIG=$tmp/pkg-config sh mk/deps.sh check build > /dev/null \
    2> "$tmp/err"
[ $? -eq 1 ] && grep -q '^meta-d: missing: duktape-dev ' "$tmp/err" &&
    grep -q '"make deps" installs them, or run as root: apt-get update && apt-get install -y duktape-dev$' "$tmp/err"
ok $? "check build: Duktape missing: $(cat "$tmp/err")"
CC=/nonexistent/cc sh mk/deps.sh check build 2> "$tmp/err"
[ $? -eq 1 ] && grep -q '^meta-d: missing: gcc libc6-dev ' "$tmp/err"
ok $? "check build: no compiler: gcc and libc6-dev"
CC=false sh mk/deps.sh check build 2> "$tmp/err"
[ $? -eq 1 ] && grep -q '^meta-d: missing: libc6-dev ' "$tmp/err"
ok $? "check build: a compiler that cannot link: libc6-dev"
PKG_CONFIG=/nonexistent sh mk/deps.sh check test 2> "$tmp/err"
[ $? -eq 1 ] && grep -q '^meta-d: missing: pkg-config libcjson-dev duktape-dev check ' "$tmp/err"
ok $? "check test: no pkg-config: $(head -n 1 "$tmp/err")"
PATH=$tmp/bin sh "$deps" check heatmap 2> "$tmp/err"
[ $? -eq 1 ] && grep -q '^meta-d: missing: libxml2-utils chromium python3 ' \
    "$tmp/err"
ok $? "check heatmap: no xmllint, browser or python3: $(head -n 1 "$tmp/err")"
sh mk/deps.sh check everything > /dev/null 2>&1
[ $? -eq 2 ]
ok $? "an unknown set is a usage error"

# install with nothing missing: no apt-get.
PATH=$tmp/bin-sudo:$PATH sh mk/deps.sh install build > /dev/null 2>&1
ok $? "install build: all there"
[ ! -e "$tmp/rec/calls" ]
ok $? "install build: all there: apt-get not run"

# install as root: apt-get itself (and what it did not install is said).
if [ "$(id -u)" = 0 ]; then
	PATH=$tmp/bin-sudo:$PATH PKG_CONFIG=$tmp/pkg-config CC=$cc \
	    sh "$deps" install build > "$tmp/out" 2> "$tmp/err"
	[ $? -eq 1 ] && grep -q 'still missing after apt-get: duktape-dev' "$tmp/err"
	ok $? "install as root: what apt-get left missing is said"
	printf 'apt-get update\napt-get install -y duktape-dev\n' |
	    cmp -s - "$tmp/rec/calls"
	ok $? "install as root: apt-get update, apt-get install, no sudo: $(cat "$tmp/rec/calls")"
	rm -f "$tmp/rec/calls"
fi

# install as a user with sudo: through sudo.
unpriv env PATH="$tmp/bin-sudo:$PATH" PKG_CONFIG="$tmp/pkg-config" \
    CC="$cc" sh "$deps" install build > "$tmp/out" 2> "$tmp/err"
printf 'sudo\napt-get update\nsudo\napt-get install -y duktape-dev\n' |
    cmp -s - "$tmp/rec/calls"
ok $? "install as a user with sudo: apt-get through sudo: $(cat "$tmp/rec/calls" 2>/dev/null)"
rm -f "$tmp/rec/calls"

# install as a user without sudo: told the command, nothing run.
unpriv env PATH="$tmp/bin" PKG_CONFIG="$tmp/pkg-config" CC="$cc" \
    sh "$deps" install build > "$tmp/out" 2> "$tmp/err"
st=$?
[ $st -eq 1 ] && grep -q '^meta-d: missing: duktape-dev (Debian' "$tmp/err"
ok $? "install without apt-get: status 1 and what is missing: $(cat "$tmp/err")"
mkdir "$tmp/bin-apt"
ln -s "$tmp/apt-get" "$tmp/bin-apt/apt-get"
unpriv env PATH="$tmp/bin:$tmp/bin-apt" PKG_CONFIG="$tmp/pkg-config" \
    CC="$cc" sh "$deps" install build > "$tmp/out" 2> "$tmp/err"
[ $? -eq 1 ] && grep -q 'needs root, and there is no sudo: as root, run$' "$tmp/err" &&
    grep -q '^    apt-get update && apt-get install -y duktape-dev$' "$tmp/err" &&
    [ ! -e "$tmp/rec/calls" ]
ok $? "install without root or sudo: the command to run, nothing run: $(cat "$tmp/err")"

summary deps
