/*
 * md_request.c: a request checked, and md_emit()'s request made of it.
 *
 * Every rule a request's pieces follow is here, with every message that
 * says one is broken, in two voices.  A program that takes a request from
 * its user a piece at a time (meta-d's options) checks each piece as it
 * comes, with md_zone_check(), md_host_check(), md_interval_check(),
 * md_duration_check(), md_option_check() and md_request_room(): their
 * messages say what would be valid, for the user to mend.  md_generate()
 * checks the whole request a program hands it (md_request_check()): the
 * fields against the metric, then each piece, its message naming the
 * piece.  Users and programs have read both voices for long; neither
 * changes.  Each rule itself (md_zone_ok(), md_host_ok(), the syntax
 * md_option.c reads) is written once.
 *
 * md_request_emit() makes what md_emit() is handed from a checked
 * request: the decompositions folded, and the host name.  It is the one
 * place a request is taken apart.
 */

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "md_impl.h"

#define	MD_ZONENAMELEN	64	/* bytes in a zone name, at most */

/* A name as a message shows it: NULL is a caller's slip, said so. */
static const char *
md_shown(const char *s)
{
	return (s == NULL ? "(null)" : s);
}

static int
md_isalnum(char c)
{
	return ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	    (c >= '0' && c <= '9'));
}

/* Zone names: 1 to 64 of [A-Za-z0-9_.-], the first alphanumeric. */
static int
md_zone_ok(const char *z)
{
	size_t i;

	if (z == NULL || !md_isalnum(z[0]))
		return (0);
	for (i = 1; z[i] != '\0'; i++) {
		if (i >= MD_ZONENAMELEN || !(md_isalnum(z[i]) || z[i] == '-' ||
		    z[i] == '_' || z[i] == '.'))
			return (0);
	}
	return (1);
}

/* Can s stand bare in D as a host name: [A-Za-z0-9.-], 1 to 255 bytes? */
static int
md_host_ok(const char *s)
{
	size_t i;

	for (i = 0; s != NULL && s[i] != '\0'; i++) {
		if (i == MD_MAXHOSTNAME || !(md_isalnum(s[i]) || s[i] == '-' ||
		    s[i] == '.'))
			return (0);
	}
	return (i > 0);
}

int
md_zone_check(const char *z, md_error_t *err)
{
	if (md_zone_ok(z))
		return (0);
	return (md_error_set(err, MD_ERR_ZONE, "invalid zone name: \"%s\" "
	    "(1 to %d letters, digits, '-', '_' or '.', the first a letter "
	    "or digit)", md_shown(z), MD_ZONENAMELEN));
}

int
md_host_check(const char *s, md_error_t *err)
{
	if (md_host_ok(s))
		return (0);
	return (md_error_set(err, MD_ERR_OPTION, "invalid host name: \"%s\" "
	    "(1 to %d letters, digits, '-' and '.')", md_shown(s),
	    MD_MAXHOSTNAME));
}

/* A time, read by ns (md_option.c's): else what it is, and its rule. */
static int
md_time_check(const char *s, int (*ns)(const char *, uint64_t *),
    const char *what, const char *rule, md_error_t *err)
{
	uint64_t v;

	if (ns(s, &v) == 0)
		return (0);
	return (md_error_set(err, MD_ERR_OPTION, "invalid %s: \"%s\" (%s)",
	    what, md_shown(s), rule));
}

int
md_interval_check(const char *s, md_error_t *err)
{
	return (md_time_check(s, md_interval_ns, "interval", "as dtrace's "
	    "tick probes: 1s, 500ms, 10sec, 5hz; 200us, or 5000hz, at least",
	    err));
}

int
md_duration_check(const char *s, md_error_t *err)
{
	return (md_time_check(s, md_duration_ns, "duration", "a time, as "
	    "10s, 500ms or 2min; digits alone are seconds; 200us at least",
	    err));
}

int
md_request_room(const md_request_t *req, md_reqlist_t list,
    md_error_t *err)
{
	if (req == NULL || (list != MD_REQ_ZONES && list != MD_REQ_OPTIONS))
		return (md_error_set(err, MD_ERR_ARG, "no request, or no list "
		    "%d of one", (int)list));
	if (list == MD_REQ_ZONES && req->mdq_nzones >= MD_MAXZONES)
		return (md_error_set(err, MD_ERR_LIMIT, "too many zones (at "
		    "most %d)", MD_MAXZONES));
	if (list == MD_REQ_OPTIONS && req->mdq_noptions >= MD_MAXOPTIONS)
		return (md_error_set(err, MD_ERR_LIMIT, "too many -x options "
		    "(at most %d)", MD_MAXOPTIONS));
	return (0);
}

/* An option meta-d does not know: the one meant, if one is close. */
static int
md_option_unknown(const char *name, md_error_t *err)
{
	const char *meant;

	if (strcmp(name, "zone") == 0)
		return (md_error_set(err, MD_ERR_OPTION, "option \"zone\": "
		    "give zones with -z"));
	if ((meant = md_option_suggest(name)) != NULL)
		return (md_error_set(err, MD_ERR_OPTION, "option \"%s\": not "
		    "a DTrace option meta-d knows; did you mean \"%s\"?", name,
		    meant));
	return (md_error_set(err, MD_ERR_OPTION, "option \"%s\": not a "
	    "DTrace option meta-d knows", name));
}

int
md_option_check(const char *name, const char *value, md_error_t *err)
{
	const md_optdef_t *od;
	const char *syntax;

	if (name == NULL)
		return (md_error_set(err, MD_ERR_OPTION, "option: no name"));
	if ((od = md_option_find(name)) == NULL)
		return (md_option_unknown(name, err));
	if (md_option_takes(od, value))
		return (0);
	if ((syntax = md_option_syntax(od)) == NULL)	/* a flag */
		return (md_error_set(err, MD_ERR_OPTION, "option \"%s\" takes "
		    "no value", name));
	if (value == NULL)
		return (md_error_set(err, MD_ERR_OPTION, "option \"%s\" needs "
		    "a value: %s", name, syntax));
	return (md_error_set(err, MD_ERR_OPTION, "option \"%s\": \"%s\" is "
	    "not %s", name, value, syntax));
}

/* The metric's fields, listed in a message when there are this many. */
#define	MD_FEWFIELDS	12

/*
 * unknown field: "F", with the field the user may have meant, and the
 * fields to choose from when there are few.
 */
static int
md_request_unknown(const md_metric_t *m, const char *f, md_error_t *err)
{
	const char *near = md_suggest(f, m->mm_fields, m->mm_nfields);
	char list[MD_ERRMSGLEN];
	size_t i, n = 0;

	list[0] = '\0';
	for (i = 0; m->mm_nfields <= MD_FEWFIELDS && i < m->mm_nfields; i++) {
		n += (size_t)snprintf(list + n, sizeof (list) - n, "%s%s",
		    i == 0 ? " (the fields: " : ", ", m->mm_fields[i]);
		if (n >= sizeof (list) - 1)
			break;
	}
	if (n > 0 && n < sizeof (list) - 1)
		(void) snprintf(list + n, sizeof (list) - n, ")");
	if (near != NULL)
		return (md_error_set(err, MD_ERR_FIELD, "unknown field: "
		    "\"%s\", did you mean \"%s\"?%s", f, near, list));
	return (md_error_set(err, MD_ERR_FIELD, "unknown field: \"%s\"%s",
	    f, list));
}

/* Can a request name field f? */
static int
md_request_field(const md_metric_t *m, const char *f, md_error_t *err)
{
	if (md_metric_isinternal(m, f))
		return (md_error_set(err, MD_ERR_FIELD, "unknown field: \"%s\" "
		    "is internal to the metric (fields_internal): it is "
		    "gathered for transforms, never aggregated", f));
	if (!md_metric_has_field(m, f))
		return (md_request_unknown(m, f, err));
	return (0);
}

/* More decompositions than a script can have: which, and the limit. */
static int
md_request_toomany(const md_request_t *req, md_error_t *err)
{
	md_request_t only;
	md_buf_t given;
	int rv;

	(void) memset(&only, 0, sizeof (only));
	only.mdq_decomps = req->mdq_decomps;
	only.mdq_ndecomps = req->mdq_ndecomps;
	md_buf_init(&given);
	md_request_name(&given, &only);
	if (md_buf_failed(&given))
		rv = md_error_nomem(err);
	else
		rv = md_error_set(err, MD_ERR_LIMIT, "too many decompositions: "
		    "%zu given (%s), and a script breaks values down by two "
		    "fields at most: by two, or by one and quantized by "
		    "another", req->mdq_ndecomps, md_buf_str(&given));
	md_buf_fini(&given);
	return (rv);
}

/*
 * The fields the request names, as decompositions and in its predicate:
 * each one the metric has (an unknown field is reported before too many
 * decompositions).
 */
static int
md_request_fields(const md_metric_t *m, const md_request_t *req,
    md_error_t *err)
{
	const md_pred_t *p = req->mdq_pred;
	size_t i;

	for (i = 0; i < req->mdq_ndecomps; i++) {
		const md_decomp_t *d = &req->mdq_decomps[i];

		if (d->mdd_field == NULL || (d->mdd_kind != MD_DECOMP_STRING &&
		    d->mdd_kind != MD_DECOMP_NUMBER))
			return (md_error_set(err, MD_ERR_ARG,
			    "decomposition %zu is not valid", i));
		if (md_request_field(m, d->mdd_field, err) != 0)
			return (-1);
	}
	/* a predicate's fields, as -s and -n fields (SPEC 5) */
	for (i = 0; p != NULL && i < md_pred_nfields(p); i++) {
		if (md_request_field(m, md_pred_field(p, i), err) != 0)
			return (-1);
	}
	if (req->mdq_ndecomps > MD_MAXDECOMPS)
		return (md_request_toomany(req, err));
	return (0);
}

/* The zones, options, interval and duration, each named in its fault. */
static int
md_request_pieces(const md_request_t *req, md_error_t *err)
{
	size_t i;

	if (req->mdq_nzones > MD_MAXZONES)
		return (md_error_set(err, MD_ERR_LIMIT, "more than %d zones",
		    MD_MAXZONES));
	for (i = 0; i < req->mdq_nzones; i++) {
		if (!md_zone_ok(req->mdq_zones[i]))
			return (md_error_set(err, MD_ERR_ZONE,
			    "invalid zone name: \"%s\"",
			    md_shown(req->mdq_zones[i])));
	}
	if (req->mdq_noptions > MD_MAXOPTIONS)
		return (md_error_set(err, MD_ERR_LIMIT, "more than %d options",
		    MD_MAXOPTIONS));
	for (i = 0; i < req->mdq_noptions; i++) {
		if (md_option_check(req->mdq_options[i].mdo_name,
		    req->mdq_options[i].mdo_value, err) != 0)
			return (-1);
	}
	if (req->mdq_interval != NULL &&
	    md_interval_check(req->mdq_interval, NULL) != 0)
		return (md_error_set(err, MD_ERR_OPTION, "interval \"%s\": not "
		    "a tick interval, as 1s, 500ms or 5hz (200us, or 5000hz, "
		    "at least)", req->mdq_interval));
	if (req->mdq_duration != NULL &&
	    md_duration_check(req->mdq_duration, NULL) != 0)
		return (md_error_set(err, MD_ERR_OPTION, "duration \"%s\": not "
		    "a time, as 10s, 500ms or 2min (digits alone are seconds; "
		    "200us at least)", req->mdq_duration));
	return (0);
}

int
md_request_check(const md_metric_t *m, const md_request_t *req,
    md_error_t *err)
{
	if (md_request_fields(m, req, err) != 0 ||
	    md_request_pieces(req, err) != 0)
		return (-1);
	return (0);
}

/*
 * The decompositions in first-occurrence order, each field once; a field
 * asked for as both kinds counts as numeric.
 */
static size_t
md_request_fold(const md_request_t *req, md_decomp_t *out)
{
	size_t i, j, n = 0;

	for (i = 0; i < req->mdq_ndecomps; i++) {
		const md_decomp_t *d = &req->mdq_decomps[i];

		for (j = 0; j < n; j++) {
			if (strcmp(out[j].mdd_field, d->mdd_field) == 0)
				break;
		}
		if (j == n)
			out[n++] = *d;
		else if (d->mdd_kind == MD_DECOMP_NUMBER)
			out[j].mdd_kind = MD_DECOMP_NUMBER;
	}
	return (n);
}

int
md_request_emit(const md_request_t *req, md_decomp_t *folded, char *host,
    size_t hostlen, md_emit_req_t *er, md_error_t *err)
{
	er->er_decomps = folded;
	er->er_ndecomps = md_request_fold(req, folded);
	er->er_pred = req->mdq_pred;
	er->er_zones = req->mdq_zones;
	er->er_nzones = req->mdq_nzones;
	er->er_host = req->mdq_hostname;
	er->er_interval = req->mdq_interval;
	er->er_duration = req->mdq_duration;
	er->er_keyinterval = req->mdq_keyinterval;
	er->er_sum = req->mdq_sum;
	er->er_spans = NULL;
	er->er_fn = NULL;
	if (er->er_host != NULL)
		return (0);
	if (gethostname(host, hostlen) != 0)
		return (md_error_set(err, MD_ERR_SYSTEM, "cannot get the "
		    "host name: %s", strerror(errno)));
	host[hostlen - 1] = '\0';
	er->er_host = host;
	return (0);
}

/* One part of a request's name, after a comma if it is not the first. */
static void
md_request_part(md_buf_t *b, const char *s)
{
	if (b->mb_len > 0)
		md_buf_puts(b, ", ");
	md_buf_puts(b, s);
}

/*
 * The request named, as messages and md_metric_check_each() name it, in
 * the words of the request itself, not of any program's options: "by
 * execname, quantized by latency, where {"eq": ["pid", 0]}, in zones z1
 * z2, every 1s, for 10s", or "the metric alone".  Into b, which the
 * caller has reset.
 */
void
md_request_name(md_buf_t *b, const md_request_t *req)
{
	size_t i;

	for (i = 0; i < req->mdq_ndecomps; i++) {
		md_request_part(b, req->mdq_decomps[i].mdd_kind ==
		    MD_DECOMP_NUMBER ? "quantized by " : "by ");
		md_buf_puts(b, md_shown(req->mdq_decomps[i].mdd_field));
	}
	if (!md_pred_trivial(req->mdq_pred)) {
		md_request_part(b, "where ");
		md_pred_putjson(b, req->mdq_pred);
	}
	for (i = 0; i < req->mdq_nzones; i++) {
		if (i == 0)
			md_request_part(b, req->mdq_nzones > 1 ? "in zones " :
			    "in zone ");
		else
			md_buf_putc(b, ' ');
		md_buf_puts(b, md_shown(req->mdq_zones[i]));
	}
	if (req->mdq_interval != NULL) {
		md_request_part(b, "every ");
		md_buf_puts(b, req->mdq_interval);
	}
	if (req->mdq_duration != NULL) {
		md_request_part(b, "for ");
		md_buf_puts(b, req->mdq_duration);
	}
	if (b->mb_len == 0)
		md_buf_puts(b, "the metric alone");
}
