/*
 * cli_traceable.c: what every mode that traces asks before it touches
 * libdtrace (md_cli_traceable()), and what it adds when the compiler
 * refuses a metric written for another system (md_cli_hint_illumos()).
 *
 * The questions, in order, each refused in one line that says what is
 * wrong here (SPEC 1, 8):
 *
 *  1. the metric's "units" or "os" are malformed: "meta-D is invalid",
 *     as --check reports them;
 *  2. its "os" leaves out the system at hand: "syscall-ops is a metric
 *     for illumos; this is linux" (a system meta-d cannot name is not
 *     judged);
 *  3. this is not root: dtrace's probes are the kernel's, and libdtrace
 *     sees them only as root (on Linux it lists most of them, syscall,
 *     sdt, rawtp, from tracefs, which only root can read: without root
 *     it compiles, but takes those probes for absent and refuses their
 *     args[], verdicts --compile must not give; illumos grants
 *     dtrace_kernel and dtrace_proc to users: there, libdtrace itself
 *     judges).  Asked before libdtrace is opened, so that a user is told
 *     the one thing to do, not what libdtrace fails on without root (a
 *     probe that "does not match", a locked-memory limit "possibly too
 *     low").
 *
 * A compile that fails on a name only illumos has (zonename, a type of
 * its kernel, a member of one, its kernel module in fbt's probes), of a
 * metric that has no "os", is most likely a metric written for illumos
 * run elsewhere: md_cli_hint_illumos() says so in a second line.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

/*
 * Names only illumos' dtrace resolves, none of them in Oracle's D
 * libraries for Linux or in Linux's kernel types: the variable zonename;
 * the kernel's types (sys/vnode.h, sys/vfs.h, sys/thread.h, sys/proc.h,
 * sys/zone.h, sys/cred.h, sys/uio.h); members that Cloud Analytics'
 * metrics read through curthread and a vnode (t_procp, p_user, u_psargs,
 * u_comm, v_path); the kernel's module, in fbt's probe descriptions.
 * (curpsinfo and pr_psargs are not among them: Oracle's procfs.d has
 * both.)
 */
static const char *const md_tr_illumos[] = {
	"zonename", "vnode_t", "vfs_t", "kthread_t", "proc_t", "zone_t",
	"cred_t", "uio_t", "t_procp", "p_user", "u_psargs", "u_comm",
	"v_path", "genunix"
};

#define	MD_TR_NILLUMOS	(sizeof (md_tr_illumos) / sizeof (md_tr_illumos[0]))

/* The metric's name, for messages (allocated; NULL: out of memory). */
static char *
md_tr_name(const md_cli_opts_t *o)
{
	return (md_cli_metric_name(o->o_path != NULL ? o->o_path :
	    MD_CLI_STDIN));
}

void
md_cli_systems(FILE *f, const md_metric_t *m)
{
	size_t i, n = md_metric_nos(m);

	for (i = 0; i < n; i++)
		(void) fprintf(f, "%s%s", i == 0 ? "" : i + 1 < n ? ", " :
		    " and ", md_metric_os(m, i));
}

/* Refused: the metric is for other systems than sys. */
static int
md_tr_elsewhere(const md_cli_opts_t *o, const md_metric_t *m,
    const char *sys)
{
	char *name = md_tr_name(o), *list = NULL;
	size_t len;
	FILE *f;

	if (name == NULL || (f = open_memstream(&list, &len)) == NULL) {
		free(name);
		md_cli_err(o, "out of memory");
		return (MD_CLI_ERROR);
	}
	md_cli_systems(f, m);
	if (md_cli_mclose(f, &list) != 0)
		md_cli_err(o, "out of memory");
	else
		md_cli_err(o, "%s is a metric for %s; this is %s", name, list,
		    sys);
	free(list);
	free(name);
	return (MD_CLI_ERROR);
}

int
md_cli_traceable(const md_cli_job_t *j, const char *mode)
{
	const md_cli_opts_t *o = j->cj_o;
	const char *sys = md_cli_os();
	md_error_t err;

	if (md_metric_about(j->cj_m, &err) != 0) {
		md_cli_err(o, "meta-D is invalid: %s", err.mde_msg);
		return (MD_CLI_ERROR);
	}
	if (sys != NULL && !md_metric_runs_on(j->cj_m, sys))
		return (md_tr_elsewhere(o, j->cj_m, sys));
#ifndef	__sun
	if (geteuid() != 0) {
		md_cli_err(o, "%s needs root: libdtrace sees this system's "
		    "probes only as root (this is uid %lu); run meta-d as "
		    "root, e.g. with sudo", mode, (unsigned long)geteuid());
		return (MD_CLI_ERROR);
	}
#endif
	return (MD_CLI_SUCCESS);
}

int
md_cli_hint_named(const md_cli_opts_t *o, const char *name,
    const char *text, size_t len)
{
	const char *sys = md_cli_os();
	int k;

	if ((sys != NULL && strcmp(sys, "illumos") == 0) || (k =
	    md_d_names(text, len, md_tr_illumos, MD_TR_NILLUMOS)) < 0)
		return (0);
	md_cli_err(o, "%s looks written for illumos: it names %s, which only "
	    "illumos has (\"os\": [\"illumos\"] in the metric says so)", name,
	    md_tr_illumos[k]);
	return (1);
}

int
md_cli_hint_illumos(const md_cli_opts_t *o, const md_metric_t *m,
    const char *text, size_t len)
{
	char *name;
	int said;

	if (md_metric_nos(m) > 0 || (name = md_tr_name(o)) == NULL)
		return (0);
	said = md_cli_hint_named(o, name, text, len);
	free(name);
	return (said);
}
