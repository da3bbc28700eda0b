#!/bin/sh
#
# What meta-d needs to build and test, checked, and installed on request.
#
#	sh mk/deps.sh check SET	 say what SET lacks and fail, or succeed
#	sh mk/deps.sh install SET  install what SET lacks (Debian: apt-get)
#
# SET is one of
#	build	 a C compiler that links, pkg-config, cJSON, Duktape
#	test	 build, and Check and groff (make demo, make test)
#	clang	 clang with ASan and UBSan (the sanitizer builds, the fuzzers)
#	valgrind valgrind
#	prometheus promtool, Prometheus and its node exporter, which
#		 tests/prom.sh starts on 127.0.0.1 (make check-run),
#		 python3, which asks them, and jq, which tests/hostile.sh
#		 reads --run's lines with
#	heatmap	 what tests/heatmap.sh checks an SVG with: xmllint
#		 (libxml2-utils), a real browser (chromium, headless) and
#		 python3 (the PNG it renders, decoded with zlib)
#	top	 what tests/top.sh runs meta-d --top in and reads its view
#		 with: tmux (a terminal) and python3
#	bpftrace bpftrace, the second opinion tests/library.sh counts the
#		 Linux metric library's workloads with, and python3
#
# install uses apt-get, through sudo when not root; with neither root nor
# sudo, or without apt-get, it prints the command to run and fails.  A
# plain "make" only checks (make deps, make demo and make test install).
# CC, SAN_CC, VALGRIND and PKG_CONFIG are taken from the environment.

set -u
cc=${CC:-cc}
san_cc=${SAN_CC:-clang}
valgrind=${VALGRIND:-valgrind}
pkgconfig=${PKG_CONFIG:-pkg-config}

# Each check prints the Debian packages that provide what is missing.
lacks_build() {
	if ! command -v "$cc" > /dev/null 2>&1; then
		echo gcc libc6-dev
	elif ! echo 'int main(void){return 0;}' | "$cc" -x c -o /dev/null - \
	    > /dev/null 2>&1; then
		echo libc6-dev
	fi
	command -v "$pkgconfig" > /dev/null 2>&1 || echo pkg-config
	"$pkgconfig" --exists libcjson 2> /dev/null || echo libcjson-dev
	"$pkgconfig" --exists duktape 2> /dev/null || echo duktape-dev
}

lacks_test() {
	lacks_build
	"$pkgconfig" --exists check 2> /dev/null || echo check
	command -v groff > /dev/null 2>&1 || echo groff-base
	command -v pgrep > /dev/null 2>&1 || echo procps
}

lacks_clang() {
	echo 'int main(void){return 0;}' | "$san_cc" \
	    -fsanitize=address,undefined -x c -o /dev/null - \
	    > /dev/null 2>&1 || echo clang libclang-rt-14-dev
}

lacks_valgrind() {
	command -v "$valgrind" > /dev/null 2>&1 || echo valgrind
}

lacks_prometheus() {
	command -v promtool > /dev/null 2>&1 || echo prometheus
	command -v prometheus-node-exporter > /dev/null 2>&1 ||
	    echo prometheus-node-exporter
	command -v python3 > /dev/null 2>&1 || echo python3
	command -v jq > /dev/null 2>&1 || echo jq
}

lacks_heatmap() {
	command -v xmllint > /dev/null 2>&1 || echo libxml2-utils
	command -v chromium > /dev/null 2>&1 || echo chromium
	command -v python3 > /dev/null 2>&1 || echo python3
}

lacks_top() {
	command -v tmux > /dev/null 2>&1 || echo tmux
	command -v python3 > /dev/null 2>&1 || echo python3
}

lacks_bpftrace() {
	command -v bpftrace > /dev/null 2>&1 || echo bpftrace
	command -v python3 > /dev/null 2>&1 || echo python3
}

case ${1-}:${2-} in
check:build | check:test | check:clang | check:valgrind | check:heatmap | \
check:prometheus | check:top | check:bpftrace | install:build | \
install:test | install:clang | install:valgrind | install:heatmap | \
install:prometheus | install:top | install:bpftrace) ;;
*)
	echo "usage: sh mk/deps.sh check|install" \
	    "build|test|clang|valgrind|heatmap|prometheus|top|bpftrace" >&2
	exit 2 ;;
esac

pkgs=$(lacks_"$2" | tr '\n' ' ' | sed 's/ *$//')
[ -z "$pkgs" ] && exit 0

cmd="apt-get update && apt-get install -y $pkgs"
if [ "$1" = check ]; then
	echo "meta-d: missing: $pkgs (Debian's packages)" >&2
	echo "meta-d: \"make deps\" installs them, or run as root: $cmd" >&2
	echo "meta-d: other systems: see the README's Setup" >&2
	exit 1
fi

if ! command -v apt-get > /dev/null 2>&1; then
	echo "meta-d: missing: $pkgs (Debian's names); this system has" \
	    "no apt-get: install them with its package manager (README," \
	    "Setup)" >&2
	exit 1
fi
# Root runs apt-get; a user through sudo, when sudo will let them (without
# a password, or asking for one at a terminal); anyone else is told what
# to run.
tell() {
	echo "meta-d: missing: $pkgs; installing them needs root$1: as" \
	    "root, run" >&2
	echo "    $cmd" >&2
	echo "then this command again." >&2
	exit 1
}
if [ "$(id -u)" = 0 ]; then
	sudo=
elif ! command -v sudo > /dev/null 2>&1; then
	tell ", and there is no sudo"
elif sudo -n true > /dev/null 2>&1 || [ -t 0 ]; then
	sudo=sudo
else
	tell ", and sudo needs a password here"
fi
echo "installing $pkgs"
if ! { $sudo apt-get update &&
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y $pkgs; }; then
	[ -n "$sudo" ] && tell " (sudo apt-get failed)"
	echo "meta-d: apt-get failed; the command was: $cmd" >&2
	exit 1
fi
pkgs=$(lacks_"$2")
if [ -n "$pkgs" ]; then
	echo "meta-d: still missing after apt-get: $pkgs" >&2
	exit 1
fi
