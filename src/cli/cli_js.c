/*
 * cli_js.c: the original's metric files, JavaScript, read with Duktape.
 *
 * The original tool loaded a metric by running its file with two globals,
 * register(desc) and sprintf(fmt, ...).  meta-d does the same in a child
 * process, so that a metric that loops, eats memory or recurses without
 * end is stopped and reported, and never hangs or kills meta-d:
 *
 *  - the child has MD_JS_CPU seconds of CPU (RLIMIT_CPU), MD_JS_AS bytes
 *    of address space (RLIMIT_AS; not under AddressSanitizer, which
 *    maps terabytes of shadow) and may leave no core (RLIMIT_CORE 0), and
 *    the parent kills it after MD_JS_WALL seconds, whatever it is doing
 *    (stopped, or blocked);
 *  - it holds nothing of the parent's but its reply pipe (every other
 *    descriptor closed, 0 to 2 on /dev/null), runs as user nobody when
 *    meta-d is root, or runs nothing (it says why), and ends when its
 *    parent does (it looks every MD_JS_WATCH microseconds: a timer, as
 *    portable as PR_SET_PDEATHSIG is not);
 *  - its JavaScript heap may hold MD_JS_MEM bytes (Duktape's allocator
 *    counts them; past that an allocation fails and Duktape throws);
 *  - the sandbox has the ECMAScript built-ins, register() and sprintf(),
 *    and nothing else: no Duktape object, no require, no timers, no I/O.
 *
 * The child writes one byte, '0' or '1', then the registered description
 * as JSON or a message, to a pipe; at most MD_MAXINPUT bytes of JSON, the
 * limit of a .json file.  The JSON then goes through the same loader as a
 * .json file, once the characters past U+FFFF, which Duktape keeps as
 * CESU-8 (a surrogate pair, 3 bytes each), are UTF-8 again.  The parent
 * says how the child ended: a limit it reached, or the signal that killed
 * it.  fork() is safe here because meta-d has one
 * thread; this is why reading JavaScript is the command line's, not the
 * library's.
 */

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <math.h>
#include <pwd.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <duktape.h>

#include "cli.h"

#define	MD_JS_CPU	5		/* seconds of CPU for the child */
#define	MD_JS_WALL	30		/* seconds before it is killed */
#define	MD_JS_MEM	(256UL << 20)	/* bytes of JavaScript heap */
#define	MD_JS_AS	(1UL << 30)	/* bytes of address space */
#define	MD_JS_WATCH	100000		/* us between looks at the parent */
#define	MD_JS_USER	"nobody"	/* whom root's child runs as */

#if defined(__SANITIZE_ADDRESS__)
#define	MD_JS_ASAN	1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define	MD_JS_ASAN	1
#endif
#endif

/*
 * Is buf JavaScript?  A document whose first character that is not white
 * space is '{' or '[' is JSON; anything else, the original's form.  An
 * empty document is JSON (and an error there).
 */
int
md_cli_isjs(const char *buf, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++) {
		if (buf[i] != ' ' && buf[i] != '\t' && buf[i] != '\n' &&
		    buf[i] != '\r')
			return (buf[i] != '{' && buf[i] != '[');
	}
	return (0);
}

/*
 * The child.  Everything below up to md_cli_js() runs in it.
 */

typedef struct js_heap {
	size_t	jh_used;	/* bytes the JavaScript heap holds */
	int	jh_full;	/* an allocation went past MD_JS_MEM */
	int	jh_fd;		/* where the child replies */
} js_heap_t;

/* Each block carries its size before it, so that free knows it. */
typedef union js_block {
	size_t		jb_size;
	long double	jb_align;
	void		*jb_palign;
} js_block_t;

static void *
js_alloc(void *udata, duk_size_t size)
{
	js_heap_t *h = udata;
	js_block_t *b;

	if (size > MD_JS_MEM - h->jh_used) {
		h->jh_full = 1;
		return (NULL);
	}
	if ((b = malloc(sizeof (*b) + size)) == NULL)
		return (NULL);
	b->jb_size = size;
	h->jh_used += size;
	return (b + 1);
}

static void
js_free(void *udata, void *ptr)
{
	js_heap_t *h = udata;
	js_block_t *b;

	if (ptr == NULL)
		return;
	b = (js_block_t *)ptr - 1;
	h->jh_used -= b->jb_size;
	free(b);
}

static void *
js_realloc(void *udata, void *ptr, duk_size_t size)
{
	js_heap_t *h = udata;
	js_block_t *b, *nb;

	if (ptr == NULL)
		return (js_alloc(udata, size));
	if (size == 0) {
		js_free(udata, ptr);
		return (NULL);
	}
	b = (js_block_t *)ptr - 1;
	if (size > b->jb_size && size - b->jb_size > MD_JS_MEM - h->jh_used) {
		h->jh_full = 1;
		return (NULL);
	}
	if ((nb = realloc(b, sizeof (*nb) + size)) == NULL)
		return (NULL);
	h->jh_used = h->jh_used - nb->jb_size + size;
	nb->jb_size = size;
	return (nb + 1);
}

/* Send the parent a status byte and a text, and leave. */
static void
js_reply(int fd, char status, const char *text, size_t len)
{
	if (md_cli_write(fd, &status, 1) == 0)
		(void) md_cli_write(fd, text, len);
	(void) close(fd);
}

/* Duktape cannot go on (e.g. out of memory where it cannot throw). */
static void
js_fatal(void *udata, const char *msg)
{
	const js_heap_t *h = udata;
	char text[MD_ERRMSGLEN];

	(void) snprintf(text, sizeof (text), "JavaScript fatal error: %s",
	    msg == NULL ? "(no message)" : msg);
	js_reply(h->jh_fd, '1', text, strlen(text));
	_exit(1);
}

static duk_ret_t js_throw(duk_context *, const char *, ...)
    MD_CLI_PRINTFLIKE(2, 3);
static int js_msg(char *, size_t, const char *, ...) MD_CLI_PRINTFLIKE(3, 4);

/*
 * Throw a TypeError from sprintf, naming the line of the script that
 * called it (Duktape would name the line of this file).
 */
static duk_ret_t
js_throw(duk_context *ctx, const char *fmt, ...)
{
	char msg[MD_ERRMSGLEN];
	va_list ap;
	int line = 0;

	va_start(ap, fmt);
	(void) vsnprintf(msg, sizeof (msg), fmt, ap);
	va_end(ap);
	duk_inspect_callstack_entry(ctx, -2);
	if (duk_is_object(ctx, -1)) {
		(void) duk_get_prop_string(ctx, -1, "lineNumber");
		line = duk_get_int(ctx, -1);
		duk_pop(ctx);
	}
	duk_pop(ctx);
	if (line > 0)
		return (duk_type_error(ctx, "sprintf: %s (line %d)", msg, line));
	return (duk_type_error(ctx, "sprintf: %s", msg));
}

/* register(desc): keep desc; the last call wins. */
static duk_ret_t
js_register(duk_context *ctx)
{
	duk_push_global_stash(ctx);
	duk_dup(ctx, 0);
	(void) duk_put_prop_string(ctx, -2, "desc");
	return (0);
}

/*
 * sprintf(fmt, ...), as the original's (extsprintf): conversions %s, %d
 * (the number, rounded down), %f (the number), %j (JSON) and %%; flags '-'
 * (left-justify), '0' (pad numbers with zeros) and '+' (sign positive
 * numbers); a width.  Anything else, too few arguments, %s of undefined
 * or null, and %d or %f of what is not a finite number throw.
 */
/* One conversion of sprintf(): its flags, width and letter. */
typedef struct js_conv {
	int	jc_left;	/* '-' */
	int	jc_zero;	/* '0' */
	int	jc_plus;	/* '+' */
	size_t	jc_width;
	char	jc_letter;	/* s, d, f, j or % */
} js_conv_t;

/* Read the conversion after a '%' at *pp into c; -1 if its width is huge. */
static int
js_conv(const char **pp, js_conv_t *c)
{
	const char *p = *pp;

	(void) memset(c, 0, sizeof (*c));
	for (; *p == '-' || *p == '0' || *p == '+'; p++) {
		c->jc_left |= *p == '-';
		c->jc_zero |= *p == '0';
		c->jc_plus |= *p == '+';
	}
	while (*p >= '0' && *p <= '9') {
		if (c->jc_width > 1000)
			return (-1);
		c->jc_width = c->jc_width * 10 + (size_t)(*p++ - '0');
	}
	c->jc_letter = *p;
	*pp = *p == '\0' ? p : p + 1;
	return (0);
}

/*
 * Push argument arg as conversion c makes it (a string, a number as
 * text, JSON), or throw.
 */
static duk_ret_t
js_conv_push(duk_context *ctx, const js_conv_t *c, duk_idx_t arg)
{
	double x;

	if (c->jc_letter == 's') {
		if (duk_is_undefined(ctx, arg) || duk_is_null(ctx, arg))
			return (js_throw(ctx, "attempted to print undefined or "
			    "null as a string (argument %d)", (int)arg));
		duk_dup(ctx, arg);
		(void) duk_to_string(ctx, -1);
		return (0);
	}
	if (c->jc_letter == 'j') {
		duk_dup(ctx, arg);
		(void) duk_json_encode(ctx, -1);
		return (0);
	}
	/* NaN and Infinity are no D (SPEC rule 2) */
	if (!isfinite(x = duk_to_number(ctx, arg)))
		return (js_throw(ctx, "%%%c of a value that is not a finite "
		    "number (argument %d)", c->jc_letter, (int)arg));
	if (c->jc_letter == 'd')
		x = floor(x);
	duk_push_number(ctx, x);
	(void) duk_to_string(ctx, -1);
	if (c->jc_plus && x >= 0) {
		duk_push_string(ctx, "+");
		duk_insert(ctx, -2);
		duk_concat(ctx, 2);
	}
	return (0);
}

/* Pad the string on top of the stack to c's width, as c says. */
static void
js_conv_pad(duk_context *ctx, const js_conv_t *c)
{
	int num = c->jc_letter == 'd' || c->jc_letter == 'f';
	duk_size_t len;
	const char *s = duk_get_lstring(ctx, -1, &len);
	size_t pad, sign;

	if (c->jc_width <= len)
		return;
	pad = c->jc_width - len;
	if (c->jc_left) {
		duk_push_sprintf(ctx, "%*s", (int)pad, "");
		duk_concat(ctx, 2);
	} else if (c->jc_zero && num) {
		/* zeros go after the sign */
		sign = s[0] == '-' || s[0] == '+';
		duk_push_lstring(ctx, s, sign);
		duk_push_sprintf(ctx, "%0*d", (int)pad, 0);
		duk_push_string(ctx, s + sign);
		duk_concat(ctx, 3);
		duk_remove(ctx, -2);
	} else {
		duk_push_sprintf(ctx, "%*s", (int)pad, "");
		duk_insert(ctx, -2);
		duk_concat(ctx, 2);
	}
}

static duk_ret_t
js_sprintf(duk_context *ctx)
{
	duk_idx_t nargs = duk_get_top(ctx), arg = 1, parts = 0;
	const char *fmt = duk_require_string(ctx, 0), *p, *lit;
	js_conv_t c;

	for (p = fmt; *p != '\0'; parts++) {
		for (lit = p; *p != '\0' && *p != '%'; p++)
			continue;
		if (p > lit) {
			duk_push_lstring(ctx, lit, (duk_size_t)(p - lit));
			continue;
		}
		p++;
		if (js_conv(&p, &c) != 0)
			return (js_throw(ctx, "width too large in \"%s\"", fmt));
		if (c.jc_letter == '%') {
			duk_push_string(ctx, "%");
			continue;
		}
		if (c.jc_letter == '\0' || strchr("sdfj", c.jc_letter) == NULL)
			return (js_throw(ctx, "unsupported conversion in "
			    "\"%s\"", fmt));
		if (arg >= nargs)
			return (js_throw(ctx, "not enough arguments for \"%s\"",
			    fmt));
		if (js_conv_push(ctx, &c, arg++) != 0)
			return (DUK_RET_ERROR);
		js_conv_pad(ctx, &c);
	}
	duk_concat(ctx, parts);
	return (1);
}

/* The error at the top of the stack, with its line, into text. */
static void
js_error_text(duk_context *ctx, char *text, size_t len)
{
	const char *msg;
	int line = 0;

	duk_dup(ctx, -1);			/* the error, and ... */
	msg = duk_safe_to_string(ctx, -1);	/* ... its text */
	(void) snprintf(text, len, "%s", msg);
	if (duk_is_object(ctx, -2)) {
		(void) duk_get_prop_string(ctx, -2, "lineNumber");
		line = duk_is_number(ctx, -1) ? duk_get_int(ctx, -1) : 0;
		duk_pop(ctx);
	}
	if (line > 0 && strstr(text, "(line ") == NULL)
		(void) snprintf(text + strlen(text), len - strlen(text),
		    " (line %d)", line);
	duk_pop(ctx);
}

/* Who the child is: its parent, and the user it runs as when root. */
typedef struct js_who {
	pid_t	jw_parent;
	uid_t	jw_uid;		/* -1: stay */
	gid_t	jw_gid;
} js_who_t;

/* Looked up in the parent: a child of a fork may not read files well. */
static void
js_whom(js_who_t *who)
{
	struct passwd *pw = geteuid() == 0 ? getpwnam(MD_JS_USER) : NULL;

	who->jw_parent = getpid();
	who->jw_uid = pw != NULL ? pw->pw_uid : (uid_t)-1;
	who->jw_gid = pw != NULL ? pw->pw_gid : (gid_t)-1;
}

/*
 * No supplementary groups (root's).  setgroups() is outside POSIX; on
 * Linux it is declared here, as glibc and musl have it; elsewhere the
 * child keeps them, with nothing open but its pipe.
 */
#if defined(__linux__)
extern int setgroups(size_t, const gid_t *);	/* glibc and musl */
#endif

static int
js_nogroups(void)
{
#if defined(__linux__)
	return (setgroups(0, NULL));
#else
	return (0);
#endif
}

/* The child's limits: CPU time, memory, and no core from SIGXCPU. */
static void
js_limits(void)
{
	struct rlimit rl;

	rl.rlim_cur = MD_JS_CPU;
	rl.rlim_max = MD_JS_CPU + 1;
	(void) setrlimit(RLIMIT_CPU, &rl);
#ifndef	MD_JS_ASAN
	rl.rlim_cur = rl.rlim_max = MD_JS_AS;
	(void) setrlimit(RLIMIT_AS, &rl);
#endif
	/* SIGXCPU dumps core by default: a metric must leave none behind */
	rl.rlim_cur = 0;
	rl.rlim_max = 0;
	(void) setrlimit(RLIMIT_CORE, &rl);
}

static pid_t js_parent;		/* the child's parent, watched */

/* SIGALRM in the child: its parent gone (it has another), it ends. */
static void
js_watch(int sig)
{
	(void) sig;
	if (getppid() != js_parent)
		_exit(1);
}

/*
 * What the child holds of the parent: its reply pipe fd only, and 0 to 2
 * on /dev/null.  Every other descriptor is closed: those /dev/fd names,
 * or, where it cannot be read, each up to the limit.
 */
static void
js_descriptors(int fd)
{
	long max = sysconf(_SC_OPEN_MAX), i;
	struct dirent *e;
	DIR *d;

	if ((d = opendir("/dev/fd")) != NULL) {
		while ((e = readdir(d)) != NULL) {
			i = strtol(e->d_name, NULL, 10);
			if (e->d_name[0] >= '0' && e->d_name[0] <= '9' &&
			    i != fd && i != dirfd(d))
				(void) close((int)i);
		}
		(void) closedir(d);
	} else {
		for (i = 0; i < (max < 0 || max > 65536 ? 65536 : max); i++)
			if (i != fd)
				(void) close((int)i);
	}
	for (i = 0; i < 3; i++) {
		if (i != fd && open("/dev/null", O_RDWR) != (int)i)
			break;
	}
}

/*
 * Root's child: user uid and group gid, no supplementary group, and no
 * way back; or it runs nothing.  A child left root (no such user, or a
 * call refused, as without CAP_SETUID) would run a metric's code as root.
 * Returns 0, or -1 and why in text.
 */
static int
js_drop(uid_t uid, gid_t gid, char *text, size_t textlen)
{
	const char *call;

	if (geteuid() != 0)
		return (0);
	if (uid == (uid_t)-1 || gid == (gid_t)-1)
		return (js_msg(text, textlen, "JavaScript is not run as root, "
		    "and this system has no user %s to run it as", MD_JS_USER));
	call = js_nogroups() != 0 ? "setgroups" : setgid(gid) != 0 ?
	    "setgid" : setuid(uid) != 0 ? "setuid" : NULL;
	if (call != NULL)
		return (js_msg(text, textlen, "JavaScript is not run as root, "
		    "and it cannot run as user %s: %s: %s", MD_JS_USER, call,
		    strerror(errno)));
	if (uid != 0 && (setuid(0) == 0 || geteuid() == 0 || getuid() == 0))
		return (js_msg(text, textlen, "JavaScript is not run as root, "
		    "and it could not leave root for user %s", MD_JS_USER));
	return (0);
}

/*
 * The child confined: limits, descriptors, its parent watched, and, when
 * it is root, user uid and group gid instead (js_drop()).  Returns 0, or
 * -1 and why in text: then it must run nothing.
 */
static int
js_confine(int fd, const js_who_t *who, char *text, size_t textlen)
{
	struct sigaction sa;
	struct itimerval it;

	js_limits();
	js_descriptors(fd);
	js_parent = who->jw_parent;
	(void) memset(&sa, 0, sizeof (sa));
	sa.sa_handler = js_watch;
	sa.sa_flags = SA_RESTART;
	(void) sigemptyset(&sa.sa_mask);
	(void) sigaction(SIGALRM, &sa, NULL);
	it.it_interval.tv_sec = it.it_value.tv_sec = 0;
	it.it_interval.tv_usec = it.it_value.tv_usec = MD_JS_WATCH;
	(void) setitimer(ITIMER_REAL, &it, NULL);
	js_watch(SIGALRM);	/* it may be gone already */
	return (js_drop(who->jw_uid, who->jw_gid, text, textlen));
}

/* The sandbox: the built-ins without Duktape's own, register and sprintf. */
static void
js_sandbox(duk_context *ctx)
{
	duk_push_global_object(ctx);
	(void) duk_del_prop_string(ctx, -1, "Duktape");
	duk_push_c_function(ctx, js_register, 1);
	(void) duk_put_prop_string(ctx, -2, "register");
	duk_push_c_function(ctx, js_sprintf, DUK_VARARGS);
	(void) duk_put_prop_string(ctx, -2, "sprintf");
	duk_pop(ctx);
}

/* Run the metric's code: 0, or -1 and why in text. */
static int
js_run(duk_context *ctx, const js_heap_t *heap, const char *buf,
    size_t len, const char *name, char *text, size_t textlen)
{
	duk_push_lstring(ctx, buf, len);
	duk_push_string(ctx, name);
	if (duk_pcompile(ctx, 0) == 0 && duk_pcall(ctx, 0) == 0) {
		duk_pop(ctx);
		return (0);
	}
	js_error_text(ctx, text, textlen);
	if (heap->jh_full)
		(void) snprintf(text + strlen(text), textlen - strlen(text),
		    ": JavaScript may use %lu MiB", MD_JS_MEM >> 20);
	return (-1);
}

/* Reply with what the metric registered, as JSON, or why there is none. */
static void
js_describe(duk_context *ctx, int fd)
{
	char text[MD_ERRMSGLEN];
	const char *json;
	duk_size_t jlen;

	/* JSON.stringify(desc, null, 2), as node would print it */
	duk_push_global_stash(ctx);
	(void) duk_get_prop_string(ctx, -1, "desc");
	if (duk_is_undefined(ctx, -1)) {
		(void) snprintf(text, sizeof (text), "didn't register itself");
		js_reply(fd, '1', text, strlen(text));
		return;
	}
	(void) duk_get_global_string(ctx, "JSON");
	(void) duk_get_prop_string(ctx, -1, "stringify");
	duk_dup(ctx, -3);
	duk_push_null(ctx);
	duk_push_int(ctx, 2);
	if (duk_pcall(ctx, 3) != 0) {
		(void) snprintf(text, sizeof (text), "the registered "
		    "description is not JSON: ");
		js_error_text(ctx, text + strlen(text),
		    sizeof (text) - strlen(text));
		js_reply(fd, '1', text, strlen(text));
	} else if ((json = duk_get_lstring(ctx, -1, &jlen)) == NULL) {
		(void) snprintf(text, sizeof (text), "the registered "
		    "description is not JSON: it is %s", duk_is_function(ctx,
		    -3) ? "a function" : "undefined");
		js_reply(fd, '1', text, strlen(text));
	} else {
		js_reply(fd, '0', json, jlen);
	}
}

/*
 * The child: evaluate the metric, reply on fd, and end there, with
 * _exit(): nothing returns into its caller's stack, and what the parent
 * allocated before the fork is the parent's to free.
 */
static void
js_child(int fd, const char *buf, size_t len, const char *name,
    const js_who_t *who)
{
	char text[MD_ERRMSGLEN];
	duk_context *ctx;
	js_heap_t heap;

	if (js_confine(fd, who, text, sizeof (text)) != 0) {
		js_reply(fd, '1', text, strlen(text));
		_exit(0);
	}
	heap.jh_used = 0;
	heap.jh_full = 0;
	heap.jh_fd = fd;
	if ((ctx = duk_create_heap(js_alloc, js_realloc, js_free, &heap,
	    js_fatal)) == NULL) {
		(void) snprintf(text, sizeof (text), "cannot make a "
		    "JavaScript heap");
		js_reply(fd, '1', text, strlen(text));
		_exit(0);
	}
	js_sandbox(ctx);
	if (js_run(ctx, &heap, buf, len, name, text, sizeof (text)) != 0)
		js_reply(fd, '1', text, strlen(text));
	else
		js_describe(ctx, fd);
	duk_destroy_heap(ctx);
	_exit(0);
}

/*
 * The parent.
 */

static int
js_msg(char *msg, size_t msglen, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	(void) vsnprintf(msg, msglen, fmt, ap);
	va_end(ap);
	return (-1);
}

/*
 * Room to read into at len of *bufp (*capp bytes), which grows to most +
 * 1 bytes at the most: 0, or EFBIG when len is past most, or ENOMEM.
 */
static int
js_room(char **bufp, size_t *capp, size_t len, size_t most)
{
	size_t cap = *capp * 2 > most + 1 ? most + 1 : *capp * 2;
	char *nbuf;

	if (len < *capp)
		return (0);
	if (len > most)
		return (EFBIG);
	if ((nbuf = realloc(*bufp, cap)) == NULL)
		return (ENOMEM);
	*bufp = nbuf;
	*capp = cap;
	return (0);
}

/*
 * Read the child's reply, a status byte and at most MD_MAXINPUT more,
 * within MD_JS_WALL seconds of start; past them, the child is killed
 * (*timedout), whatever it is doing: poll() waits for the time that is
 * left, and read() only follows a poll() that saw something to read.
 * Returns 0, or an errno: EFBIG for a reply past the limit.
 */
static int
js_read(int fd, pid_t pid, double start, char **bufp, size_t *lenp,
    int *timedout)
{
	size_t cap = 4096, len = 0, most = MD_MAXINPUT + 1;
	char *buf = malloc(cap);
	struct pollfd pfd;
	ssize_t n;
	int e = 0, r;

	if (buf == NULL) {
		(void) kill(pid, SIGKILL);
		return (ENOMEM);
	}
	pfd.fd = fd;
	pfd.events = POLLIN;
	for (;;) {
		double left = start + MD_JS_WALL -
		    md_cli_seconds(CLOCK_MONOTONIC);

		if (left <= 0) {
			*timedout = 1;
			(void) kill(pid, SIGKILL);
			break;
		}
		if ((r = poll(&pfd, 1, (int)(left * 1000) + 1)) < 0) {
			if (errno == EINTR)
				continue;
			e = errno;
			break;
		}
		if (r == 0)
			continue;	/* the time is checked above */
		if ((e = js_room(&buf, &cap, len, most)) != 0)
			break;
		if ((n = read(fd, buf + len, cap - len)) < 0) {
			if (errno == EINTR || errno == EAGAIN)
				continue;
			e = errno;
			break;
		}
		if (n == 0)
			break;
		len += (size_t)n;
	}
	if (e == 0 && len > most)
		e = EFBIG;
	if (e != 0) {
		(void) kill(pid, SIGKILL);
		free(buf);
		return (e);
	}
	*bufp = buf;
	*lenp = len;
	return (0);
}

/*
 * Duktape keeps a character past U+FFFF as a surrogate pair, each half
 * three bytes of CESU-8 (ED A0-AF xx, ED B0-BF xx); make each pair the
 * four bytes of UTF-8 again, in place.  A half without its other half is
 * left as it is (and is then not UTF-8, which the loader says).
 */
static size_t
js_utf8(char *s, size_t len)
{
	unsigned char *b = (unsigned char *)s;
	size_t i = 0, o = 0;

	while (i < len) {
		if (len - i >= 6 && b[i] == 0xed && (b[i + 1] & 0xf0) == 0xa0 &&
		    (b[i + 2] & 0xc0) == 0x80 && b[i + 3] == 0xed &&
		    (b[i + 4] & 0xf0) == 0xb0 && (b[i + 5] & 0xc0) == 0x80) {
			unsigned long hi = ((unsigned long)(b[i + 1] & 0x0f) <<
			    6) | (b[i + 2] & 0x3f);
			unsigned long lo = ((unsigned long)(b[i + 4] & 0x0f) <<
			    6) | (b[i + 5] & 0x3f);
			unsigned long cp = 0x10000 + (hi << 10) + lo;

			b[o++] = (unsigned char)(0xf0 | (cp >> 18));
			b[o++] = (unsigned char)(0x80 | ((cp >> 12) & 0x3f));
			b[o++] = (unsigned char)(0x80 | ((cp >> 6) & 0x3f));
			b[o++] = (unsigned char)(0x80 | (cp & 0x3f));
			i += 6;
			continue;
		}
		b[o++] = b[i++];
	}
	return (o);
}

/* How the child ended, when it sent no reply: into msg. */
static int
js_ended(char *msg, size_t msglen, int status, int timedout, double cpu)
{
	int sig = WIFSIGNALED(status) ? WTERMSIG(status) : 0;

	if (timedout)
		return (js_msg(msg, msglen, "JavaScript ran longer than its "
		    "limit of %d s in all, and was stopped", MD_JS_WALL));
	if (sig == SIGXCPU || (sig == SIGKILL && cpu >= MD_JS_CPU))
		return (js_msg(msg, msglen, "JavaScript ran longer than its "
		    "limit of %d s of CPU", MD_JS_CPU));
	if (sig != 0)
		return (js_msg(msg, msglen, "JavaScript evaluation was killed "
		    "by signal %d (%s), before any limit (%.1f s of CPU of %d, "
		    "and %d s in all)", sig, strsignal(sig), cpu, MD_JS_CPU,
		    MD_JS_WALL));
	return (js_msg(msg, msglen, "JavaScript evaluation ended with status "
	    "%d and no reply", WIFEXITED(status) ? WEXITSTATUS(status) : -1));
}

/* CPU seconds the children of this process used, once reaped. */
static double
js_cpu(void)
{
	struct rusage ru;

	if (getrusage(RUSAGE_CHILDREN, &ru) != 0)
		return (0);
	return ((double)ru.ru_utime.tv_sec + (double)ru.ru_stime.tv_sec +
	    (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6);
}

/*
 * What the child's reply (rlen bytes, or e, the error reading it) and its
 * end (status; timed out; cpu seconds) come to: the description as JSON in
 * *jsonp, or -1 and why in msg.
 */
static int
js_answer(char *reply, size_t rlen, int e, int status, int timedout,
    double cpu, char **jsonp, size_t *lenp, char *msg, size_t msglen)
{
	if (e == EFBIG)
		return (js_msg(msg, msglen, "its description is larger than "
		    "the limit of %lu MiB", MD_MAXINPUT >> 20));
	if (e != 0)
		return (js_msg(msg, msglen, "reading its description: %s",
		    strerror(e)));
	if (timedout || rlen == 0 || (reply[0] != '0' && reply[0] != '1') ||
	    (reply[0] == '0' && WIFSIGNALED(status))) {
		free(reply);
		return (js_ended(msg, msglen, status, timedout, cpu));
	}
	rlen = js_utf8(reply, rlen);
	if (reply[0] == '1') {
		(void) snprintf(msg, msglen, "%.*s", (int)(rlen - 1), reply + 1);
		free(reply);
		return (-1);
	}
	(void) memmove(reply, reply + 1, rlen - 1);
	reply[rlen - 1] = '\0';
	*jsonp = reply;
	*lenp = rlen - 1;
	return (0);
}

/*
 * Evaluate the JavaScript metric buf in a child.  On success, *jsonp
 * (*lenp bytes, NUL-terminated; the caller frees it) is the registered
 * description as JSON.  Otherwise -1 and a message in msg.
 *
 * SIGCHLD is made the default while the child lives: ignored, as a
 * parent may leave it, the child would be reaped by the system, and its
 * status lost.
 *
 * The child never returns: it ends with _exit() once it has replied
 * (js_child()).
 */
int
md_cli_js(const char *buf, size_t len, const char *name, char **jsonp,
    size_t *lenp, char *msg, size_t msglen)
{
	struct sigaction dfl, old;
	js_who_t who;
	char *reply = NULL;
	size_t rlen = 0;
	int fds[2], status = 0, e, timedout = 0, waited;
	double start, cpu;
	pid_t pid;

	if (pipe(fds) != 0)
		return (js_msg(msg, msglen, "pipe: %s", strerror(errno)));
	(void) memset(&dfl, 0, sizeof (dfl));
	dfl.sa_handler = SIG_DFL;
	(void) sigemptyset(&dfl.sa_mask);
	(void) sigaction(SIGCHLD, &dfl, &old);
	js_whom(&who);
	cpu = js_cpu();
	start = md_cli_seconds(CLOCK_MONOTONIC);
	if ((pid = fork()) < 0) {
		e = errno;
		(void) close(fds[0]);
		(void) close(fds[1]);
		(void) sigaction(SIGCHLD, &old, NULL);
		return (js_msg(msg, msglen, "fork: %s", strerror(e)));
	}
	if (pid == 0) {
		(void) close(fds[0]);
		js_child(fds[1], buf, len, name, &who);	/* no return */
	}

	(void) close(fds[1]);
	e = js_read(fds[0], pid, start, &reply, &rlen, &timedout);
	(void) close(fds[0]);
	while ((waited = waitpid(pid, &status, 0)) < 0 && errno == EINTR)
		continue;
	if (waited < 0) {
		int we = errno;

		(void) sigaction(SIGCHLD, &old, NULL);
		free(reply);
		return (js_msg(msg, msglen, "waiting for the JavaScript "
		    "evaluation: %s", strerror(we)));
	}
	(void) sigaction(SIGCHLD, &old, NULL);
	return (js_answer(reply, rlen, e, status, timedout, js_cpu() - cpu,
	    jsonp, lenp, msg, msglen));
}
