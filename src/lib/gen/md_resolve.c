/*
 * md_resolve.c: the substitutions of Meta-D expressions.
 *
 * Three kinds of text are rewritten before they become D:
 *
 *  - transforms, verify and clean values (md_resolve): for a field that is
 *    gathered, $hostname becomes the host name and $N the N-th variable
 *    the field was gathered into; for a field that is not, $hostname
 *    becomes the host name as a D string; the result is wrapped in
 *    parentheses.
 *
 *  - aggregating functions (md_resolve_aggregate): $hostname becomes the
 *    host name and $0 the field's resolved transform.
 *
 *  - probedesc predicates (md_resolve_predicate): $hostname becomes the
 *    host name and $FIELDN the N-th variable of a gathered field.
 *
 * Each text is read once, left to right, and what is put in its place is
 * never read again (SPEC 7.15): a host name holding "$0" stays "$0".  The
 * original replaced $hostname everywhere first and then looked for $N in
 * the result; for any text whose inserted parts hold no '$', which every
 * host name D can take bare is, the two agree.
 *
 * The host name cannot inject D: quoted, it is a D string literal with
 * everything that could end it escaped (md_dstring()); bare, it must be a
 * host name (letters, digits, '-' and '.', at most 255 bytes), or the
 * substitution is an error.  A reference that names nothing (a $N past
 * the last variable, a field not gathered, $FIELD00 with a leading zero)
 * is an error: the original printed "undefined" into the script, or left
 * $0, which D reads as the script's name (SPEC 7.12).
 *
 * Everything is written straight into the caller's buffer, so no
 * intermediate copy can outgrow the output.
 */

#include <stdio.h>
#include <string.h>

#include "md_impl.h"

#define	MD_HOSTVAR	"$hostname"
#define	MD_HOSTVARLEN	(sizeof (MD_HOSTVAR) - 1)

void
md_rctx_init(md_rctx_t *rc, const md_plan_t *pl, const char *host,
    md_error_t *err)
{
	rc->rc_plan = pl;
	rc->rc_host = host;
	rc->rc_err = err;
}

static int
md_isdigit(char c)
{
	return (c >= '0' && c <= '9');
}

/*
 * Append the host name: bare, where it must be a host name, or as a D
 * string literal.  place and key name the text for the message.
 */
static int
md_put_host(md_rctx_t *rc, md_buf_t *out, int bare, const char *place,
    const char *key)
{
	if (!bare) {
		md_dstring(out, rc->rc_host);
		return (0);
	}
	if (md_host_check(rc->rc_host, NULL) != 0)
		return (md_error_set(rc->rc_err, MD_ERR_TRANSLATE, "%s%s%s: "
		    "$hostname stands bare in D here, and the host name \"%s\" "
		    "cannot: a host name is 1 to %d letters, digits, '-' and "
		    "'.'", place, key != NULL ? "." : "", key != NULL ? key : "",
		    rc->rc_host, MD_MAXHOSTNAME));
	md_buf_puts(out, rc->rc_host);
	return (0);
}

static int
md_is_hostvar(const char *p)
{
	return (strncmp(p, MD_HOSTVAR, MD_HOSTVARLEN) == 0);
}

/* The number of the nd digits at s, or (size_t)-1 if too large to be one. */
static size_t
md_digits(const char *s, size_t nd)
{
	size_t v = 0, i;

	if (nd > 9)
		return ((size_t)-1);
	for (i = 0; i < nd; i++)
		v = v * 10 + (size_t)(s[i] - '0');
	return (v);
}

static int
md_rc_done(md_rctx_t *rc, md_buf_t *out)
{
	return (md_buf_failed(out) ? md_buf_error(out, rc->rc_err) : 0);
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
	const md_gather_t *g = gv != NULL ? gv->gv_gather : NULL;
	const char *s = value, *p;
	size_t nd, n;

	if (g == NULL && md_resolve_ungathered(rc, value, key, place) != 0)
		return (-1);
	md_buf_putc(out, '(');
	while ((p = strchr(s, '$')) != NULL) {
		md_buf_append(out, s, (size_t)(p - s));
		if (md_is_hostvar(p)) {
			if (md_put_host(rc, out, g != NULL, place, key) != 0)
				return (-1);
			s = p + MD_HOSTVARLEN;
			continue;
		}
		for (nd = 0; g != NULL && md_isdigit(p[1 + nd]); nd++)
			continue;
		if (nd == 0) {
			md_buf_putc(out, '$');
			s = p + 1;
			continue;
		}
		if ((n = md_digits(p + 1, nd)) >= g->mg_n)
			return (md_error_set(rc->rc_err, MD_ERR_TRANSLATE,
			    "%s.%s: $%.*s is out of range: \"%s\" is gathered "
			    "into %zu variable%s ($0%s)", place, key,
			    (int)(nd > 20 ? 20 : nd), p + 1, key, g->mg_n,
			    g->mg_n == 1 ? "" : "s", g->mg_n == 1 ? "" :
			    " and up"));
		md_buf_puts(out, g->mg_names[n]);
		s = p + 1 + nd;
	}
	md_buf_puts(out, s);
	md_buf_putc(out, ')');
	return (md_rc_done(rc, out));
}

/*
 * An aggregating function fn: $0 is the field's transform xf, resolved
 * where it is used, so that a transform that cannot be resolved is an
 * error only for a function that uses it.
 */
int
md_resolve_aggregate(md_rctx_t *rc, md_buf_t *out, const md_rpiece_t *fn,
    const md_rpiece_t *xf)
{
	const char *s = fn->rp_text, *p, *place = fn->rp_place;
	const char *key = fn->rp_key;
	size_t nd;

	while ((p = strchr(s, '$')) != NULL) {
		md_buf_append(out, s, (size_t)(p - s));
		if (md_is_hostvar(p)) {
			if (md_put_host(rc, out, 1, place, key) != 0)
				return (-1);
			s = p + MD_HOSTVARLEN;
			continue;
		}
		for (nd = 0; md_isdigit(p[1 + nd]); nd++)
			continue;
		s = p + 1 + nd;
		if (nd == 0) {
			md_buf_putc(out, '$');
			continue;
		}
		if (md_digits(p + 1, nd) != 0)
			return (md_error_set(rc->rc_err, MD_ERR_TRANSLATE,
			    "%s.%s: $%.*s is out of range: an aggregating "
			    "function can only use $0, the transformed value",
			    place, key, (int)(nd > 20 ? 20 : nd), p + 1));
		if (md_resolve(rc, out, xf->rp_text, xf->rp_key,
		    xf->rp_place) != 0)
			return (-1);
	}
	md_buf_puts(out, s);
	return (md_rc_done(rc, out));
}

static int
md_isnamechar(char c)
{
	return ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
	    c == '-');
}

/* A probedesc predicate: $hostname, and $FIELDN of gathered fields. */
int
md_resolve_predicate(md_rctx_t *rc, md_buf_t *out, const char *value,
    const char *place)
{
	const char *s = value, *p, *digits;
	const md_gvar_t *gv;
	size_t nl, nd, n;

	while ((p = strchr(s, '$')) != NULL) {
		md_buf_append(out, s, (size_t)(p - s));
		if (md_is_hostvar(p)) {
			if (md_put_host(rc, out, 1, place, NULL) != 0)
				return (-1);
			s = p + MD_HOSTVARLEN;
			continue;
		}
		for (nl = 0; md_isnamechar(p[1 + nl]); nl++)
			continue;
		for (nd = 0; nl > 0 && md_isdigit(p[1 + nl + nd]); nd++)
			continue;
		if (nd == 0) {
			md_buf_putc(out, '$');
			s = p + 1;
			continue;
		}
		digits = p + 1 + nl;
		s = digits + nd;
		if (nd > 1 && digits[0] == '0')
			return (md_error_set(rc->rc_err, MD_ERR_TRANSLATE,
			    "%s: $%.*s: the number of a variable has no leading "
			    "zero", place, (int)(nl + nd > 200 ? 200 : nl + nd),
			    p + 1));
		if ((gv = md_plan_gatheredn(rc->rc_plan, p + 1, nl)) == NULL)
			return (md_error_set(rc->rc_err, MD_ERR_TRANSLATE,
			    "%s: $%.*s refers to \"%.*s\", which is not "
			    "gathered", place, (int)(nl + nd > 200 ? 200 :
			    nl + nd), p + 1, (int)(nl > 200 ? 200 : nl), p + 1));
		if ((n = md_digits(digits, nd)) >= gv->gv_gather->mg_n)
			return (md_error_set(rc->rc_err, MD_ERR_TRANSLATE,
			    "%s: $%.*s is out of range: \"%.*s\" is gathered "
			    "into %zu variable%s", place, (int)(nl + nd > 200 ?
			    200 : nl + nd), p + 1, (int)(nl > 200 ? 200 : nl),
			    p + 1, gv->gv_gather->mg_n,
			    gv->gv_gather->mg_n == 1 ? "" : "s"));
		md_buf_puts(out, gv->gv_gather->mg_names[n]);
	}
	md_buf_puts(out, s);
	return (md_rc_done(rc, out));
}
