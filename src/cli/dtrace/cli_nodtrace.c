/*
 * cli_nodtrace.c: what stands for the system's libdtrace where meta-d was
 * built without one (make found none): meta-d does everything else, and
 * --run and --compile say why they cannot (md_dt_missing()).
 */

#include <stdio.h>
#include <time.h>

#include "cli.h"

const char *
md_dt_missing(void)
{
	return ("this meta-d was built without libdtrace (make found none: "
	    "GUIDE.md, \"Getting libdtrace\", says how to get one, and "
	    "DTRACE_PREFIX=DIR names where it is)");
}

const char *
md_dt_runclause(void)
{
	return ("");
}

md_dt_t *
md_dt_open(int flags, const md_dt_hooks_t *hooks, const char *const *libdirs,
    char *msg, size_t msglen)
{
	(void) flags;
	(void) hooks;
	(void) libdirs;
	(void) snprintf(msg, msglen, "%s", md_dt_missing());
	return (NULL);
}

int
md_dt_compile(md_dt_t *dt, const char *text, size_t len, int flags,
    char *msg, size_t msglen)
{
	(void) dt;
	(void) text;
	(void) len;
	(void) flags;
	(void) snprintf(msg, msglen, "%s", md_dt_missing());
	return (-1);
}

int
md_dt_go(md_dt_t *dt, char *msg, size_t msglen)
{
	(void) dt;
	(void) snprintf(msg, msglen, "%s", md_dt_missing());
	return (-1);
}

int
md_dt_interval(md_dt_t *dt, md_dt_rec_f *cb, void *arg, char *msg,
    size_t msglen)
{
	(void) dt;
	(void) cb;
	(void) arg;
	(void) snprintf(msg, msglen, "%s", md_dt_missing());
	return (-1);
}

int
md_dt_poll(md_dt_t *dt)
{
	(void) dt;
	return (0);
}

const char *
md_dt_reader(const md_dt_t *dt)
{
	(void) dt;
	return (md_dt_missing());
}

int
md_dt_stop(md_dt_t *dt)
{
	(void) dt;
	return (-1);
}

void
md_dt_close(md_dt_t *dt)
{
	(void) dt;
}

void
md_dt_abandon(md_dt_t *dt)
{
	(void) dt;
}
