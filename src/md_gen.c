/*
 * md_gen.c: md_generate(), from a request to the finished scripts.
 *
 * Checks the request (fields, number of decompositions, zone names,
 * options, interval, duration), folds repeated decompositions into one, has
 * md_emit() write the script once, and makes the scripts: one per zone,
 * each behind its zone pragma, when the metric allows "#pragma D option
 * zone=" and fewer than four zones are given; otherwise the one script.
 * Option pragmas follow the zone pragma in each script.  Each script is
 * parsed as D before it is handed out (md_dcheck_result()): what is not
 * D is an error naming the piece of the metric at fault, found in the
 * spans md_emit() recorded as it wrote the body.
 */

#include <errno.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "md_impl.h"

#define	MD_ZONENAMELEN	64	/* bytes in a zone name, at most */
#define	MD_PRAGMAZONES	4	/* per-zone scripts below this many zones */

static int
md_isalnum(char c)
{
	return ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	    (c >= '0' && c <= '9'));
}

int
md_zone_valid(const char *z)
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

/*
 * The decompositions in first-occurrence order, each field once; a field
 * asked for as both kinds counts as numeric.
 */
static size_t
md_gen_fold(const md_request_t *req, md_decomp_t *out)
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

/* The metric's fields, listed in a message when there are this many. */
#define	MD_FEWFIELDS	12

/*
 * unknown field: "F", with the field the user may have meant, and the
 * fields to choose from when there are few.
 */
static int
md_gen_unknown(const md_metric_t *m, const char *f, md_error_t *err)
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
md_gen_field(const md_metric_t *m, const char *f, md_error_t *err)
{
	if (md_metric_isinternal(m, f))
		return (md_error_set(err, MD_ERR_FIELD, "unknown field: \"%s\" "
		    "is internal to the metric (fields_internal): it is "
		    "gathered for transforms, never aggregated", f));
	if (!md_metric_has_field(m, f))
		return (md_gen_unknown(m, f, err));
	return (0);
}

/* More decompositions than a script can have: which, and the limit. */
static int
md_gen_toomany(const md_request_t *req, md_error_t *err)
{
	char given[MD_ERRMSGLEN], *p = given;
	size_t i, n;

	given[0] = '\0';
	for (i = 0; i < req->mdq_ndecomps; i++) {
		n = (size_t)snprintf(p, sizeof (given) - (size_t)(p - given),
		    "%s%s %s", i == 0 ? "" : " ", req->mdq_decomps[i].mdd_kind ==
		    MD_DECOMP_STRING ? "-s" : "-n", req->mdq_decomps[i].mdd_field);
		if (n >= sizeof (given) - (size_t)(p - given))
			break;
		p += n;
	}
	return (md_error_set(err, MD_ERR_TRANSLATE, "too many decompositions: "
	    "%zu given (%s), and a script breaks values down by two fields "
	    "at most, as -s F1 -s F2 or -s F1 -n F2", req->mdq_ndecomps,
	    given));
}

static int
md_gen_check(const md_metric_t *m, const md_request_t *req, md_error_t *err)
{
	size_t i;

	for (i = 0; i < req->mdq_ndecomps; i++) {
		const md_decomp_t *d = &req->mdq_decomps[i];

		if (d->mdd_field == NULL || (d->mdd_kind != MD_DECOMP_STRING &&
		    d->mdd_kind != MD_DECOMP_NUMBER))
			return (md_error_set(err, MD_ERR_TRANSLATE,
			    "decomposition %zu is not valid", i));
		if (md_gen_field(m, d->mdd_field, err) != 0)
			return (-1);
	}
	/* a predicate's fields, as -s and -n fields (SPEC 5) */
	for (i = 0; req->mdq_pred != NULL && i < md_pred_nfields(req->mdq_pred);
	    i++) {
		if (md_gen_field(m, md_pred_field(req->mdq_pred, i), err) != 0)
			return (-1);
	}
	if (req->mdq_ndecomps > MD_MAXDECOMPS)
		return (md_gen_toomany(req, err));
	if (req->mdq_nzones > MD_MAXZONES)
		return (md_error_set(err, MD_ERR_LIMIT, "more than %d zones",
		    MD_MAXZONES));
	for (i = 0; i < req->mdq_nzones; i++) {
		if (!md_zone_valid(req->mdq_zones[i]))
			return (md_error_set(err, MD_ERR_ZONE,
			    "invalid zone name: \"%s\"", req->mdq_zones[i] ==
			    NULL ? "(null)" : req->mdq_zones[i]));
	}
	if (req->mdq_noptions > MD_MAXOPTIONS)
		return (md_error_set(err, MD_ERR_LIMIT, "more than %d options",
		    MD_MAXOPTIONS));
	for (i = 0; i < req->mdq_noptions; i++) {
		if (md_option_check(req->mdq_options[i].mdo_name,
		    req->mdq_options[i].mdo_value, err) != 0)
			return (-1);
	}
	if (req->mdq_interval != NULL && !md_interval_valid(req->mdq_interval))
		return (md_error_set(err, MD_ERR_OPTION, "interval \"%s\": not "
		    "a tick interval, as 1s, 500ms or 5hz (200us, or 5000hz, "
		    "at least)", req->mdq_interval));
	if (req->mdq_duration != NULL && !md_duration_valid(req->mdq_duration))
		return (md_error_set(err, MD_ERR_OPTION, "duration \"%s\": not "
		    "a time, as 10s, 500ms or 2min (digits alone are seconds; "
		    "200us at least)", req->mdq_duration));
	return (0);
}

/* "#pragma D option ..." lines of the options, into b. */
static void
md_gen_pragmas(md_buf_t *b, const md_request_t *req)
{
	size_t i;

	for (i = 0; i < req->mdq_noptions; i++) {
		md_buf_puts(b, "#pragma D option ");
		md_buf_puts(b, req->mdq_options[i].mdo_name);
		if (req->mdq_options[i].mdo_value != NULL) {
			md_buf_putc(b, '=');
			md_buf_puts(b, req->mdq_options[i].mdo_value);
		}
		md_buf_putc(b, '\n');
	}
}

/*
 * The key fields of the result: one allocation holding the pointers and,
 * after them, the names, so that the result owns them.
 */
static int
md_gen_keys(md_result_t *r, const md_decomp_t *d, size_t nd)
{
	size_t bytes = (nd + 1) * sizeof (char *), i;
	char *names;

	for (i = 0; i < nd; i++)
		bytes += strlen(d[i].mdd_field) + 1;
	if ((r->mdr_keys = malloc(bytes)) == NULL)
		return (-1);
	names = (char *)(r->mdr_keys + nd + 1);
	for (i = 0; i < nd; i++) {
		if (d[i].mdd_kind != MD_DECOMP_STRING)
			continue;
		(void) strcpy(names, d[i].mdd_field);
		r->mdr_keys[r->mdr_nkeys++] = names;
		names += strlen(names) + 1;
	}
	r->mdr_keys[r->mdr_nkeys] = NULL;
	return (0);
}

#define	MD_ZPRAGMA	"#pragma D option zone="

/* The bytes of n scripts: pragmas, blank line, body, NUL each. */
static size_t
md_gen_total(const md_request_t *req, size_t n, int perzone, size_t optlen,
    size_t bodylen)
{
	size_t total = 0, i;

	for (i = 0; i < n; i++) {
		total += bodylen + optlen + 2;
		if (perzone)
			total += sizeof (MD_ZPRAGMA) +
			    strlen(req->mdq_zones[i]);
	}
	return (total);
}

/* Script i into text: its zone's pragma, the options, the body. */
static char *
md_gen_script(char *text, const md_request_t *req, size_t i, int perzone,
    const md_buf_t *opts, const md_buf_t *body)
{
	char *o = text;

	if (perzone) {
		(void) memcpy(o, MD_ZPRAGMA, sizeof (MD_ZPRAGMA) - 1);
		o += sizeof (MD_ZPRAGMA) - 1;
		(void) strcpy(o, req->mdq_zones[i]);
		o += strlen(o);
		*o++ = '\n';
	}
	if (opts->mb_len > 0) {
		(void) memcpy(o, opts->mb_data, opts->mb_len);
		o += opts->mb_len;
	}
	if (o != text)
		*o++ = '\n';
	(void) memcpy(o, body->mb_data, body->mb_len);
	o += body->mb_len;
	*o++ = '\0';
	return (o);
}

/*
 * The result: n scripts, each its pragmas (zone, then options, then a
 * blank line; none without either) and the body.  The scripts share one
 * allocation, which the result owns: the body itself, shrunk to fit, when
 * it is the one script as it is (no copy), else a copy per script.
 */
static md_result_t *
md_gen_result(const md_request_t *req, const md_decomp_t *d, size_t nd,
    md_buf_t *body, int perzone, md_error_t *err)
{
	size_t n = perzone ? req->mdq_nzones : 1, total, i;
	md_result_t *r = NULL;
	char *text = NULL, *o;
	md_buf_t opts;

	md_buf_init(&opts);
	md_gen_pragmas(&opts, req);
	total = md_gen_total(req, n, perzone, opts.mb_len, body->mb_len);
	if (!md_buf_failed(&opts) && total > MD_MAXOUTPUT) {
		(void) md_error_set(err, MD_ERR_LIMIT, "the scripts would be "
		    "larger than the limit of %lu MiB", MD_MAXOUTPUT >> 20);
		goto fail;
	}
	if (md_buf_failed(&opts) || (r = calloc(1, sizeof (*r))) == NULL ||
	    (r->mdr_scripts = calloc(n, sizeof (char *))) == NULL ||
	    (r->mdr_lens = calloc(n, sizeof (size_t))) == NULL ||
	    md_gen_keys(r, d, nd) != 0)
		goto nomem;
	r->mdr_nscripts = n;
	r->mdr_perzone = perzone;
	if (!perzone && opts.mb_len == 0) {
		/* the body is the script: take it, shrunk to fit */
		if ((r->mdr_scripts[0] = md_buf_claim(body, &r->mdr_lens[0])) ==
		    NULL)
			goto nomem;
	} else {
		if ((o = text = malloc(total)) == NULL)
			goto nomem;
		for (i = 0; i < n; i++) {
			r->mdr_scripts[i] = o;
			o = md_gen_script(o, req, i, perzone, &opts, body);
			r->mdr_lens[i] = (size_t)(o - r->mdr_scripts[i]) - 1;
		}
	}
	md_buf_fini(&opts);
	return (r);
nomem:
	(void) md_error_nomem(err);
fail:
	/* nothing points into text yet: mdr_scripts is still all NULL */
	md_buf_fini(&opts);
	free(text);
	md_result_free(r);
	return (NULL);
}

/*
 * What md_emit() needs of the request, in er: its decompositions folded
 * (into folded), and the host name, this machine's (into host) unless the
 * request names one.
 */
static int
md_gen_emitreq(const md_request_t *req, md_decomp_t *folded, char *host,
    size_t hostlen, md_emit_req_t *er, md_error_t *err)
{
	er->er_decomps = folded;
	er->er_ndecomps = md_gen_fold(req, folded);
	er->er_pred = req->mdq_pred;
	er->er_zones = req->mdq_zones;
	er->er_nzones = req->mdq_nzones;
	er->er_host = req->mdq_hostname;
	er->er_interval = req->mdq_interval;
	er->er_duration = req->mdq_duration;
	er->er_keyinterval = req->mdq_keyinterval;
	er->er_spans = NULL;
	er->er_fn = NULL;
	if (er->er_host != NULL)
		return (0);
	if (gethostname(host, hostlen) != 0)
		return (md_error_set(err, MD_ERR_TRANSLATE, "cannot get the "
		    "host name: %s", strerror(errno)));
	host[hostlen - 1] = '\0';
	er->er_host = host;
	return (0);
}

/* What a consumer reads from the aggregation: 0, [] or {}. */
static void
md_gen_zero(md_result_t *r, const md_decomp_t *d, size_t nd)
{
	size_t i;

	for (i = 0; i < nd; i++) {
		if (d[i].mdd_kind == MD_DECOMP_NUMBER)
			r->mdr_hasdists = 1;
		else
			r->mdr_hasdecomps = 1;
	}
	r->mdr_zero = r->mdr_hasdecomps ? MD_ZERO_DECOMP :
	    r->mdr_hasdists ? MD_ZERO_DIST : MD_ZERO_SCALAR;
}

/*
 * Warn of decomposition d if each entry that aggregates aggregates its
 * field as the request likely did not mean: -n F with a function that
 * takes no $0, -s F with a quantization.  Returns -1 when out of memory.
 */
static int
md_gen_warn(const md_metric_t *m, const md_decomp_t *d, md_result_t *r)
{
	const char *f = d->mdd_field, *text = NULL;
	const md_strv_t *a;
	char msg[MD_ERRMSGLEN], *w, **v;
	size_t i, n;
	int odd = 0;

	for (i = 0; i < m->mm_npds; i++) {
		if ((a = md_map_get(&m->mm_pds[i]->pd_aggregate, f)) == NULL)
			continue;
		text = a->msv_v[0];
		odd = d->mdd_kind == MD_DECOMP_NUMBER ?
		    strstr(text, "$0") == NULL :
		    MD_AGG_ISDIST(md_aggfn_of(text, strlen(text), NULL));
		if (!odd)
			return (0);
	}
	if (!odd)
		return (0);
	(void) md_aggfn_of(text, strlen(text), &n);
	if ((v = realloc(r->mdr_warnings, (r->mdr_nwarnings + 1) *
	    sizeof (*v))) == NULL)
		return (-1);
	r->mdr_warnings = v;
	if (d->mdd_kind == MD_DECOMP_NUMBER)
		(void) snprintf(msg, sizeof (msg), "-n %s: the metric aggregates "
		    "%s with %.*s(), which takes no value of it, so -n changes "
		    "nothing; to break the values down by %s, use -s %s", f, f,
		    (int)n, text, f, f);
	else
		(void) snprintf(msg, sizeof (msg), "-s %s: every value of %s "
		    "becomes a key of its own, as the metric aggregates %s with "
		    "%.*s(); to see its distribution, use -n %s", f, f, f, (int)n,
		    text, f);
	if ((w = strdup(msg)) == NULL)
		return (-1);
	r->mdr_warnings[r->mdr_nwarnings++] = w;
	return (0);
}

md_result_t *
md_generate(const md_metric_t *m, const md_request_t *req, md_error_t *err)
{
	md_decomp_t folded[MD_MAXDECOMPS];
	char host[MD_MAXHOSTNAME + 1];
	md_aggfn_t fn = MD_AGG_NONE;
	md_emit_spans_t spans = { NULL, 0, 0, 0 };
	md_emit_req_t er;
	md_result_t *r = NULL;
	md_buf_t body;
	size_t i, bodylen = 0;

	if (m == NULL || req == NULL) {
		(void) md_error_set(err, MD_ERR_TRANSLATE, "no metric or "
		    "request");
		return (NULL);
	}
	if (m->mm_dfault != NULL) {	/* a piece not D in its place */
		if (err != NULL)
			*err = *m->mm_dfault;
		return (NULL);
	}
	if (md_gen_check(m, req, err) != 0 ||
	    md_gen_emitreq(req, folded, host, sizeof (host), &er, err) != 0)
		return (NULL);
	md_buf_init(&body);
	body.mb_limit = MD_MAXOUTPUT;
	er.er_fn = &fn;
	er.er_spans = &spans;
	if (md_emit(&body, m, &er, err) == 0) {
		bodylen = body.mb_len;
		r = md_gen_result(req, folded, er.er_ndecomps, &body,
		    m->mm_pragmazone && req->mdq_nzones > 0 &&
		    req->mdq_nzones < MD_PRAGMAZONES, err);
	}
	md_buf_fini(&body);
	/* never broken D (SPEC rule 2): each script is parsed whole */
	if (r != NULL && md_dcheck_result(r, bodylen, &spans, err) != 0) {
		md_result_free(r);
		r = NULL;
	}
	md_emit_spans_fini(&spans);
	if (r == NULL)
		return (NULL);
	md_gen_zero(r, folded, er.er_ndecomps);
	r->mdr_fn = fn;
	for (i = 0; i < req->mdq_ndecomps; i++) {
		if (md_gen_warn(m, &req->mdq_decomps[i], r) != 0) {
			md_result_free(r);
			(void) md_error_set(err, MD_ERR_NOMEM, "out of memory");
			return (NULL);
		}
	}
	return (r);
}
