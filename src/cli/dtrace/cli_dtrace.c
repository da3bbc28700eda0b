/*
 * cli_dtrace.c: the system's libdtrace, behind what meta-d needs of it:
 * open and set up a handle, compile a script, enable it, and, each
 * interval, drain it and walk its aggregation as records meta-d reads
 * without knowing how this dtrace lays them out (md_dt_rec_t).
 *
 * This is the one file that includes <dtrace.h>, and the one place that
 * knows what differs between libdtrace's dialects: Oracle's DTrace for
 * Linux 2.x (MD_DTRACE_ORACLE, built and tested here) and illumos' (the
 * BSDs' and macOS' are derived from it; MD_DTRACE_ILLUMOS):
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
 * A consumer must, on Oracle's, find its BPF library (the syslibdir
 * option, or DTRACE_OPT_SYSLIBDIR in the environment, as the dtrace
 * command reads it), set bufsize and aggsize (the command's 4m each: the
 * library sets neither), and register handlers for errors and drops
 * before enabling (without them a drop aborts, and a probe that fails to
 * enable crashes the library).
 */

#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/param.h>		/* NBBY, which dtrace.h's macros use */
#include <time.h>
#include <unistd.h>

#include <dtrace.h>
#ifdef	__linux__
#include <linux/bpf.h>
#include <sys/syscall.h>
#endif

#include "cli.h"

#if !defined(MD_DTRACE_ORACLE) && !defined(MD_DTRACE_ILLUMOS)
#if defined(__linux__)
#define	MD_DTRACE_ORACLE
#else
#define	MD_DTRACE_ILLUMOS
#endif
#endif

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
	/* what it says it is (dtrace -V, -vV): for md_dt_checked() */
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
#define	MD_DT_BEGUN	"__metad_begun"		/* md_dt_runclause()'s */
#define	MD_DT_TEXTMAX	8192			/* a key's text: a stack */

#ifdef	MD_DTRACE_ORACLE
/*
 * The aggregation's BPF maps, read directly (Oracle's; below): the
 * records of every CPU merged into one table (md_dt_merge()).
 */
typedef struct md_dt_maps {
	int			dm_on;		/* found: read them */
	int			dm_poll;	/* descriptions still to learn */
	int			dm_unknown;	/* a record of no description */
	int			dm_nobatch;	/* no batch reads: key by key */
	int			*dm_cpu;	/* each CPU's hash, or -1 */
	uint32_t		dm_ncpu;
	int			dm_info;	/* cpuinfo: drop counters */
	size_t			dm_ninfo;	/* its values: possible CPUs */
	size_t			dm_infosize;
	uint64_t		*dm_drops;	/* drops said, per CPU */
	uint32_t		dm_naggs;	/* aggregation ids: 1 to this */
	uint32_t		dm_begun;	/* MD_DT_BEGUN's id, or 0 */
	dtrace_aggdesc_t	**dm_desc;	/* by id, learnt from walks */
	size_t			dm_ksize;	/* a map's key and value */
	size_t			dm_vsize;
	char			*dm_kbuf;	/* a batch of keys, values */
	char			*dm_vbuf;
	uint32_t		dm_batch;
	char			*dm_recs;	/* merged: key, value each */
	size_t			dm_stride;
	size_t			dm_nrecs;
	size_t			dm_caprecs;
	uint32_t		*dm_slot;	/* record + 1, or 0: empty */
	size_t			dm_nslot;
	md_hashkey_t		dm_hkey;	/* the slots' hash's key */
	char			*dm_take;	/* an evicted key's value */
	int			dm_noatomic;	/* no lookup-and-delete */
} md_dt_maps_t;
#endif

struct md_dt {
	dtrace_hdl_t		*dt_h;
	dtrace_prog_t		*dt_prog;
	md_dt_hooks_t		dt_hooks;
	unsigned		dt_cflags;
	int			dt_flags;	/* md_dt_open()'s */
	int			dt_stopped;
#ifdef	MD_DTRACE_ORACLE
	md_dt_maps_t		dt_maps;
#endif
	char			dt_reader[512];	/* how it is read (-v) */
	char			dt_text[MD_DT_KEYMAX][MD_DT_TEXTMAX];
};

static void md_dt_maps_open(md_dt_t *);
static void md_dt_maps_close(md_dt_t *);
#ifdef	MD_DTRACE_ORACLE
static void md_dt_learn(md_dt_t *, dtrace_aggdesc_t *);
static int md_dt_checked(md_dt_t *);
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
 * Why libdtrace cannot see this system's probes, or NULL.  On Linux it
 * lists most of them (syscall, sdt, rawtp) from tracefs, which only root
 * can read: without root it compiles, but takes those probes for absent
 * and refuses their args[], verdicts a check must not give.
 */
const char *
md_dt_unseen(void)
{
#ifdef	__linux__
	static char why[128];

	if (geteuid() != 0) {
		(void) snprintf(why, sizeof (why), "needs root: libdtrace lists "
		    "this system's probes from tracefs, which only root can "
		    "read (this is uid %lu)", (unsigned long)geteuid());
		return (why);
	}
#endif
	return (NULL);
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
	/* read from the maps' counters instead (md_dt_aggdrops()) */
	if (dt->dt_maps.dm_on && d->dtdda_kind == DTRACEDROP_AGGREGATION)
		return (DTRACE_HANDLE_OK);
#endif
	if (dt->dt_hooks.dh_drop != NULL)
		dt->dt_hooks.dh_drop(dt->dt_hooks.dh_arg, d->dtdda_drops,
		    d->dtdda_msg);
	return (DTRACE_HANDLE_OK);
}

/* The options the dtrace command sets, then meta-d's, then the user's. */
static int
md_dt_setup(md_dt_t *dt, int flags, char *msg, size_t msglen)
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
md_dt_open(int flags, const md_dt_hooks_t *hooks, char *msg, size_t msglen)
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
	if (md_dt_setup(dt, flags, msg, msglen) != 0) {
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
		else if (md_dt_checked(dt))
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

/* A user address of process pid: obj`sym+0xoff (usym: no offset). */
static size_t
md_dt_usym(dtrace_hdl_t *h, pid_t pid, uint64_t pc, dtrace_actkind_t act,
    char *s, size_t len)
{
	char *p;

	if (dtrace_uaddr2str(h, pid, pc, s, len) != 0)
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
 * Record a handed to the walk's callback (final: its last value, the key
 * taken out).  Returns what the callback does, or -1 (the walk failed).
 */
static int
md_dt_hand(md_dt_walk_t *w, const dtrace_aggdata_t *a, int final)
{
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
	if ((rv = md_dt_hand(w, a, 0)) == MD_DT_EVICT)
		rv = md_dt_hand(w, a, 1) < 0 ? -1 : MD_DT_REMOVE;
	if (rv < 0)
		return (DTRACE_AGGWALK_ABORT);
	return (rv == MD_DT_REMOVE ? DTRACE_AGGWALK_REMOVE :
	    DTRACE_AGGWALK_NEXT);
}

#ifdef	MD_DTRACE_ORACLE
/*
 * Reading the aggregation's maps (Oracle's).  dtrace_aggregate_snap()
 * re-reads every CPU's map into libdtrace's hash, whose chains hang on
 * the aggregation's id alone: an aggregation of N keys costs N * N / 2
 * comparisons of keys (half a second of CPU at 10,000 keys, a minute at
 * 100,000), and dtrace_work() takes such a snapshot at every call, as
 * printa does in the dtrace command.  So meta-d reads the maps itself,
 * in batches, into a table hashed on the whole key, and merges the
 * CPUs' records as dt_aggregate.c does (min and max their extremes,
 * the other functions word by word added, a later generation replacing
 * an earlier one): the same records, the same values (tests/run.sh
 * reads its every value both ways; METAD_RUN_SNAP=1 reads the
 * snapshot).  What libdtrace keeps to itself, and how meta-d gets it:
 *
 *  - The maps, found by name among the process's descriptors: "aggs",
 *    an array of each CPU's hash (key: the aggregation's id, then its
 *    keys; value: a generation, then the data); "agggen", one element
 *    an aggregation id (ids count from 1); "cpuinfo", per CPU, with the
 *    aggregation drop counters.
 *  - Each aggregation's description (dtrace_aggdesc_t: the records of
 *    its keys and data): only libdtrace's walks hand it out, from its
 *    snapshot, and a snapshot taken while a burst of new keys comes
 *    chases it (100,000 keys in half a second cost a snapshot of 14 s of
 *    CPU).  So the script meta-d runs ends with a clause of its own, a
 *    BEGIN that fills an aggregation of meta-d's (md_dt_runclause()):
 *    its one record is in the first snapshot, taken as tracing begins,
 *    and libdtrace's joined walk of it with each other aggregation
 *    hands over their descriptions, before any of their records came
 *    (md_dt_join()).  Should one still be missing, polls (md_dt_poll())
 *    snap every 10 ms until it comes, and a record of an id without one
 *    makes its interval read through the snapshot.
 *  - libdtrace's own snapshots: held off by an aggrate of a year (set
 *    before two calls of dtrace_work() that process BEGIN's buffer, after
 *    which the rate counts), let through by an aggrate of 0 for a poll.
 *    Once tracing has stopped, dtrace_work() snaps whatever the rate,
 *    so meta-d reads the maps and then empties them, first.
 *  - Aggregation drops: libdtrace counts them while it snaps, so meta-d
 *    reads cpuinfo's counters and says them in libdtrace's words
 *    (md_dt_aggdrops()), and does not pass on libdtrace's own.
 *
 * Where the maps are not found, the snapshot serves.
 */

#define	MD_DT_YEAR	"8760h"	/* an aggrate: libdtrace's snapshots held off */
#define	MD_DT_BATCH	1024	/* records a batch read asks for */
#define	MD_DT_ENOTSUPP	524	/* Linux's: no batch operations on this map */
#define	MD_DT_ALIGN(n)	(((n) + 7) & ~(size_t)7)

/*
 * The releases of Oracle's libdtrace whose private maps this reader was
 * checked against (the layouts of "aggs", "agggen", "cpuinfo" and of
 * dt_aggfid_t above are theirs: dt_bpf_maps.h, dt_impl.h, dt_cg.c alike
 * in both), by the commit each was built from (_libdtrace_vcs_version,
 * which a release's tarball carries too).  Another libdtrace is read
 * through its snapshot: slower with many keys, never wrong.
 */
static const struct {
	const char	*dc_vcs;
	const char	*dc_name;
} md_dt_checkedv[] = {
	{ "0f499300c150a3a8878361e31f3ba167f7d5b851", "2.0.1" },
	{ "cc48b157766a8f752790e0b3f22e7b34ea7f45f4", "2.0.1.1" }
};

/* Is this libdtrace one the reader was checked against?  dt_reader says. */
static int
md_dt_checked(md_dt_t *dt)
{
	size_t i, n = sizeof (md_dt_checkedv) / sizeof (md_dt_checkedv[0]);

	for (i = 0; strcmp(md_dtlib_version(), "Oracle D 2.0") == 0 &&
	    i < n; i++) {
		if (strcmp(md_dtlib_vcs(), md_dt_checkedv[i].dc_vcs) != 0)
			continue;
		(void) snprintf(dt->dt_reader, sizeof (dt->dt_reader),
		    "reading the aggregation's BPF maps (libdtrace %s, %s, "
		    "a release meta-d's reader was checked against)",
		    md_dt_checkedv[i].dc_name, md_dtlib_vcs());
		return (1);
	}
	(void) snprintf(dt->dt_reader, sizeof (dt->dt_reader), "reading "
	    "libdtrace's snapshot of the aggregation, which costs the square "
	    "of its keys: this libdtrace (%s, %s) is not one meta-d's reader "
	    "of its BPF maps was checked against (2.0.1, 2.0.1.1)",
	    *md_dtlib_version() != '\0' ? md_dtlib_version() : "no version",
	    *md_dtlib_vcs() != '\0' ? md_dtlib_vcs() : "no commit");
	return (0);
}

/* The head of Oracle's dt_bpf_cpuinfo_t (dt_bpf_maps.h), per CPU. */
typedef struct md_dt_cpuinfo {
	cpuinfo_t	ci_ci;
	uint64_t	ci_bufdrops;
	uint64_t	ci_aggdrops;
} md_dt_cpuinfo_t;

static int
md_bpf(int cmd, union bpf_attr *a)
{
	return ((int)syscall(__NR_bpf, cmd, a, sizeof (*a)));
}

/* What fd is, if it is a BPF map: 0, else -1. */
static int
md_bpf_info(int fd, struct bpf_map_info *mi)
{
	union bpf_attr a;

	(void) memset(&a, 0, sizeof (a));
	(void) memset(mi, 0, sizeof (*mi));
	a.info.bpf_fd = (uint32_t)fd;
	a.info.info_len = sizeof (*mi);
	a.info.info = (uint64_t)(uintptr_t)mi;
	return (md_bpf(BPF_OBJ_GET_INFO_BY_FD, &a));
}

/* One element: looked up (val), deleted (val NULL), or the key after. */
static int
md_bpf_elem(int cmd, int fd, const void *key, void *val)
{
	union bpf_attr a;

	(void) memset(&a, 0, sizeof (a));
	a.map_fd = (uint32_t)fd;
	a.key = (uint64_t)(uintptr_t)key;
	if (cmd == BPF_MAP_GET_NEXT_KEY)
		a.next_key = (uint64_t)(uintptr_t)val;
	else
		a.value = (uint64_t)(uintptr_t)val;
	return (md_bpf(cmd, &a));
}

/* The kernel's possible CPUs ("0-3,8"): the highest, plus one; or 0. */
static size_t
md_dt_possible(void)
{
	FILE *f = fopen("/sys/devices/system/cpu/possible", "r");
	unsigned long n, max = 0;
	int found = 0;

	if (f == NULL)
		return (0);
	while (fscanf(f, "%lu", &n) == 1) {
		found = 1;
		if (n > max)
			max = n;
		if (fgetc(f) == EOF)
			break;
	}
	(void) fclose(f);
	return (found ? (size_t)max + 1 : 0);
}

/* The handle's maps, by name among this process's descriptors. */
static int
md_dt_maps_find(int *aggs, int *gen, int *info)
{
	struct bpf_map_info mi;
	struct dirent *de;
	DIR *d;
	int fd;

	*aggs = *gen = *info = -1;
	if ((d = opendir("/proc/self/fd")) == NULL)
		return (-1);
	while ((de = readdir(d)) != NULL) {
		if (de->d_name[0] < '0' || de->d_name[0] > '9' ||
		    (fd = atoi(de->d_name)) == dirfd(d) ||
		    md_bpf_info(fd, &mi) != 0)
			continue;
		if (mi.type == BPF_MAP_TYPE_ARRAY_OF_MAPS &&
		    strcmp(mi.name, "aggs") == 0)
			*aggs = fd;
		else if (mi.type == BPF_MAP_TYPE_ARRAY &&
		    strcmp(mi.name, "agggen") == 0)
			*gen = fd;
		else if (mi.type == BPF_MAP_TYPE_PERCPU_ARRAY &&
		    strcmp(mi.name, "cpuinfo") == 0)
			*info = fd;
	}
	(void) closedir(d);
	return (*aggs >= 0 && *gen >= 0 && *info >= 0 ? 0 : -1);
}

/* Room for a batch of n records. */
static int
md_dt_maps_batch(md_dt_maps_t *m, uint32_t n)
{
	char *k, *v;

	if ((k = realloc(m->dm_kbuf, (size_t)n * m->dm_ksize)) == NULL)
		return (-1);
	m->dm_kbuf = k;
	if ((v = realloc(m->dm_vbuf, (size_t)n * m->dm_vsize)) == NULL)
		return (-1);
	m->dm_vbuf = v;
	m->dm_batch = n;
	return (0);
}

/*
 * Can the kernel look a key up and delete it at once in these maps?  A
 * key no aggregation has (id 0) says: ENOENT if it can.
 */
static void
md_dt_maps_atomic(md_dt_maps_t *m)
{
	uint32_t cpu;

	(void) memset(m->dm_kbuf, 0, m->dm_ksize);
	for (cpu = 0; cpu < m->dm_ncpu && m->dm_cpu[cpu] < 0; cpu++)
		continue;
	m->dm_noatomic = cpu == m->dm_ncpu ||
	    md_bpf_elem(BPF_MAP_LOOKUP_AND_DELETE_ELEM, m->dm_cpu[cpu],
	    m->dm_kbuf, m->dm_take) == 0 || errno != ENOENT;
}

/* Each CPU's hash, by the ids the array holds; its sizes. */
static int
md_dt_maps_cpus(md_dt_maps_t *m, int aggs, uint32_t n)
{
	struct bpf_map_info mi;
	union bpf_attr a;
	uint32_t cpu, id;
	int found = 0;

	if ((m->dm_cpu = malloc(n * sizeof (int))) == NULL)
		return (-1);
	m->dm_ncpu = n;
	for (cpu = 0; cpu < n; cpu++) {
		m->dm_cpu[cpu] = -1;
		if (md_bpf_elem(BPF_MAP_LOOKUP_ELEM, aggs, &cpu, &id) != 0)
			continue;
		(void) memset(&a, 0, sizeof (a));
		a.map_id = id;
		if ((m->dm_cpu[cpu] = md_bpf(BPF_MAP_GET_FD_BY_ID, &a)) < 0 ||
		    found++ > 0)
			continue;
		if (md_bpf_info(m->dm_cpu[cpu], &mi) != 0 ||
		    mi.key_size < sizeof (uint32_t) ||
		    mi.value_size < 2 * sizeof (uint64_t))
			return (-1);
		m->dm_ksize = mi.key_size;
		m->dm_vsize = mi.value_size;
	}
	m->dm_stride = MD_DT_ALIGN(m->dm_ksize) + MD_DT_ALIGN(m->dm_vsize);
	return (found > 0 ? 0 : -1);
}

static void
md_dt_maps_close(md_dt_t *dt)
{
	md_dt_maps_t *m = &dt->dt_maps;
	uint32_t cpu;

	for (cpu = 0; m->dm_cpu != NULL && cpu < m->dm_ncpu; cpu++) {
		if (m->dm_cpu[cpu] >= 0)
			(void) close(m->dm_cpu[cpu]);
	}
	free(m->dm_cpu);
	free(m->dm_drops);
	free(m->dm_desc);
	free(m->dm_kbuf);
	free(m->dm_vbuf);
	free(m->dm_recs);
	free(m->dm_slot);
	free(m->dm_take);
	(void) memset(m, 0, sizeof (*m));
}

/* The maps are not to be had: the snapshot serves, and -v says why. */
static void
md_dt_maps_missed(md_dt_t *dt)
{
	(void) snprintf(dt->dt_reader, sizeof (dt->dt_reader), "reading "
	    "libdtrace's snapshot of the aggregation: its BPF maps were not "
	    "found as libdtrace %s lays them out", *md_dtlib_vcs() != '\0' ?
	    md_dtlib_vcs() : "2.0.1");
}

/*
 * After dtrace_go(): the maps found, libdtrace's snapshots held off, and
 * polls to come; or, where anything is missing, nothing (the snapshot
 * serves).
 */
static void
md_dt_maps_open(md_dt_t *dt)
{
	md_dt_maps_t *m = &dt->dt_maps;
	struct bpf_map_info ai, gi, ii;
	int aggs, gen, info;

	if (md_dt_null() == NULL || md_dt_maps_find(&aggs, &gen, &info) != 0 ||
	    md_bpf_info(aggs, &ai) != 0 || md_bpf_info(gen, &gi) != 0 ||
	    md_bpf_info(info, &ii) != 0 || gi.max_entries < 2 ||
	    ii.value_size < sizeof (md_dt_cpuinfo_t) ||
	    (m->dm_ninfo = md_dt_possible()) == 0) {
		md_dt_maps_missed(dt);
		return;
	}
	m->dm_info = info;	/* libdtrace's own: not closed here */
	m->dm_infosize = MD_DT_ALIGN(ii.value_size);
	m->dm_naggs = gi.max_entries;
	if ((m->dm_drops = calloc(m->dm_ninfo, sizeof (uint64_t))) == NULL ||
	    (m->dm_desc = calloc(m->dm_naggs,
	    sizeof (dtrace_aggdesc_t *))) == NULL ||
	    md_dt_maps_cpus(m, aggs, ai.max_entries) != 0 ||
	    md_dt_maps_batch(m, MD_DT_BATCH) != 0 ||
	    (m->dm_take = malloc(m->dm_vsize)) == NULL ||
	    dtrace_setopt(dt->dt_h, "aggrate", MD_DT_YEAR) != 0) {
		md_dt_maps_close(dt);
		md_dt_maps_missed(dt);
		return;
	}
	md_hashkey_init(&m->dm_hkey);
	md_dt_maps_atomic(m);
	(void) dtrace_work(dt->dt_h, md_dt_null(), NULL, NULL, NULL);
	(void) dtrace_work(dt->dt_h, md_dt_null(), NULL, NULL, NULL);
	m->dm_on = m->dm_poll = 1;
	(void) md_dt_poll(dt);	/* BEGIN's record there: all, at once */
}

/* An aggregation's description, kept when a walk hands it over. */
static void
md_dt_learn(md_dt_t *dt, dtrace_aggdesc_t *ad)
{
	md_dt_maps_t *m = &dt->dt_maps;

	if (!m->dm_on || ad == NULL || ad->dtagd_varid >= m->dm_naggs)
		return;
	m->dm_desc[ad->dtagd_varid] = ad;
	if (ad->dtagd_name != NULL && strcmp(ad->dtagd_name, MD_DT_BEGUN) == 0)
		m->dm_begun = ad->dtagd_varid;
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
	md_dt_maps_t *m = &dt->dt_maps;
	dtrace_aggid_t vars[2];
	uint32_t id;

	for (id = 1; m->dm_begun != 0 && id < m->dm_naggs; id++) {
		if (m->dm_desc[id] != NULL)
			continue;
		vars[0] = (dtrace_aggid_t)m->dm_begun;
		vars[1] = (dtrace_aggid_t)id;
		(void) dtrace_aggregate_walk_joined(dt->dt_h, vars, 2,
		    md_dt_joinone, dt);
	}
}

/* Every aggregation id has its description. */
static int
md_dt_known(const md_dt_maps_t *m)
{
	uint32_t id;

	for (id = 1; id < m->dm_naggs; id++) {
		if (m->dm_desc[id] == NULL)
			return (0);
	}
	return (1);
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
	md_dt_maps_t *m = &dt->dt_maps;
	dtrace_workstatus_t st;

	if (!m->dm_on || !m->dm_poll || dt->dt_stopped)
		return (0);
	if (dtrace_setopt(dt->dt_h, "aggrate", "0") != 0)
		return (m->dm_poll = 0);
	st = dtrace_work(dt->dt_h, md_dt_null(), NULL, NULL, NULL);
	if (dtrace_setopt(dt->dt_h, "aggrate", MD_DT_YEAR) != 0)
		m->dm_on = 0;
	if (st != DTRACE_WORKSTATUS_OKAY ||
	    dtrace_aggregate_walk(dt->dt_h, md_dt_learnone, dt) != 0)
		m->dm_poll = 0;
	md_dt_join(dt);
	if (md_dt_known(m))
		m->dm_poll = 0;
	return (m->dm_poll);
}

/*
 * A key's hash, for the table's slots: keyed (md_hash_keyed()), since any
 * user chooses the keys (a process's name), and with an unkeyed hash
 * (FNV-1a, once) chose names that all met in a few slots: 29,000 of them
 * kept a core busy reading each interval.
 */
static uint64_t
md_dt_hash(const md_dt_maps_t *m, const char *p, size_t n)
{
	return (md_hash_keyed(&m->dm_hkey, p, n));
}

/* The table's slots doubled (or made), its records hashed again. */
static int
md_dt_rehash(md_dt_maps_t *m)
{
	const dtrace_aggdesc_t *ad;
	size_t n = m->dm_nslot == 0 ? 1024 : m->dm_nslot * 2, i, s;
	uint32_t *slot, id;
	const char *r;

	if ((slot = calloc(n, sizeof (uint32_t))) == NULL)
		return (-1);
	for (i = 0; i < m->dm_nrecs; i++) {
		r = m->dm_recs + i * m->dm_stride;
		(void) memcpy(&id, r, sizeof (id));
		ad = m->dm_desc[id];
		for (s = md_dt_hash(m, r, ad->dtagd_ksize) & (n - 1);
		    slot[s] != 0; s = (s + 1) & (n - 1))
			continue;
		slot[s] = (uint32_t)i + 1;
	}
	free(m->dm_slot);
	m->dm_slot = slot;
	m->dm_nslot = n;
	return (0);
}

/* A new record: the key and value as read. */
static int
md_dt_append(md_dt_maps_t *m, size_t s, const char *key, const char *val)
{
	size_t n = m->dm_caprecs == 0 ? 1024 : m->dm_caprecs * 2;
	char *recs, *r;

	if (m->dm_nrecs == m->dm_caprecs) {
		if ((recs = realloc(m->dm_recs, n * m->dm_stride)) == NULL)
			return (-1);
		m->dm_recs = recs;
		m->dm_caprecs = n;
	}
	r = m->dm_recs + m->dm_nrecs * m->dm_stride;
	(void) memcpy(r, key, m->dm_ksize);
	(void) memcpy(r + MD_DT_ALIGN(m->dm_ksize), val, m->dm_vsize);
	m->dm_slot[s] = (uint32_t)++m->dm_nrecs;
	return (0);
}

/* Another CPU's data into a record's: dt_aggregate.c's dt_agg_one_agg(). */
static void
md_dt_combine(const dtrace_recdesc_t *v, char *dst, const char *src)
{
	size_t i, n = v->dtrd_size / sizeof (int64_t);
	int64_t d, s;

	for (i = 0; i < n; i++) {
		(void) memcpy(&d, dst + v->dtrd_offset + i * 8, 8);
		(void) memcpy(&s, src + v->dtrd_offset + i * 8, 8);
		if (v->dtrd_action == MD_DT_MAX)
			d = s > d ? s : d;
		else if (v->dtrd_action == MD_DT_MIN)
			d = s < d ? s : d;
		else
			d = (int64_t)((uint64_t)d + (uint64_t)s);
		(void) memcpy(dst + v->dtrd_offset + i * 8, &d, 8);
	}
}

/*
 * One record of a CPU's map into the table, as dt_aggregate_snap_one()
 * takes it: no data yet (generation 0), nothing; a key seen on another
 * CPU, combined (a later generation replaces, an earlier one is stale).
 */
static int
md_dt_merge(md_dt_maps_t *m, const char *key, const char *val)
{
	const dtrace_aggdesc_t *ad;
	uint64_t dgen, rgen;
	size_t s, ks;
	uint32_t id;
	char *r;

	(void) memcpy(&id, key, sizeof (id));
	(void) memcpy(&dgen, val, sizeof (dgen));
	if (dgen == 0 || (id == m->dm_begun && id != 0))
		return (0);	/* no data yet; meta-d's own record */
	if (id >= m->dm_naggs || (ad = m->dm_desc[id]) == NULL) {
		m->dm_unknown = 1;
		return (0);
	}
	ks = ad->dtagd_ksize < m->dm_ksize ? ad->dtagd_ksize : m->dm_ksize;
	if (2 * (m->dm_nrecs + 1) > m->dm_nslot && md_dt_rehash(m) != 0)
		return (-1);
	for (s = md_dt_hash(m, key, ks) & (m->dm_nslot - 1); m->dm_slot[s] != 0;
	    s = (s + 1) & (m->dm_nslot - 1)) {
		r = m->dm_recs + (m->dm_slot[s] - 1) * m->dm_stride;
		if (memcmp(r, key, ks) != 0)
			continue;
		r += MD_DT_ALIGN(m->dm_ksize);
		(void) memcpy(&rgen, r, sizeof (rgen));
		if (dgen > rgen)
			(void) memcpy(r, val, m->dm_vsize);
		else if (dgen == rgen)
			md_dt_combine(&ad->dtagd_drecs[1], r, val);
		return (0);
	}
	return (md_dt_append(m, s, key, val));
}

/* One CPU's map, a key at a time: where batches are not to be had. */
static int
md_dt_readslow(md_dt_maps_t *m, int fd)
{
	char *key = m->dm_kbuf, *next = m->dm_kbuf + m->dm_ksize;
	const char *prev = NULL;

	while (md_bpf_elem(BPF_MAP_GET_NEXT_KEY, fd, prev, next) == 0) {
		(void) memcpy(key, next, m->dm_ksize);
		prev = key;
		if (md_bpf_elem(BPF_MAP_LOOKUP_ELEM, fd, key, m->dm_vbuf) != 0) {
			if (errno == ENOENT)
				continue;
			return (-1);
		}
		if (md_dt_merge(m, key, m->dm_vbuf) != 0)
			return (-1);
	}
	return (errno == ENOENT ? 0 : -1);
}

/* One CPU's map, a batch at a time, into the table. */
static int
md_dt_readmap(md_dt_maps_t *m, int fd)
{
	union bpf_attr a;
	uint64_t token = 0;
	uint32_t i;
	int first = 1, rv;

	if (m->dm_nobatch)
		return (md_dt_readslow(m, fd));
	for (;;) {
		(void) memset(&a, 0, sizeof (a));
		a.batch.in_batch = first ? 0 : (uint64_t)(uintptr_t)&token;
		a.batch.out_batch = (uint64_t)(uintptr_t)&token;
		a.batch.keys = (uint64_t)(uintptr_t)m->dm_kbuf;
		a.batch.values = (uint64_t)(uintptr_t)m->dm_vbuf;
		a.batch.count = m->dm_batch;
		a.batch.map_fd = (uint32_t)fd;
		if ((rv = md_bpf(BPF_MAP_LOOKUP_BATCH, &a)) != 0 &&
		    errno == ENOSPC) {	/* a bucket holds more than a batch */
			if (md_dt_maps_batch(m, m->dm_batch * 2) != 0)
				return (-1);
			continue;
		}
		if (rv != 0 && errno != ENOENT) {
			if (!first || (errno != EINVAL &&
			    errno != MD_DT_ENOTSUPP))
				return (-1);
			m->dm_nobatch = 1;
			return (md_dt_readslow(m, fd));
		}
		for (i = 0; i < a.batch.count; i++) {
			if (md_dt_merge(m, m->dm_kbuf + i * m->dm_ksize,
			    m->dm_vbuf + i * m->dm_vsize) != 0)
				return (-1);
		}
		if (rv != 0)
			return (0);	/* ENOENT: that batch was the last */
		first = 0;
	}
}

/*
 * Every CPU's map into the table.  Returns 1 when it serves, 0 when a
 * record had no description (read the snapshot), -1 on an error.
 */
static int
md_dt_maps_read(md_dt_t *dt)
{
	md_dt_maps_t *m = &dt->dt_maps;
	uint32_t cpu;

	m->dm_nrecs = 0;
	m->dm_unknown = 0;
	if (m->dm_slot != NULL)
		(void) memset(m->dm_slot, 0, m->dm_nslot * sizeof (uint32_t));
	for (cpu = 0; cpu < m->dm_ncpu; cpu++) {
		if (m->dm_cpu[cpu] >= 0 &&
		    md_dt_readmap(m, m->dm_cpu[cpu]) != 0)
			return (-1);
	}
	return (!m->dm_unknown);
}

/* A record's key taken out of every CPU's map, as dt_aggwalk_remove(). */
static void
md_dt_maps_remove(md_dt_maps_t *m, const char *key)
{
	uint32_t cpu;

	for (cpu = 0; cpu < m->dm_ncpu; cpu++) {
		if (m->dm_cpu[cpu] >= 0)
			(void) md_bpf_elem(BPF_MAP_DELETE_ELEM, m->dm_cpu[cpu],
			    key, NULL);
	}
}

/* The maps emptied of what was read: tracing has stopped. */
static void
md_dt_maps_empty(md_dt_maps_t *m)
{
	size_t i;

	for (i = 0; i < m->dm_nrecs; i++)
		md_dt_maps_remove(m, m->dm_recs + i * m->dm_stride);
}

/*
 * An idle record (r: its key, then its value) taken out of every CPU's
 * map, as atomically as the kernel allows: BPF_MAP_LOOKUP_AND_DELETE_ELEM
 * hands over each CPU's value as it is deleted, merged here into r's
 * value as md_dt_merge() merges, so that events since the read are in
 * the value handed over last.  Where the kernel has no such call for hash
 * maps (before Linux 5.14: dm_noatomic), the key is deleted, and an
 * event between the read and the delete is lost: the idle key's own.
 */
static void
md_dt_maps_take(md_dt_maps_t *m, char *r, const dtrace_aggdesc_t *ad)
{
	char *val = r + MD_DT_ALIGN(m->dm_ksize);
	uint64_t g, rg;
	uint32_t cpu;
	int got = 0;

	for (cpu = 0; cpu < m->dm_ncpu; cpu++) {
		if (m->dm_cpu[cpu] < 0)
			continue;
		if (m->dm_noatomic) {
			(void) md_bpf_elem(BPF_MAP_DELETE_ELEM, m->dm_cpu[cpu],
			    r, NULL);
			continue;
		}
		if (md_bpf_elem(BPF_MAP_LOOKUP_AND_DELETE_ELEM,
		    m->dm_cpu[cpu], r, m->dm_take) != 0)
			continue;	/* ENOENT: not on this CPU */
		(void) memcpy(&g, m->dm_take, sizeof (g));
		(void) memcpy(&rg, val, sizeof (rg));
		if (g == 0)
			continue;
		if (!got++ || g > rg)
			(void) memcpy(val, m->dm_take, m->dm_vsize);
		else if (g == rg)
			md_dt_combine(&ad->dtagd_drecs[1], val, m->dm_take);
	}
}

/* The table's records, as a walk of the snapshot would hand them over. */
static int
md_dt_maps_visit(md_dt_t *dt, md_dt_walk_t *w)
{
	md_dt_maps_t *m = &dt->dt_maps;
	dtrace_aggdata_t a;
	uint32_t id;
	size_t i;
	char *r;
	int rv;

	for (i = 0; i < m->dm_nrecs; i++) {
		r = m->dm_recs + i * m->dm_stride;
		(void) memcpy(&id, r, sizeof (id));
		(void) memset(&a, 0, sizeof (a));
		a.dtada_hdl = dt->dt_h;
		a.dtada_desc = m->dm_desc[id];
		a.dtada_key = r;
		a.dtada_data = r + MD_DT_ALIGN(m->dm_ksize);
		if ((rv = md_dt_hand(w, &a, 0)) < 0)
			return (-1);
		if (rv == MD_DT_REMOVE && !dt->dt_stopped)
			md_dt_maps_remove(m, r);
		if (rv != MD_DT_EVICT)
			continue;
		if (!dt->dt_stopped)
			md_dt_maps_take(m, r, m->dm_desc[id]);
		if (md_dt_hand(w, &a, 1) < 0)
			return (-1);
	}
	return (0);
}

/* Aggregation drops since the last call, said as libdtrace says them. */
static void
md_dt_aggdrops(md_dt_t *dt)
{
	md_dt_maps_t *m = &dt->dt_maps;
	md_dt_cpuinfo_t ci;
	uint32_t key = 0;
	char msg[80], *buf;
	uint64_t n;
	size_t cpu;

	if ((buf = malloc(m->dm_ninfo * m->dm_infosize)) == NULL)
		return;
	if (md_bpf_elem(BPF_MAP_LOOKUP_ELEM, m->dm_info, &key, buf) != 0) {
		free(buf);
		return;
	}
	for (cpu = 0; cpu < m->dm_ninfo; cpu++) {
		(void) memcpy(&ci, buf + cpu * m->dm_infosize, sizeof (ci));
		if (ci.ci_aggdrops <= m->dm_drops[cpu])
			continue;
		n = ci.ci_aggdrops - m->dm_drops[cpu];
		m->dm_drops[cpu] = ci.ci_aggdrops;
		(void) snprintf(msg, sizeof (msg), "%llu aggregation drop%s on "
		    "CPU %zu", (unsigned long long)n, n > 1 ? "s" : "", cpu);
		if (dt->dt_hooks.dh_drop != NULL)
			dt->dt_hooks.dh_drop(dt->dt_hooks.dh_arg, n, msg);
	}
	free(buf);
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
	md_dt_maps_t *m = &dt->dt_maps;
	int read = 0;

	if (dt->dt_stopped && (read = md_dt_maps_read(dt)) == 1)
		md_dt_maps_empty(m);
	if (read >= 0 && md_dt_work(dt, st, msg, msglen) != 0)
		return (-1);
	if (read >= 0 && !dt->dt_stopped)
		read = md_dt_maps_read(dt);
	if (read < 0) {
		md_dt_msg(msg, msglen, "cannot read the aggregation's maps",
		    strerror(errno));
		return (-1);
	}
	md_dt_aggdrops(dt);
	if (read == 1 && md_dt_maps_visit(dt, w) != 0) {
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
	if (dt->dt_maps.dm_on)
		rv = md_dt_maps_interval(dt, &w, &st, msg, msglen);
	else
#endif
		rv = md_dt_work(dt, &st, msg, msglen) != 0 ||
		    md_dt_walk(dt, &w, msg, msglen) != 0 ? -1 : 0;
	if (rv != 0)
		return (-1);
	return (st == DTRACE_WORKSTATUS_DONE ? MD_DT_DONE : MD_DT_GOING);
}
