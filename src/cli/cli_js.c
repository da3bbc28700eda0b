/*
 * cli_js.c: the original's metric files, JavaScript, read with Duktape.
 *
 * The original tool loaded a metric by running its file with two globals,
 * register(desc) and sprintf(fmt, ...).  meta-d does the same in
 * cli_sandbox.c's sandbox, a child that holds nothing of meta-d's, as
 * nobody when meta-d is root, with limits of CPU, address space and time,
 * so that a metric that loops, eats memory or recurses without end is
 * stopped and reported, and never hangs or kills meta-d.  This file is
 * what runs in it, and what the parent makes of its reply:
 *
 *  - the JavaScript heap may hold MD_JS_MEM bytes (Duktape's allocator
 *    counts them; past that an allocation fails and Duktape throws);
 *  - the global environment has the ECMAScript built-ins, register() and
 *    sprintf(), and nothing else: no Duktape object, no require, no
 *    timers, no I/O.
 *
 * The child replies one byte, '0' or '1', then the registered description
 * as JSON or a message; at most MD_MAXINPUT bytes of JSON, the limit of a
 * .json file.  The JSON then goes through the same loader as a .json file,
 * once the characters past U+FFFF, which Duktape keeps as CESU-8 (a
 * surrogate pair, 3 bytes each), are UTF-8 again.  A child that ends
 * without a reply is said by the sandbox (a limit it reached, or the
 * signal that killed it).  fork() is safe because meta-d has one thread;
 * this is why reading JavaScript is the command line's, not the
 * library's.
 */

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <duktape.h>

#include "cli.h"

#define	MD_JS_MEM	(256UL << 20)	/* bytes of JavaScript heap */

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
 * The child.  Everything below up to the parent's part runs in it.
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

/* Duktape cannot go on (e.g. out of memory where it cannot throw). */
static void
js_fatal(void *udata, const char *msg)
{
	const js_heap_t *h = udata;
	char text[MD_ERRMSGLEN];

	(void) snprintf(text, sizeof (text), "JavaScript fatal error: %s",
	    msg == NULL ? "(no message)" : msg);
	md_cli_sandbox_reply(h->jh_fd, '1', text, strlen(text));
	_exit(1);
}

static duk_ret_t js_throw(duk_context *, const char *, ...)
    MD_CLI_PRINTFLIKE(2, 3);

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

/* The globals: the built-ins without Duktape's own, register and sprintf. */
static void
js_globals(duk_context *ctx)
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
		md_cli_sandbox_reply(fd, '1', text, strlen(text));
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
		md_cli_sandbox_reply(fd, '1', text, strlen(text));
	} else if ((json = duk_get_lstring(ctx, -1, &jlen)) == NULL) {
		(void) snprintf(text, sizeof (text), "the registered "
		    "description is not JSON: it is %s", duk_is_function(ctx,
		    -3) ? "a function" : "undefined");
		md_cli_sandbox_reply(fd, '1', text, strlen(text));
	} else {
		md_cli_sandbox_reply(fd, '0', json, jlen);
	}
}

/* The metric's code, its length and its file's name. */
typedef struct js_src {
	const char	*jr_buf;
	size_t		jr_len;
	const char	*jr_name;
} js_src_t;

/*
 * The child, confined (cli_sandbox.c): evaluate the metric, and reply on
 * fd.  It returns into md_cli_child_start(), which ends it with _exit().
 */
static void
js_child(int fd, void *arg)
{
	const js_src_t *src = arg;
	char text[MD_ERRMSGLEN];
	duk_context *ctx;
	js_heap_t heap;

	heap.jh_used = 0;
	heap.jh_full = 0;
	heap.jh_fd = fd;
	if ((ctx = duk_create_heap(js_alloc, js_realloc, js_free, &heap,
	    js_fatal)) == NULL) {
		(void) snprintf(text, sizeof (text), "cannot make a "
		    "JavaScript heap");
		md_cli_sandbox_reply(fd, '1', text, strlen(text));
		return;
	}
	js_globals(ctx);
	if (js_run(ctx, &heap, src->jr_buf, src->jr_len, src->jr_name, text,
	    sizeof (text)) != 0)
		md_cli_sandbox_reply(fd, '1', text, strlen(text));
	else
		js_describe(ctx, fd);
	duk_destroy_heap(ctx);
}

/*
 * The parent.
 */

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

/*
 * Evaluate the JavaScript metric buf in a sandboxed child.  On success,
 * *jsonp (*lenp bytes, NUL-terminated; the caller frees it) is the
 * registered description as JSON.  Otherwise -1 and a message in msg.
 */
int
md_cli_js(const char *buf, size_t len, const char *name, char **jsonp,
    size_t *lenp, char *msg, size_t msglen)
{
	md_cli_sandbox_t sb;
	js_src_t src;
	char *reply = NULL;
	size_t rlen = 0;

	src.jr_buf = buf;
	src.jr_len = len;
	src.jr_name = name;
	sb.sb_what = "JavaScript";
	sb.sb_reply = "description";
	sb.sb_most = MD_MAXINPUT;
	sb.sb_run = js_child;
	sb.sb_arg = &src;
	if (md_cli_sandbox(&sb, &reply, &rlen, msg, msglen) != 0)
		return (-1);
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
