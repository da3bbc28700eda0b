/*
 * check_main.c: runs every unit test suite, and the helpers they share.
 */

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_md.h"

#define	T_RING		8
#define	T_RINGLEN	(64 * 1024)

static char t_ring[T_RING][T_RINGLEN];
static size_t t_next;

static char *
t_slot(void)
{
	return (t_ring[t_next++ % T_RING]);
}

static const char *
t_keep(const char *s)
{
	char *slot = t_slot();

	ck_assert_msg(strlen(s) < T_RINGLEN, "test text too long");
	(void) strcpy(slot, s);
	return (slot);
}

/* printf into a kept slot: messages made from the limits' constants */
const char *
t_fmt(const char *fmt, ...)
{
	char *slot = t_slot();
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(slot, T_RINGLEN, fmt, ap);
	va_end(ap);
	ck_assert_msg(n >= 0 && n < T_RINGLEN, "test text too long");
	return (slot);
}

const char *
q(const char *s)
{
	char *slot = t_slot(), *p;

	ck_assert_msg(strlen(s) < T_RINGLEN, "test text too long");
	(void) strcpy(slot, s);
	for (p = slot; *p != '\0'; p++) {
		if (*p == '\'')
			*p = '"';
	}
	return (slot);
}

void
t_add(md_values_t *v, md_prom_t *p, const char *k0, const char *k1,
    md_aggfn_t fn, const int64_t *w, size_t n, const md_quant_t *q)
{
	const char *keys[2] = { k0, k1 };
	size_t lens[2] = { k0 == NULL ? 0 : strlen(k0),
	    k1 == NULL ? 0 : strlen(k1) };
	md_value_t val = { fn, q, w, n };
	md_error_t err;

	if (v != NULL)
		ck_assert_msg(md_values_add(v, keys, lens, &val, &err) == 0,
		    "%s", err.mde_msg);
	else
		ck_assert_msg(md_prom_add(p, keys, lens, &val, &err) == 0,
		    "%s", err.mde_msg);
}

const char *
t_took(char *text, size_t len, const md_error_t *err)
{
	const char *kept;

	ck_assert_msg(text != NULL, "%s", err->mde_msg);
	ck_assert_uint_eq(strlen(text), len);
	kept = t_fmt("%s", text);
	free(text);
	return (kept);
}

md_metric_t *
t_metric(const char *sq)
{
	const char *text = q(sq);
	md_error_t err;
	md_metric_t *m;

	m = md_metric_load(text, strlen(text), &err);
	ck_assert_msg(m != NULL, "metric did not load: %s", err.mde_msg);
	return (m);
}

const char *
t_metric_error(const char *sq, md_errcode_t code)
{
	const char *text = q(sq);
	md_error_t err;
	md_metric_t *m;

	m = md_metric_load(text, strlen(text), &err);
	if (m != NULL) {
		md_metric_free(m);
		ck_abort_msg("metric loaded, expected an error");
	}
	ck_assert_msg(err.mde_code == code, "error code %d, expected %d: %s",
	    err.mde_code, code, err.mde_msg);
	return (t_keep(err.mde_msg));
}

md_pred_t *
t_pred(const char *sq)
{
	const char *text = q(sq);
	md_error_t err;
	md_pred_t *p;

	p = md_pred_parse(text, strlen(text), &err);
	ck_assert_msg(p != NULL, "predicate did not parse: %s", err.mde_msg);
	return (p);
}

void
t_request(const char *words, md_request_t *req, t_req_t *tr)
{
	char *buf = t_slot(), *w, *last = NULL, *eq;

	(void) memset(req, 0, sizeof (*req));
	req->mdq_decomps = tr->tr_d;
	req->mdq_zones = tr->tr_zones;
	req->mdq_options = tr->tr_opts;
	req->mdq_hostname = T_HOST;
	(void) snprintf(buf, T_RINGLEN, "%s", words == NULL ? "" : words);
	for (w = strtok_r(buf, " ", &last); w != NULL;
	    w = strtok_r(NULL, " ", &last)) {
		ck_assert_msg(strlen(w) > 2 && w[1] == ':' &&
		    strchr("snzxiT", w[0]) != NULL, "bad word %s", w);
		ck_assert(req->mdq_ndecomps < 8 && req->mdq_nzones < 8 &&
		    req->mdq_noptions < 8);
		switch (w[0]) {
		case 'z':
			tr->tr_zones[req->mdq_nzones++] = w + 2;
			break;
		case 'i':
			req->mdq_interval = w + 2;
			break;
		case 'T':
			req->mdq_duration = w + 2;
			break;
		case 'x':
			if ((eq = strchr(w, '=')) != NULL)
				*eq++ = '\0';
			tr->tr_opts[req->mdq_noptions].mdo_name = w + 2;
			tr->tr_opts[req->mdq_noptions++].mdo_value = eq;
			break;
		default:
			tr->tr_d[req->mdq_ndecomps].mdd_field = w + 2;
			tr->tr_d[req->mdq_ndecomps++].mdd_kind = w[0] == 'n' ?
			    MD_DECOMP_NUMBER : MD_DECOMP_STRING;
			break;
		}
	}
}

/*
 * Generate; returns the result (NULL on error, with *err).  The metric and
 * predicate are freed before returning.
 */
static md_result_t *
t_generate(const char *msq, const char *words, const char *psq,
    md_error_t *err)
{
	t_req_t tr;
	md_request_t req;
	md_metric_t *m = t_metric(msq);
	md_pred_t *p = psq == NULL ? NULL : t_pred(psq);
	md_result_t *r;

	t_request(words, &req, &tr);
	req.mdq_pred = p;
	r = md_generate(m, &req, err);
	md_pred_free(p);
	md_metric_free(m);
	return (r);
}

const char *
t_gen(const char *msq, const char *words, const char *psq)
{
	md_error_t err;
	md_result_t *r = t_generate(msq, words, psq, &err);
	const char *out;
	char *text;

	ck_assert_msg(r != NULL, "generation failed: %s", err.mde_msg);
	text = md_result_join(r, NULL);
	md_result_free(r);
	ck_assert_ptr_nonnull(text);
	out = t_keep(text);
	free(text);
	return (out);
}

const char *
t_gen_error(const char *msq, const char *words, const char *psq,
    md_errcode_t code)
{
	md_error_t err;
	md_result_t *r = t_generate(msq, words, psq, &err);

	if (r != NULL) {
		md_result_free(r);
		ck_abort_msg("generation succeeded, expected an error");
	}
	ck_assert_msg(err.mde_code == code, "error code %d, expected %d: %s",
	    err.mde_code, code, err.mde_msg);
	return (t_keep(err.mde_msg));
}

/*
 * Check stops a test after 4 s by default: on a shared machine, under the
 * sanitizers or valgrind, a test that takes a second alone can take more.
 * No test here is a timing: each gets two minutes, unless the caller's
 * CK_DEFAULT_TIMEOUT says otherwise (make bench measures speed).
 */
int
main(void)
{
	SRunner *sr;
	int failed;

	(void) setenv("CK_DEFAULT_TIMEOUT", "120", 0);
	sr = srunner_create(utf8_suite());

	srunner_add_suite(sr, buf_suite());
	srunner_add_suite(sr, path_suite());
	srunner_add_suite(sr, arena_suite());
	srunner_add_suite(sr, hash_suite());
	srunner_add_suite(sr, error_suite());
	srunner_add_suite(sr, json_suite());
	srunner_add_suite(sr, number_suite());
	srunner_add_suite(sr, unit_suite());
	srunner_add_suite(sr, pred_suite());
	srunner_add_suite(sr, metric_suite());
	srunner_add_suite(sr, about_suite());
	srunner_add_suite(sr, resolve_suite());
	srunner_add_suite(sr, plan_suite());
	srunner_add_suite(sr, emit_suite());
	srunner_add_suite(sr, gen_suite());
	srunner_add_suite(sr, option_suite());
	srunner_add_suite(sr, request_suite());
	srunner_add_suite(sr, dlex_suite());
	srunner_add_suite(sr, kind_suite());
	srunner_add_suite(sr, dtab_suite());
	srunner_add_suite(sr, dparse_suite());
	srunner_add_suite(sr, dcheck_suite());
	srunner_add_suite(sr, suggest_suite());
	srunner_add_suite(sr, quant_suite());
	srunner_add_suite(sr, sort_suite());
	srunner_add_suite(sr, tuple_suite());
	srunner_add_suite(sr, values_suite());
	srunner_add_suite(sr, prom_suite());
	srunner_add_suite(sr, heatmap_suite());
	srunner_add_suite(sr, flame_suite());
	srunner_add_suite(sr, top_suite());
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return (failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE);
}
