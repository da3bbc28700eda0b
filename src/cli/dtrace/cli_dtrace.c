/*
 * cli_dtrace.c: the system's libdtrace, behind what meta-d needs of it:
 * open and set up a handle, compile a script, enable it, and, each
 * interval, drain it and walk its aggregation as records meta-d reads
 * without knowing how this dtrace lays them out (md_dt_rec_t).
 *
 * This is the one place that knows what differs between libdtrace's
 * dialects: Oracle's DTrace for Linux 2.x (MD_DTRACE_ORACLE, built and
 * tested here) and illumos' (the BSDs' and macOS' are derived from it;
 * MD_DTRACE_ILLUMOS; cli_bpfmaps.h chooses by the system):
 *
 *			Oracle 2.x			illumos
 *	set-up		dtrace_init() after options	none
 *	go		dtrace_go(dtp, cflags)		dtrace_go(dtp)
 *	waiting		dtrace_work() waits itself	dtrace_sleep() first
 *	records		key records (dtagd_krecs) at	one dtagd_rec[]: the
 *			dtada_key, data records		variable id, the keys,
 *			(dtagd_drecs) at dtada_data:	the value, all at
 *			a generation, the value		dtada_data
 *	functions	DT_AGG_* (private: below)	DTRACEAGG_*
 *	l/llquantize	its argument in dtagd_sig	the value's first word
 *	llquantize	symmetric buckets		negatives in bucket 0
 *			(md_quant.c has both layouts)
 *	symbols		dtrace_syminfo_t object, name	dts_object, dts_name
 *
 * The illumos column is written from illumos' sources and is not built
 * on these machines (Linux); a port starts here, and only here.
 *
 * On Oracle's, the aggregation is read, each interval, from libdtrace's
 * BPF maps, where this libdtrace is a release that reader was checked
 * against, and through libdtrace's snapshot otherwise (-v says which:
 * md_dt_reader()).  The reader is cli_bpfmaps.c, called through
 * cli_bpfmaps.h, and calling nothing here; what libdtrace must do for it
 * is done here (below md_dt_visit()).
 *
 * A consumer must, on Oracle's, find its BPF library (the syslibdir
 * option, or DTRACE_OPT_SYSLIBDIR in the environment, as the dtrace
 * command reads it), set bufsize and aggsize (the command's 4m each: the
 * library sets neither), and register handlers for errors and drops
 * before enabling (without them a drop aborts, and a probe that fails to
 * enable crashes the library).
 */

#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/param.h>		/* NBBY, which dtrace.h's macros use */
#include <time.h>
#include <unistd.h>

#include <dtrace.h>

#include "cli.h"
#include "cli_bpfmaps.h"

#ifdef	MD_DTRACE_ORACLE
#define	MD_DT_DIALECT	MD_DIALECT_ORACLE
/* libdtrace/dt_impl.h's dt_aggfid_t: not installed, stable since 2.0 */
#define	MD_DT_AVG	(DTRACEACT_AGGREGATION + 0)
#define	MD_DT_COUNT	(DTRACEACT_AGGREGATION + 1)
#define	MD_DT_LLQ	(DTRACEACT_AGGREGATION + 2)
#define	MD_DT_LQ	(DTRACEACT_AGGREGATION + 3)
#define	MD_DT_MAX	(DTRACEACT_AGGREGATION + 4)
#define	MD_DT_MIN	(DTRACEACT_AGGREGATION + 5)
#define	MD_DT_Q		(DTRACEACT_AGGREGATION + 6)
#define	MD_DT_STDDEV	(DTRACEACT_AGGREGATION + 7)
#define	MD_DT_SUM	(DTRACEACT_AGGREGATION + 8)
#define	MD_DT_SYMOBJ(si)	((si).object)
#define	MD_DT_SYMNAME(si)	((si).name)
#else
#define	MD_DT_DIALECT	MD_DIALECT_ILLUMOS
#define	MD_DT_AVG	DTRACEAGG_AVG
#define	MD_DT_COUNT	DTRACEAGG_COUNT
#define	MD_DT_LLQ	DTRACEAGG_LLQUANTIZE
#define	MD_DT_LQ	DTRACEAGG_LQUANTIZE
#define	MD_DT_MAX	DTRACEAGG_MAX
#define	MD_DT_MIN	DTRACEAGG_MIN
#define	MD_DT_Q		DTRACEAGG_QUANTIZE
#define	MD_DT_STDDEV	DTRACEAGG_STDDEV
#define	MD_DT_SUM	DTRACEAGG_SUM
#define	MD_DT_SYMOBJ(si)	((si).dts_object)
#define	MD_DT_SYMNAME(si)	((si).dts_name)
#endif

#ifndef	MD_DTRACE_SYSLIBDIR
#define	MD_DTRACE_SYSLIBDIR	NULL	/* the library's own default */
#endif

/*
 * libdtrace is opened (dlopen) when --run or --compile first needs it,
 * not linked: it brings some twenty libraries with it (libbfd, libctf,
 * libsystemd, libgcrypt, ...), and the dynamic loader's 5 ms for them
 * would make every meta-d that prints a script five times slower.  Its
 * functions are called through md_dtlib's pointers, by their own names
 * (the macros below); md_dtlib_typecheck() has the compiler hold each
 * pointer's type to dtrace.h's declaration.
 */
#ifndef	MD_DTRACE_LIB
#define	MD_DTRACE_LIB	"libdtrace.so"
#endif

static struct md_dtlib {
	void	*dl_h;
	char	dl_why[256];	/* why it could not be opened */
	dtrace_hdl_t *(*dl_dtrace_open)(int, int, int *);
	void	(*dl_dtrace_close)(dtrace_hdl_t *);
	int	(*dl_dtrace_setopt)(dtrace_hdl_t *, const char *, const char *);
	void	(*dl_dtrace_setoptenv)(dtrace_hdl_t *, const char *);
	const char *(*dl_dtrace_errmsg)(dtrace_hdl_t *, int);
	int	(*dl_dtrace_errno)(dtrace_hdl_t *);
	dtrace_prog_t *(*dl_dtrace_program_fcompile)(dtrace_hdl_t *, FILE *,
	    uint_t, int, char *const []);
	dtrace_prog_t *(*dl_dtrace_program_strcompile)(dtrace_hdl_t *,
	    const char *, dtrace_probespec_t, uint_t, int, char *const []);
	int	(*dl_dtrace_handle_err)(dtrace_hdl_t *, dtrace_handle_err_f *,
	    void *);
	int	(*dl_dtrace_handle_drop)(dtrace_hdl_t *, dtrace_handle_drop_f *,
	    void *);
	int	(*dl_dtrace_program_exec)(dtrace_hdl_t *, dtrace_prog_t *,
	    dtrace_proginfo_t *);
	int	(*dl_dtrace_stop)(dtrace_hdl_t *);
	dtrace_workstatus_t (*dl_dtrace_work)(dtrace_hdl_t *, FILE *,
	    dtrace_consume_probe_f *, dtrace_consume_rec_f *, void *);
	int	(*dl_dtrace_aggregate_walk)(dtrace_hdl_t *, dtrace_aggregate_f *,
	    void *);
	int	(*dl_dtrace_aggregate_snap)(dtrace_hdl_t *);
	int	(*dl_dtrace_aggregate_walk_joined)(dtrace_hdl_t *,
	    dtrace_aggid_t *, int, dtrace_aggregate_walk_joined_f *, void *);
	int	(*dl_dtrace_lookup_by_addr)(dtrace_hdl_t *, GElf_Addr,
	    GElf_Sym *, dtrace_syminfo_t *);
	int	(*dl_dtrace_uaddr2str)(dtrace_hdl_t *, pid_t, uint64_t, char *,
	    int);
#ifdef	MD_DTRACE_ORACLE
	int	(*dl_dtrace_init)(dtrace_hdl_t *);
	int	(*dl_dtrace_go)(dtrace_hdl_t *, uint_t);
#else
	int	(*dl_dtrace_go)(dtrace_hdl_t *);
	void	(*dl_dtrace_sleep)(dtrace_hdl_t *);
#endif
	const char *const *dl_version;		/* _dtrace_version */
	const char *const *dl_vcs;		/* _libdtrace_vcs_version */
} md_dtlib;

/* Each function of libdtrace meta-d calls, X(name), once. */
#define	MD_DTFUNCS_ALL(X)						\
	X(dtrace_open) X(dtrace_close) X(dtrace_setopt)			\
	X(dtrace_setoptenv) X(dtrace_errmsg) X(dtrace_errno)		\
	X(dtrace_program_fcompile) X(dtrace_program_strcompile)		\
	X(dtrace_handle_err) X(dtrace_handle_drop)			\
	X(dtrace_program_exec) X(dtrace_stop) X(dtrace_work)		\
	X(dtrace_aggregate_walk) X(dtrace_aggregate_snap)		\
	X(dtrace_aggregate_walk_joined) X(dtrace_lookup_by_addr)	\
	X(dtrace_uaddr2str) X(dtrace_go)
#ifdef	MD_DTRACE_ORACLE
#define	MD_DTFUNCS(X)	MD_DTFUNCS_ALL(X) X(dtrace_init)
#else
#define	MD_DTFUNCS(X)	MD_DTFUNCS_ALL(X) X(dtrace_sleep)
#endif

#define	MD_DTSYM(f)	{ #f, (void **)(void *)&md_dtlib.dl_##f },

static const struct {
	const char	*ds_name;
	void		**ds_slot;
} md_dtsyms[] = {
	MD_DTFUNCS(MD_DTSYM)
};

/*
 * Each pointer's type is that of dtrace.h's function: an assignment the
 * compiler checks, in sizeof, which evaluates nothing (and so makes no
 * reference to the function the linker would have to find).
 */
#define	MD_DTTYPE(f)	(void) sizeof (md_dtlib.dl_##f = f);

static void
md_dtlib_typecheck(void)
{
	MD_DTFUNCS(MD_DTTYPE)
}

/* From here on, libdtrace's functions are md_dtlib's pointers. */
#define	dtrace_open			md_dtlib.dl_dtrace_open
#define	dtrace_close			md_dtlib.dl_dtrace_close
#define	dtrace_setopt			md_dtlib.dl_dtrace_setopt
#define	dtrace_setoptenv		md_dtlib.dl_dtrace_setoptenv
#define	dtrace_errmsg			md_dtlib.dl_dtrace_errmsg
#define	dtrace_errno			md_dtlib.dl_dtrace_errno
#define	dtrace_program_fcompile		md_dtlib.dl_dtrace_program_fcompile
#define	dtrace_program_strcompile	md_dtlib.dl_dtrace_program_strcompile
#define	dtrace_handle_err		md_dtlib.dl_dtrace_handle_err
#define	dtrace_handle_drop		md_dtlib.dl_dtrace_handle_drop
#define	dtrace_program_exec		md_dtlib.dl_dtrace_program_exec
#define	dtrace_stop			md_dtlib.dl_dtrace_stop
#define	dtrace_work			md_dtlib.dl_dtrace_work
#define	dtrace_aggregate_walk		md_dtlib.dl_dtrace_aggregate_walk
#define	dtrace_aggregate_snap		md_dtlib.dl_dtrace_aggregate_snap
#define	dtrace_aggregate_walk_joined	md_dtlib.dl_dtrace_aggregate_walk_joined
#define	dtrace_lookup_by_addr		md_dtlib.dl_dtrace_lookup_by_addr
#define	dtrace_uaddr2str		md_dtlib.dl_dtrace_uaddr2str
#define	dtrace_go			md_dtlib.dl_dtrace_go
#define	dtrace_init			md_dtlib.dl_dtrace_init
#define	dtrace_sleep			md_dtlib.dl_dtrace_sleep

/* libdtrace opened and its functions found: 0, or -1 (dl_why says). */
static int
md_dtlib_open(void)
{
	size_t i;

	md_dtlib_typecheck();
	if (md_dtlib.dl_h != NULL)
		return (0);
	if (md_dtlib.dl_why[0] != '\0')
		return (-1);
	if ((md_dtlib.dl_h = dlopen(MD_DTRACE_LIB, RTLD_NOW)) == NULL) {
		(void) snprintf(md_dtlib.dl_why, sizeof (md_dtlib.dl_why),
		    "cannot load libdtrace: %s", dlerror());
		return (-1);
	}
	for (i = 0; i < sizeof (md_dtsyms) / sizeof (md_dtsyms[0]); i++) {
		if ((*md_dtsyms[i].ds_slot = dlsym(md_dtlib.dl_h,
		    md_dtsyms[i].ds_name)) == NULL) {
			(void) snprintf(md_dtlib.dl_why,
			    sizeof (md_dtlib.dl_why), "%s has no %s: %s",
			    MD_DTRACE_LIB, md_dtsyms[i].ds_name, dlerror());
			(void) dlclose(md_dtlib.dl_h);
			md_dtlib.dl_h = NULL;
			return (-1);
		}
	}
	/* what it says it is (dtrace -V, -vV): for md_bpf_checked() */
	md_dtlib.dl_version = dlsym(md_dtlib.dl_h, "_dtrace_version");
	md_dtlib.dl_vcs = dlsym(md_dtlib.dl_h, "_libdtrace_vcs_version");
	return (0);
}

/* The library's version string, and its build's commit, or "". */
static const char *
md_dtlib_version(void)
{
	return (md_dtlib.dl_version != NULL && *md_dtlib.dl_version != NULL ?
	    *md_dtlib.dl_version : "");
}

static const char *
md_dtlib_vcs(void)
{
	return (md_dtlib.dl_vcs != NULL && *md_dtlib.dl_vcs != NULL ?
	    *md_dtlib.dl_vcs : "");
}

#define	MD_DT_KEYMAX	(MD_MAXDECOMPS + 1)	/* an interval, two -s */
#define	MD_DT_TEXTMAX	8192			/* a key's text: a stack */

struct md_dt {
	dtrace_hdl_t		*dt_h;
	dtrace_prog_t		*dt_prog;
	md_dt_hooks_t		dt_hooks;
	unsigned		dt_cflags;
	int			dt_flags;	/* md_dt_open()'s */
	int			dt_stopped;
#ifdef	MD_DTRACE_ORACLE
	md_bpf_t		*dt_maps;	/* its maps: cli_bpfmaps.c */
	int			dt_mapson;	/* read, not the snapshot */
	int			dt_poll;	/* descriptions to learn */
#endif
	char			dt_reader[512];	/* how it is read (-v) */
	char			dt_text[MD_DT_KEYMAX][MD_DT_TEXTMAX];
};

static void md_dt_maps_open(md_dt_t *);
static void md_dt_maps_close(md_dt_t *);
#ifdef	MD_DTRACE_ORACLE
static void md_dt_learn(md_dt_t *, dtrace_aggdesc_t *);
#endif

/* Where dtrace_work() prints what a consumer does not ask for. */
static FILE *
md_dt_null(void)
{
	static FILE *null;

	if (null == NULL)
		null = fopen("/dev/null", "w");
	return (null);
}

/* NULL, or why this meta-d cannot use libdtrace here. */
const char *
md_dt_missing(void)
{
	return (md_dtlib_open() == 0 ? NULL : md_dtlib.dl_why);
}

/*
 * What the scripts meta-d runs end with.  On Oracle's: an aggregation of
 * meta-d's own that BEGIN fills, whose record is in the first snapshot,
 * taken when tracing begins, so that a joined walk of it with each other
 * aggregation hands over their descriptions before they hold a record
 * (md_dt_join()): learnt from a snapshot of many records instead, a
 * description would cost the square of their number.  Its records are
 * never read as the metric's.
 */
const char *
md_dt_runclause(void)
{
#ifdef	MD_DTRACE_ORACLE
	return ("\nBEGIN\n{\n\t@" MD_DT_BEGUN " = count();\n}\n");
#else
	return ("");
#endif
}

/*
 * what: why, dtrace's message on one line (its lines joined by a space),
 * and, if this is not root, that dtrace needs root: the likely reason.
 */
static void
md_dt_msg(char *msg, size_t msglen, const char *what, const char *why)
{
	size_t i, o;
	int n = snprintf(msg, msglen, "%s: %s", what, why);

	for (i = o = 0; msg[i] != '\0'; i++) {
		if (msg[i] == '\n' || msg[i] == '\t' || (msg[i] == ' ' &&
		    o > 0 && msg[o - 1] == ' ')) {
			if (o > 0 && msg[o - 1] != ' ')
				msg[o++] = ' ';
			continue;
		}
		msg[o++] = msg[i];
	}
	msg[o] = '\0';
	if (n >= 0 && geteuid() != 0)
		(void) snprintf(msg + o, msglen - o, " (dtrace needs root, and "
		    "this is uid %lu)", (unsigned long)geteuid());
}

static int
md_dt_onerr(const dtrace_errdata_t *e, void *arg)
{
	md_dt_t *dt = arg;

	if (dt->dt_hooks.dh_error != NULL)
		dt->dt_hooks.dh_error(dt->dt_hooks.dh_arg, e->dteda_msg);
	return (DTRACE_HANDLE_OK);
}

static int
md_dt_ondrop(const dtrace_dropdata_t *d, void *arg)
{
	md_dt_t *dt = arg;

#ifdef	MD_DTRACE_ORACLE
	/* read from the maps' counters instead (md_bpf_drops()) */
	if (dt->dt_mapson && d->dtdda_kind == DTRACEDROP_AGGREGATION)
		return (DTRACE_HANDLE_OK);
#endif
	if (dt->dt_hooks.dh_drop != NULL)
		dt->dt_hooks.dh_drop(dt->dt_hooks.dh_arg, d->dtdda_drops,
		    d->dtdda_msg);
	return (DTRACE_HANDLE_OK);
}

/*
 * The directories of D libraries given (-L), as dtrace -L adds them:
 * before the first compile, which reads the libraries.
 */
static int
md_dt_libdirs(dtrace_hdl_t *h, const char *const *libdirs, char *msg,
    size_t msglen)
{
	char what[MD_ERRMSGLEN];

	for (; libdirs != NULL && *libdirs != NULL; libdirs++) {
		if (dtrace_setopt(h, "libdir", *libdirs) != 0) {
			(void) snprintf(what, sizeof (what), "cannot add the "
			    "D library directory %s", *libdirs);
			md_dt_msg(msg, msglen, what,
			    dtrace_errmsg(h, dtrace_errno(h)));
			return (-1);
		}
	}
	return (0);
}

/* The options the dtrace command sets, then meta-d's, then the user's. */
static int
md_dt_setup(md_dt_t *dt, int flags, const char *const *libdirs, char *msg,
    size_t msglen)
{
	dtrace_hdl_t *h = dt->dt_h;

	if (dtrace_setopt(h, "bufsize", "4m") != 0 ||
	    dtrace_setopt(h, "aggsize", "4m") != 0 ||
	    (MD_DTRACE_SYSLIBDIR != NULL &&
	    access(MD_DTRACE_SYSLIBDIR, R_OK) == 0 &&
	    dtrace_setopt(h, "syslibdir", MD_DTRACE_SYSLIBDIR) != 0) ||
	    ((flags & MD_DT_ERRTAGS) &&
	    dtrace_setopt(h, "errtags", NULL) != 0) ||
	    ((flags & MD_DT_SWITCH) &&
	    dtrace_setopt(h, "switchrate", "10ms") != 0)) {
		md_dt_msg(msg, msglen, "cannot set dtrace's options",
		    dtrace_errmsg(h, dtrace_errno(h)));
		return (-1);
	}
	dtrace_setoptenv(h, "DTRACE_OPT_");
	if (md_dt_libdirs(h, libdirs, msg, msglen) != 0)
		return (-1);
	if (flags & MD_DT_ZDEFS)
		dt->dt_cflags |= DTRACE_C_ZDEFS;
#ifdef	MD_DTRACE_ORACLE
	if (dtrace_init(h) != 0) {
		md_dt_msg(msg, msglen, "cannot start dtrace",
		    dtrace_errmsg(h, dtrace_errno(h)));
		return (-1);
	}
#endif
	return (0);
}

md_dt_t *
md_dt_open(int flags, const md_dt_hooks_t *hooks, const char *const *libdirs,
    char *msg, size_t msglen)
{
	md_dt_t *dt = calloc(1, sizeof (*dt));
	int err = 0;

	if (dt == NULL) {
		md_dt_msg(msg, msglen, "cannot open dtrace", strerror(ENOMEM));
		return (NULL);
	}
	if (md_dtlib_open() != 0) {
		(void) snprintf(msg, msglen, "%s", md_dtlib.dl_why);
		free(dt);
		return (NULL);
	}
	if (hooks != NULL)
		dt->dt_hooks = *hooks;
	dt->dt_flags = flags;
	if ((dt->dt_h = dtrace_open(DTRACE_VERSION, 0, &err)) == NULL) {
		md_dt_msg(msg, msglen, "cannot open dtrace",
		    dtrace_errmsg(NULL, err));
		free(dt);
		return (NULL);
	}
	if (md_dt_setup(dt, flags, libdirs, msg, msglen) != 0) {
		md_dt_close(dt);
		return (NULL);
	}
	return (dt);
}

/*
 * The handle left to the process's end, which frees all it holds: for a
 * handle that enabled nothing (compiles only), whose dtrace_close() would
 * only free memory, and slowly.  meta-d's own part is freed.
 */
void
md_dt_abandon(md_dt_t *dt)
{
	free(dt);
}

void
md_dt_close(md_dt_t *dt)
{
	if (dt == NULL)
		return;
	md_dt_maps_close(dt);
	if (dt->dt_h != NULL)
		dtrace_close(dt->dt_h);
	free(dt);
}

/*
 * Compile text (len bytes): with MD_DT_LINES as dtrace -s does, from a
 * stream, so that messages have their line ("line 3: ..."), else from a
 * string, as dtrace -n does; with MD_DT_ENABLE, make it the handle's
 * program, the handlers first.  Returns 0, or -1 with dtrace's message.
 */
int
md_dt_compile(md_dt_t *dt, const char *text, size_t len, int flags,
    char *msg, size_t msglen)
{
	static char *argv[] = { "meta-d", NULL };
	dtrace_proginfo_t info;
	char *s;
	FILE *f;

	if (flags & MD_DT_LINES) {
		if ((f = fmemopen((void *)(uintptr_t)text, len, "r")) == NULL) {
			md_dt_msg(msg, msglen, "cannot read the script",
			    strerror(errno));
			return (-1);
		}
		dt->dt_prog = dtrace_program_fcompile(dt->dt_h, f,
		    dt->dt_cflags, 1, argv);
		(void) fclose(f);
	} else {
		if ((s = strndup(text, len)) == NULL) {
			md_dt_msg(msg, msglen, "cannot read the script",
			    strerror(ENOMEM));
			return (-1);
		}
		dt->dt_prog = dtrace_program_strcompile(dt->dt_h, s,
		    DTRACE_PROBESPEC_NAME, dt->dt_cflags, 1, argv);
		free(s);
	}
	if (dt->dt_prog == NULL) {
		(void) snprintf(msg, msglen, "%s",
		    dtrace_errmsg(dt->dt_h, dtrace_errno(dt->dt_h)));
		return (-1);
	}
	if (!(flags & MD_DT_ENABLE))
		return (0);
	if (dtrace_handle_err(dt->dt_h, md_dt_onerr, dt) != 0 ||
	    dtrace_handle_drop(dt->dt_h, md_dt_ondrop, dt) != 0 ||
	    dtrace_program_exec(dt->dt_h, dt->dt_prog, &info) != 0) {
		md_dt_msg(msg, msglen, "cannot enable the script",
		    dtrace_errmsg(dt->dt_h, dtrace_errno(dt->dt_h)));
		return (-1);
	}
	return (0);
}

/*
 * Enable the program.  A consumer of intervals (MD_DT_SWITCH) on Oracle's
 * reads the aggregation's maps itself, unless told MD_DT_SNAPSHOT.
 */
int
md_dt_go(md_dt_t *dt, char *msg, size_t msglen)
{
	(void) snprintf(dt->dt_reader, sizeof (dt->dt_reader), "reading "
	    "libdtrace's snapshot of the aggregation (%s%s%s)",
	    md_dtlib_version(), *md_dtlib_vcs() != '\0' ? ", libdtrace " : "",
	    md_dtlib_vcs());
#ifdef	MD_DTRACE_ORACLE
	if (dtrace_go(dt->dt_h, dt->dt_cflags) == 0) {
		if (!(dt->dt_flags & MD_DT_SWITCH))
			return (0);
		if (dt->dt_flags & MD_DT_SNAPSHOT)
			(void) snprintf(dt->dt_reader, sizeof (dt->dt_reader),
			    "reading libdtrace's snapshot of the aggregation, "
			    "as METAD_RUN_SNAP asks");
		else if (md_bpf_checked(md_dtlib_version(), md_dtlib_vcs(),
		    dt->dt_reader, sizeof (dt->dt_reader)))
			md_dt_maps_open(dt);
		return (0);
	}
#else
	if (dtrace_go(dt->dt_h) == 0)
		return (0);
#endif
	md_dt_msg(msg, msglen, "cannot enable the script",
	    dtrace_errmsg(dt->dt_h, dtrace_errno(dt->dt_h)));
	return (-1);
}

const char *
md_dt_reader(const md_dt_t *dt)
{
	return (dt->dt_reader);
}

int
md_dt_stop(md_dt_t *dt)
{
	dt->dt_stopped = 1;
	return (dtrace_stop(dt->dt_h));
}

/* The function of an aggregating action, as meta-d names it. */
static md_aggfn_t
md_dt_fn(dtrace_actkind_t act)
{
	switch (act) {
	case MD_DT_AVG: return (MD_AGG_AVG);
	case MD_DT_COUNT: return (MD_AGG_COUNT);
	case MD_DT_LLQ: return (MD_AGG_LLQUANTIZE);
	case MD_DT_LQ: return (MD_AGG_LQUANTIZE);
	case MD_DT_MAX: return (MD_AGG_MAX);
	case MD_DT_MIN: return (MD_AGG_MIN);
	case MD_DT_Q: return (MD_AGG_QUANTIZE);
	case MD_DT_STDDEV: return (MD_AGG_STDDEV);
	case MD_DT_SUM: return (MD_AGG_SUM);
	default: return (MD_AGG_NONE);
	}
}

/* A kernel address as printa names it: mod`sym+0xoff, mod`sym, 0xaddr. */
static size_t
md_dt_ksym(dtrace_hdl_t *h, uint64_t pc, dtrace_actkind_t act, char *s,
    size_t len)
{
	dtrace_syminfo_t si;
	GElf_Sym sym;
	int n;

	if (dtrace_lookup_by_addr(h, pc, &sym, &si) != 0)
		n = snprintf(s, len, "0x%llx", (unsigned long long)pc);
	else if (act == DTRACEACT_MOD)
		n = snprintf(s, len, "%s", MD_DT_SYMOBJ(si));
	else if (act == DTRACEACT_SYM || pc == sym.st_value)
		n = snprintf(s, len, "%s`%s", MD_DT_SYMOBJ(si),
		    MD_DT_SYMNAME(si));
	else
		n = snprintf(s, len, "%s`%s+0x%llx", MD_DT_SYMOBJ(si),
		    MD_DT_SYMNAME(si), (unsigned long long)(pc -
		    sym.st_value));
	return (n < 0 ? 0 : (size_t)n >= len ? len - 1 : (size_t)n);
}

/*
 * A user address of process pid: obj`sym+0xoff (usym: no offset).
 * dtrace_uaddr2str() returns the name's length, as snprintf() does, and
 * writes 0xaddr itself where it cannot name the address (the process is
 * gone, or its object has no symbol there); a negative return is an
 * error.
 */
static size_t
md_dt_usym(dtrace_hdl_t *h, pid_t pid, uint64_t pc, dtrace_actkind_t act,
    char *s, size_t len)
{
	char *p;

	if (dtrace_uaddr2str(h, pid, pc, s, (int)len) < 0)
		(void) snprintf(s, len, "0x%llx", (unsigned long long)pc);
	if (act == DTRACEACT_USYM && (p = strstr(s, "+0x")) != NULL)
		*p = '\0';
	if (act == DTRACEACT_UMOD && (p = strchr(s, '`')) != NULL)
		*p = '\0';
	return (strlen(s));
}

/* An integer of size bytes as printa prints it: 8 and 4 signed. */
static size_t
md_dt_int(const char *p, size_t size, char *s, size_t len)
{
	long long v;
	int32_t i32;
	int64_t i64;
	uint8_t u8;
	uint16_t u16;

	switch (size) {
	case 1: (void) memcpy(&u8, p, 1); v = u8; break;
	case 2: (void) memcpy(&u16, p, 2); v = u16; break;
	case 4: (void) memcpy(&i32, p, 4); v = i32; break;
	default: (void) memcpy(&i64, p, 8); v = i64; break;
	}
	return ((size_t)snprintf(s, len, "%lld", v));
}

/* Frames (8 bytes each, pid first for ustack), joined by newlines. */
static size_t
md_dt_stack(dtrace_hdl_t *h, const char *p, size_t size,
    dtrace_actkind_t act, char *s, size_t len)
{
	size_t n = 0, i = 0, nf = size / 8;
	uint64_t pc, pid = 0;

	if (act == DTRACEACT_USTACK && nf > 0) {
		(void) memcpy(&pid, p, 8);
		i = 1;
	}
	for (; i < nf && n + 2 < len; i++) {
		(void) memcpy(&pc, p + 8 * i, 8);
		if (pc == 0)
			break;
		if (n > 0)
			s[n++] = '\n';
		n += act == DTRACEACT_USTACK ? md_dt_usym(h, (pid_t)pid, pc,
		    DTRACEACT_UADDR, s + n, len - n) : md_dt_ksym(h, pc,
		    DTRACEACT_STACK, s + n, len - n);
	}
	s[n] = '\0';
	return (n);
}

/* One key record (rec, its bytes at p) as printa shows it, into s. */
static size_t
md_dt_key(dtrace_hdl_t *h, const dtrace_recdesc_t *rec, const char *p,
    char *s, size_t len)
{
	uint64_t w[2] = { 0, 0 };
	size_t n;

	switch (rec->dtrd_action) {
	case DTRACEACT_STACK:
	case DTRACEACT_USTACK:
		return (md_dt_stack(h, p, rec->dtrd_size, rec->dtrd_action, s,
		    len));
	case DTRACEACT_SYM:
	case DTRACEACT_MOD:
		(void) memcpy(w, p, 8);
		return (md_dt_ksym(h, w[0], rec->dtrd_action, s, len));
	case DTRACEACT_USYM:
	case DTRACEACT_UMOD:
	case DTRACEACT_UADDR:
		(void) memcpy(w, p, rec->dtrd_size < 16 ? rec->dtrd_size : 16);
		return (md_dt_usym(h, (pid_t)w[0], w[1], rec->dtrd_action, s,
		    len));
	default:
		break;
	}
	if ((rec->dtrd_size == 1 || rec->dtrd_size == 2 ||
	    rec->dtrd_size == 4 || rec->dtrd_size == 8) &&
	    rec->dtrd_alignment == rec->dtrd_size)
		return (md_dt_int(p, rec->dtrd_size, s, len));
	/* a string: its bytes to the first NUL */
	for (n = 0; n < rec->dtrd_size && n + 1 < len && p[n] != '\0'; n++)
		s[n] = p[n];
	s[n] = '\0';
	return (n);
}

/* A walk's state: the caller's function, and the record being made. */
typedef struct md_dt_walk {
	md_dt_t		*dw_dt;
	md_dt_rec_f	*dw_cb;
	void		*dw_arg;
	int		dw_failed;
} md_dt_walk_t;

#ifdef	MD_DTRACE_ORACLE
/*
 * Oracle's record: the key's records after the variable's id (krecs[0]),
 * at dtada_key; the data's generation (drecs[0]) and value (drecs[1]).
 */
static int
md_dt_record(md_dt_walk_t *w, const dtrace_aggdata_t *a, md_dt_rec_t *r,
    const char **keys, size_t *lens, md_quant_t *q)
{
	const dtrace_aggdesc_t *ad = a->dtada_desc;
	const dtrace_recdesc_t *v = &ad->dtagd_drecs[1];
	md_dt_t *dt = w->dw_dt;
	size_t i;

	if (ad->dtagd_nkrecs < 1 || ad->dtagd_nkrecs - 1 > MD_DT_KEYMAX)
		return (-1);
	r->dr_fn = md_dt_fn(v->dtrd_action);
	r->dr_key = a->dtada_key;
	r->dr_keylen = ad->dtagd_ksize;
	r->dr_nkeys = ad->dtagd_nkrecs - 1;
	for (i = 0; i < r->dr_nkeys; i++) {
		const dtrace_recdesc_t *k = &ad->dtagd_krecs[i + 1];

		lens[i] = md_dt_key(dt->dt_h, k, a->dtada_key + k->dtrd_offset,
		    dt->dt_text[i], MD_DT_TEXTMAX);
		keys[i] = dt->dt_text[i];
	}
	(void) memcpy(&r->dr_gen, a->dtada_data + ad->dtagd_drecs[0].dtrd_offset,
	    sizeof (uint64_t));
	r->dr_data = (const int64_t *)(const void *)(a->dtada_data +
	    v->dtrd_offset);
	r->dr_ndata = v->dtrd_size / sizeof (int64_t);
	if (MD_AGG_ISDIST(r->dr_fn) && md_quant_init(q, r->dr_fn,
	    MD_DT_DIALECT, r->dr_fn == MD_AGG_QUANTIZE ? 0 : ad->dtagd_sig) != 0)
		return (-1);
	return (0);
}
#else
/*
 * illumos' record: dtagd_rec[0] the variable's id, the keys, the value
 * last, all at dtada_data; a quantization's argument leads its value.
 */
static int
md_dt_record(md_dt_walk_t *w, const dtrace_aggdata_t *a, md_dt_rec_t *r,
    const char **keys, size_t *lens, md_quant_t *q)
{
	const dtrace_aggdesc_t *ad = a->dtada_desc;
	const dtrace_recdesc_t *v = &ad->dtagd_rec[ad->dtagd_nrecs - 1];
	md_dt_t *dt = w->dw_dt;
	uint64_t arg = 0;
	size_t i;

	if (ad->dtagd_nrecs < 2 || ad->dtagd_nrecs - 2 > MD_DT_KEYMAX)
		return (-1);
	r->dr_fn = md_dt_fn(v->dtrd_action);
	r->dr_key = a->dtada_data + ad->dtagd_rec[1].dtrd_offset;
	r->dr_keylen = v->dtrd_offset - ad->dtagd_rec[1].dtrd_offset;
	r->dr_nkeys = ad->dtagd_nrecs - 2;
	for (i = 0; i < r->dr_nkeys; i++) {
		const dtrace_recdesc_t *k = &ad->dtagd_rec[i + 1];

		lens[i] = md_dt_key(dt->dt_h, k, a->dtada_data +
		    k->dtrd_offset, dt->dt_text[i], MD_DT_TEXTMAX);
		keys[i] = dt->dt_text[i];
	}
	r->dr_gen = 0;
	r->dr_data = (const int64_t *)(const void *)(a->dtada_data +
	    v->dtrd_offset);
	r->dr_ndata = v->dtrd_size / sizeof (int64_t);
	if (r->dr_fn == MD_AGG_LQUANTIZE || r->dr_fn == MD_AGG_LLQUANTIZE) {
		(void) memcpy(&arg, r->dr_data, sizeof (arg));
		r->dr_data++;
		r->dr_ndata--;
	}
	if (MD_AGG_ISDIST(r->dr_fn) &&
	    md_quant_init(q, r->dr_fn, MD_DT_DIALECT, arg) != 0)
		return (-1);
	return (0);
}
#endif

/*
 * Record a handed to the callback of walk arg (final: its last value, the
 * key taken out).  Returns what the callback does, or -1 (the walk
 * failed).  The reader of the maps hands its records here too.
 */
static int
md_dt_hand(const dtrace_aggdata_t *a, int final, void *arg)
{
	md_dt_walk_t *w = arg;
	const char *keys[MD_DT_KEYMAX];
	size_t lens[MD_DT_KEYMAX];
	md_quant_t q;
	md_dt_rec_t r;
	int rv;

	(void) memset(&r, 0, sizeof (r));
	if (md_dt_record(w, a, &r, keys, lens, &q) != 0) {
		w->dw_failed = 1;
		return (-1);
	}
	r.dr_keys = keys;
	r.dr_keylens = lens;
	r.dr_quant = MD_AGG_ISDIST(r.dr_fn) ? &q : NULL;
	r.dr_final = final;
	r.dr_sum = a->dtada_desc->dtagd_name != NULL &&
	    strcmp(a->dtada_desc->dtagd_name, MD_SUM_AGGREGATION) == 0;
	if ((rv = w->dw_cb(&r, w->dw_arg)) < 0)
		w->dw_failed = 1;
	return (rv);
}

/*
 * A record of libdtrace's snapshot.  One to evict is handed over again as
 * it is (the snapshot cannot tell what came since), then removed: an
 * event between the snapshot and the removal is lost, the idle key's.
 */
static int
md_dt_visit(const dtrace_aggdata_t *a, void *arg)
{
	md_dt_walk_t *w = arg;
	int rv;

#ifdef	MD_DTRACE_ORACLE
	md_dt_learn(w->dw_dt, a->dtada_desc);
	if (a->dtada_desc->dtagd_name != NULL &&
	    strcmp(a->dtada_desc->dtagd_name, MD_DT_BEGUN) == 0)
		return (DTRACE_AGGWALK_NEXT);	/* meta-d's own record */
#endif
	if ((rv = md_dt_hand(a, 0, w)) == MD_DT_EVICT)
		rv = md_dt_hand(a, 1, w) < 0 ? -1 : MD_DT_REMOVE;
	if (rv < 0)
		return (DTRACE_AGGWALK_ABORT);
	return (rv == MD_DT_REMOVE ? DTRACE_AGGWALK_REMOVE :
	    DTRACE_AGGWALK_NEXT);
}

#ifdef	MD_DTRACE_ORACLE
/*
 * The aggregation's BPF maps (Oracle's), read by cli_bpfmaps.c, which
 * says why; here, what libdtrace must do for that reader.  Its own
 * snapshots are held off by an aggrate of a year, set before two calls
 * of dtrace_work() that process BEGIN's buffer (after which the rate
 * counts), and let through by an aggrate of 0 for a poll (md_dt_poll())
 * or for an interval read through the snapshot; its walks hand over the
 * aggregations' descriptions (md_dt_learn()), the joined walk of meta-d's
 * own aggregation (md_dt_runclause()) with each other one before any of
 * their records came (md_dt_join()).
 */

#define	MD_DT_YEAR	"8760h"	/* an aggrate: libdtrace's snapshots held off */

static void
md_dt_maps_close(md_dt_t *dt)
{
	md_bpf_close(dt->dt_maps);
	dt->dt_maps = NULL;
	dt->dt_mapson = dt->dt_poll = 0;
}

/*
 * After dtrace_go(): the maps found, libdtrace's snapshots held off, and
 * polls to come; or, where anything is missing, nothing (the snapshot
 * serves, and -v says why).
 */
static void
md_dt_maps_open(md_dt_t *dt)
{
	if (md_dt_null() == NULL || (dt->dt_maps = md_bpf_open()) == NULL ||
	    dtrace_setopt(dt->dt_h, "aggrate", MD_DT_YEAR) != 0) {
		md_dt_maps_close(dt);
		md_bpf_missed(md_dtlib_vcs(), dt->dt_reader,
		    sizeof (dt->dt_reader));
		return;
	}
	(void) dtrace_work(dt->dt_h, md_dt_null(), NULL, NULL, NULL);
	(void) dtrace_work(dt->dt_h, md_dt_null(), NULL, NULL, NULL);
	dt->dt_mapson = dt->dt_poll = 1;
	(void) md_dt_poll(dt);	/* BEGIN's record there: all, at once */
}

/* An aggregation's description, for the reader, when a walk hands it. */
static void
md_dt_learn(md_dt_t *dt, dtrace_aggdesc_t *ad)
{
	if (dt->dt_mapson && ad != NULL)
		md_bpf_learn(dt->dt_maps, ad,
		    md_dt_fn(ad->dtagd_drecs[1].dtrd_action));
}

static int
md_dt_joinone(const dtrace_aggdata_t **a, const int n, void *arg)
{
	if (n == 2)
		md_dt_learn(arg, a[1]->dtada_desc);
	return (DTRACE_AGGWALK_NEXT);
}

/*
 * The descriptions of the aggregations that hold no record yet: a joined
 * walk of MD_DT_BEGUN's record (BEGIN's) with each, which libdtrace fills
 * with a zero record bearing that aggregation's description.
 */
static void
md_dt_join(md_dt_t *dt)
{
	dtrace_aggid_t vars[2];
	uint32_t id = 0, begun;

	while ((id = md_bpf_unknown(dt->dt_maps, id, &begun)) != 0 &&
	    begun != 0) {
		vars[0] = (dtrace_aggid_t)begun;
		vars[1] = (dtrace_aggid_t)id;
		(void) dtrace_aggregate_walk_joined(dt->dt_h, vars, 2,
		    md_dt_joinone, dt);
	}
}

static int
md_dt_learnone(const dtrace_aggdata_t *a, void *arg)
{
	md_dt_learn(arg, a->dtada_desc);
	return (DTRACE_AGGWALK_NEXT);
}

/*
 * While descriptions are missing: a snapshot, and the descriptions its
 * walk hands over.  Polled every 10 ms, a snapshot holds at most 10 ms
 * of new keys, so that it stays cheap however fast they come; the first
 * record of an aggregation ends its polls.  Returns 1 while more are
 * wanted (call again in 10 ms), 0 when not.
 */
int
md_dt_poll(md_dt_t *dt)
{
	dtrace_workstatus_t st;
	uint32_t begun;

	if (!dt->dt_mapson || !dt->dt_poll || dt->dt_stopped)
		return (0);
	if (dtrace_setopt(dt->dt_h, "aggrate", "0") != 0)
		return (dt->dt_poll = 0);
	st = dtrace_work(dt->dt_h, md_dt_null(), NULL, NULL, NULL);
	if (dtrace_setopt(dt->dt_h, "aggrate", MD_DT_YEAR) != 0)
		dt->dt_mapson = 0;
	if (st != DTRACE_WORKSTATUS_OKAY ||
	    dtrace_aggregate_walk(dt->dt_h, md_dt_learnone, dt) != 0)
		dt->dt_poll = 0;
	md_dt_join(dt);
	if (md_bpf_unknown(dt->dt_maps, 0, &begun) == 0)
		dt->dt_poll = 0;	/* every one described */
	return (dt->dt_poll);
}
#else	/* illumos: its snapshot adds each record in linear time */
static void
md_dt_maps_open(md_dt_t *dt)
{
	(void) dt;
}

static void
md_dt_maps_close(md_dt_t *dt)
{
	(void) dt;
}

int
md_dt_poll(md_dt_t *dt)
{
	(void) dt;
	return (0);
}
#endif

/*
 * dtrace_work(): the principal buffers drained (run-time errors and drops
 * reach their hooks here) and, unless the maps are read, the aggregation
 * snapped (a second snapshot would double the cost).
 */
static int
md_dt_work(md_dt_t *dt, dtrace_workstatus_t *st, char *msg, size_t msglen)
{
#ifndef	MD_DTRACE_ORACLE
	dtrace_sleep(dt->dt_h);
#endif
	*st = dtrace_work(dt->dt_h, md_dt_null(), NULL, NULL, NULL);
	if (*st == DTRACE_WORKSTATUS_ERROR && dtrace_errno(dt->dt_h) != EINTR) {
		md_dt_msg(msg, msglen, "dtrace stopped",
		    dtrace_errmsg(dt->dt_h, dtrace_errno(dt->dt_h)));
		return (-1);
	}
	return (0);
}

/* The snapshot's records, each handed to the walk's callback. */
static int
md_dt_walk(md_dt_t *dt, md_dt_walk_t *w, char *msg, size_t msglen)
{
	if (dtrace_aggregate_walk(dt->dt_h, md_dt_visit, w) != 0 ||
	    w->dw_failed) {
		md_dt_msg(msg, msglen, "cannot read the aggregation",
		    w->dw_failed ? "a record meta-d cannot read" :
		    dtrace_errmsg(dt->dt_h, dtrace_errno(dt->dt_h)));
		return (-1);
	}
	return (0);
}

#ifdef	MD_DTRACE_ORACLE
/*
 * An interval's end, the maps read: after dtrace_work(), or, once tracing
 * has stopped, before it (it snaps then, whatever the rate: the maps
 * are emptied first); through a snapshot where a record had no
 * description.
 */
static int
md_dt_maps_interval(md_dt_t *dt, md_dt_walk_t *w, dtrace_workstatus_t *st,
    char *msg, size_t msglen)
{
	md_bpf_t *m = dt->dt_maps;
	int read = 0;

	if (dt->dt_stopped && (read = md_bpf_read(m)) == 1)
		md_bpf_empty(m);
	if (read >= 0 && md_dt_work(dt, st, msg, msglen) != 0)
		return (-1);
	if (read >= 0 && !dt->dt_stopped)
		read = md_bpf_read(m);
	if (read < 0) {
		md_dt_msg(msg, msglen, "cannot read the aggregation's maps",
		    strerror(errno));
		return (-1);
	}
	md_bpf_drops(m, &dt->dt_hooks);
	if (read == 1 && md_bpf_visit(m, dt->dt_h, dt->dt_stopped, md_dt_hand,
	    w) != 0) {
		md_dt_msg(msg, msglen, "cannot read the aggregation",
		    "a record meta-d cannot read");
		return (-1);
	}
	if (read == 1)
		return (0);
	if (!dt->dt_stopped && (dtrace_setopt(dt->dt_h, "aggrate", "0") != 0 ||
	    dtrace_aggregate_snap(dt->dt_h) != 0 ||
	    dtrace_setopt(dt->dt_h, "aggrate", MD_DT_YEAR) != 0)) {
		md_dt_msg(msg, msglen, "cannot read the aggregation",
		    dtrace_errmsg(dt->dt_h, dtrace_errno(dt->dt_h)));
		return (-1);
	}
	return (md_dt_walk(dt, w, msg, msglen));
}
#endif

/*
 * The end of an interval: dtrace drained and the aggregation read, each
 * of its records handed to cb.  Returns MD_DT_GOING, MD_DT_DONE (tracing
 * stopped: an exit(), or dtrace), or -1 with a message.
 */
int
md_dt_interval(md_dt_t *dt, md_dt_rec_f *cb, void *arg, char *msg,
    size_t msglen)
{
	md_dt_walk_t w = { dt, cb, arg, 0 };
	dtrace_workstatus_t st = DTRACE_WORKSTATUS_OKAY;
	int rv;

	if (md_dt_null() == NULL) {
		md_dt_msg(msg, msglen, "/dev/null", strerror(errno));
		return (-1);
	}
#ifdef	MD_DTRACE_ORACLE
	if (dt->dt_mapson)
		rv = md_dt_maps_interval(dt, &w, &st, msg, msglen);
	else
#endif
		rv = md_dt_work(dt, &st, msg, msglen) != 0 ||
		    md_dt_walk(dt, &w, msg, msglen) != 0 ? -1 : 0;
	if (rv != 0)
		return (-1);
	return (st == DTRACE_WORKSTATUS_DONE ? MD_DT_DONE : MD_DT_GOING);
}
