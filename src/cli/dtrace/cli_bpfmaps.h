/*
 * cli_bpfmaps.h: the reader of Oracle's BPF maps (cli_bpfmaps.c), as
 * cli_dtrace.c, which drives libdtrace, uses it, and they alone
 * (tests/layout.sh: no file outside src/cli/dtrace includes it): the
 * dialect this build speaks, and the seam between the two.
 *
 * The seam goes one way: cli_dtrace.c calls the reader, and the reader
 * calls nothing of cli_dtrace.c, nor of libdtrace (whose functions
 * cli_dtrace.c opens): it is handed libdtrace's version, its handle and
 * its descriptions of the aggregations, and a callback for records.  What
 * libdtrace must do around the reader (its own snapshots held off, the
 * descriptions learnt through its walks) is done in cli_dtrace.c.
 *
 *	md_bpf_checked()	is this libdtrace one the reader was checked
 *				against?  -v's words (md_dt_reader()), yes
 *				or no
 *	md_bpf_open()		the maps found and a table made, or NULL
 *				(md_bpf_missed(): -v's words);
 *				md_bpf_close(), NULL a no-op
 *	md_bpf_learn()		an aggregation's description, and its
 *				function in meta-d's words
 *	md_bpf_unknown()	the next aggregation id of no description
 *	md_bpf_read()		every CPU's map merged into the table
 *	md_bpf_visit()		its records handed over, as a walk of the
 *				snapshot would; evicted ones taken out
 *	md_bpf_empty()		the maps emptied of what was read (stopped)
 *	md_bpf_drops()		aggregation drops since the last call
 *
 * The reader is Oracle's, on Linux: in the illumos dialect none of it is
 * declared, and cli_bpfmaps.c is empty.
 */

#ifndef	MD_CLI_BPFMAPS_H
#define	MD_CLI_BPFMAPS_H

#include <sys/param.h>		/* NBBY, which dtrace.h's macros use */
#include <dtrace.h>

#include "cli.h"

/* The dialect: Oracle's DTrace for Linux 2.x, or illumos' (cli_dtrace.c) */
#if !defined(MD_DTRACE_ORACLE) && !defined(MD_DTRACE_ILLUMOS)
#if defined(__linux__)
#define	MD_DTRACE_ORACLE
#else
#define	MD_DTRACE_ILLUMOS
#endif
#endif

#ifdef	MD_DTRACE_ORACLE
/* The aggregation of meta-d's own that md_dt_runclause()'s BEGIN fills. */
#define	MD_DT_BEGUN	"__metad_begun"

typedef struct md_bpf md_bpf_t;

/* A record for the walk's callback: final, its last value (evicted). */
typedef int md_bpf_rec_f(const dtrace_aggdata_t *, int, void *);

extern int md_bpf_checked(const char *, const char *, char *, size_t);
extern void md_bpf_missed(const char *, char *, size_t);
extern md_bpf_t *md_bpf_open(void);
extern void md_bpf_close(md_bpf_t *);
extern void md_bpf_learn(md_bpf_t *, dtrace_aggdesc_t *, md_aggfn_t);
extern uint32_t md_bpf_unknown(const md_bpf_t *, uint32_t, uint32_t *);
extern int md_bpf_read(md_bpf_t *);
extern int md_bpf_visit(md_bpf_t *, dtrace_hdl_t *, int, md_bpf_rec_f *,
    void *);
extern void md_bpf_empty(md_bpf_t *);
extern void md_bpf_drops(md_bpf_t *, const md_dt_hooks_t *);
#endif

#endif	/* MD_CLI_BPFMAPS_H */
