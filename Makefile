# meta-d: generate DTrace D scripts from Meta-D metric descriptions.
#
#   make            build meta-d and the library (installs nothing: says
#                   what is missing)
#   make deps       install what building and testing need (Debian)
#   make demo       print a D script for an example metric
#   make test       unit tests (Check) and golden tests of the command line
#   make check      everything CI runs but the conformance cases
#   make SANITIZE=1 [TARGET]  the same, built with AddressSanitizer and
#                   UndefinedBehaviorSanitizer (make check-sanitize: with
#                   clang, under build/sanitize)
#   make check-valgrind   the golden tests under valgrind
#   make check-dtrace     every example's scripts compiled by the real
#                   compiler (--compile), and the Linux examples traced for
#                   real (DTRACE=)
#   make check-run  meta-d --run traced for real, as root
#   make check-library    the Linux metric library traced for real against
#                   workloads, beside bpftrace (SUBJECTS=tcp: one subject)
#   make check-ddiff      meta-d's D checker against a real dtrace, on valid
#                   D broken on purpose (DDIFF_PER= mutants per seed)
#   make install    PREFIX=/usr/local DESTDIR=
#
# make demo, make test and the check-* targets install what is missing on
# Debian (apt-get) first; mk/deps.sh says how.
# GNU make; on the BSDs and illumos run gmake.

# The goal of a plain make, whatever rule comes first below.
.DEFAULT_GOAL := all

PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
LIBDIR ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
MANDIR ?= $(PREFIX)/share/man
DATADIR ?= $(PREFIX)/share
EXAMPLESDIR ?= $(DATADIR)/meta-d/examples
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig

VERSION := $(shell sed -n 's/^\#define[[:space:]]*MD_VERSION[[:space:]]*"\(.*\)"/\1/p' \
	include/metad.h)
SOVERSION = 2

# The shared library, named as each system's linker expects.
UNAME_S := $(shell uname -s)
ifeq ($(UNAME_S),Darwin)
SHLIB = libmetad.$(SOVERSION).dylib
SHLIB_DEV = libmetad.dylib
SHLIB_FLAGS = -dynamiclib -install_name $(LIBDIR)/$(SHLIB) \
	-compatibility_version $(SOVERSION) -current_version $(VERSION)
else ifeq ($(UNAME_S),SunOS)
SHLIB = libmetad.so.$(SOVERSION)
SHLIB_DEV = libmetad.so
SHLIB_FLAGS = -shared -Wl,-h,$(SHLIB)
else
SHLIB = libmetad.so.$(SOVERSION)
SHLIB_DEV = libmetad.so
SHLIB_FLAGS = -shared -Wl,-soname,$(SHLIB)
endif

CC ?= cc
AR ?= ar
PKG_CONFIG ?= pkg-config
VALGRIND ?= valgrind
# The dtrace of make check-dtrace; empty: dtrace on PATH, else
# ../shared/dtrace/dtrace (see tests/dtrace-env.sh).
DTRACE ?=

CFLAGS ?= -O2 -g
override CFLAGS += -std=c99 -D_XOPEN_SOURCE=700 \
	-Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
	-Wformat=2 -Iinclude

# make SANITIZE=1: meta-d, the library and the unit tests built with
# AddressSanitizer and UndefinedBehaviorSanitizer (any report ends the
# program), for every target (make SANITIZE=1 test); the CC's own (gcc's
# libasan and libubsan, or clang's).  What the objects were made with is
# kept in a stamp, so that the next make without it makes them again.
SANITIZE ?=
ifeq ($(SANITIZE),1)
override CFLAGS += -fsanitize=address,undefined -fno-sanitize-recover=all \
	-fno-omit-frame-pointer
# gcc links its runtimes as shared libraries unless told: then libdtrace,
# opened from the runtime's dlopen(), is not looked for in meta-d's run
# path, and a preloaded library comes before the runtime (clang links
# them into the program already).
ifeq ($(shell $(CC) -dM -E - < /dev/null 2> /dev/null | grep -c __clang__),0)
override CFLAGS += -static-libasan -static-libubsan
endif
else ifneq ($(SANITIZE),)
$(error SANITIZE=$(SANITIZE): give SANITIZE=1, or nothing)
endif
FLAGS_STAMP = build/flags
FLAGS_STAMPED := $(shell mkdir -p build && { [ -f $(FLAGS_STAMP) ] && \
	[ "$$(cat $(FLAGS_STAMP))" = 'SANITIZE=$(SANITIZE) CC=$(CC)' ] || \
	echo 'SANITIZE=$(SANITIZE) CC=$(CC)' > $(FLAGS_STAMP); })

# Evaluated when used, so that they see packages "make deps" installed.
CJSON_CFLAGS = $(shell $(PKG_CONFIG) --cflags libcjson)
CJSON_LIBS = $(shell $(PKG_CONFIG) --libs libcjson)
DUK_CFLAGS = $(shell $(PKG_CONFIG) --cflags duktape)
DUK_LIBS = $(shell $(PKG_CONFIG) --libs duktape) -lm
CHECK_CFLAGS = $(shell $(PKG_CONFIG) --cflags check)
CHECK_LIBS = $(shell $(PKG_CONFIG) --libs check)

# Variant builds live under build/NAME, with clang: sanitize (ASan, UBSan)
# and failalloc (sanitize, and allocations that fail on demand).
SAN_CC ?= clang
SAN_FLAGS = -fsanitize=address,undefined -fno-sanitize-recover=all \
	-fno-omit-frame-pointer
FA_FLAGS = $(SAN_FLAGS) -include tests/failalloc.h

# The library, by stage (GUIDE.md, "Sources"), each using only those
# before it: small utilities; the D language; the metric and its JSON;
# generating D; values and pictures.
LIB_UTIL = utf8 error buf where arena hash sort suggest number unit
LIB_D = dlex dtab dpragma dparse option dcheck
LIB_METRIC = jsondoc jsonlint rules load metric about pieces pred
LIB_GEN = kind resolve plan request emit result gen checkall
LIB_VALUES = quant key tuple delta interval prom linescan hmsvg hmdoc heatmap \
	flamesvg flame \
	top topview
LIB_SRCS = $(patsubst %,src/lib/util/md_%.c,$(LIB_UTIL)) \
	$(patsubst %,src/lib/d/md_%.c,$(LIB_D)) \
	$(patsubst %,src/lib/metric/md_%.c,$(LIB_METRIC)) \
	$(patsubst %,src/lib/gen/md_%.c,$(LIB_GEN)) \
	$(patsubst %,src/lib/values/md_%.c,$(LIB_VALUES))
LIB_OBJS = $(LIB_SRCS:.c=.o)
# dtrace.h uses caddr_t, which glibc declares only outside strict POSIX.
ifeq ($(UNAME_S),Linux)
DT_SYSDEFS = -D_DEFAULT_SOURCE
DL_LIBS = -ldl		# dlopen(): in libc since glibc 2.34, not before
endif

# libdtrace, for --run and --compile: optional.  DTRACE_PREFIX names
# where its include/dtrace.h and lib64/ or lib/libdtrace.so are; unset:
# the system's, then ../shared/dtrace/usr; "none": build without it
# (mk/dtrace.sh finds it, by compiling a program against it).
DTRACE_PREFIX ?=
DT_FOUND := $(shell sh mk/dtrace.sh '$(DTRACE_PREFIX)' '$(CC)')
ifneq ($(DT_FOUND),)
DT_PREFIX := $(word 1,$(DT_FOUND))
DT_LIBDIR := $(word 2,$(DT_FOUND))
DT_NAME := $(word 3,$(DT_FOUND))
DT_CFLAGS = -isystem $(DT_PREFIX)/include \
	-DMD_DTRACE_SYSLIBDIR='"$(DT_LIBDIR)/dtrace"' \
	-DMD_DTRACE_LIB='"$(DT_NAME)"' $(DT_SYSDEFS)
# Not linked: cli_dtrace.c opens it (dlopen) when --run or --compile
# first needs it, by its name, found where the build found it (the run
# path) unless LD_LIBRARY_PATH names another.  cli_bpfmaps.c reads
# Oracle's aggregation maps for it (empty in the illumos dialect).
DT_LIBS = -Wl,-rpath,$(DT_LIBDIR) $(DL_LIBS)
DT_SRC = src/cli/dtrace/cli_dtrace.c src/cli/dtrace/cli_bpfmaps.c
else
DT_CFLAGS =
DT_LIBS =
DT_SRC = src/cli/dtrace/cli_nodtrace.c
endif

# What was found, kept in a file rewritten only when it changes: the
# dialect file is made again when it does, and so every meta-d is linked
# again (a libdtrace that comes or goes, or moves, is never missed by a
# meta-d made before).
DT_STAMP = build/dtrace-found
DT_STAMPED := $(shell mkdir -p build && { [ -f $(DT_STAMP) ] && \
	[ "$$(cat $(DT_STAMP))" = '$(DT_FOUND)' ] || \
	echo '$(DT_FOUND)' > $(DT_STAMP); })
DT_OBJS = $(foreach d,src build/sanitize/src build/failalloc/src \
	build/fuzz/src,$(addprefix $(d)/cli/dtrace/,cli_dtrace.o \
	cli_bpfmaps.o cli_nodtrace.o))
$(DT_OBJS): $(DT_STAMP)

# Only the dialect file and its reader of the maps see libdtrace's headers.
$(filter %/cli_dtrace.o %/cli_bpfmaps.o,$(DT_OBJS)): \
    OBJ_CFLAGS = $(DT_CFLAGS)

CLI_OBJS = $(patsubst %,src/cli/%.o,main cli_modes cli_io cli_gen cli_outdir \
	cli_check cli_info cli_safedir cli_child cli_sandbox cli_js cli_find \
	cli_pred cli_run cli_top cli_prom cli_compile cli_heatmap cli_live cli_flame \
	cli_traceable) $(DT_SRC:.c=.o)
TEST_SRCS = tests/check_main.c tests/check_utf8.c tests/check_buf.c \
	tests/check_path.c tests/check_arena.c tests/check_hash.c \
	tests/check_error.c tests/check_json.c \
	tests/check_number.c tests/check_unit.c tests/check_about.c \
	tests/check_pred.c tests/check_metric.c tests/check_resolve.c \
	tests/check_plan.c tests/check_emit.c tests/check_gen.c \
	tests/check_option.c tests/check_request.c tests/check_dlex.c \
	tests/check_kind.c \
	tests/check_dtab.c tests/check_dparse.c tests/check_dcheck.c \
	tests/check_suggest.c tests/check_quant.c tests/check_sort.c \
	tests/check_tuple.c tests/check_values.c \
	tests/check_prom.c tests/check_heatmap.c tests/check_top.c \
	tests/check_flame.c
TEST_OBJS = $(TEST_SRCS:.c=.o)
HDRS = include/metad.h src/lib/md_impl.h src/lib/metric/md_rules.h src/cli/cli.h
# Each object depends on the headers its source includes: the compiler
# writes them into OBJECT.dep (-MMD; -MP: a header removed is no error),
# read at the end of this file.
DEPFLAGS = -MMD -MP -MF $(@:.o=.dep)
# Objects made before there were .dep files know no header: made once
# more, after this stamp.
DEPSTAMP = build/deps-v1

DEMO_ARGS = -s execname -n latency examples/syscall-ops.json

.PHONY: all deps need need-test deps-clang deps-valgrind deps-heatmap deps-prometheus deps-top deps-bpftrace demo test unit layout golden faults outdir find js hostname bounds hardening traceable deps-test \
	heatmap heatmap-e2e flame flame-e2e \
	install-test \
	check-sanitize check-failalloc check-valgrind check-dtrace dtrace-quick \
	check-run check-library check-nodtrace \
	check-ddiff check print-checks print-srcs dtrace-setup \
	fuzz fuzz-run fuzz-corpus bench \
	install uninstall clean

all: meta-d libmetad.a $(SHLIB) metad.pc
ifeq ($(DT_FOUND),)
	@echo 'make: $(DT_NOTE)'
endif

# The last word of a make that found no libdtrace: said once, at the end
# (mk/dtrace.sh found none, or DTRACE_PREFIX=none asked for none).
DT_NOTE = meta-d is built without libdtrace ($(if $(filter none,$(DTRACE_PREFIX)),DTRACE_PREFIX=none,none found in $(or $(DTRACE_PREFIX),/usr or /usr/local))): --run and --compile will not work; GUIDE.md, "Getting libdtrace", says how to get one, and DTRACE_PREFIX=DIR names where it is

# What is missing to build and test (mk/deps.sh): "make deps" installs it
# (apt-get, through sudo when not root); a plain "make" only checks, and
# says what to install.  make demo, make test and the check-* targets
# install what they need first.
DEPS_ENV = CC='$(CC)' SAN_CC='$(SAN_CC)' VALGRIND='$(VALGRIND)' \
	PKG_CONFIG='$(PKG_CONFIG)'

deps:
	@$(DEPS_ENV) sh mk/deps.sh install test

need:
	@$(DEPS_ENV) sh mk/deps.sh check build

need-test:
	@$(DEPS_ENV) sh mk/deps.sh check test

deps-clang: deps
	@$(DEPS_ENV) sh mk/deps.sh install clang

deps-valgrind:
	@$(DEPS_ENV) sh mk/deps.sh install valgrind

# What tests/heatmap.sh checks an SVG with: xmllint, chromium, python3.
deps-heatmap: deps
	@$(DEPS_ENV) sh mk/deps.sh install heatmap

deps-prometheus: deps
	@$(DEPS_ENV) sh mk/deps.sh install prometheus

# What tests/top.sh runs meta-d --top in: tmux, and python3.
deps-top: deps
	@$(DEPS_ENV) sh mk/deps.sh install top

# The second opinion tests/library.sh counts workloads with: bpftrace.
deps-bpftrace: deps
	@$(DEPS_ENV) sh mk/deps.sh install bpftrace

$(LIB_OBJS) $(CLI_OBJS): $(DEPSTAMP) $(FLAGS_STAMP) | need
$(TEST_OBJS): $(DEPSTAMP) $(FLAGS_STAMP) | need-test
$(DEPSTAMP):
	@mkdir -p $(@D)
	@touch $@

# Library objects serve the static and the shared library: PIC, and
# exporting only what metad.h marks MD_API.
$(LIB_OBJS): src/%.o: src/%.c
	$(CC) $(CFLAGS) $(DEPFLAGS) -Isrc/lib -fPIC -fvisibility=hidden \
	    $(CJSON_CFLAGS) \
	    -c -o $@ $<

src/%.o: src/%.c
	$(CC) $(CFLAGS) $(DEPFLAGS) -Isrc/cli $(CJSON_CFLAGS) $(DUK_CFLAGS) \
	    $(OBJ_CFLAGS) \
	    -c -o $@ $<

# Where meta-d looks for metrics by name: the installed examples.  The
# object is made again when the directory changes (make install PREFIX=).
src/cli/cli_find.o: src/cli/cli_find.c build/examplesdir
	$(CC) $(CFLAGS) $(DEPFLAGS) -Isrc/cli -DMD_EXAMPLES_DIR='"$(EXAMPLESDIR)"' -c -o $@ \
	    src/cli/cli_find.c

build/examplesdir: FORCE
	@mkdir -p build
	@echo '$(EXAMPLESDIR)' | cmp -s - $@ || echo '$(EXAMPLESDIR)' > $@

FORCE:

tests/%.o: tests/%.c
	$(CC) $(CFLAGS) $(DEPFLAGS) -Isrc/lib $(CJSON_CFLAGS) $(CHECK_CFLAGS) \
	    -c -o $@ $<

libmetad.a: $(LIB_OBJS)
	rm -f $@
	$(AR) rcs $@ $(LIB_OBJS)

$(SHLIB): $(LIB_OBJS)
	$(CC) $(CFLAGS) $(LDFLAGS) $(SHLIB_FLAGS) -o $@ $(LIB_OBJS) \
	    $(CJSON_LIBS) -lm

metad.pc: metad.pc.in include/metad.h
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@LIBDIR@|$(LIBDIR)|' \
	    -e 's|@INCLUDEDIR@|$(INCLUDEDIR)|' -e 's|@VERSION@|$(VERSION)|' \
	    metad.pc.in > $@


meta-d: $(CLI_OBJS) libmetad.a
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(CLI_OBJS) libmetad.a $(CJSON_LIBS) \
	    $(DUK_LIBS) $(DT_LIBS)

# tests/js.sh's second meta-d: this one but for the JavaScript child's
# limit in all, JSTEST_WALL_MS ms instead of 30 s (cli_sandbox.c), so that
# the case that waits it out is short.  Made here only: no option or
# environment variable changes the limit of a meta-d.
JSTEST_WALL_MS = 3000
build/jstest/src/cli/cli_sandbox.o: src/cli/cli_sandbox.c $(DEPSTAMP) \
    $(FLAGS_STAMP) | need
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(DEPFLAGS) -Isrc/cli -DMD_SB_WALL_MS=$(JSTEST_WALL_MS) \
	    -c -o $@ src/cli/cli_sandbox.c

build/jstest/meta-d: $(filter-out src/cli/cli_sandbox.o,$(CLI_OBJS)) \
    build/jstest/src/cli/cli_sandbox.o libmetad.a
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(filter-out \
	    src/cli/cli_sandbox.o,$(CLI_OBJS)) build/jstest/src/cli/cli_sandbox.o \
	    libmetad.a $(CJSON_LIBS) $(DUK_LIBS) $(DT_LIBS)

tests/unit: $(TEST_OBJS) libmetad.a
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(TEST_OBJS) libmetad.a \
	    $(CJSON_LIBS) $(CHECK_LIBS)

CLI_SRCS = $(CLI_OBJS:.o=.c)

# The variant builds compile the library, the command line and the tests
# with one rule: each part's headers.
VARIANT_INC = -Isrc/lib -Isrc/cli

build/sanitize/%.o: %.c $(DEPSTAMP) | deps-clang
	@mkdir -p $(@D)
	$(SAN_CC) $(CFLAGS) $(DEPFLAGS) $(VARIANT_INC) $(SAN_FLAGS) $(CJSON_CFLAGS) $(DUK_CFLAGS) \
	    $(OBJ_CFLAGS) $(CHECK_CFLAGS) -c -o $@ $<

build/sanitize/meta-d: $(addprefix build/sanitize/,$(CLI_SRCS:.c=.o) \
    $(LIB_OBJS))
	$(SAN_CC) $(CFLAGS) $(SAN_FLAGS) -o $@ $^ $(CJSON_LIBS) $(DUK_LIBS) \
	    $(DT_LIBS)

build/sanitize/unit: $(addprefix build/sanitize/,$(TEST_OBJS) $(LIB_OBJS))
	$(SAN_CC) $(CFLAGS) $(SAN_FLAGS) -o $@ $^ $(CJSON_LIBS) $(CHECK_LIBS)

build/failalloc/%.o: %.c $(DEPSTAMP) | deps-clang
	@mkdir -p $(@D)
	$(SAN_CC) $(CFLAGS) $(DEPFLAGS) $(VARIANT_INC) $(FA_FLAGS) $(CJSON_CFLAGS) $(DUK_CFLAGS) \
	    $(OBJ_CFLAGS) -c -o $@ $<

build/failalloc/meta-d: $(addprefix build/failalloc/,$(CLI_SRCS:.c=.o) \
    $(LIB_OBJS) tests/failalloc.o)
	$(SAN_CC) $(CFLAGS) $(SAN_FLAGS) -o $@ $^ $(CJSON_LIBS) $(DUK_LIBS) \
	    $(DT_LIBS)

# The whole test suite under ASan and UBSan; any report fails it.
check-sanitize: build/sanitize/meta-d build/sanitize/unit deps-heatmap
	ASAN_OPTIONS=detect_leaks=1:exitcode=99 \
	UBSAN_OPTIONS=halt_on_error=1:exitcode=98:print_stacktrace=1 \
	    sh -c './build/sanitize/unit && \
	    sh tests/golden.sh build/sanitize/meta-d && \
	    sh tests/faults.sh build/sanitize/meta-d && \
	    sh tests/outdir.sh build/sanitize/meta-d && \
	    sh tests/find.sh build/sanitize/meta-d && \
	    sh tests/hostname.sh build/sanitize/meta-d && \
	    sh tests/hardening.sh build/sanitize/meta-d && \
	    sh tests/heatmap.sh build/sanitize/meta-d && \
	    sh tests/flame.sh build/sanitize/meta-d && \
	    sh tests/js.sh build/sanitize/meta-d'

check-failalloc: build/failalloc/meta-d
	sh tests/failalloc.sh build/failalloc/meta-d

# libFuzzer harnesses (fuzz/), with ASan and UBSan.
FUZZ_CFLAGS = -O1 -fsanitize=fuzzer-no-link,address,undefined \
	-fno-sanitize-recover=all -fno-omit-frame-pointer
FUZZ_LDFLAGS = -fsanitize=fuzzer,address,undefined
FUZZERS = build/fuzz/fuzz_metric build/fuzz/fuzz_pred build/fuzz/fuzz_cli \
	build/fuzz/fuzz_json build/fuzz/fuzz_dparse build/fuzz/fuzz_observe \
	build/fuzz/fuzz_heatmap build/fuzz/fuzz_flame
FUZZ_LIB = $(addprefix build/fuzz/,$(LIB_OBJS) fuzz/fuzz_check.o)
FUZZ_TIME ?= 60

build/fuzz/%.o: %.c $(DEPSTAMP) | deps-clang
	@mkdir -p $(@D)
	$(SAN_CC) $(CFLAGS) $(DEPFLAGS) $(VARIANT_INC) $(FUZZ_CFLAGS) -Ifuzz \
	    -DFUZZ_ROOT='"$(CURDIR)"' \
	    $(CJSON_CFLAGS) $(DUK_CFLAGS) $(OBJ_CFLAGS) -c -o $@ $<

build/fuzz/fuzz_metric: build/fuzz/fuzz/fuzz_metric.o $(FUZZ_LIB)
	$(SAN_CC) $(CFLAGS) $(FUZZ_LDFLAGS) -o $@ $^ $(CJSON_LIBS)

build/fuzz/fuzz_pred: build/fuzz/fuzz/fuzz_pred.o $(FUZZ_LIB)
	$(SAN_CC) $(CFLAGS) $(FUZZ_LDFLAGS) -o $@ $^ $(CJSON_LIBS)

build/fuzz/fuzz_json: build/fuzz/fuzz/fuzz_json.o $(FUZZ_LIB)
	$(SAN_CC) $(CFLAGS) $(FUZZ_LDFLAGS) -o $@ $^ $(CJSON_LIBS)

build/fuzz/fuzz_dparse: build/fuzz/fuzz/fuzz_dparse.o $(FUZZ_LIB)
	$(SAN_CC) $(CFLAGS) $(FUZZ_LDFLAGS) -o $@ $^ $(CJSON_LIBS)

build/fuzz/fuzz_observe: build/fuzz/fuzz/fuzz_observe.o $(FUZZ_LIB)
	$(SAN_CC) $(CFLAGS) $(FUZZ_LDFLAGS) -o $@ $^ $(CJSON_LIBS)

build/fuzz/fuzz_heatmap: build/fuzz/fuzz/fuzz_heatmap.o $(FUZZ_LIB)
	$(SAN_CC) $(CFLAGS) $(FUZZ_LDFLAGS) -o $@ $^ $(CJSON_LIBS)

build/fuzz/fuzz_flame: build/fuzz/fuzz/fuzz_flame.o $(FUZZ_LIB)
	$(SAN_CC) $(CFLAGS) $(FUZZ_LDFLAGS) -o $@ $^ $(CJSON_LIBS)

build/fuzz/fuzz_cli: build/fuzz/fuzz/fuzz_cli.o \
    $(addprefix build/fuzz/,$(filter-out src/cli/main.o,$(CLI_OBJS))) $(FUZZ_LIB)
	$(SAN_CC) $(CFLAGS) $(FUZZ_LDFLAGS) -o $@ $^ $(CJSON_LIBS) $(DUK_LIBS) \
	    $(DT_LIBS)

# Build the fuzzers and their seed corpora; fuzz-run runs each for
# FUZZ_TIME seconds (see TESTING.md).
fuzz: $(FUZZERS)
	sh fuzz/seeds.sh

fuzz-run: fuzz
	sh fuzz/run.sh $(FUZZ_TIME)

# Every fuzzer once over its seeds and its corpus so far, no mutation:
# what was found once stays fixed (CI runs this).
fuzz-corpus: fuzz
	sh fuzz/run.sh -replay

# make bench: what a script costs, against targets (bench/results.md).
BENCH_RUNS ?= 200

# libmetad again, every allocation counted (bench/memcount.h).
build/bench/%.o: %.c $(DEPSTAMP) | need
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(DEPFLAGS) -Isrc/lib -include bench/memcount.h \
	    $(CJSON_CFLAGS) \
	    -c -o $@ $<

bench/bench: bench/bench.c bench/memcount.c include/metad.h \
    $(addprefix build/bench/,$(LIB_OBJS))
	$(CC) $(CFLAGS) $(CJSON_CFLAGS) -o $@ bench/bench.c bench/memcount.c \
	    $(addprefix build/bench/,$(LIB_OBJS)) $(CJSON_LIBS) -lm

bench: meta-d bench/bench deps-valgrind
	sh bench/run.sh $(BENCH_RUNS)

demo: deps
	@$(MAKE) --no-print-directory meta-d
	./meta-d $(DEMO_ARGS)

# make test: what is missing first, then these.
TESTS = unit layout golden faults outdir find js hostname bounds hardening \
	deps-test heatmap flame install-test dtrace-quick traceable

test: deps-heatmap
	@$(MAKE) --no-print-directory $(TESTS)

unit: tests/unit
	./tests/unit

golden: meta-d
	sh tests/golden.sh ./meta-d

faults: meta-d
	sh tests/faults.sh ./meta-d

outdir: meta-d
	sh tests/outdir.sh ./meta-d

find: meta-d
	sh tests/find.sh ./meta-d

deps-test:
	sh tests/deps.sh

layout: all
	sh tests/layout.sh

js: meta-d build/jstest/meta-d
	sh tests/js.sh ./meta-d build/jstest/meta-d $(JSTEST_WALL_MS)

hostname: meta-d
	sh tests/hostname.sh ./meta-d

hardening: meta-d
	sh tests/hardening.sh ./meta-d

# What the modes that trace ask first, as a user who is not root.
traceable: meta-d
	sh tests/traceable.sh ./meta-d

bounds: meta-d
	sh tests/bounds.sh ./meta-d

# --heatmap's SVG read by xmllint and drawn by a real browser.
heatmap: meta-d deps-heatmap
	sh tests/heatmap.sh ./meta-d

# --flamegraph's SVG read by xmllint and drawn by a real browser.
flame: meta-d deps-heatmap
	sh tests/flame.sh ./meta-d

# --run's kernel stacks piped into --flamegraph, as root with a real
# dtrace (CI, in check-run).
flame-e2e: meta-d deps-heatmap
	sh tests/flame-e2e.sh ./meta-d

# --run piped into --heatmap, as root with a real dtrace (CI, once --run
# exists): skips, saying why, where --run cannot run.
heatmap-e2e: meta-d deps-heatmap
	sh tests/heatmap-e2e.sh ./meta-d

install-test: all
	sh tests/install.sh $(MAKE)

# --compile's verdicts against the dtrace command's on three requests, or
# a line saying why there is no dtrace to use (make test).
dtrace-quick: meta-d
	DTRACE='$(DTRACE)' sh tests/dtrace.sh -q ./meta-d

# Every script of every example compiled by the real compiler (meta-d
# --check --compile), its verdicts compared with the dtrace command's on a
# sample, then each Linux example traced for real; fails without a dtrace
# that works.
check-dtrace: meta-d
	DTRACE='$(DTRACE)' sh tests/compile.sh ./meta-d
	DTRACE='$(DTRACE)' sh tests/dtrace.sh ./meta-d
	DTRACE='$(DTRACE)' sh tests/dtrace-run.sh ./meta-d

# meta-d --run with the real libdtrace, as root (tests/run.sh): values,
# exactness, drops, errors, signals; then again under the sanitizers; its
# lines into --heatmap and --flamegraph; its --prometheus file served by a node exporter to
# a Prometheus server, both started on 127.0.0.1 (tests/prom.sh); --top
# on a terminal (tmux) and appended, against --run (tests/top.sh); user
# and kernel stacks of a program of known stacks, named, and drawn by
# --flamegraph (tests/stacks.sh).
check-run: meta-d build/sanitize/meta-d deps-heatmap deps-prometheus deps-top
	DTRACE='$(DTRACE)' sh tests/run.sh ./meta-d
	DTRACE='$(DTRACE)' SAN=1 SAN_CC='$(SAN_CC)' sh tests/run.sh build/sanitize/meta-d
	DTRACE='$(DTRACE)' sh tests/heatmap-e2e.sh ./meta-d
	DTRACE='$(DTRACE)' sh tests/flame-e2e.sh ./meta-d
	DTRACE='$(DTRACE)' sh tests/prom.sh ./meta-d
	DTRACE='$(DTRACE)' sh tests/hostile.sh ./meta-d
	DTRACE='$(DTRACE)' sh tests/top.sh ./meta-d
	DTRACE='$(DTRACE)' sh tests/stacks.sh ./meta-d

# The Linux metric library (examples/linux) traced for real, as root: each
# metric against a workload the test makes (tests/library/SUBJECT.sh),
# its values held to what the workload decides and to bpftrace's counts
# of the same events; --run, --top, --prometheus and --heatmap on one
# metric of each subject.  SUBJECTS=tcp runs one subject's.
check-library: meta-d deps-heatmap deps-prometheus deps-top deps-bpftrace
	DTRACE='$(DTRACE)' sh tests/library.sh ./meta-d $(SUBJECTS)

# A meta-d built without libdtrace (a copy of the sources, made with
# DTRACE_PREFIX=none): --run says so, status 2, and everything else works.
check-nodtrace:
	sh tests/nodtrace.sh '$(MAKE)'

# The D checker and a real dtrace judge the same broken D (TESTING.md).
DDIFF_PER ?= 10
tests/dmutate: tests/dmutate.c libmetad.a $(HDRS)
	$(CC) $(CFLAGS) -Isrc/lib $(CJSON_CFLAGS) -o $@ tests/dmutate.c libmetad.a \
	    $(CJSON_LIBS)

tests/dcases: tests/dcases.c tests/drefused.h
	$(CC) $(CFLAGS) -o $@ tests/dcases.c

check-ddiff: meta-d tests/dmutate tests/dcases
	DTRACE='$(DTRACE)' sh tests/ddiff.sh ./meta-d $(DDIFF_PER)

# Everything CI runs but the specification's conformance cases, in the
# same order (.ci/run): the suites, the sanitizers, valgrind, allocation
# failures, the real dtrace (its setup first, where ../shared has one),
# the D checker against it (3 mutants a seed), the fuzzers' corpora.
CHECKS = test check-sanitize check-valgrind check-failalloc dtrace-setup \
	check-nodtrace check-dtrace check-run check-library check-ddiff \
	fuzz-corpus

print-checks:
	@echo $(CHECKS)

# The sources meta-d is made of, with the dialect file of this build.
print-srcs:
	@echo $(LIB_SRCS) $(CLI_SRCS)

check:
	@for t in $(CHECKS); do \
		$(MAKE) --no-print-directory $$t DDIFF_PER=3 || exit 1; \
	done

# ../shared/dtrace's setup (root, once per machine).  Its own last step, a
# compile test, fails where the copy has its library links made into
# files; check-dtrace copes with that (tests/dtrace-env.sh), and fails if
# dtrace cannot work.
dtrace-setup:
	@if [ -x ../shared/dtrace/setup ]; then \
		../shared/dtrace/setup || echo "dtrace-setup: ../shared/dtrace/setup" \
		    "failed; make check-dtrace will say whether dtrace works"; \
	else \
		echo "dtrace-setup: no ../shared/dtrace/setup"; \
	fi

# Every golden case under valgrind, as many at a time as there are CPUs.
JOBS ?= $(shell getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)

# The JavaScript child ends with _exit() once it has replied, leaving what
# the parent allocated before the fork: valgrind judges the parent only
# (the child's memory errors are ASan's, in check-sanitize).
check-valgrind: meta-d deps-valgrind
	VALGRIND="$(VALGRIND) -q --error-exitcode=99 --leak-check=full \
	    --errors-for-leak-kinds=all --show-leak-kinds=all \
	    --child-silent-after-fork=yes" \
	    JOBS=$(JOBS) sh tests/golden.sh ./meta-d

# The example metrics, installed where meta-d looks for metrics by name.
EXAMPLES = examples/fs-ops.json examples/fs-ops.js examples/node-http.json \
	examples/node-http.js examples/syscall-ops.json examples/syscall-ops.js
LINUX_EXAMPLES = examples/linux/io.json examples/linux/io.js \
	examples/linux/offcpu.json examples/linux/proc.json \
	examples/linux/profile.json examples/linux/syscall.json
# node's provider's types and translators: a D library for -L (node-http)
NODE_LIBRARY = examples/node/node.d

# Where the system caches the run-time linker's view of its libraries:
# ldconfig makes a newly installed libmetad.so.2 found (Linux; FreeBSD
# adds the directory with -m).  Run by root only (a user's install, as
# under ~/.local, cannot change the cache), and not when staging into
# DESTDIR.  meta-d itself links libmetad statically: only programs that
# link -lmetad need the cache or LD_LIBRARY_PATH.
ifeq ($(UNAME_S),FreeBSD)
LDCONFIG ?= ldconfig -m $(LIBDIR)
else ifeq ($(UNAME_S),Linux)
LDCONFIG ?= ldconfig
else
LDCONFIG ?=
endif

# metad.pc records the prefix: made anew for each install.
install: all
	rm -f metad.pc
	$(MAKE) metad.pc PREFIX='$(PREFIX)' LIBDIR='$(LIBDIR)' \
	    INCLUDEDIR='$(INCLUDEDIR)'
	mkdir -p $(DESTDIR)$(BINDIR) $(DESTDIR)$(LIBDIR) \
	    $(DESTDIR)$(INCLUDEDIR) $(DESTDIR)$(PKGCONFIGDIR) \
	    $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(MANDIR)/man5 \
	    $(DESTDIR)$(EXAMPLESDIR)/linux $(DESTDIR)$(EXAMPLESDIR)/node
	cp meta-d $(DESTDIR)$(BINDIR)/meta-d
	chmod 755 $(DESTDIR)$(BINDIR)/meta-d
	cp libmetad.a $(DESTDIR)$(LIBDIR)/libmetad.a
	cp $(SHLIB) $(DESTDIR)$(LIBDIR)/$(SHLIB)
	chmod 755 $(DESTDIR)$(LIBDIR)/$(SHLIB)
	ln -sf $(SHLIB) $(DESTDIR)$(LIBDIR)/$(SHLIB_DEV)
	cp include/metad.h $(DESTDIR)$(INCLUDEDIR)/metad.h
	cp metad.pc $(DESTDIR)$(PKGCONFIGDIR)/metad.pc
	sed 's|/usr/local/share/meta-d/examples|$(EXAMPLESDIR)|g' meta-d.1 \
	    > $(DESTDIR)$(MANDIR)/man1/meta-d.1
	sed 's|/usr/local/share/meta-d/examples|$(EXAMPLESDIR)|g' meta-d.5 \
	    > $(DESTDIR)$(MANDIR)/man5/meta-d.5
	cp $(EXAMPLES) $(DESTDIR)$(EXAMPLESDIR)/
	cp $(LINUX_EXAMPLES) $(DESTDIR)$(EXAMPLESDIR)/linux/
	cp $(NODE_LIBRARY) $(DESTDIR)$(EXAMPLESDIR)/node/
	chmod 644 $(DESTDIR)$(LIBDIR)/libmetad.a \
	    $(DESTDIR)$(INCLUDEDIR)/metad.h \
	    $(DESTDIR)$(PKGCONFIGDIR)/metad.pc \
	    $(DESTDIR)$(MANDIR)/man1/meta-d.1 \
	    $(DESTDIR)$(MANDIR)/man5/meta-d.5 \
	    $(addprefix $(DESTDIR)$(EXAMPLESDIR)/,$(notdir $(EXAMPLES))) \
	    $(addprefix $(DESTDIR)$(EXAMPLESDIR)/linux/,$(notdir $(LINUX_EXAMPLES))) \
	    $(addprefix $(DESTDIR)$(EXAMPLESDIR)/node/,$(notdir $(NODE_LIBRARY)))
	@PATH=$$PATH:/sbin:/usr/sbin; \
	if [ -z '$(DESTDIR)' ] && [ -n '$(LDCONFIG)' ]; then \
		if [ "$$(id -u)" = 0 ]; then \
			echo '$(LDCONFIG)'; \
			$(LDCONFIG) || echo "meta-d: $(LDCONFIG) failed:" \
			    "set LD_LIBRARY_PATH=$(LIBDIR) for programs" \
			    "linked with -lmetad"; \
		fi; \
		if [ '$(UNAME_S)' = Linux ] && ! ldconfig -p 2>/dev/null | \
		    grep -q '$(LIBDIR)/$(SHLIB)'; then \
			echo "meta-d: installed in $(PREFIX); meta-d needs" \
			    "nothing more, and programs linked with -lmetad" \
			    "find it with LD_LIBRARY_PATH=$(LIBDIR) (the" \
			    "run-time linker does not search $(LIBDIR))"; \
		fi; \
	fi

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/meta-d $(DESTDIR)$(LIBDIR)/libmetad.a \
	    $(DESTDIR)$(LIBDIR)/$(SHLIB) $(DESTDIR)$(LIBDIR)/$(SHLIB_DEV) \
	    $(DESTDIR)$(INCLUDEDIR)/metad.h $(DESTDIR)$(PKGCONFIGDIR)/metad.pc \
	    $(DESTDIR)$(MANDIR)/man1/meta-d.1 $(DESTDIR)$(MANDIR)/man5/meta-d.5
	rm -rf $(DESTDIR)$(EXAMPLESDIR)
	rmdir $(DESTDIR)$(DATADIR)/meta-d 2>/dev/null || true

clean:
	rm -f meta-d libmetad.a $(SHLIB) metad.pc tests/unit tests/*.o \
	    $(LIB_OBJS) $(LIB_OBJS:.o=.dep) $(CLI_OBJS) $(CLI_OBJS:.o=.dep) \
	    src/cli/dtrace/*.o src/cli/dtrace/*.dep \
	    tests/*.dep fuzz/*.dep bench/*.dep \
	    bench/bench tests/dmutate tests/dcases
	rm -rf tests/out build

# The headers each object was made with (DEPFLAGS), once it was made.
-include $(wildcard $(LIB_OBJS:.o=.dep) $(CLI_OBJS:.o=.dep) tests/*.dep \
    $(addprefix build/*/,$(LIB_OBJS:.o=.dep) $(CLI_OBJS:.o=.dep)) \
    build/*/tests/*.dep build/*/fuzz/*.dep build/*/bench/*.dep)
