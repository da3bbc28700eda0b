# tests/picture.sh: what tests/heatmap.sh and tests/flame.sh share, to
# source after tests/lib.sh with tmp set: meta-d's picture modes run on
# files, their refusals checked, and headless Chromium.

# pic_tools NAME: xmllint and python3 are there, or NAME says how to get
# them and exits 1
pic_tools() {
	for _t in xmllint python3; do
		if ! command -v "$_t" > /dev/null 2>&1; then
			echo "$1: $_t is missing: \"make deps-heatmap\" (or sh" \
			    "mk/deps.sh install heatmap) installs it"
			exit 1
		fi
	done
}

# pic MODE NAME ARGS...: meta-d MODE ARGS into $tmp/NAME.svg (and .err);
# its status
pic() {
	p_mode=$1
	p_name=$2
	shift 2
	timeout 20 "$bin" "$p_mode" "$@" > "$tmp/$p_name.svg" \
	    2> "$tmp/$p_name.err"
}

# pic_prefixes MODE FILE N STEP: every STEP-th prefix of FILE's line N,
# between the lines around it, refused by meta-d MODE with status 1, line
# N named and nothing on stdout; what was not, in pic_bad ("" if none)
pic_prefixes() {
	pp_line=$(sed -n "$3p" "$2")
	pp_i=1
	pic_bad=
	while [ "$pp_i" -lt "${#pp_line}" ]; do
		{ [ "$3" -eq 1 ] || sed -n "1,$(($3 - 1))p" "$2"; printf '%s' "$pp_line" |
		    cut -c "1-$pp_i"; sed -n "$(($3 + 1))p" "$2"; } \
		    > "$tmp/cut.jsonl"
		pic "$1" cut "$tmp/cut.jsonl"
		pp_st=$?
		if [ "$pp_st" -ne 1 ] || [ -s "$tmp/cut.svg" ] || ! grep -q \
		    "^meta-d: $tmp/cut.jsonl: line $3, column [0-9]*: " \
		    "$tmp/cut.err"; then
			pic_bad="$pic_bad $pp_i(status $pp_st: $(head -c 200 \
			    "$tmp/cut.err"))"
		fi
		pp_i=$((pp_i + $4))
	done
}

# pic_refused MODE LINE MESSAGE-PART: $tmp/bad.jsonl refused so by meta-d
# MODE (status 1, nothing on stdout), said as a test
pic_refused() {
	pic "$1" bad "$tmp/bad.jsonl"
	pr_st=$?
	[ "$pr_st" -eq 1 ] && [ ! -s "$tmp/bad.svg" ] && grep -q \
	    "^meta-d: $tmp/bad.jsonl: line $2[,:].*$3" "$tmp/bad.err"
	ok $? "line $2: $3: status $pr_st: $(cat "$tmp/bad.err")"
}

# chrome OUT ARGS...: headless Chromium, its log into OUT.log
chrome() {
	c_out=$1
	shift
	timeout 90 chromium --headless --no-sandbox --disable-gpu \
	    --disable-quic --no-first-run --disable-background-networking \
	    --disable-component-update --disable-sync --hide-scrollbars \
	    --force-device-scale-factor=1 --user-data-dir="$tmp/profile" \
	    --enable-logging=stderr --v=0 "$@" > "$c_out.out" 2> "$c_out.log"
}

# page_errors LOG: the page's console messages (errors among them)
page_errors() {
	grep -E ':CONSOLE|Uncaught' "$1"
}

# size SVG: "W,H" of the document
size() {
	sed -n 's/^<svg[^>]* width="\([0-9]*\)" height="\([0-9]*\)".*/\1,\2/p' \
	    "$1"
}

# pic_browser NAME: the browser's part can run, else it says why (ok 1,
# or skipped where METAD_NO_BROWSER is set and CI is not), sums up and
# exits
pic_browser() {
	if [ -n "${METAD_NO_BROWSER:-}" ] && [ -z "${CI:-}" ]; then
		echo "$1: the browser's checks skipped: METAD_NO_BROWSER is set"
		summary "$1"
		exit
	fi
	if ! command -v chromium > /dev/null 2>&1; then
		ok 1 "chromium is missing: \"make deps-heatmap\" (or sh" \
		    "mk/deps.sh install heatmap) installs it;" \
		    "METAD_NO_BROWSER=1 skips this part"
		summary "$1"
		exit
	fi
}

# pic_skip NAME WHY...: this machine cannot run NAME (an end-to-end test);
# under CI (CI set), a failure
pic_skip() {
	ps_name=$1
	shift
	if [ -n "${CI:-}" ]; then
		echo "FAIL $ps_name cannot run, and CI is set: $*"
		exit 1
	fi
	echo "$ps_name: skipped: $*"
	exit 0
}

# pic_e2e NAME: root, and the libdtrace --run runs with (mended where it
# must be: tests/dtrace-env.sh) in the environment; else NAME is skipped
# or fails, saying why
pic_e2e() {
	[ "$(id -u)" = 0 ] || pic_skip "$1" "--run needs root (it loads" \
	    "probes into the kernel), and this is uid $(id -u): run make" \
	    "check-run as root"
	. tests/dtrace-env.sh
	if ! dt_find; then
		echo "$1: $dt_why" >&2
		exit 1
	fi
	set -a
	. build/dtrace/env
	set +a
}

# pic_pipe NAME MODE RUN-ARGS...: as the README's recipes, meta-d --run
# RUN-ARGS piped into meta-d MODE, while a workload (a copy of dd named
# mdwork, reading a byte at a time) makes system calls; the lines into
# $tmp/run.jsonl, the picture into $tmp/run.svg.  Checked, as tests:
# --run's status 0 (a meta-d without libdtrace skips NAME), a line an
# interval, MODE's status 0, well-formed XML.  The number of lines in n.
pic_pipe() {
	pp_name=$1
	pp_mode=$2
	shift 2
	cp "$(command -v dd)" "$tmp/mdwork"
	(while :; do "$tmp/mdwork" if=/dev/zero of=/dev/null bs=1 \
	    count=20000 2> /dev/null; done) &
	wl=$!
	{ timeout 300 "$bin" --run "$@" 2> "$tmp/run.err"; echo $? \
	    > "$tmp/run.status"; } | tee "$tmp/run.jsonl" |
	    timeout 300 "$bin" "$pp_mode" > "$tmp/run.svg" 2> "$tmp/pic.err"
	pp_pic=$?
	kill "$wl" 2> /dev/null
	wl=
	pp_run=$(cat "$tmp/run.status")
	if [ "$pp_run" -eq 2 ] && grep -qi 'libdtrace' "$tmp/run.err"; then
		pic_skip "$pp_name" "this meta-d was built without libdtrace:" \
		    "$(head -n 1 "$tmp/run.err") (as root, run" \
		    "../shared/dtrace/setup, then make again; or" \
		    "DTRACE_PREFIX=DIR names a libdtrace)"
	fi
	[ "$pp_run" -eq 0 ]
	ok $? "--run $*: status $pp_run: $(head -n 3 "$tmp/run.err")"
	n=$(grep -c . "$tmp/run.jsonl")
	[ "$n" -ge 3 ]
	ok $? "--run printed a line an interval: $n"
	[ "$pp_pic" -eq 0 ] && [ -s "$tmp/run.svg" ]
	ok $? "$pp_mode drew them: status $pp_pic: $(cat "$tmp/pic.err")"
	xmllint --noout "$tmp/run.svg"
	ok $? "the SVG is well-formed XML (xmllint)"
}
