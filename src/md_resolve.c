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
 * last variable, a field not gathered, $FIELD00 with a leading zero) is an
 * error: the original printed "undefined" into the script, or left $0,
 * which D reads as the script's name (SPEC 7.12).
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

/*
 * Append s to out with each $N (N: all the digits after the $) replaced by
 * what lookup returns for it; a $ without digits stays.  lookup returns
 * NULL, having set the error, when $N names nothing.
 */
typedef const char *(*md_dollar_f)(size_t, const char *, size_t, void *);

static int
md_subst_dollars(md_rctx_t *rc, md_buf_t *out, const char *s,
    md_dollar_f lookup, void *arg)
{
	const char *p, *text;

	while ((p = strchr(s, '$')) != NULL) {
		size_t nd = 0;

		while (md_isdigit(p[1 + nd]))
			nd++;
		md_buf_append(out, s, (size_t)(p - s) + (nd == 0));
		s = p + 1 + nd;
		if (nd == 0)
			continue;
		if ((text = lookup(md_digits(p + 1, nd), p + 1, nd, arg)) ==
		    NULL)
			return (-1);
		md_buf_puts(out, text);
	}
	md_buf_puts(out, s);
	return (md_buf_failed(out) ? md_buf_error(out, rc->rc_err) : 0);
}

/* value with $hostname replaced by the bare host name, in rc_tmp[0]. */
static const char *
md_subst_host_bare(md_rctx_t *rc, const char *value)
{
	md_buf_t *t0 = &rc->rc_tmp[0];
	const char *s;

	md_buf_reset(t0);
	md_subst_host(t0, value, rc->rc_host, 0);
	if ((s = md_buf_str(t0)) == NULL)
		(void) md_rctx_nomem(rc);
	return (s);
}

typedef struct md_varg {
	md_rctx_t		*va_rc;
	const md_gather_t	*va_gather;
	const char		*va_key;
	const char		*va_place;
} md_varg_t;

/* $N of a gathered field: the N-th variable it was gathered into. */
static const char *
md_lookup_var(size_t n, const char *digits, size_t nd, void *arg)
{
	const md_varg_t *va = arg;
	const md_gather_t *g = va->va_gather;

	if (n < g->mg_n)
		return (g->mg_names[n]);
	(void) md_error_set(va->va_rc->rc_err, MD_ERR_TRANSLATE, "%s.%s: $%.*s "
	    "is out of range: \"%s\" is gathered into %zu variable%s ($0%s)",
	    va->va_place, va->va_key, (int)nd, digits, va->va_key, g->mg_n,
	    g->mg_n == 1 ? "" : "s", g->mg_n == 1 ? "" : " and up");
	return (NULL);
}

/*
 * A transform, verify or clean value of a field that nothing gathered so
 * far: a $N in it names nothing, and D would read it as a macro argument
 * ($0, the script's name), so it is an error (SPEC 7.12).
 */
static int
md_resolve_ungathered(md_rctx_t *rc, const char *value, const char *key,
    const char *place)
{
	const char *p;
	size_t nd;

	for (p = strchr(value, '$'); p != NULL; p = strchr(p + 1, '$')) {
		for (nd = 0; md_isdigit(p[1 + nd]); nd++)
			continue;
		if (nd > 0)
			return (md_error_set(rc->rc_err, MD_ERR_TRANSLATE,
			    "%s.%s: $%.*s names a variable of \"%s\", which no "
			    "entry of this script has gathered so far", place,
			    key, (int)(nd > 20 ? 20 : nd), p + 1, key));
	}
	return (0);
}

int
md_resolve(md_rctx_t *rc, md_buf_t *out, const char *value, const char *key,
    const char *place)
{
	const md_gvar_t *gv = md_plan_gathered(rc->rc_plan, key);
	md_buf_t *t1 = &rc->rc_tmp[1];
	const char *s = value;
	md_varg_t va;

	if (gv == NULL && md_resolve_ungathered(rc, value, key, place) != 0)
		return (-1);
	if (gv != NULL) {
		va.va_rc = rc;
		va.va_gather = gv->gv_gather;
		va.va_key = key;
		va.va_place = place;
		md_buf_reset(t1);
		if ((s = md_subst_host_bare(rc, value)) == NULL ||
		    md_subst_dollars(rc, t1, s, md_lookup_var, &va) != 0)
			return (-1);
		s = md_buf_str(t1);
	}

	md_buf_putc(out, '(');
	md_subst_host(out, s, rc->rc_host, 1);
	md_buf_putc(out, ')');
	return (md_buf_failed(out) ? md_buf_error(out, rc->rc_err) : 0);
}

typedef struct md_aarg {
	md_rctx_t		*aa_rc;
	const char		*aa_xform;
	const md_error_t	*aa_xerr;
	const char		*aa_key;
	const char		*aa_place;
} md_aarg_t;

/* $N of an aggregating function: only $0, the transformed value. */
static const char *
md_lookup_xform(size_t n, const char *digits, size_t nd, void *arg)
{
	const md_aarg_t *aa = arg;
	md_error_t *err = aa->aa_rc->rc_err;

	if (n != 0) {
		(void) md_error_set(err, MD_ERR_TRANSLATE, "%s.%s: $%.*s is "
		    "out of range: an aggregating function can only use $0, "
		    "the transformed value", aa->aa_place, aa->aa_key,
		    (int)nd, digits);
		return (NULL);
	}
	if (aa->aa_xform == NULL && err != NULL && aa->aa_xerr != NULL)
		*err = *aa->aa_xerr;
	return (aa->aa_xform);
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
	md_aarg_t aa;
	const char *s;

	aa.aa_rc = rc;
	aa.aa_xform = xform;
	aa.aa_xerr = xerr;
	aa.aa_key = key;
	aa.aa_place = place;
	if ((s = md_subst_host_bare(rc, value)) == NULL)
		return (-1);
	return (md_subst_dollars(rc, out, s, md_lookup_xform, &aa));
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
	md_buf_t *name = &rc->rc_tmp[1];
	const char *s, *p;

	if ((s = md_subst_host_bare(rc, value)) == NULL)
		return (-1);

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

		if (nd > 1 && p[1 + nl] == '0')
			return (md_error_set(rc->rc_err, MD_ERR_TRANSLATE,
			    "%s: $%.*s: the number of a variable has no leading "
			    "zero", place, (int)(nl + nd > 200 ? 200 : nl + nd),
			    p + 1));
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
	return (md_buf_failed(out) ? md_buf_error(out, rc->rc_err) : 0);
}
