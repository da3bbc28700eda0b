/*
 * md_dtab.c: what D has built in, without a kernel.
 *
 * The functions a clause may call (actions, subroutines, aggregating
 * functions) with the number of arguments each takes, and the built-in
 * variables with their D types.  They are the union of Oracle's DTrace for
 * Linux and illumos (each compiler's _dtrace_globals[] and the stricter
 * counts its code generator enforces), so that a script valid for either is
 * valid here: where the two disagree, the wider range is taken.
 *
 * md_dparse.c reads the same tables for the kind of an expression (SPEC
 * 7.16), whose rule names only some of these: the entries it names are
 * marked, so that the rule stays exactly what the specification says while
 * the tables grow.
 */

#include <stdlib.h>
#include <string.h>

#include "md_impl.h"

#define	MAXARGS	255	/* "and any number more" */

/*
 * Name, kind (aggregating function: the value of an aggregation,
 * @x[k] = f(); action: a whole statement, and for MD_DF_KEYACT also an
 * aggregation key; subroutine: a value anywhere), arguments (least, most),
 * the result's kind where SPEC 7.16 counts it (else unknown).  In the
 * order of their names, for bsearch().
 */
static const md_dfunc_t md_dfuncs[] = {
	{ "alloca", MD_DF_SUBR, 1, 1, MD_KIND_UNKNOWN },
	{ "avg", MD_DF_AGG, 1, 1, MD_KIND_UNKNOWN },
	{ "basename", MD_DF_SUBR, 1, 1, MD_KIND_STRING },
	{ "bcopy", MD_DF_SUBR, 3, 3, MD_KIND_UNKNOWN },
	{ "breakpoint", MD_DF_ACTION, 0, 0, MD_KIND_UNKNOWN },
	{ "chill", MD_DF_ACTION, 1, 1, MD_KIND_UNKNOWN },
	{ "cleanpath", MD_DF_SUBR, 1, 1, MD_KIND_STRING },
	{ "clear", MD_DF_ACTION, 1, 1, MD_KIND_UNKNOWN },
	{ "commit", MD_DF_ACTION, 1, 1, MD_KIND_UNKNOWN },
	{ "copyin", MD_DF_SUBR, 2, 2, MD_KIND_UNKNOWN },
	{ "copyinstr", MD_DF_SUBR, 1, 2, MD_KIND_STRING },
	{ "copyinto", MD_DF_SUBR, 3, 3, MD_KIND_UNKNOWN },
	{ "copyout", MD_DF_SUBR, 3, 3, MD_KIND_UNKNOWN },
	{ "copyoutstr", MD_DF_SUBR, 3, 3, MD_KIND_UNKNOWN },
	{ "count", MD_DF_AGG, 0, 0, MD_KIND_UNKNOWN },
	{ "d_path", MD_DF_SUBR, 1, 1, MD_KIND_UNKNOWN },
	{ "ddi_pathname", MD_DF_SUBR, 2, 2, MD_KIND_UNKNOWN },
	{ "denormalize", MD_DF_ACTION, 1, 1, MD_KIND_UNKNOWN },
	{ "dirname", MD_DF_SUBR, 1, 1, MD_KIND_STRING },
	{ "discard", MD_DF_ACTION, 1, 1, MD_KIND_UNKNOWN },
	{ "exit", MD_DF_ACTION, 1, 1, MD_KIND_UNKNOWN },
	{ "freopen", MD_DF_ACTION, 1, MAXARGS, MD_KIND_UNKNOWN },
	{ "ftruncate", MD_DF_ACTION, 0, 0, MD_KIND_UNKNOWN },
	{ "func", MD_DF_KEYACT, 1, 1, MD_KIND_UNKNOWN },
	{ "getf", MD_DF_SUBR, 1, 1, MD_KIND_UNKNOWN },
	{ "getmajor", MD_DF_SUBR, 1, 1, MD_KIND_UNKNOWN },
	{ "getminor", MD_DF_SUBR, 1, 1, MD_KIND_UNKNOWN },
	{ "htonl", MD_DF_SUBR, 1, 1, MD_KIND_UNKNOWN },
	{ "htonll", MD_DF_SUBR, 1, 1, MD_KIND_UNKNOWN },
	{ "htons", MD_DF_SUBR, 1, 1, MD_KIND_UNKNOWN },
	{ "index", MD_DF_SUBR, 2, 3, MD_KIND_NUMBER },
	{ "inet_ntoa", MD_DF_SUBR, 1, 1, MD_KIND_STRING },
	{ "inet_ntoa6", MD_DF_SUBR, 1, 2, MD_KIND_STRING },
	{ "inet_ntop", MD_DF_SUBR, 2, 2, MD_KIND_STRING },
	{ "json", MD_DF_SUBR, 2, 2, MD_KIND_UNKNOWN },
	{ "jstack", MD_DF_KEYACT, 0, 2, MD_KIND_UNKNOWN },
	{ "link_ntop", MD_DF_SUBR, 2, 2, MD_KIND_UNKNOWN },
	{ "llquantize", MD_DF_AGG, 5, 6, MD_KIND_UNKNOWN },
	{ "lltostr", MD_DF_SUBR, 1, 2, MD_KIND_STRING },
	{ "lquantize", MD_DF_AGG, 3, 5, MD_KIND_UNKNOWN },
	{ "max", MD_DF_AGG, 1, 1, MD_KIND_UNKNOWN },
	{ "min", MD_DF_AGG, 1, 1, MD_KIND_UNKNOWN },
	{ "mod", MD_DF_KEYACT, 1, 1, MD_KIND_UNKNOWN },
	{ "msgdsize", MD_DF_SUBR, 1, 1, MD_KIND_UNKNOWN },
	{ "msgsize", MD_DF_SUBR, 1, 1, MD_KIND_UNKNOWN },
	{ "mutex_owned", MD_DF_SUBR, 1, 1, MD_KIND_UNKNOWN },
	{ "mutex_owner", MD_DF_SUBR, 1, 1, MD_KIND_UNKNOWN },
	{ "mutex_type_adaptive", MD_DF_SUBR, 1, 1, MD_KIND_UNKNOWN },
	{ "mutex_type_spin", MD_DF_SUBR, 1, 1, MD_KIND_UNKNOWN },
	{ "normalize", MD_DF_ACTION, 1, 2, MD_KIND_UNKNOWN },
	{ "ntohl", MD_DF_SUBR, 1, 1, MD_KIND_UNKNOWN },
	{ "ntohll", MD_DF_SUBR, 1, 1, MD_KIND_UNKNOWN },
	{ "ntohs", MD_DF_SUBR, 1, 1, MD_KIND_UNKNOWN },
	{ "panic", MD_DF_ACTION, 0, 0, MD_KIND_UNKNOWN },
	{ "pcap", MD_DF_ACTION, 2, 2, MD_KIND_UNKNOWN },
	{ "print", MD_DF_ACTION, 1, 1, MD_KIND_UNKNOWN },
	{ "printa", MD_DF_ACTION, 1, MAXARGS, MD_KIND_UNKNOWN },
	{ "printf", MD_DF_ACTION, 1, MAXARGS, MD_KIND_UNKNOWN },
	{ "progenyof", MD_DF_SUBR, 1, 1, MD_KIND_UNKNOWN },
	{ "quantize", MD_DF_AGG, 1, 2, MD_KIND_UNKNOWN },
	{ "raise", MD_DF_ACTION, 1, 1, MD_KIND_UNKNOWN },
	{ "rand", MD_DF_SUBR, 0, 0, MD_KIND_UNKNOWN },
	{ "rindex", MD_DF_SUBR, 2, 3, MD_KIND_NUMBER },
	{ "rw_iswriter", MD_DF_SUBR, 1, 1, MD_KIND_UNKNOWN },
	{ "rw_read_held", MD_DF_SUBR, 1, 1, MD_KIND_UNKNOWN },
	{ "rw_write_held", MD_DF_SUBR, 1, 1, MD_KIND_UNKNOWN },
	{ "setopt", MD_DF_ACTION, 1, 2, MD_KIND_UNKNOWN },
	{ "speculate", MD_DF_ACTION, 1, 1, MD_KIND_UNKNOWN },
	{ "speculation", MD_DF_SUBR, 0, 0, MD_KIND_UNKNOWN },
	{ "stack", MD_DF_KEYACT, 0, 1, MD_KIND_UNKNOWN },
	{ "stddev", MD_DF_AGG, 1, 1, MD_KIND_UNKNOWN },
	{ "stop", MD_DF_ACTION, 0, 0, MD_KIND_UNKNOWN },
	{ "strchr", MD_DF_SUBR, 2, 2, MD_KIND_UNKNOWN },
	{ "strjoin", MD_DF_SUBR, 2, 2, MD_KIND_STRING },
	{ "strlen", MD_DF_SUBR, 1, 1, MD_KIND_NUMBER },
	{ "strrchr", MD_DF_SUBR, 2, 2, MD_KIND_UNKNOWN },
	{ "strstr", MD_DF_SUBR, 2, 2, MD_KIND_UNKNOWN },
	{ "strtok", MD_DF_SUBR, 2, 2, MD_KIND_STRING },
	{ "strtoll", MD_DF_SUBR, 1, 2, MD_KIND_NUMBER },
	{ "substr", MD_DF_SUBR, 2, 3, MD_KIND_STRING },
	{ "sum", MD_DF_AGG, 1, 1, MD_KIND_UNKNOWN },
	{ "sym", MD_DF_KEYACT, 1, 1, MD_KIND_UNKNOWN },
	{ "system", MD_DF_ACTION, 1, MAXARGS, MD_KIND_UNKNOWN },
	{ "tolower", MD_DF_SUBR, 1, 1, MD_KIND_STRING },
	{ "toupper", MD_DF_SUBR, 1, 1, MD_KIND_STRING },
	{ "trace", MD_DF_ACTION, 1, 1, MD_KIND_UNKNOWN },
	{ "tracemem", MD_DF_ACTION, 2, 3, MD_KIND_UNKNOWN },
	{ "trunc", MD_DF_ACTION, 1, 2, MD_KIND_UNKNOWN },
	{ "uaddr", MD_DF_KEYACT, 1, 1, MD_KIND_UNKNOWN },
	{ "ufunc", MD_DF_KEYACT, 1, 1, MD_KIND_UNKNOWN },
	{ "umod", MD_DF_KEYACT, 1, 1, MD_KIND_UNKNOWN },
	{ "ustack", MD_DF_KEYACT, 0, 2, MD_KIND_UNKNOWN },
	{ "usym", MD_DF_KEYACT, 1, 1, MD_KIND_UNKNOWN },
};

/*
 * Variables: name, D type (Oracle's where the two differ), and kind where
 * SPEC 7.16 counts it.  cwd, root, curpsinfo and the like come from the D
 * library files rather than the compiler's table; they are here all the
 * same, as a user sees them.
 */
static const md_dvar_t md_dvars[] = {
	{ "arg0", "int64_t", MD_KIND_NUMBER },
	{ "arg1", "int64_t", MD_KIND_NUMBER },
	{ "arg2", "int64_t", MD_KIND_NUMBER },
	{ "arg3", "int64_t", MD_KIND_NUMBER },
	{ "arg4", "int64_t", MD_KIND_NUMBER },
	{ "arg5", "int64_t", MD_KIND_NUMBER },
	{ "arg6", "int64_t", MD_KIND_NUMBER },
	{ "arg7", "int64_t", MD_KIND_NUMBER },
	{ "arg8", "int64_t", MD_KIND_NUMBER },
	{ "arg9", "int64_t", MD_KIND_NUMBER },
	{ "args", "(typed by the probe)", MD_KIND_UNKNOWN },
	{ "caller", "uintptr_t", MD_KIND_UNKNOWN },
	{ "chip", "chipid_t", MD_KIND_UNKNOWN },
	{ "cpu", "processorid_t", MD_KIND_NUMBER },
	{ "curcpu", "cpuinfo_t *", MD_KIND_UNKNOWN },
	{ "curlwpsinfo", "lwpsinfo_t *", MD_KIND_UNKNOWN },
	{ "curpsinfo", "psinfo_t *", MD_KIND_UNKNOWN },
	{ "curthread", "(the kernel's thread)", MD_KIND_UNKNOWN },
	{ "cwd", "string", MD_KIND_STRING },
	{ "epid", "uint64_t", MD_KIND_NUMBER },
	{ "errno", "int", MD_KIND_NUMBER },
	{ "execargs", "string", MD_KIND_UNKNOWN },
	{ "execname", "string", MD_KIND_STRING },
	{ "gid", "gid_t", MD_KIND_NUMBER },
	{ "id", "uint_t", MD_KIND_NUMBER },
	{ "ipl", "uint_t", MD_KIND_NUMBER },
	{ "lgrp", "lgrp_id_t", MD_KIND_UNKNOWN },
	{ "pid", "pid_t", MD_KIND_NUMBER },
	{ "ppid", "pid_t", MD_KIND_NUMBER },
	{ "probefunc", "string", MD_KIND_STRING },
	{ "probemod", "string", MD_KIND_STRING },
	{ "probename", "string", MD_KIND_STRING },
	{ "probeprov", "string", MD_KIND_STRING },
	{ "pset", "psetid_t", MD_KIND_UNKNOWN },
	{ "root", "string", MD_KIND_STRING },
	{ "stackdepth", "uint32_t", MD_KIND_NUMBER },
	{ "tid", "id_t", MD_KIND_NUMBER },
	{ "timestamp", "uint64_t", MD_KIND_NUMBER },
	{ "ucaller", "uint64_t", MD_KIND_UNKNOWN },
	{ "uid", "uid_t", MD_KIND_NUMBER },
	{ "uregs", "(registers)", MD_KIND_UNKNOWN },
	{ "ustackdepth", "uint32_t", MD_KIND_NUMBER },
	{ "vmregs", "(registers)", MD_KIND_UNKNOWN },
	{ "vtimestamp", "uint64_t", MD_KIND_NUMBER },
	{ "walltimestamp", "int64_t", MD_KIND_NUMBER },
	{ "zonename", "string", MD_KIND_STRING },
};

#define	MD_NELEM(a)	(sizeof (a) / sizeof ((a)[0]))

typedef struct md_dkey {
	const char	*dk_name;
	size_t		dk_len;
} md_dkey_t;

static int
md_dtab_cmp(const void *k, const void *e)
{
	const md_dkey_t *key = k;
	const char *name = *(const char *const *)e;	/* the first member */
	int c = strncmp(key->dk_name, name, key->dk_len);

	return (c != 0 ? c : name[key->dk_len] == '\0' ? 0 : -1);
}

/* The function named by the len bytes at name, or NULL. */
const md_dfunc_t *
md_dfunc(const char *name, size_t len)
{
	md_dkey_t key;

	key.dk_name = name;
	key.dk_len = len;
	return (bsearch(&key, md_dfuncs, MD_NELEM(md_dfuncs),
	    sizeof (md_dfuncs[0]), md_dtab_cmp));
}

/* The built-in variable named by the len bytes at name, or NULL. */
const md_dvar_t *
md_dvar(const char *name, size_t len)
{
	md_dkey_t key;

	key.dk_name = name;
	key.dk_len = len;
	return (bsearch(&key, md_dvars, MD_NELEM(md_dvars),
	    sizeof (md_dvars[0]), md_dtab_cmp));
}

/* "any number of", as the message about a call's arguments says it */
int
md_dfunc_varargs(const md_dfunc_t *f)
{
	return (f->df_max == MAXARGS);
}

/* Are both tables in the order bsearch() needs (for the unit tests)? */
int
md_dtab_sorted(void)
{
	size_t i;

	for (i = 1; i < MD_NELEM(md_dfuncs); i++) {
		if (strcmp(md_dfuncs[i - 1].df_name, md_dfuncs[i].df_name) >= 0)
			return (0);
	}
	for (i = 1; i < MD_NELEM(md_dvars); i++) {
		if (strcmp(md_dvars[i - 1].dv_name, md_dvars[i].dv_name) >= 0)
			return (0);
	}
	return (1);
}

/*
 * The aggregating functions by name (the md_aggfn_t of the values a
 * consumer reads, SPEC 8.1).
 */
static const char *const md_aggfn_names[] = {
	[MD_AGG_COUNT] = "count", [MD_AGG_SUM] = "sum", [MD_AGG_AVG] = "avg",
	[MD_AGG_STDDEV] = "stddev", [MD_AGG_MIN] = "min", [MD_AGG_MAX] = "max",
	[MD_AGG_QUANTIZE] = "quantize", [MD_AGG_LQUANTIZE] = "lquantize",
	[MD_AGG_LLQUANTIZE] = "llquantize"
};

md_aggfn_t
md_aggfn_byname(const char *name, size_t len)
{
	size_t i;

	for (i = 1; i < sizeof (md_aggfn_names) / sizeof (char *); i++) {
		if (strlen(md_aggfn_names[i]) == len &&
		    memcmp(md_aggfn_names[i], name, len) == 0)
			return ((md_aggfn_t)i);
	}
	return (MD_AGG_NONE);
}

/*
 * The aggregating function D text (len bytes) calls, by the name it
 * begins with ("llquantize($0, 10, 3, 11, 100)"), the name's length in
 * *namelenp (if not NULL).
 */
md_aggfn_t
md_aggfn_of(const char *text, size_t len, size_t *namelenp)
{
	size_t n = 0;

	while (n < len && (text[n] == '_' || (text[n] >= 'a' &&
	    text[n] <= 'z') || (text[n] >= 'A' && text[n] <= 'Z') ||
	    (n > 0 && text[n] >= '0' && text[n] <= '9')))
		n++;
	if (namelenp != NULL)
		*namelenp = n;
	return (md_aggfn_byname(text, n));
}
