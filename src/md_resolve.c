/*
 * md_resolve.c: the substitutions of Meta-D expressions.
 *
 * Three kinds of text are rewritten before they become D:
 *
 *  - transforms, verify and clean values (md_resolve): for a field that is
 *    gathered, $hostname becomes the host name and $N the N-th variable
 *    the field was gathered into; then, for any field, a remaining
 *    $hostname becomes the host name in double quotes; the result is
 *    wrapped in parentheses.
 *
 *  - aggregating functions (md_resolve_aggregate): $hostname becomes the
 *    host name and $0 the field's resolved transform.
 *
 *  - probedesc predicates (md_resolve_predicate): $hostname becomes the
 *    host name and $FIELDN the N-th variable of a gathered field.
 *
 * The steps run one after the other over the whole text, as the original's
 * string replacements did.  A reference that names nothing (a $N past the
 * last variable, a field not gathered) is an error: the original printed
 * "undefined" into the script.
 */

#include <stdio.h>
#include <string.h>

#include "md_impl.h"

#define	MD_HOSTVAR	"$hostname"

void
md_rctx_init(md_rctx_t *rc, const md_plan_t *pl, const char *host,
    md_error_t *err)
{
	rc->rc_plan = pl;
	rc->rc_host = host;
	rc->rc_err = err;
	md_buf_init(&rc->rc_tmp[0]);
	md_buf_init(&rc->rc_tmp[1]);
}

void
md_rctx_fini(md_rctx_t *rc)
{
	md_buf_fini(&rc->rc_tmp[0]);
	md_buf_fini(&rc->rc_tmp[1]);
}

/* Append s to out with every "$hostname" replaced by host (quoted or not). */
static void
md_subst_host(md_buf_t *out, const char *s, const char *host, int quote)
{
	const char *p;

	while ((p = strstr(s, MD_HOSTVAR)) != NULL) {
		md_buf_append(out, s, (size_t)(p - s));
		if (quote)
			md_buf_putc(out, '"');
		md_buf_puts(out, host);
		if (quote)
			md_buf_putc(out, '"');
		s = p + sizeof (MD_HOSTVAR) - 1;
	}
	md_buf_puts(out, s);
}

static int
md_isdigit(char c)
{
	return (c >= '0' && c <= '9');
}

/*
 * The number made of the digits at s (len of them), or (size_t)-1 if it is
 * too large to be the index of anything.
 */
static size_t
md_digits(const char *s, size_t len)
{
	size_t v = 0, i;

	if (len > 9)
		return ((size_t)-1);
	for (i = 0; i < len; i++)
		v = v * 10 + (size_t)(s[i] - '0');
	return (v);
}

static int
md_rctx_nomem(md_rctx_t *rc)
{
	return (md_error_nomem(rc->rc_err));
}

int
md_resolve(md_rctx_t *rc, md_buf_t *out, const char *value, const char *key,
    const char *place)
{
	const md_gvar_t *gv = md_plan_gathered(rc->rc_plan, key);
	md_buf_t *t0 = &rc->rc_tmp[0], *t1 = &rc->rc_tmp[1];
	const char *s = value, *p;

	if (gv != NULL) {
		const md_gather_t *g = gv->gv_gather;

		md_buf_reset(t0);
		md_subst_host(t0, value, rc->rc_host, 0);
		if ((s = md_buf_str(t0)) == NULL)
			return (md_rctx_nomem(rc));

		md_buf_reset(t1);
		while ((p = strchr(s, '$')) != NULL) {
			size_t nd = 0, n;

			while (md_isdigit(p[1 + nd]))
				nd++;
			md_buf_append(t1, s, (size_t)(p - s) + (nd == 0));
			s = p + 1 + nd;
			if (nd == 0)
				continue;
			if ((n = md_digits(p + 1, nd)) >= g->mg_n)
				return (md_error_set(rc->rc_err,
				    MD_ERR_TRANSLATE, "%s.%s: $%.*s is out of "
				    "range: \"%s\" is gathered into %zu "
				    "variable%s ($0%s)", place, key, (int)nd,
				    p + 1, key, g->mg_n, g->mg_n == 1 ? "" : "s",
				    g->mg_n == 1 ? "" : " and up"));
			md_buf_puts(t1, g->mg_names[n]);
		}
		md_buf_puts(t1, s);
		if ((s = md_buf_str(t1)) == NULL)
			return (md_rctx_nomem(rc));
	}

	md_buf_putc(out, '(');
	md_subst_host(out, s, rc->rc_host, 1);
	md_buf_putc(out, ')');
	return (md_buf_failed(out) ? md_rctx_nomem(rc) : 0);
}

/*
 * An aggregating function: $0 is the transformed value, xform (already
 * resolved).  xform is NULL if the transform could not be resolved; xerr
 * then says why, and is the error if the function uses $0.
 */
int
md_resolve_aggregate(md_rctx_t *rc, md_buf_t *out, const char *value,
    const char *xform, const md_error_t *xerr, const char *key,
    const char *place)
{
	md_buf_t *t0 = &rc->rc_tmp[0];
	const char *s, *p;

	md_buf_reset(t0);
	md_subst_host(t0, value, rc->rc_host, 0);
	if ((s = md_buf_str(t0)) == NULL)
		return (md_rctx_nomem(rc));

	while ((p = strchr(s, '$')) != NULL) {
		size_t nd = 0;

		while (md_isdigit(p[1 + nd]))
			nd++;
		md_buf_append(out, s, (size_t)(p - s) + (nd == 0));
		s = p + 1 + nd;
		if (nd == 0)
			continue;
		if (md_digits(p + 1, nd) != 0)
			return (md_error_set(rc->rc_err, MD_ERR_TRANSLATE,
			    "%s.%s: $%.*s is out of range: an aggregating "
			    "function can only use $0, the transformed value",
			    place, key, (int)nd, p + 1));
		if (xform == NULL) {
			if (rc->rc_err != NULL && xerr != NULL)
				*rc->rc_err = *xerr;
			return (-1);
		}
		md_buf_puts(out, xform);
	}
	md_buf_puts(out, s);
	return (md_buf_failed(out) ? md_rctx_nomem(rc) : 0);
}

static int
md_isnamechar(char c)
{
	return ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
	    c == '-');
}

/* A probedesc predicate: $hostname, then $FIELDN. */
int
md_resolve_predicate(md_rctx_t *rc, md_buf_t *out, const char *value,
    const char *place)
{
	md_buf_t *t0 = &rc->rc_tmp[0], *name = &rc->rc_tmp[1];
	const char *s, *p;

	md_buf_reset(t0);
	md_subst_host(t0, value, rc->rc_host, 0);
	if ((s = md_buf_str(t0)) == NULL)
		return (md_rctx_nomem(rc));

	while ((p = strchr(s, '$')) != NULL) {
		size_t nl = 0, nd = 0, n;
		const md_gvar_t *gv;
		const char *f;

		while (md_isnamechar(p[1 + nl]))
			nl++;
		while (nl > 0 && md_isdigit(p[1 + nl + nd]))
			nd++;
		md_buf_append(out, s, (size_t)(p - s) + (nd == 0));
		s = nd == 0 ? p + 1 : p + 1 + nl + nd;
		if (nd == 0)
			continue;

		md_buf_reset(name);
		md_buf_append(name, p + 1, nl);
		if ((f = md_buf_str(name)) == NULL)
			return (md_rctx_nomem(rc));
		if ((gv = md_plan_gathered(rc->rc_plan, f)) == NULL)
			return (md_error_set(rc->rc_err, MD_ERR_TRANSLATE,
			    "%s: $%s%.*s refers to \"%s\", which is not "
			    "gathered", place, f, (int)nd, p + 1 + nl, f));
		if ((n = md_digits(p + 1 + nl, nd)) >= gv->gv_gather->mg_n)
			return (md_error_set(rc->rc_err, MD_ERR_TRANSLATE,
			    "%s: $%s%.*s is out of range: \"%s\" is gathered "
			    "into %zu variable%s", place, f, (int)nd,
			    p + 1 + nl, f, gv->gv_gather->mg_n,
			    gv->gv_gather->mg_n == 1 ? "" : "s"));
		md_buf_puts(out, gv->gv_gather->mg_names[n]);
	}
	md_buf_puts(out, s);
	return (md_buf_failed(out) ? md_rctx_nomem(rc) : 0);
}
