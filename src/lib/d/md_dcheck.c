/*
 * md_dcheck.c: D checked without dtrace, where meta-d meets it.
 *
 *	md_d_check()		a D program: --check-d
 *	md_dcheck_result()	the scripts md_generate() made, before they
 *				are handed out: where one is not D, the
 *				piece of the metric at fault is found (in
 *				the spans md_emit() recorded) and named
 *	md_dcheck_piece()	a piece of D of a metric in its context
 *				(md_pieces.c checks each of a metric's)
 *
 * The parsing is md_dparse()'s.  A message names the place in the metric
 * ("probedesc[1].transforms.latency") and the column in that piece of D,
 * as the metric has it; where the piece is D alone and only the script it
 * went into is not (a transform that is an action, put where a value is
 * needed), the message quotes the piece as the script has it instead.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "md_impl.h"


int
md_d_check(const char *text, size_t len, size_t *linep, size_t *colp,
    md_error_t *err)
{
	char msg[MD_ERRMSGLEN];
	size_t off = 0, line, col;

	if (text == NULL && len > 0)
		return (md_error_set(err, MD_ERR_D, "no text"));
	if (md_dparse(text == NULL ? "" : text, len, MD_DC_PROGRAM, &off, msg,
	    sizeof (msg)) == 0)
		return (0);
	md_text_where(text, off, &line, &col);
	if (linep != NULL)
		*linep = line;
	if (colp != NULL)
		*colp = col;
	return (md_error_set(err, MD_ERR_D, "%s", msg));
}

/* "(column C)", or "(line L, column C)" past the first line. */
void
md_dcheck_where(char *buf, size_t len, const char *text, size_t off)
{
	size_t line, col;

	md_text_where(text, off, &line, &col);
	if (line > 1)
		(void) snprintf(buf, len, "(line %zu, column %zu)", line, col);
	else
		(void) snprintf(buf, len, "(column %zu)", col);
}

/*
 * What a metric's D never holds (SPEC 7.18): the actions and subroutines
 * that change the system rather than observe it (those that D allows
 * only with "#pragma D option destructive"), whatever the context.
 */
static const char *const md_dcheck_destructive[] = {
	"breakpoint", "chill", "copyout", "copyoutstr", "panic", "raise",
	"stop", "system"
};

/*
 * A metric describes an observation: no control line (#pragma, #line)
 * and no call of a destructive function in raw, a piece of it in
 * context ctx (a member of that name, or a variable, is no call).
 * Returns 0, or -1 with MD_ERR_D naming place.
 */
static int
md_dcheck_observe(const char *raw, md_dctx_t ctx, const char *place,
    md_error_t *err)
{
	char where[64], line[MD_QUOTEMAX + 1], shown[4 * MD_QUOTEMAX + 4];
	size_t i, n = sizeof (md_dcheck_destructive) / sizeof (char *), len;
	md_dlex_t dl, next;
	md_dtok_t t;
	int member = 0;		/* the word after . or -> is a member's */

	md_dlex_init(&dl, raw, strlen(raw));
	dl.dl_mode = ctx == MD_DC_PROBE || ctx == MD_DC_TYPE ? MD_DL_OUTER :
	    MD_DL_EXPR;
	while ((t = md_dlex_next(&dl)) != MDT_EOF && t != MDT_BAD) {
		len = dl.dl_toklen;
		if (t == MDT_CTL) {
			md_dcheck_where(where, sizeof (where), raw, dl.dl_off);
			(void) snprintf(line, sizeof (line), "%.*s", (int)len,
			    raw + dl.dl_off);
			md_msg_escape(shown, sizeof (shown), line,
			    len >= sizeof (line));
			return (md_error_set(err, MD_ERR_D, "%s: a control line "
			    "\"%s\" %s: a metric's D holds none", place,
			    shown, where));
		}
		for (i = 0; t == MDT_IDENT && !member && i < n; i++) {
			if (strlen(md_dcheck_destructive[i]) != len ||
			    memcmp(raw + dl.dl_off, md_dcheck_destructive[i],
			    len) != 0)
				continue;
			next = dl;
			if (md_dlex_next(&next) != MDT_OP ||
			    !md_dlex_is(&next, "("))
				break;
			/* where only once a fault is found: it is linear */
			md_dcheck_where(where, sizeof (where), raw, dl.dl_off);
			return (md_error_set(err, MD_ERR_D, "%s: %s() %s is a "
			    "destructive action: a metric's D only observes",
			    place, md_dcheck_destructive[i], where));
		}
		member = md_dlex_is(&dl, ".") || md_dlex_is(&dl, "->");
	}
	return (0);
}

/*
 * One piece of a metric, raw, parsed in context ctx; place names it.
 * Returns 0, or -1 with MD_ERR_D.
 */
int
md_dcheck_piece(const char *raw, md_dctx_t ctx, const char *place,
    md_error_t *err)
{
	char msg[MD_ERRMSGLEN], where[64];
	size_t off;

	if (md_dcheck_observe(raw, ctx, place, err) != 0)
		return (-1);
	if (md_dparse(raw, strlen(raw), ctx, &off, msg, sizeof (msg)) == 0)
		return (0);
	md_dcheck_where(where, sizeof (where), raw, off);
	return (md_error_set(err, MD_ERR_D, "%s: D %s %s", place, msg, where));
}

/*
 * A check of a whole metric (md_metric_check()) makes and parses at most
 * MD_MAXCHECK bytes of D: past that, this error.
 */
int
md_dcheck_overbudget(md_error_t *err)
{
	return (md_error_set(err, MD_ERR_LIMIT, "the D of every request "
	    "comes to more than the %lu MiB a check may make and parse: "
	    "check one request at a time", MD_MAXCHECK >> 20));
}

/*
 * The piece whose span holds the offset off of the body, or the last one
 * before it: of those that start at or before off, the one that starts
 * last (the last written, of several that start there); NULL if none.
 */
static const md_emit_span_t *
md_dcheck_span(const md_emit_spans_t *sp, size_t off)
{
	const md_emit_span_t *best = NULL;
	size_t i;

	for (i = 0; sp != NULL && i < sp->sp_n; i++) {
		if (sp->sp_v[i].es_start <= off && (best == NULL ||
		    sp->sp_v[i].es_start >= best->es_start))
			best = &sp->sp_v[i];
	}
	return (best);
}

/*
 * A span's place in the metric, in words: "probedesc[1].verify.f", cut
 * as the place of every piece is (MD_PLACELEN).
 */
static void
md_dcheck_place(const md_emit_span_t *s, md_path_t *p)
{
	md_path_init(p);
	(void) md_path_key(p, s->es_pd == MD_NOINDEX ? "metad" : "probedesc");
	if (s->es_pd != MD_NOINDEX)
		(void) md_path_index(p, s->es_pd);
	(void) md_path_key(p, s->es_sect);
	if (s->es_secti != MD_NOINDEX)
		(void) md_path_index(p, s->es_secti);
	if (s->es_key != NULL)
		(void) md_path_key(p, s->es_key);
	if (s->es_what != NULL)
		(void) md_path_key(p, s->es_what);
	if (s->es_i != MD_NOINDEX)
		(void) md_path_index(p, s->es_i);
	md_path_cut(p, MD_PLACELEN - 1);
}

/*
 * The fault (msg, at off of the body) is in or after the piece s, whose
 * text the body holds: the piece is quoted as the script has it, where
 * the fault is or before it.  Returns -1 with MD_ERR_D.
 */
static int
md_dcheck_quote(const md_emit_span_t *s, const char *place,
    const char *body, size_t off, const char *msg, md_error_t *err)
{
	char where[64];
	size_t n = s->es_end - s->es_start;

	if (off < s->es_end) {
		md_dcheck_where(where, sizeof (where), body + s->es_start,
		    off - s->es_start);
		return (md_error_set(err, MD_ERR_D, "%s: D %s %.*s of "
		    "\"%.*s\"%s in the script)", place, msg,
		    (int)strlen(where) - 1, where, n > MD_QUOTEMAX ?
		    MD_QUOTEMAX : (int)n, body + s->es_start,
		    n > MD_QUOTEMAX ? "..." : ""));
	}
	return (md_error_set(err, MD_ERR_D, "%s: D %s (after \"%s%.*s\" "
	    "in the script)", place, msg, n > MD_QUOTEMAX ? "..." : "",
	    n > MD_QUOTEMAX ? MD_QUOTEMAX : (int)n, body + s->es_end -
	    (n > MD_QUOTEMAX ? MD_QUOTEMAX : n)));
}

/*
 * A script md_generate() made: len bytes, the body (md_emit()'s, whose
 * pieces' spans are in sp) after prefix bytes of pragmas.  Returns 0 if
 * it is D; else -1 with MD_ERR_D and a message naming the piece of the
 * metric at fault.
 */
static int
md_dcheck_script(const md_emit_spans_t *sp, const char *script, size_t len,
    size_t prefix, md_error_t *err)
{
	char msg[MD_ERRMSGLEN];
	const md_emit_span_t *s = NULL;
	size_t off, line, col;
	md_path_t place;

	if (md_dparse(script, len, MD_DC_PROGRAM, &off, msg,
	    sizeof (msg)) == 0)
		return (0);
	if (off < prefix || (s = md_dcheck_span(sp, off - prefix)) == NULL) {
		md_text_where(script, off, &line, &col);
		return (md_error_set(err, MD_ERR_D, "the script is not valid "
		    "D: line %zu, column %zu: %s", line, col, msg));
	}
	/* the piece as the metric has it, parsed alone, names the column */
	md_dcheck_place(s, &place);
	if (md_dcheck_piece(s->es_raw, s->es_ctx, place.pa_buf, err) != 0)
		return (-1);
	return (md_dcheck_quote(s, place.pa_buf, script + prefix,
	    off - prefix, msg, err));
}

/*
 * Each script of r, whose body (bodylen bytes, the end of each) md_emit()
 * made with the spans sp: 0 if each is D, else -1 with MD_ERR_D.
 */
int
md_dcheck_result(const md_result_t *r, size_t bodylen,
    const md_emit_spans_t *sp, md_error_t *err)
{
	size_t i;

	for (i = 0; i < r->mdr_nscripts; i++) {
		if (md_dcheck_script(sp, r->mdr_scripts[i], r->mdr_lens[i],
		    r->mdr_lens[i] - bodylen, err) != 0)
			return (-1);
	}
	return (0);
}
