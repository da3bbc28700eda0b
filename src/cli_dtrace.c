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

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/param.h>		/* NBBY, which dtrace.h's macros use */
#include <time.h>
#include <unistd.h>

#include <dtrace.h>

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

#define	MD_DT_KEYMAX	(MD_MAXDECOMPS + 1)	/* an interval, two -s */
#define	MD_DT_TEXTMAX	8192			/* a key's text: a stack */

struct md_dt {
	dtrace_hdl_t		*dt_h;
	dtrace_prog_t		*dt_prog;
	md_dt_hooks_t		dt_hooks;
	unsigned		dt_cflags;
	char			dt_text[MD_DT_KEYMAX][MD_DT_TEXTMAX];
};

const char *
md_dt_missing(void)
{
	return (NULL);
}

/* A monotonic clock in nanoseconds: the one D's timestamp reads. */
uint64_t
md_dt_now(void)
{
	struct timespec ts;

	(void) clock_gettime(CLOCK_MONOTONIC, &ts);
	return ((uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec);
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
	if (hooks != NULL)
		dt->dt_hooks = *hooks;
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

int
md_dt_go(md_dt_t *dt, char *msg, size_t msglen)
{
#ifdef	MD_DTRACE_ORACLE
	if (dtrace_go(dt->dt_h, dt->dt_cflags) == 0)
		return (0);
#else
	if (dtrace_go(dt->dt_h) == 0)
		return (0);
#endif
	md_dt_msg(msg, msglen, "cannot enable the script",
	    dtrace_errmsg(dt->dt_h, dtrace_errno(dt->dt_h)));
	return (-1);
}

int
md_dt_stop(md_dt_t *dt)
{
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

static int
md_dt_visit(const dtrace_aggdata_t *a, void *arg)
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
		return (DTRACE_AGGWALK_ABORT);
	}
	r.dr_keys = keys;
	r.dr_keylens = lens;
	r.dr_quant = MD_AGG_ISDIST(r.dr_fn) ? &q : NULL;
	if ((rv = w->dw_cb(&r, w->dw_arg)) < 0) {
		w->dw_failed = 1;
		return (DTRACE_AGGWALK_ABORT);
	}
	return (rv == MD_DT_REMOVE ? DTRACE_AGGWALK_REMOVE :
	    DTRACE_AGGWALK_NEXT);
}

/*
 * The end of an interval: the principal buffers drained (run-time errors
 * and drops reach their hooks here) and the aggregation read again, both
 * by dtrace_work() (it snaps; a second snapshot would double the cost),
 * and each of its records handed to cb.  Returns MD_DT_GOING, MD_DT_DONE (tracing
 * stopped: an exit(), or dtrace), or -1 with a message.
 */
int
md_dt_interval(md_dt_t *dt, md_dt_rec_f *cb, void *arg, char *msg,
    size_t msglen)
{
	static FILE *null;
	md_dt_walk_t w = { dt, cb, arg, 0 };
	dtrace_workstatus_t st;

	if (null == NULL && (null = fopen("/dev/null", "w")) == NULL) {
		md_dt_msg(msg, msglen, "/dev/null", strerror(errno));
		return (-1);
	}
#ifndef	MD_DTRACE_ORACLE
	dtrace_sleep(dt->dt_h);
#endif
	st = dtrace_work(dt->dt_h, null, NULL, NULL, NULL);
	if (st == DTRACE_WORKSTATUS_ERROR && dtrace_errno(dt->dt_h) != EINTR) {
		md_dt_msg(msg, msglen, "dtrace stopped",
		    dtrace_errmsg(dt->dt_h, dtrace_errno(dt->dt_h)));
		return (-1);
	}
	if (dtrace_aggregate_walk(dt->dt_h, md_dt_visit, &w) != 0 ||
	    w.dw_failed) {
		md_dt_msg(msg, msglen, "cannot read the aggregation",
		    w.dw_failed ? "a record meta-d cannot read" :
		    dtrace_errmsg(dt->dt_h, dtrace_errno(dt->dt_h)));
		return (-1);
	}
	return (st == DTRACE_WORKSTATUS_DONE ? MD_DT_DONE : MD_DT_GOING);
}
